// RUN: %clang_cc1 -fsyntax-only -verify -Wall %s
// The first "}}" closes the text, as in Clang 13 to 22, even when a third
// brace follows it; what comes after is not part of the directive.
void braces(void) {
	int unused; // expected-warning {{unused variable 'unused'}}}
}
