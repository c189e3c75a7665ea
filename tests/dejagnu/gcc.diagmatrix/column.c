/* A column given as N: must be the column printed.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int unused;			/* { dg-warning "7:unused variable" } */
  return 0;
}
