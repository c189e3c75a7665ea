/* Two expectations for one message: the first removes the line from the
   output, so the second finds nothing.  runtest fails it.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int unused;			/* { dg-warning "unused variable" } */
  /* { dg-warning "'unused'" "already taken" { target *-*-* } .-1 } */
  return 0;
}
