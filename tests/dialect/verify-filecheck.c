// A lit test that checks its output with FileCheck, not -verify: the
// harness cannot judge it, and says so (n/a, with the reason).
// RUN: %clang_cc1 -fsyntax-only -Wall %s 2>&1 | FileCheck %s
// CHECK: warning: unused variable
void f(void) { int unused; }
