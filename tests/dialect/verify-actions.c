// RUN: %clang_cc1 -fsyntax-only -verify -fsyntax-only %s
// expected-no-diagnostics
// The same action twice: clang -cc1 of Clang 19 and later refuses it
// ("'-fsyntax-only' action ignored"), so clang -verify fails the file
// there; earlier Clangs take the last action and pass it.
int once;
