/* dg-output is about what the program prints: the harness never runs it,
   but judges the warning it expects.  */
/* { dg-do run } */
/* { dg-options "-Wunused-variable" } */

int main (void)
{
  int unused;			/* { dg-warning "unused variable" } */
  return 0;
}

/* { dg-output "" } */
