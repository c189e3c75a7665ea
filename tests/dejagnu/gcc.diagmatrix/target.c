/* Target selectors: triplet globs, lists, "!" and "||"; an expectation
   for another target is not an expectation here.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int f (void)
{
  int unused;	/* { dg-warning "unused variable" "" { target x86_64-*-* aarch64-*-* } } */
  /* { dg-warning "unused variable" "other targets" { target { ! { x86_64-*-* aarch64-*-* } } } .-1 } */
  /* { dg-error "only on s390" "" { target s390*-*-* } .-2 } */
  /* { dg-bogus "bogus" "" { target { x86_64-*-* || s390*-*-* } } .-3 } */
  return 0;
}
