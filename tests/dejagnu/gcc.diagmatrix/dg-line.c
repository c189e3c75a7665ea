/* dg-line names a line that later expectations refer to.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int unused;			/* { dg-line decl } */
  return 0;
}
/* { dg-warning "unused variable" "" { target *-*-* } decl } */
