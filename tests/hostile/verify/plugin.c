// A -verify file whose RUN line asks for a plugin.
// RUN: %clang_cc1 -fsyntax-only -fplugin=/tmp/diagmatrix-no-such-plugin.so -verify %s
// expected-no-diagnostics
int x;
