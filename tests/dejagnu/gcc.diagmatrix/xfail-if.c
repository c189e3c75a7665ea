/* dg-xfail-if: the first check after it is expected to fail.  Here that
   is the warning, which does not come (no -Wunused-variable): XFAIL, and
   the file passes in runtest.  */
/* { dg-do compile } */
/* { dg-xfail-if "not warned without the option" { *-*-* } } */

int f (void)
{
  int unused;			/* { dg-warning "unused variable" } */
  return 0;
}
