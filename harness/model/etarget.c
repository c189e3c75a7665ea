/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "lib/util.h"
#include "model/etarget.h"

#define SIZE_CHECK(cond) "int size_check[(" cond ") ? 1 : -1];\n"
#define NEED_MACRO(cond) "#if !(" cond ")\n#error not this target\n#endif\n"
/* _BitInt of GCC 14 and later, with C23 literals */
#define BITINT(width) "_BitInt (2) a = 1wb;\nunsigned _BitInt (" width ") b = 0uwb;\n"

/* What each keyword means, after GCC 12's target-supports.exp: the same
 * question asked with programs of our own. Sorted by name. */
static const struct etarget table[] = {
	{ "4byte_wchar_t", ET_COMPILES, SIZE_CHECK("sizeof (__WCHAR_TYPE__) == 4"), NULL, 'c' },
	{ "alias", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "alloca", ET_COMPILES, "void use (void *);\nvoid f (int n) { use (__builtin_alloca (n)); }\n", NULL, 'S' },
	{ "analyzer", ET_COMPILES, "void f (void) { }\n", "-fanalyzer", 'c' },
	{ "arm32", ET_TRIPLES, "arm*-*-*", NULL, 0 },
	{ "asm_goto_with_outputs", ET_TRIPLES, "i?86-*-* x86_64-*-* aarch64*-*-* arm*-*-* s390*-*-* riscv*-*-* powerpc*-*-*", NULL, 0 },
	{ "avx", ET_COMPILES, "void f (void) { __builtin_ia32_vzeroall (); }\n", "-O2 -mavx", 'c' },
	{ "be", ET_COMPILES, NEED_MACRO("__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__"), NULL, 'S' },
	{ "bitint", ET_COMPILES, BITINT("__BITINT_MAXWIDTH__"), "-std=c23", 'c' },
	{ "bitint128", ET_COMPILES, BITINT("128"), "-std=c23", 'c' },
	{ "bitint575", ET_COMPILES, BITINT("575"), "-std=c23", 'c' },
	{ "bitint65535", ET_COMPILES, BITINT("65535"), "-std=c23", 'c' },
	{ "bswap", ET_TRIPLES, "aarch64*-*-* alpha*-*-* i?86-*-* x86_64-*-* m68k-*-* powerpc*-*-* rs6000-*-* s390*-*-*", NULL, 0 },
	{ "c", ET_TRIPLES, "*-*-*", NULL, 0 },
	/* C++ and its dialects: never, for the C compiler GCC's tests drive (gcc,
	 * not g++: c-c++-common files say { target c++ } for g++ alone) */
	{ "c++", ET_NEVER, "", NULL, 0 },
	{ "c++11", ET_NEVER, "", NULL, 0 },
	{ "c++14", ET_NEVER, "", NULL, 0 },
	{ "c++17", ET_NEVER, "", NULL, 0 },
	{ "c++20", ET_NEVER, "", NULL, 0 },
	{ "c++98", ET_NEVER, "", NULL, 0 },
	{ "c99_runtime", ET_TRIPLES, "*-*-linux-gnu*", NULL, 0 },
	{ "cet", ET_COMPILES, "void f (void) { __asm__ (\"setssbsy\"); }\n", "-O2 -fcf-protection", 'c' },
	{ "default_packed", ET_COMPILES, "struct s { char a; long b; } v;\n" SIZE_CHECK("sizeof (v) == sizeof (char) + sizeof (long)"), NULL, 'S' },
	{ "dfp", ET_COMPILES, "float x __attribute__ ((mode (DD)));\n", NULL, 'c' },
	{ "divmod", ET_TRIPLES, "arm*-*-* i?86-*-* x86_64-*-* amdgcn-*-*", NULL, 0 },
	{ "divmod_simode", ET_TRIPLES, "arm*-*-* i?86-*-* x86_64-*-* amdgcn-*-*", NULL, 0 },
	{ "double64", ET_COMPILES, SIZE_CHECK("sizeof (double) == 8"), NULL, 'c' },
	{ "double64plus", ET_COMPILES, SIZE_CHECK("sizeof (double) >= 8"), NULL, 'c' },
	{ "exceptions", ET_TRIPLES, "*-*-*", NULL, 0 },
	{ "fenv", ET_COMPILES, "#include <fenv.h>\n", "-std=gnu99", 'c' },
	{ "fenv_exceptions", ET_COMPILES, "#include <fenv.h>\n" NEED_MACRO("defined FE_DIVBYZERO && defined FE_INEXACT && defined FE_INVALID && defined FE_OVERFLOW && defined FE_UNDERFLOW"), "-std=gnu99", 'c' },
	{ "float128", ET_COMPILES, "_Float128 x;\n", NULL, 'c' },
	{ "float128x", ET_COMPILES, "_Float128x x;\n", NULL, 'c' },
	{ "float16", ET_COMPILES, "_Float16 f (_Float16 x) { return x; }\n", NULL, 'c' },
	{ "float32", ET_COMPILES, "_Float32 x;\n", NULL, 'c' },
	{ "float32x", ET_COMPILES, "_Float32x x;\n", NULL, 'c' },
	{ "float64", ET_COMPILES, "_Float64 x;\n", NULL, 'c' },
	{ "float64x", ET_COMPILES, "_Float64x x;\n", NULL, 'c' },
	{ "fpic", ET_COMPILES, "extern int g (void);\nextern int v;\nint f (void) { return g () + v; }\n", "-fpic", 'c' },
	{ "freorder", ET_COMPILES, "void f (void) { }\n", "-freorder-blocks-and-partition", 'c' },
	{ "fstack_protector", ET_COMPILES, "void f (char *p);\nvoid g (void) { char b[64]; f (b); }\n", "-fstack-protector", 'c' },
	{ "glibc", ET_TRIPLES, "*-*-linux-gnu*", NULL, 0 },
	{ "global_constructor", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "ia32", ET_COMPILES, SIZE_CHECK("sizeof (int) == 4 && sizeof (void *) == 4 && sizeof (long) == 4")
	                       NEED_MACRO("defined __i386__"), NULL, 'c' },
	{ "ifunc", ET_TRIPLES, "*-*-linux-gnu*", NULL, 0 },
	{ "ilp32", ET_COMPILES, SIZE_CHECK("sizeof (int) == 4 && sizeof (void *) == 4 && sizeof (long) == 4"), NULL, 'c' },
	{ "indirect_jumps", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "inf", ET_COMPILES, "const double pinf = __builtin_inf ();\n", NULL, 'S' },
	{ "inff", ET_COMPILES, "const float pinf = __builtin_inff ();\n", NULL, 'S' },
	{ "init_priority", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "int128", ET_COMPILES, NEED_MACRO("defined __SIZEOF_INT128__"), NULL, 'c' },
	{ "int16", ET_COMPILES, SIZE_CHECK("sizeof (int) == 2"), NULL, 'c' },
	{ "int32", ET_COMPILES, SIZE_CHECK("sizeof (int) == 4"), NULL, 'c' },
	{ "int32plus", ET_COMPILES, SIZE_CHECK("sizeof (int) >= 4"), NULL, 'c' },
	{ "inttypes_types", ET_COMPILES, "#include <inttypes.h>\nint8_t a; int16_t b; int32_t c; int64_t d;\n"
	                                 "uint8_t e; uint16_t f; uint32_t g; uint64_t h;\n", NULL, 'S' },
	{ "keeps_null_pointer_checks", ET_TRIPLES, "msp430-*-* avr-*-*", NULL, 0 },
	{ "label_values", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "large_double", ET_COMPILES, SIZE_CHECK("sizeof (long double) > sizeof (double)"), NULL, 'c' },
	{ "large_initializer", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "large_long_double", ET_COMPILES, SIZE_CHECK("sizeof (long double) > 8"), NULL, 'c' },
	{ "le", ET_COMPILES, NEED_MACRO("__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__"), NULL, 'S' },
	{ "llp64", ET_COMPILES, SIZE_CHECK("sizeof (int) == 4 && sizeof (void *) == 8 && sizeof (long) == 4"), NULL, 'c' },
	{ "lp64", ET_COMPILES, SIZE_CHECK("sizeof (int) == 4 && sizeof (void *) == 8 && sizeof (long) == 8"), NULL, 'c' },
	{ "lto", ET_COMPILES, "void f (void) { }\n", "-flto", 'c' },
	{ "mmap", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "named_sections", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "native", ET_NATIVE, "", NULL, 0 },
	{ "non_bionic", ET_TRIPLES, "*-*-linux-gnu*", NULL, 0 },
	{ "non_strict_align", ET_COMPILES, "char *y;\ntypedef char __attribute__ ((__aligned__ (__BIGGEST_ALIGNMENT__))) c;\n"
	                                   "c *z;\nvoid f (void) { z = (c *) y; }\n", "-Wcast-align", 'S' },
	{ "nonlocal_goto", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "nonpic", ET_COMPILES, NEED_MACRO("!__PIC__"), NULL, 'S' },
	{ "pcc_bitfield_type_matters", ET_COMPILES, "struct a { char x; char :0; char y; };\nstruct b { char x; int :0; char y; };\n" SIZE_CHECK("sizeof (struct a) != sizeof (struct b)"), NULL, 'S' },
	{ "pie", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "pie_enabled", ET_COMPILES, NEED_MACRO("defined __PIE__"), NULL, 'S' },
	{ "profiling", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "pthread", ET_COMPILES, "void f (void) { }\n", "-pthread", 'c' },
	{ "pthread_h", ET_COMPILES, "#include <pthread.h>\n", NULL, 'c' },
	{ "ptr32plus", ET_COMPILES, SIZE_CHECK("sizeof (void *) >= 4"), NULL, 'c' },
	{ "ptr_eq_long", ET_COMPILES, SIZE_CHECK("sizeof (void *) == sizeof (long)"), NULL, 'c' },
	{ "ptr_eq_short", ET_COMPILES, SIZE_CHECK("sizeof (void *) == sizeof (short)"), NULL, 'c' },
	{ "run_expensive_tests", ET_NEVER, "", NULL, 0 },
	{ "rv32", ET_COMPILES, NEED_MACRO("defined __riscv && __riscv_xlen == 32"), NULL, 'S' },
	{ "rv64", ET_COMPILES, NEED_MACRO("defined __riscv && __riscv_xlen == 64"), NULL, 'S' },
	{ "scheduling", ET_COMPILES, "void f (void) { }\n", "-fschedule-insns", 'c' },
	{ "short_eq_int", ET_COMPILES, SIZE_CHECK("sizeof (short) == sizeof (int)"), NULL, 'c' },
	{ "signal", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "size20plus", ET_COMPILES, "char big[524290L];\n", NULL, 'c' },
	{ "size32plus", ET_COMPILES, "char big[16777217L];\n", NULL, 'c' },
	{ "split_stack", ET_COMPILES, "void f (void) { }\n", "-fsplit-stack", 'c' },
	{ "sse", ET_COMPILES, "void f (void) { __builtin_ia32_sfence (); }\n", "-O2 -msse", 'c' },
	{ "sse2", ET_COMPILES, "void f (void) { __builtin_ia32_lfence (); }\n", "-O2 -msse2", 'c' },
	{ "stdint_types", ET_COMPILES, "#include <stdint.h>\nint8_t a; int16_t b; int32_t c; int64_t d;\n"
	                               "uint8_t e; uint16_t f; uint32_t g; uint64_t h;\n", NULL, 'S' },
	{ "store_merge", ET_ALL, "non_strict_align int32plus", NULL, 0 },
	{ "strndup", ET_TRIPLES, "*-*-linux-gnu*", NULL, 0 },
	{ "supports_stack_clash_protection", ET_TRIPLES, "x86_64-*-* i?86-*-* powerpc*-*-* rs6000*-*-* aarch64*-*-* s390*-*-*", NULL, 0 },
	{ "sync_char_short", ET_TRIPLES, "aarch64*-*-* i?86-*-* x86_64-*-* alpha*-*-* powerpc*-*-* s390*-*-* riscv*-*-*", NULL, 0 },
	{ "sync_int_long", ET_TRIPLES, "aarch64*-*-* i?86-*-* x86_64-*-* alpha*-*-* powerpc*-*-* s390*-*-* riscv*-*-*", NULL, 0 },
	{ "sync_long_long", ET_TRIPLES, "i?86-*-* x86_64-*-* aarch64*-*-* arm*-*-* alpha*-*-* s390*-*-*", NULL, 0 },
	{ "tgmath_h", ET_COMPILES, "#include <tgmath.h>\n", NULL, 'c' },
	{ "tls", ET_COMPILES, "__thread int i;\nint f (void) { return i; }\nvoid g (int j) { i = j; }\n", NULL, 'S' },
	{ "trampolines", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "trapping", ET_COMPILES, "int add (int a, int b) { return a + b; }\n", "-ftrapv", 'c' },
	{ "ucn", ET_COMPILES, "int caf\\u00E9;\n", "-std=c99", 'c' },
	{ "ucontext_h", ET_COMPILES, "#include <ucontext.h>\n", NULL, 'c' },
	{ "untyped_assembly", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "visibility", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "vxworks_kernel", ET_TRIPLES, "*-*-vxworks*", NULL, 0 },
	{ "wchar", ET_COMPILES, "#include <wchar.h>\nwchar_t w;\n", NULL, 'S' },
	{ "weak", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "weak_undefined", ET_TRIPLES, "*-*-linux*", NULL, 0 },
	{ "x32", ET_COMPILES, SIZE_CHECK("sizeof (int) == 4 && sizeof (void *) == 4 && sizeof (long) == 4")
	                      NEED_MACRO("defined __x86_64__"), NULL, 'c' },
};

