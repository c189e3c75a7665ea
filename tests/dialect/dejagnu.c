/* { dg-do compile } */
/* { dg-options "-O2 -Wall" } */
void blah(unsigned char herp[static 7]);
void f(void) { unsigned char bad[6] = { 0 }; blah(bad); } /* { dg-warning "accessing 7 bytes" } */
