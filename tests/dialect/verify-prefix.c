// RUN: %clang_cc1 -fsyntax-only -verify=mine -Wall %s
int f(void);
int f(void)
{
	int unused; // mine-warning {{unused variable 'unused'}}
	return 0; // expected-warning {{not a directive here: another prefix}}
}
