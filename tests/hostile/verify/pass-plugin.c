// A -verify file whose RUN line asks for a pass plugin.
// RUN: %clang_cc1 -fsyntax-only -fpass-plugin=/tmp/diagmatrix-no-such-plugin.so -verify %s
// expected-no-diagnostics
int x;
