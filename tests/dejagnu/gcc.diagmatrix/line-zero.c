/* Line 0: the message may be anywhere, with or without a location.  */
/* { dg-do compile } */
/* { dg-options "-Wall -Wno-such-warning" } */
/* { dg-message "unrecognized command-line option" "" { target *-*-* } 0 } */

int f (void)
{
  int unused;
  return 0;
}
/* { dg-warning "unused variable" "" { target *-*-* } 0 } */
