// RUN: %clang_cc1 -fsyntax-only -verify -Wall %s
// A -verify file written for Clang: every construct the importer reads.
void blah(unsigned char herp[static 7]); // expected-note 3 {{callee declares array parameter as static here}}
void f(void);
void f(void)
{
	unsigned char bad[6] = { 0 };
	blah(bad); // expected-warning {{array argument is too small; contains 6 elements, callee requires at least 7}}
	// expected-warning@+1 {{array argument is too small}}
	blah(bad);
	blah(bad); /* expected-warning-re {{contains {{[0-9]+}} elements}} */
	int unused; // expected-warning 0+ {{unused variable}} expected-warning 0-1 {{never printed}}
}
// expected-error@+2 {{incompatible pointer to integer conversion}}
// expected-error@* 0+ {{initializer element is not a compile-time constant}}
int x = "a";
int y = "b";
// expected-error@-1 1+ {{incompatible pointer to integer conversion}} expected-warning@17 0+ {{never printed}}
