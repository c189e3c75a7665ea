/* A DejaGnu file that asks for a plugin. */
/* { dg-do compile } */
/* { dg-options "-fplugin=/tmp/diagmatrix-no-such-plugin.so" } */
int x;
