/* dg-xfail-if with option lists: it applies only where the test's flags
   include -O2 and not -O0.  They do not (the default is -ansi
   -pedantic-errors): the missing warning is a plain failure.  */
/* { dg-do compile } */
/* { dg-xfail-if "only at -O2" { *-*-* } { "-O2" } { "-O0" } } */

int f (void)
{
  int unused;			/* { dg-warning "unused variable" } */
  return 0;
}
