/* A warning no directive expects is an excess error: runtest fails it.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int unused;
  return 0;
}
