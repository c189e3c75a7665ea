// RUN: %clang_cc1 -fsyntax-only -verify -Wall %s
// One diagnostic satisfies one directive: the second directive on this
// line finds nothing left, so clang -verify fails the file, and so does
// the harness.
void f(void) {
  int a; // expected-warning {{unused variable 'a'}} expected-warning {{unused}}
}
