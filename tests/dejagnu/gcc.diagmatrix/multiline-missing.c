/* A multiline block that does not come out (the caret is elsewhere):
   runtest fails the file, and so does the harness.  */
/* { dg-do compile } */
/* { dg-options "-fdiagnostics-show-caret -Wunused-variable" } */

int f (void)
{
  int unused;			/* { dg-warning "unused variable" } */
  /* { dg-begin-multiline-output "" }
   int unused;
   ^~~
     { dg-end-multiline-output "" } */
  return 0;
}
