/* A DejaGnu file that asks for a wrapper. */
/* { dg-do compile } */
/* { dg-options "-O2 -wrapper /bin/touch,/tmp/diagmatrix-wrapper-ran" } */
int x;
