/* Tcl quoting: in "..." a backslash escapes the next character, so
   \\\[ reaches the expression as \[; {...} is taken as it stands.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int a;			/* { dg-warning "unused variable 'a' \\\[-Wunused-variable\\\]" } */
  int b;			/* { dg-warning {unused variable 'b' \[-Wunused-variable\]} } */
  int c;			/* { dg-warning "unused variable .c." } */
  return 0;
}
