// RUN: %clang_cc1 -fsyntax-only -verify -Wframe-larger-than=64 %s
// RUN: %clang_cc1 -emit-llvm-only -verify -Wframe-larger-than=64 %s
// expected-no-diagnostics
// -fsyntax-only stops before code is made, and -emit-llvm-only at the IR:
// a frame size is known only when machine code is made, so neither warns.
// The harness compiles as the RUN line says (-fsyntax-only; -S
// -emit-llvm), not with -c.
void use(char *);
void big(void) { char buf[512]; use(buf); }
