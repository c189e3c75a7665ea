/* A DejaGnu test written for GCC (gcc.dg style): every construct the
   importer reads.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wall" } */
/* { dg-additional-options "-Wno-unused-variable" } */

void blah (unsigned char herp[static 7]);	/* { dg-message "in a call to function 'blah'" } */

void
f (void)
{
  unsigned char bad[6] = { 0 };
  int unused;
  blah (bad);	/* { dg-warning "accessing 7 bytes in a region of size 6" } */
  /* { dg-warning "3:'blah' accessing \[0-9\]+ bytes" "column and Tcl quoting" { target *-*-* } .-1 } */
  blah (bad);	/* { dg-bogus "writing" "a bogus diagnostic must not fire" } */
  /* { dg-warning {accessing 7 bytes} "braces quote literally" { target x86_64-*-* } .-1 } */
  /* { dg-warning "accessing" "" { target { ! x86_64-*-* } } .-2 } */
  /* { dg-warning "never printed" "known to be missing" { xfail *-*-* } .-3 } */
}
/* { dg-message "referencing argument 1" "" { target *-*-* } 0 } */
/* { dg-prune-output "note: this line is never printed" } */
