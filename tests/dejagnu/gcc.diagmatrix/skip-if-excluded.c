/* dg-skip-if whose exclude list matches the flags: the file is not
   skipped, and its warning is judged.  */
/* { dg-do compile } */
/* { dg-options "-O1 -Wunused-variable" } */
/* { dg-skip-if "not at -O1, unless warned" { *-*-* } { "-O1" } { "-Wunused-*" } } */

int f (void)
{
  int unused;			/* { dg-warning "unused variable" } */
  return 0;
}
