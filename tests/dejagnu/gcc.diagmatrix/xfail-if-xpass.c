/* dg-xfail-if with no message to take it: the excess-errors check is the
   first, and there are none, so it is an XPASS, which runtest counts as a
   failure.  */
/* { dg-do compile } */
/* { dg-xfail-if "expected to fail" { *-*-* } } */

int f (void) { return 0; }
