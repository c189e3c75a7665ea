/* A gcc.dg-style test: messages, a bogus one, notes pruned. */
/* { dg-do compile } */
/* { dg-options "-O2 -Wall" } */
void blah(unsigned char herp[static 7]);
void f(void);
void f(void)
{
	unsigned char bad[6] = { 0 };
	blah(bad); /* { dg-warning "accessing 7 bytes in a region of size 6" } */
	int unused; /* { dg-warning "unused variable" "" { target *-*-* } } */
	blah(bad + 1); /* { dg-warning "region of size 5" } */
	/* { dg-bogus "region of size 6" "not this size" { target *-*-* } 11 } */
}
