/* dg-options for some targets only, and dg-additional-options after it.  */
/* { dg-do compile } */
/* { dg-options "-Wall" { target x86_64-*-* } } */
/* { dg-options "-Wall -Wno-unused-variable" { target { ! x86_64-*-* } } } */
/* { dg-additional-options "-Wshadow" } */

int x;
int f (void)
{
  int x = 1;			/* { dg-warning "shadows a global" } */
  int unused;			/* { dg-warning "unused variable" "" { target x86_64-*-* } } */
  return x;
}
