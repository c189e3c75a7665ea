/* { dg-do compile } */
/* { dg-require-effective-target lp64 } */
int x;
