/* dg-prune-output removes matching lines before excess errors are
   counted; notes are pruned anyway.  */
/* { dg-do compile } */
/* { dg-options "-Wall -O2" } */
/* { dg-prune-output "unused variable" } */

void blah (unsigned char herp[static 7]);

void
f (void)
{
  unsigned char bad[6] = { 0 };
  int unused;
  blah (bad);			/* { dg-warning "accessing 7 bytes in a region of size 6" } */
}
