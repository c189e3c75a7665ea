// RUN: %clang_cc1 -fsyntax-only -verify -std=c2x %s
// A C23 digit separator starts no character literal: the comment opened
// after it hides the #if 0 below from the preprocessor, so the directive
// after that is read. Every reader of the harness finds comments with
// one scanner (lib/comments.c), so none of them can take 1'000 for the
// start of a literal running to the end of its line.
int thousand = 1'000; /*
#if 0
*/
int nothing(int n) { return n / 0; } // expected-warning {{division by zero is undefined}}
/*
#endif
*/
