// RUN: %clang_cc1 -fsyntax-only -verify %s
// expected-no-diagnostics
int answer(void);
int answer(void) { return 42; }
