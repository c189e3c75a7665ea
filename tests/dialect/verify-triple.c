// RUN: %clang_cc1 -triple i386-pc-unknown -fsyntax-only -verify=i386 %s
// RUN: %clang_cc1 -triple x86_64-apple-darwin9 -fsyntax-only -verify=darwin %s
// RUN: %clang_cc1 -triple aarch64-linux-gnu -fsyntax-only -verify=arm %s
// RUN: %clang --target=aarch64-linux-gnu -fsyntax-only -Xclang -verify=arm %s
// RUN: %clang_cc1 -triple %ms_abi_triple -fsyntax-only -verify=ms %s
// RUN: %clang_cc1 -triple %itanium_abi_triple -fsyntax-only -verify=itanium %s
// lit runs each of these on any host, Clang being a cross compiler, and
// each holds only where its own target is the one compiled for. cc1 alone
// (RUN 3) knows less of a target than the driver (RUN 4): char is unsigned
// on arm64 Linux because the driver says -fno-signed-char, so the static
// assertion fails under RUN 3 and holds under RUN 4, in clang -verify as
// in the harness. lit's %ms_abi_triple and %itanium_abi_triple are the
// host's Windows and Linux triples.
#if defined(__i386__)
_Static_assert(sizeof(long) == 4, "ILP32");
int i386_only[sizeof(void *) == 4 ? 1 : -1];
long big = 1L << 40; // i386-warning {{shift count >= width of type}}
#elif defined(__APPLE__)
_Static_assert(sizeof(long) == 8, "LP64");
void *darwin = (void *)0;
int darwin_only = undeclared; // darwin-error {{use of undeclared identifier 'undeclared'}}
#elif defined(__aarch64__)
_Static_assert((char)-1 > 0, "char is unsigned on arm64 Linux");
int arm_only = 1;
unsigned char c = 300; // arm-warning {{implicit conversion from 'int' to 'unsigned char' changes value from 300 to 44}}
#elif defined(_WIN64)
_Static_assert(sizeof(long) == 4, "LLP64");
int ms_only = undeclared_ms; // ms-error {{use of undeclared identifier 'undeclared_ms'}}
#elif defined(__linux__) && defined(__x86_64__)
_Static_assert(sizeof(long) == 8, "LP64");
int itanium_only = undeclared_it; // itanium-error {{use of undeclared identifier 'undeclared_it'}}
#else
#error "no target of a RUN line"
#endif
