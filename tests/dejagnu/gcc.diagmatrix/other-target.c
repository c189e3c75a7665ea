/* dg-do for another target only: runtest reports it unsupported here.  */
/* { dg-do compile { target aarch64-*-* } } */

int x;
