// RUN: %clang_cc1 -fsyntax-only -verify %s
// RUN: %clang_cc1 -fsyntax-only -verify=none %s
// expected-no-diagnostics
// RUN 1: expected-no-diagnostics beside another directive is a mistake
// clang -verify fails the file for. RUN 2: a file with no directive of its
// prefix fails too ("no expected directives found").
int f(int x) { return x; } // expected-warning@+1 {{never emitted}}
