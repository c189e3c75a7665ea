// RUN: %clang_cc1 -fsyntax-only -verify -Wall %s
// A -verify file: counts, relative and wildcard lines, a regex.
void blah(unsigned char herp[static 7]); // expected-note 2 {{callee declares array parameter as static here}}
void f(void);
void f(void)
{
	unsigned char bad[6] = { 0 };
	blah(bad); // expected-warning {{array argument is too small; contains 6 elements, callee requires at least 7}}
	// expected-warning@+1 {{array argument is too small}}
	blah(bad);
	int unused; // expected-warning-re {{unused {{[a-z]+}} 'unused'}}
}
