// RUN: %clang_cc1 -fsyntax-only -verify -Wsuch-a-warning-is-not-there %s
// expected-no-diagnostics
// A warning with neither place nor program ("unknown warning option"):
// clang -verify sees it, from "(frontend)", and fails the file. So does
// the harness, which reads such lines for -verify files.
int quiet;
