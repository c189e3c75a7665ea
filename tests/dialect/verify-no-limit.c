// RUN: %clang_cc1 -fsyntax-only -verify %s
// Twenty-two errors: clang -cc1 has no error limit and sees them all; the
// clang driver stops at 20 unless told otherwise, so the harness, which
// runs the driver, lifts the limit for a cc1 RUN line.
int e1 = 1 +; // expected-error {{expected expression}}
int e2 = 1 +; // expected-error {{expected expression}}
int e3 = 1 +; // expected-error {{expected expression}}
int e4 = 1 +; // expected-error {{expected expression}}
int e5 = 1 +; // expected-error {{expected expression}}
int e6 = 1 +; // expected-error {{expected expression}}
int e7 = 1 +; // expected-error {{expected expression}}
int e8 = 1 +; // expected-error {{expected expression}}
int e9 = 1 +; // expected-error {{expected expression}}
int e10 = 1 +; // expected-error {{expected expression}}
int e11 = 1 +; // expected-error {{expected expression}}
int e12 = 1 +; // expected-error {{expected expression}}
int e13 = 1 +; // expected-error {{expected expression}}
int e14 = 1 +; // expected-error {{expected expression}}
int e15 = 1 +; // expected-error {{expected expression}}
int e16 = 1 +; // expected-error {{expected expression}}
int e17 = 1 +; // expected-error {{expected expression}}
int e18 = 1 +; // expected-error {{expected expression}}
int e19 = 1 +; // expected-error {{expected expression}}
int e20 = 1 +; // expected-error {{expected expression}}
int e21 = 1 +; // expected-error {{expected expression}}
int e22 = 1 +; // expected-error {{expected expression}}
