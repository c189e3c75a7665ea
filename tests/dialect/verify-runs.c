// Several -verify RUN commands: each is a case of its own, "(RUN k)".
// The second is continued over two lines; the third fails, as it fails
// under clang -verify (the warning it expects is turned off).
// RUN: %clang_cc1 -fsyntax-only -verify=plain %s
// RUN: %clang_cc1 -fsyntax-only -verify=wall \
// RUN:   -Wunused-variable %s
// RUN: %clang_cc1 -fsyntax-only -verify=wall -Wall -Wno-unused-variable %s
int f(int n) {
  int unused; // wall-warning {{unused variable 'unused'}}
  return n;
}
// plain-no-diagnostics
