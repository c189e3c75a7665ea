// RUN: %clang_cc1 -fsyntax-only -verify %s
// expected-warning@verify-other.h:3 {{locations in other files are not read}}
int x;
