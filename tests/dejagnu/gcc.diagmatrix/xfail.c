/* { xfail } expectations that do fail: a missing warning and a bogus
   message that appears.  runtest reports XFAIL, not a failure.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int unused;			/* { dg-bogus "unused variable" "known false positive" { xfail *-*-* } } */
  return 0;			/* { dg-warning "never printed" "known to be missing" { xfail *-*-* } } */
}
