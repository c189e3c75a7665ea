// RUN: %clang_cc1 -fsyntax-only -verify -Wall %s
// A directive on the continuation of a // comment (backslash-newline)
// belongs to the line where the comment starts, as in Clang.
int f(void);
int f(void) { int unused; return 0; } // the variable is unused \
                                      // expected-warning {{unused variable}}