_Static_assert(LEN(table) <= ETARGET_MAX, "etarget_set holds ETARGET_MAX keywords");

int
etarget_index(const char *name)
{
	size_t n = strlen(name);
	static const char runtime[] = "_runtime";

	for (size_t i = 0; i < LEN(table); i++)
		if (!strcmp(table[i].name, name))
			return (int)i;
	/* the harness never runs code: a run-time keyword is its compile-time twin */
	if (n > sizeof(runtime) - 1 && !strcmp(name + n - (sizeof(runtime) - 1), runtime))
		n -= sizeof(runtime) - 1;
	for (size_t i = 0; i < LEN(table); i++)
		if (strlen(table[i].name) == n && !memcmp(table[i].name, name, n))
			return (int)i;
	return -1;
}

const struct etarget *
etarget_get(int i)
{
	return &table[i];
}

int
etarget_count(void)
{
	return (int)LEN(table);
}

void
etarget_add(struct etarget_set *s, int i)
{
	s->bits[i / 64] |= (uint64_t)1 << (i % 64);
}

int
etarget_has(const struct etarget_set *s, int i)
{
	return (s->bits[i / 64] >> (i % 64)) & 1;
}

void
etarget_close(struct etarget_set *s)
{
	for (int i = 0; i < etarget_count(); i++) {
		const char *p;
		if (!etarget_has(s, i) || table[i].kind != ET_ALL)
			continue;
		for (p = table[i].text; *p; ) {
			size_t n = strcspn(p, " ");
			char name[64];
			int k;
			snprintf(name, sizeof(name), "%.*s", (int)n, p);
			if ((k = etarget_index(name)) >= 0)
				etarget_add(s, k);
			p += n + (p[n] == ' ');
		}
	}
}

int
etarget_all_hold(int i, const unsigned char *known)
{
	const char *p = table[i].text;
	int holds = 1;

	while (*p && holds) {
		size_t n = strcspn(p, " ");
		char name[64];
		int k;
		snprintf(name, sizeof(name), "%.*s", (int)n, p);
		k = etarget_index(name);
		holds = k >= 0 && known[k];
		p += n + (p[n] == ' ');
	}
	return holds;
}
