/* Once a file uses dg-note, notes are no longer pruned: the one this
   file does not expect is an excess error.  runtest fails it.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

void blah (unsigned char herp[static 7]);	/* { dg-note "in a call to function 'blah'" } */

void
f (void)
{
  unsigned char bad[6] = { 0 };
  blah (bad);			/* { dg-warning "accessing 7 bytes" } */
}
