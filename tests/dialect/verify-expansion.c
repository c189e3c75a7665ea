// RUN: %clang_cc1 -fsyntax-only -verify -Wall %s
// A warning inside a macro: Clang shows "expanded from macro" notes under
// it. They are part of how the warning is shown, not notes of their own:
// clang -verify never sees them, and the harness does not count them.
#define WIDE(x) ((x) << 40)
int widen(int v) { return WIDE(v); } // expected-warning {{shift count >= width of type}}
