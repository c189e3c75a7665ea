/* dg-bogus: a message that must not appear, and does.  runtest fails it.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int unused;			/* { dg-bogus "unused variable" "a false positive" } */
  return 0;
}
