// RUN: %clang_cc1 -fsyntax-only -verify -ferror-limit 2 %s
// The RUN line sets a limit of 2 errors: the compiler stops after the
// second and says so ("too many errors emitted"), which no directive
// expects, and the third error is never printed. clang -verify fails the
// file; so does the harness, and its reason says that the output was cut.
int a = 1 +; // expected-error {{expected expression}}
int b = 1 +; // expected-error {{expected expression}}
int c = 1 +; // expected-error {{expected expression}}
