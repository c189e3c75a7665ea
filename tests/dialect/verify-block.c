// RUN: %clang_cc1 -fsyntax-only -verify -Wall %s
// A directive in a block comment is about the line the comment starts on,
// as Clang counts it, even when it is written on a later line.
void block(void) {
	int unused; /* this comment goes on over two lines, and
	               expected-warning {{unused variable 'unused'}} is its directive */
}
