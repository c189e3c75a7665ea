/* A dg-final scan is about the assembly, not diagnostics: runtest runs it,
   the harness does not, and says so ("not run"), but still judges the
   file's diagnostics.  */
/* { dg-do compile } */
/* { dg-options "-Wunused-variable" } */

int f (void)
{
  int unused;			/* { dg-warning "unused variable" } */
  return 0;
}

/* { dg-final { scan-assembler "f" } } */
