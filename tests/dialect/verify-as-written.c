// RUN: %clang_cc1 -fsyntax-only -verify %s
// expected-no-diagnostics
// lit gives Clang the flags of the RUN line and no others: without -Wall
// the unused variable is no warning. A profile's flags are not added to
// another compiler's test file unless the run names profiles.
int quiet(void) { int unused; return 0; }
