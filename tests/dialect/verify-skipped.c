// RUN: %clang_cc1 -fsyntax-only -verify %s
// RUN: %clang_cc1 -fsyntax-only -verify -DWITH_EXTRA %s
// Clang's verifier reads comments through the preprocessor: a directive in
// a region the preprocessor skips is not there. What the file and its RUN
// line decide (#if 0, a -D) is decided when it is read; what the target
// decides (__x86_64__, __csky__), in each configuration.
#if 0
int never = "text"; // expected-error {{no compiler ever sees this line}}
#endif
#ifdef WITH_EXTRA
void extra(void) { int n = 1 +; } // expected-error {{expected expression}}
#else
// expected-no-diagnostics
#endif
#if defined(__x86_64__) || defined(__aarch64__)
_Static_assert(sizeof(long) == 8, "an LP64 target");
#elif defined(__csky__)
// expected-error@+1 {{a directive for csky only}}
#endif
