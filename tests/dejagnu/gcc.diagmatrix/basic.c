/* Expectations on the line, one above, one below and by number, each
   matched once: runtest passes it.  */
/* { dg-do compile } */
/* { dg-options "-Wunused-variable" } */

int f (int x)
{
  int unused;			/* { dg-warning "unused variable 'unused'" } */
  /* { dg-error "'y' undeclared" "" { target *-*-* } .+1 } */
  return x + y;
  /* { dg-message "reported only once" "" { target *-*-* } .-1 } */
}

int g (void) { return z; }
/* { dg-error "'z' undeclared" "absolute line" { target *-*-* } 14 } */
