/* dg-excess-errors: excess errors are expected here (XFAIL).  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */
/* { dg-excess-errors "not sorted out yet" } */

int f (void)
{
  int unused;
  return 0;
}
