/* dg-additional-sources: sources-extra.c is compiled with it (linked,
   here, by runtest; compiled to objects in the scratch directory by the
   harness), and its diagnostics are in the output too, where the warning
   expected here is.  */
/* { dg-do link } */
/* { dg-options "-Wunused-variable" } */
/* { dg-additional-sources "sources-extra.c" } */

int main (void) { return 0; }
/* { dg-warning "unused variable 'extra'" "" { target *-*-* } 0 } */
