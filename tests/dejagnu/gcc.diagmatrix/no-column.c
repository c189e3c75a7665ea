/* Without columns in the output, "-:" says none is expected.  */
/* { dg-do compile } */
/* { dg-options "-Wall -fno-show-column" } */

int f (void)
{
  int unused;			/* { dg-warning "-:unused variable" } */
  return 0;
}
