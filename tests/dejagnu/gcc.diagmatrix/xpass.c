/* An expectation marked { xfail } that holds after all: runtest reports
   XPASS, which counts as a failure.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int unused;			/* { dg-warning "unused variable" "fixed since" { xfail x86_64-*-* } } */
  return 0;
}
