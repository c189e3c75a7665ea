// RUN: %clang_cc1 -fsyntax-only -verify -Wall %s
// A note no directive names is unexpected to clang -verify (the callee's
// "declares array parameter as static here"): the file fails.
void g(int a[static 2]);
void f(void) {
  int x[1];
  g(x); // expected-warning {{array argument is too small}}
}
