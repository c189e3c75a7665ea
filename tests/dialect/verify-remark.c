// RUN: %clang_cc1 -O2 -Rpass=inline -emit-llvm-only -verify %s
static int g(int x) { return x + 1; }
int f(int y);
int f(int y) { return g(y); } // expected-remark-re + {{'g' inlined into 'f'{{.*}}}}
