/* The column is wrong: runtest fails it (and the unmatched warning is
   then an excess error too).  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int unused;			/* { dg-warning "3:unused variable" } */
  return 0;
}
