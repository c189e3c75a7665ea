/* dg-begin-multiline-output: the source line and the caret under it must
   come out as written, and are taken from the output.  */
/* { dg-do compile } */
/* { dg-options "-fdiagnostics-show-caret -Wunused-variable" } */

int f (void)
{
  int unused;			/* { dg-warning "unused variable" } */
  /* { dg-begin-multiline-output "" }
   int unused;
       ^~~~~~
     { dg-end-multiline-output "" } */
  return 0;
}
