// RUN: %clang_cc1 -fsyntax-only -verify %s
// RUN: %clang_cc1 -fsyntax-only -verify -x c++ %s
// RUN: %clang_cc1 -fsyntax-only -verify -x c++ -std=c++98 %s
// RUN: %clang_cc1 -fsyntax-only -verify -DWIDTH=wide %s
// RUN: %clang_cc1 -fsyntax-only -verify -x objective-c %s
// Which directives Clang's verifier sees depends on the RUN command's
// language (C, C++ by -x and -std=, or Objective-C), on the file's own
// function-like macros (## included), and a directive may name its line
// by a marker (@#name). GCC's job of a C++ or Objective-C command is n/a:
// it would need another of GCC's compilers.
#ifdef __cplusplus
# if __cplusplus >= 201103L
int m1 = only_in_cxx11; // expected-error {{use of undeclared identifier 'only_in_cxx11'}}
# else
int m2 = only_in_cxx98; // expected-error {{use of undeclared identifier 'only_in_cxx98'}}
# endif
#else
int m3 = only_in_c; // expected-error {{use of undeclared identifier 'only_in_c'}}
#endif
#ifdef __OBJC__
int m6 = only_in_objc; // expected-error {{use of undeclared identifier 'only_in_objc'}}
#endif

#define KIND_wide 1
#define KIND2(T) KIND_##T
#define KIND(T) KIND2(T)
#if KIND(WIDTH)
int m4 = only_when_wide; // expected-error {{use of undeclared identifier 'only_when_wide'}}
#endif

int m5 = marked; // #here
// expected-error@#here {{use of undeclared identifier 'marked'}}
// expected-error@#later {{use of undeclared identifier 'defined_later'}}
int m7 = defined_later; // #later
