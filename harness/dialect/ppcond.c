/* SPDX-License-Identifier: MIT */
/* ppcond: the lines a C preprocessor skips, decided as far as the file
 * decides them and kept as conditions on the configuration where it does
 * not (ppcond.h). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/ppcond.h"
#include "lib/comments.h"

/* What the flags of the compile say about the predefined macros. */
struct world {
	long std;               /* __STDC_VERSION__ of -std=, 0: none given; -1: C89 (undefined) */
	int strict;             /* -std=cNN, -ansi: __STRICT_ANSI__ */
	int freestanding;
	int char_sign;          /* -funsigned-char 1, -fsigned-char -1, 0: the target's */
	int optimize;           /* -O other than -O0 */
	int cxx;                /* -x c++: C++ */
	int objc;               /* -x objective-c */
	long cplusplus;         /* __cplusplus of -std=c++NN, 0: none given */
};

/* One #if (or its negation, for the branches after it) that the
 * configuration decides. */
struct clause {
	struct strvec toks;
	int want;
};

struct ppcond {
	struct clause *v;
	size_t n;
	struct world w;
};

/* The configuration's predefined macros the conditions may ask about. */
enum pm {
	PM_NONE, PM_X86_64, PM_I386, PM_AARCH64, PM_ARM, PM_S390X, PM_PPC64, PM_PPC, PM_RISCV, PM_MIPS,
	PM_SPARC, PM_WASM, PM_LINUX, PM_UNIX, PM_ELF, PM_APPLE, PM_WIN32, PM_WIN64, PM_MSVC, PM_MINGW, PM_ANDROID,
	PM_OTHER_OS, PM_LP64, PM_CHAR_UNSIGNED, PM_INT128, PM_BYTE_ORDER, PM_LITTLE, PM_BIG, PM_SIZEOF_PTR,
	PM_SIZEOF_LONG, PM_CLANG, PM_CLANG_MAJOR, PM_CLANG_MINOR, PM_GNUC, PM_GNUC_MINOR, PM_STDC, PM_STDC_VERSION,
	PM_HOSTED, PM_STRICT, PM_OPTIMIZE, PM_CPLUSPLUS, PM_OBJC, PM_OBJC2, PM_NOT_C, PM_ZERO_TARGET, PM_M_IX86,
	PM_M_X64, PM_M_ARM, PM_M_ARM64, PM_RISCV_XLEN, PM_GNU_I386, PM_GNU_LINUX, PM_GNU_UNIX,
};

static const struct { const char *name; enum pm m; } macros[] = {
	{ "__x86_64__", PM_X86_64 }, { "__x86_64", PM_X86_64 }, { "__amd64__", PM_X86_64 }, { "__amd64", PM_X86_64 },
	{ "__i386__", PM_I386 }, { "__i386", PM_I386 }, { "__aarch64__", PM_AARCH64 }, { "__arm64__", PM_AARCH64 },
	{ "__arm__", PM_ARM }, { "__thumb__", PM_ARM }, { "__s390x__", PM_S390X }, { "__s390__", PM_S390X },
	{ "__zarch__", PM_S390X }, { "__powerpc64__", PM_PPC64 }, { "__PPC64__", PM_PPC64 }, { "__ppc64__", PM_PPC64 },
	{ "__powerpc__", PM_PPC }, { "__PPC__", PM_PPC }, { "__ppc__", PM_PPC }, { "_ARCH_PPC", PM_PPC },
	{ "__riscv", PM_RISCV }, { "__mips__", PM_MIPS }, { "__mips", PM_MIPS }, { "__sparc__", PM_SPARC },
	{ "__sparc", PM_SPARC }, { "__wasm__", PM_WASM }, { "__wasm32__", PM_WASM }, { "__wasm64__", PM_WASM },
	{ "__linux__", PM_LINUX }, { "__linux", PM_LINUX }, { "__gnu_linux__", PM_LINUX }, { "__unix__", PM_UNIX },
	{ "__unix", PM_UNIX }, { "__ELF__", PM_ELF }, { "__APPLE__", PM_APPLE }, { "__MACH__", PM_APPLE },
	{ "_WIN32", PM_WIN32 }, { "_WIN64", PM_WIN64 }, { "_MSC_VER", PM_MSVC }, { "_M_IX86", PM_M_IX86 },
	{ "_M_X64", PM_M_X64 }, { "_M_AMD64", PM_M_X64 }, { "_M_ARM", PM_M_ARM }, { "_M_ARM64", PM_M_ARM64 },
	{ "__riscv_xlen", PM_RISCV_XLEN }, { "i386", PM_GNU_I386 }, { "linux", PM_GNU_LINUX }, { "unix", PM_GNU_UNIX },
	{ "__MINGW32__", PM_MINGW },
	{ "__MINGW64__", PM_MINGW }, { "__ANDROID__", PM_ANDROID }, { "__Fuchsia__", PM_OTHER_OS },
	{ "__FreeBSD__", PM_OTHER_OS }, { "__NetBSD__", PM_OTHER_OS }, { "__OpenBSD__", PM_OTHER_OS },
	{ "__ORBIS__", PM_OTHER_OS }, { "__PS4__", PM_OTHER_OS }, { "__PROSPERO__", PM_OTHER_OS },
	{ "_AIX", PM_OTHER_OS }, { "__CYGWIN__", PM_OTHER_OS }, { "__HAIKU__", PM_OTHER_OS },
	{ "__EMSCRIPTEN__", PM_OTHER_OS }, { "__wasi__", PM_OTHER_OS }, { "__sun", PM_OTHER_OS },
	{ "__csky__", PM_ZERO_TARGET }, { "__hexagon__", PM_ZERO_TARGET }, { "__AMDGPU__", PM_ZERO_TARGET },
	{ "__amdgcn__", PM_ZERO_TARGET }, { "__NVPTX__", PM_ZERO_TARGET }, { "__SPIR__", PM_ZERO_TARGET },
	{ "__loongarch__", PM_ZERO_TARGET }, { "__m68k__", PM_ZERO_TARGET }, { "__AVR__", PM_ZERO_TARGET },
	{ "__MSP430__", PM_ZERO_TARGET }, { "__bpf__", PM_ZERO_TARGET }, { "__BPF__", PM_ZERO_TARGET },
	{ "__xcore__", PM_ZERO_TARGET }, { "__ve__", PM_ZERO_TARGET }, { "__sh__", PM_ZERO_TARGET },
	{ "_LP64", PM_LP64 }, { "__LP64__", PM_LP64 }, { "__CHAR_UNSIGNED__", PM_CHAR_UNSIGNED },
	{ "__SIZEOF_INT128__", PM_INT128 }, { "__BYTE_ORDER__", PM_BYTE_ORDER },
	{ "__ORDER_LITTLE_ENDIAN__", PM_LITTLE }, { "__ORDER_BIG_ENDIAN__", PM_BIG },
	{ "__SIZEOF_POINTER__", PM_SIZEOF_PTR }, { "__SIZEOF_LONG__", PM_SIZEOF_LONG },
	{ "__clang__", PM_CLANG }, { "__llvm__", PM_CLANG }, { "__clang_major__", PM_CLANG_MAJOR },
	{ "__clang_minor__", PM_CLANG_MINOR }, { "__GNUC__", PM_GNUC }, { "__GNUC_MINOR__", PM_GNUC_MINOR },
	{ "__STDC__", PM_STDC }, { "__STDC_VERSION__", PM_STDC_VERSION }, { "__STDC_HOSTED__", PM_HOSTED },
	{ "__STRICT_ANSI__", PM_STRICT }, { "__OPTIMIZE__", PM_OPTIMIZE },
	{ "__cplusplus", PM_CPLUSPLUS }, { "__OBJC__", PM_OBJC }, { "__OBJC2__", PM_OBJC2 },
	{ "__OPENCL_VERSION__", PM_NOT_C }, { "__OPENCL_C_VERSION__", PM_NOT_C }, { "__CUDA__", PM_NOT_C },
	{ "__CUDA_ARCH__", PM_NOT_C }, { "__HIP__", PM_NOT_C }, { "__HIP_DEVICE_COMPILE__", PM_NOT_C },
	{ "__SYCL_DEVICE_ONLY__", PM_NOT_C }, { "__ASSEMBLER__", PM_NOT_C },
};

/* The word of the triple that defines a PM_ZERO_TARGET macro (the start
 * of its architecture) or a PM_OTHER_OS one (anywhere in it): a -verify
 * RUN line may compile for those targets (verify.c). */
static const struct { const char *name, *word; } triple_words[] = {
	{ "__csky__", "csky" }, { "__hexagon__", "hexagon" }, { "__AMDGPU__", "amdgcn" }, { "__amdgcn__", "amdgcn" },
	{ "__NVPTX__", "nvptx" }, { "__SPIR__", "spir" }, { "__loongarch__", "loongarch" }, { "__m68k__", "m68k" },
	{ "__AVR__", "avr" }, { "__MSP430__", "msp430" }, { "__bpf__", "bpf" }, { "__BPF__", "bpf" },
	{ "__xcore__", "xcore" }, { "__ve__", "ve-" }, { "__sh__", "sh" },
	{ "__Fuchsia__", "fuchsia" }, { "__FreeBSD__", "freebsd" }, { "__NetBSD__", "netbsd" },
	{ "__OpenBSD__", "openbsd" }, { "__ORBIS__", "ps4" }, { "__PS4__", "ps4" }, { "__PROSPERO__", "ps5" },
	{ "_AIX", "aix" }, { "__CYGWIN__", "cygwin" }, { "__HAIKU__", "haiku" }, { "__EMSCRIPTEN__", "emscripten" },
	{ "__wasi__", "wasi" }, { "__sun", "solaris" },
};

static const char *
triple_word(const char *name)
{
	for (size_t i = 0; i < LEN(triple_words); i++)
		if (!strcmp(triple_words[i].name, name))
			return triple_words[i].word;
	return NULL;
}

static enum pm
known_macro(const char *name)
{
	for (size_t i = 0; i < LEN(macros); i++)
		if (!strcmp(macros[i].name, name))
			return macros[i].m;
	return PM_NONE;
}

/* --- the configuration's macros ------------------------------------- */

static int
arch_is(const char *triple, const char *prefix)
{
	return !strncmp(triple, prefix, strlen(prefix));
}

/* 64-bit pointers (x32's are 32) */
static int
target_64bit(const char *t)
{
	return !strstr(t, "gnux32") &&
	       (arch_is(t, "x86_64") || arch_is(t, "aarch64") || arch_is(t, "s390x") || arch_is(t, "riscv64") ||
	        arch_is(t, "powerpc64") || arch_is(t, "mips64") || arch_is(t, "sparc64") || arch_is(t, "loongarch64"));
}

/* and 64-bit long: not on Windows (LLP64) */
static int
target_lp64(const char *t)
{
	return target_64bit(t) && !strstr(t, "windows") && !strstr(t, "win32") && !strstr(t, "mingw");
}

static int
target_big_endian(const char *t)
{
	return arch_is(t, "s390") || (arch_is(t, "powerpc") && !strstr(t, "le-")) || arch_is(t, "sparc") ||
	       (arch_is(t, "mips") && !strstr(t, "el-")) || arch_is(t, "aarch64_be");
}

static int
target_arch(const char *t, enum pm m)
{
	switch (m) {
	case PM_X86_64: return arch_is(t, "x86_64");
	case PM_I386: return t[0] == 'i' && strchr("3456", t[1]) && !strncmp(t + 2, "86", 2);
	case PM_AARCH64: return arch_is(t, "aarch64") || arch_is(t, "arm64");
	case PM_ARM: return (arch_is(t, "arm") && !arch_is(t, "arm64")) || arch_is(t, "thumb");
	case PM_S390X: return arch_is(t, "s390");
	case PM_PPC64: return arch_is(t, "powerpc64") || arch_is(t, "ppc64");
	case PM_PPC: return arch_is(t, "powerpc") || arch_is(t, "ppc");
	case PM_RISCV: return arch_is(t, "riscv");
	case PM_MIPS: return arch_is(t, "mips");
	case PM_SPARC: return arch_is(t, "sparc");
	case PM_WASM: return arch_is(t, "wasm");
	default: return 0;
	}
}

static int
target_os(const char *t, enum pm m)
{
	int apple = strstr(t, "apple") || strstr(t, "darwin") || strstr(t, "macos") || strstr(t, "ios");
	int win = strstr(t, "windows") || strstr(t, "win32") || strstr(t, "mingw");

	switch (m) {
	case PM_LINUX: return strstr(t, "linux") != NULL;
	case PM_UNIX: return strstr(t, "linux") || strstr(t, "bsd") || apple;
	case PM_ELF: return !apple && !win;
	case PM_APPLE: return apple;
	case PM_WIN32: return win;
	case PM_WIN64: return win && (arch_is(t, "x86_64") || arch_is(t, "aarch64"));
	case PM_MSVC: return win && !strstr(t, "mingw") && !strstr(t, "gnu");
	case PM_MINGW: return strstr(t, "mingw") != NULL;
	case PM_ANDROID: return strstr(t, "android") != NULL;
	default: return 0;
	}
}

static int
char_unsigned(const struct world *w, const char *t)
{
	if (w->char_sign)
		return w->char_sign > 0;
	return !target_os(t, PM_APPLE) && !target_os(t, PM_WIN32) &&
	       (target_arch(t, PM_AARCH64) || target_arch(t, PM_ARM) || target_arch(t, PM_PPC) ||
	        target_arch(t, PM_S390X) || target_arch(t, PM_RISCV));
}

/* __STDC_VERSION__ where no -std= is given: the compiler's default. */
static long
default_std(const struct sel_env *env)
{
	if (env->family == FAMILY_GCC)
		return env->version[0] >= 15 ? 202311L : env->version[0] >= 8 ? 201710L : 201112L;
	return env->version[0] >= 11 ? 201710L : 201112L;
}

/* __cplusplus where no -std= is given: C++17 from GCC 11 and Clang 16 on,
 * C++14 before. */
static long
default_cplusplus(const struct sel_env *env)
{
	return env->version[0] >= (env->family == FAMILY_GCC ? 11 : 16) ? 201703L : 201402L;
}

/* Is the configuration's macro m (called name) defined, and with which value? */
static int
env_macro(enum pm m, const char *name, const struct world *w, const struct sel_env *env, long long *v)
{
	const char *t = env->triple ? env->triple : "";
	int clang = env->family == FAMILY_CLANG, d;

	*v = 1;
	switch (m) {
	case PM_LP64: return target_lp64(t);
	case PM_CHAR_UNSIGNED: return char_unsigned(w, t);
	case PM_INT128: return *v = 16, target_64bit(t);
	case PM_BYTE_ORDER: return *v = target_big_endian(t) ? 4321 : 1234, 1;
	case PM_LITTLE: return *v = 1234, 1;
	case PM_BIG: return *v = 4321, 1;
	case PM_SIZEOF_PTR: return *v = target_64bit(t) ? 8 : 4, 1;
	case PM_SIZEOF_LONG: return *v = target_lp64(t) ? 8 : 4, 1;
	case PM_CLANG: return clang;
	case PM_CLANG_MAJOR: return *v = env->version[0], clang;
	case PM_CLANG_MINOR: return *v = env->version[1], clang;
	case PM_GNUC: return *v = clang ? 4 : env->version[0], 1;
	case PM_GNUC_MINOR: return *v = clang ? 2 : env->version[1], 1;
	case PM_STDC: return 1;
	case PM_STDC_VERSION: return *v = w->std ? w->std : default_std(env), w->std >= 0 && !w->cxx;
	case PM_HOSTED: return *v = !w->freestanding, 1;
	case PM_STRICT: return w->strict;
	case PM_CPLUSPLUS: return *v = w->cplusplus ? w->cplusplus : default_cplusplus(env), w->cxx;
	/* MSVC's names of the architecture, on its targets only */
	case PM_M_IX86: return *v = 600, target_os(t, PM_MSVC) && target_arch(t, PM_I386);
	case PM_M_X64: return *v = 100, target_os(t, PM_MSVC) && target_arch(t, PM_X86_64);
	case PM_M_ARM: return *v = 7, target_os(t, PM_MSVC) && target_arch(t, PM_ARM);
	case PM_M_ARM64: return *v = 1, target_os(t, PM_MSVC) && target_arch(t, PM_AARCH64);
	case PM_RISCV_XLEN: return *v = arch_is(t, "riscv64") ? 64 : 32, target_arch(t, PM_RISCV);
	/* the names without underscores, in GNU modes only (not -std=cNN) */
	case PM_GNU_I386: return !w->strict && target_arch(t, PM_I386);
	case PM_GNU_LINUX: return !w->strict && target_os(t, PM_LINUX);
	case PM_GNU_UNIX: return !w->strict && target_os(t, PM_UNIX);
	case PM_OPTIMIZE: return w->optimize;
	case PM_ZERO_TARGET: return triple_word(name) && arch_is(t, triple_word(name));
	case PM_OTHER_OS: return triple_word(name) && strstr(t, triple_word(name)) != NULL;
	case PM_NOT_C: case PM_OBJC: case PM_OBJC2: case PM_NONE: return 0;
	default:
		d = target_arch(t, m) || target_os(t, m);
		if (m == PM_RISCV && d)
			*v = 1;
		return d;
	}
}

/* --- #if expressions --------------------------------------------------- */

/* An expression's tokens, evaluated with env's macros (env NULL: only
 * checked, every macro 0). */
struct ev {
	const struct strvec *t;
	size_t i;
	const struct world *w;
	const struct sel_env *env;
	int err;
	int depth;              /* nesting of parentheses, unary operators and ?: */
};

/* Deeper than this an expression is not evaluated (the file's lines are
 * then undecided), so that a file cannot exhaust the stack. */
enum { MAX_EV_DEPTH = 256 };

static const char *
peek(const struct ev *e)
{
	return e->i < e->t->n ? e->t->v[e->i] : "";
}

static int
accept(struct ev *e, const char *op)
{
	if (strcmp(peek(e), op))
		return 0;
	e->i++;
	return 1;
}

static long long ev_cond(struct ev *e);

static long long
ev_number(struct ev *e, const char *s)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 0);
	e->err |= errno == ERANGE;    /* too large for intmax_t: the compiler's error too */

	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	e->err |= *end != 0;
	return v;
}

static long long
ev_macro(struct ev *e, const char *name, int want_defined)
{
	long long v = 0;
	int d = e->env ? env_macro(known_macro(name), name, e->w, e->env, &v) : 0;

	return want_defined ? d : d ? v : 0;
}

static long long ev_unary(struct ev *e);

static long long
ev_primary(struct ev *e)
{
	long long v;

	if (++e->depth > MAX_EV_DEPTH) {
		e->err = 1;
		return 0;
	}
	v = ev_unary(e);
	e->depth--;
	return v;
}

/* A primary expression, or a unary operator and its operand; arithmetic
 * that overflows is an error, as the preprocessor's is undefined. */
static long long
ev_unary(struct ev *e)
{
	const char *s = peek(e);
	long long v;

	if (accept(e, "(")) {
		v = ev_cond(e);
		e->err |= !accept(e, ")");
		return v;
	}
	if (accept(e, "!"))
		return !ev_primary(e);
	if (accept(e, "~"))
		return ~ev_primary(e);
	if (accept(e, "-")) {
		v = ev_primary(e);
		e->err |= v == LLONG_MIN;
		return v == LLONG_MIN ? 0 : -v;
	}
	if (accept(e, "+"))
		return ev_primary(e);
	if (accept(e, "defined")) {
		int paren = accept(e, "(");
		const char *n = peek(e);
		e->i++;
		e->err |= !(isalpha((unsigned char)*n) || *n == '_') || (paren && !accept(e, ")"));
		return ev_macro(e, n, 1);
	}
	e->i++;
	if (isdigit((unsigned char)*s))
		return ev_number(e, s);
	if (isalpha((unsigned char)*s) || *s == '_')
		return ev_macro(e, s, 0);
	e->err = 1;
	return 0;
}

/* The binary operators, loosest first, each level with its operators. */
static const char *const levels[][5] = {
	{ "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" }, { "<", ">", "<=", ">=" }, { "<<", ">>" },
	{ "+", "-" }, { "*", "/", "%" },
};

static long long
apply(struct ev *e, const char *op, long long a, long long b)
{
	long long r = 0;

	switch (op[0]) {
	case '|': return op[1] ? a || b : a | b;
	case '&': return op[1] ? a && b : a & b;
	case '^': return a ^ b;
	case '=': return a == b;
	case '!': return a != b;
	case '<':
		if (op[1] != '<')
			return op[1] ? a <= b : a < b;
		/* a negative operand, or bits shifted out, is undefined */
		if (b < 0 || b > 62 || a < 0 || a > (LLONG_MAX >> b))
			return e->err = 1, 0;
		return a << b;
	case '>':
		if (op[1] != '>')
			return op[1] ? a >= b : a > b;
		if (b < 0 || b > 62 || a < 0)
			return e->err = 1, 0;
		return a >> b;
	case '+': e->err |= __builtin_add_overflow(a, b, &r); return r;
	case '-': e->err |= __builtin_sub_overflow(a, b, &r); return r;
	case '*': e->err |= __builtin_mul_overflow(a, b, &r); return r;
	default:
		if (!b)
			return e->err = e->env != NULL, 0;   /* checking: every macro is 0 */
		if (a == LLONG_MIN && b == -1)
			return e->err = 1, 0;
		return op[0] == '/' ? a / b : a % b;
	}
}

static long long
ev_binary(struct ev *e, size_t level)
{
	long long a;

	if (level == LEN(levels))
		return ev_primary(e);
	a = ev_binary(e, level + 1);
	for (;;) {
		const char *op = NULL;
		for (size_t k = 0; k < 5 && levels[level][k]; k++)
			if (!strcmp(peek(e), levels[level][k]))
				op = levels[level][k];
		if (!op || e->err)
			return a;
		e->i++;
		a = apply(e, op, a, ev_binary(e, level + 1));
	}
}

static long long
ev_cond(struct ev *e)
{
	long long c = ev_binary(e, 0), a, b;

	if (!accept(e, "?"))
		return c;
	if (++e->depth > MAX_EV_DEPTH) {
		e->err = 1;
		return 0;
	}
	a = ev_cond(e);
	e->err |= !accept(e, ":");
	b = ev_cond(e);
	e->depth--;
	return c ? a : b;
}

/* Evaluate toks; -1 when they are not an expression. */
static int
evaluate(const struct strvec *toks, const struct world *w, const struct sel_env *env)
{
	struct ev e = { .t = toks, .w = w, .env = env };
	long long v = ev_cond(&e);

	return e.err || e.i != toks->n ? -1 : v != 0;
}

int
ppcond_holds(const struct ppcond *c, const struct sel_env *env)
{
	for (size_t i = 0; i < c->n; i++)
		if (evaluate(&c->v[i].toks, &c->w, env) != c->v[i].want)
			return 0;
	return 1;
}

char *
ppcond_text(const struct ppcond *c)
{
	struct strbuf sb = {0};

	for (size_t i = 0; i < c->n; i++) {
		sb_addstr(&sb, i ? " && " : "");
		sb_addstr(&sb, c->v[i].want ? "(" : "!(");
		for (size_t k = 0; k < c->v[i].toks.n; k++)
			sb_addf(&sb, "%s%s", k ? " " : "", c->v[i].toks.v[k]);
		sb_addc(&sb, ')');
	}
	return sb_detach(&sb);
}

/* A copy of the n clauses at from. */
static struct clause *
clauses_copy(const struct clause *from, size_t n)
{
	struct clause *v = xcalloc(n + 1, sizeof(*v));

	for (size_t i = 0; i < n; i++) {
		v[i].want = from[i].want;
		strvec_append(&v[i].toks, &from[i].toks);
	}
	return v;
}

static void
clauses_free(struct clause *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		strvec_release(&v[i].toks);
	free(v);
}

/* The conditions of n clauses in world w, copied. */
static struct ppcond *
cond_new(const struct clause *v, size_t n, const struct world *w)
{
	struct ppcond *c = xcalloc(1, sizeof(*c));

	c->w = *w;
	c->n = n;
	c->v = clauses_copy(v, n);
	return c;
}

static void
cond_free(void *vc)
{
	struct ppcond *c = vc;

	if (!c)
		return;
	clauses_free(c->v, c->n);
	free(c);
}

static int
cond_holds(const void *c, const struct sel_env *env)
{
	return ppcond_holds(c, env);
}

struct selector *
ppcond_selector(const struct ppcond *c)
{
	return selector_fn(cond_holds, cond_free, cond_new(c->v, c->n, &c->w));
}

/* --- scanning the file ------------------------------------------------- */

enum mstate { M_DEF, M_FUNC, M_UNDEF, M_UNSURE };

struct fmacro {
	char *name;
	enum mstate state;
	struct strvec value;
	struct strvec params;    /* M_FUNC: the parameters' names */
	int busy;               /* being rescanned: not expanded again */
};

/* Where the scan is: inside what the lines are. */
struct region {
	int skipped;
	const char *undecided;  /* why (owned by the scan's why list) */
	struct clause *v;
	size_t n;
};

struct frame {
	struct region outer;
	int any_true;           /* an earlier branch held: the rest are skipped */
	struct strvec *prior;   /* earlier branches the configuration decides */
	size_t nprior;
	const char *prior_undecided;
};

struct scan {
	struct ppscan *out;
	struct world w;
	struct fmacro *m;
	size_t nm, capm;
	struct frame *f;
	size_t nf, capf;
	struct region cur;
	long cur_cond;          /* index of cur's condition in out->conds, -1: not made yet */
	int line;               /* of the directive being read */
};

static void
region_copy(struct region *to, const struct region *from)
{
	*to = *from;
	to->v = clauses_copy(from->v, from->n);
}

static void
region_release(struct region *r)
{
	clauses_free(r->v, r->n);
	memset(r, 0, sizeof(*r));
}

static void
region_add(struct region *r, const struct strvec *toks, int want)
{
	r->v = xrealloc(r->v, (r->n + 1) * sizeof(*r->v));
	memset(&r->v[r->n], 0, sizeof(r->v[r->n]));
	strvec_append(&r->v[r->n].toks, toks);
	r->v[r->n++].want = want;
}

static struct fmacro *
find_macro(struct scan *s, const char *name, size_t n)
{
	for (size_t i = 0; i < s->nm; i++)
		if (strlen(s->m[i].name) == n && !memcmp(s->m[i].name, name, n))
			return &s->m[i];
	return NULL;
}

static struct fmacro *
set_macro(struct scan *s, const char *name, size_t n, enum mstate st)
{
	struct fmacro *m = find_macro(s, name, n);

	if (!m) {
		xgrow((void **)&s->m, &s->capm, s->nm + 1, sizeof(*s->m));
		m = &s->m[s->nm++];
		memset(m, 0, sizeof(*m));
		m->name = xstrndup(name, n);
	}
	m->state = st;
	strvec_release(&m->value);
	strvec_release(&m->params);
	return m;
}

/* Split an expression (or a macro's value) into tokens. */
static void
tokenize(const char *p, const char *end, struct strvec *out)
{
	static const char *const two[] = { "||", "&&", "==", "!=", "<=", ">=", "<<", ">>", "##" };

	while (p < end) {
		const char *b = p;
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (isalnum((unsigned char)*p) || *p == '_') {
			while (p < end && (isalnum((unsigned char)*p) || *p == '_' || (isdigit((unsigned char)*b) && *p == '.')))
				p++;
		} else {
			p++;
			for (size_t k = 0; k < LEN(two); k++)
				if (end - b >= 2 && !memcmp(b, two[k], 2))
					p = b + 2;
			if (end - b >= 3 && !memcmp(b, "...", 3))
				p = b + 3;
		}
		strvec_push_nocopy(out, xstrndup(b, (size_t)(p - b)));
	}
}

static int
reserved(const char *s)
{
	return s[0] == '_' && (s[1] == '_' || isupper((unsigned char)s[1]));
}

static int
is_ident(const char *s)
{
	return isalpha((unsigned char)*s) || *s == '_';
}

/* A function-like macro's parameter list, from p at its "(", into
 * m->params (a last "..." is __VA_ARGS__), and its body's tokens into
 * m->value. A list that does not read leaves the macro unsure. */
static void
function_macro(struct fmacro *m, const char *p, const char *end)
{
	struct strvec toks = {0};
	size_t i = 1;

	tokenize(p, end, &toks);
	for (; i < toks.n && strcmp(toks.v[i], ")"); i++) {
		if (is_ident(toks.v[i]) || !strcmp(toks.v[i], "..."))
			strvec_push(&m->params, strcmp(toks.v[i], "...") ? toks.v[i] : "__VA_ARGS__");
		else if (strcmp(toks.v[i], ","))
			break;
	}
	if (i >= toks.n || strcmp(toks.v[i], ")"))
		m->state = M_UNSURE;
	for (i++; i < toks.n; i++)
		strvec_push(&m->value, toks.v[i]);
	strvec_release(&toks);
}

/* The arguments of a call of m whose "(" is in->v[*i], into args (one
 * per parameter), *i moved to its ")". -1: it does not close, or has
 * more arguments than m has parameters. */
static int
call_args(const struct strvec *in, size_t *i, const struct fmacro *m, struct strvec *args)
{
	size_t n = 0, np = m->params.n;
	int level = 0, va = np && !strcmp(m->params.v[np - 1], "__VA_ARGS__");

	for ((*i)++; *i < in->n; (*i)++) {
		const char *t = in->v[*i];
		if (!level && !strcmp(t, ")"))
			return 0;
		level += !strcmp(t, "(") - !strcmp(t, ")");
		if (!level && !strcmp(t, ",") && !(va && n + 1 == np)) {
			if (++n >= np)
				return -1;
		} else if (n < np) {
			strvec_push(&args[n], t);
		} else {
			return -1;
		}
	}
	return -1;
}

static int expand(struct scan *s, const struct strvec *in, struct strvec *out, int depth);

static long
param_of(const struct fmacro *m, const char *t)
{
	for (size_t k = 0; k < m->params.n; k++)
		if (!strcmp(m->params.v[k], t))
			return (long)k;
	return -1;
}

/* m's body with its arguments put in (expanded, unless next to ##) and
 * its ## pasted, into out. -1: it stringizes (#x), which #if cannot use. */
static int
substitute(struct scan *s, const struct fmacro *m, struct strvec *args, struct strvec *out, int depth)
{
	struct strvec body = {0};
	const struct strvec *b = &m->value;

	for (size_t k = 0; k < b->n; k++) {
		long p = param_of(m, b->v[k]);
		int pasted = (k > 0 && !strcmp(b->v[k - 1], "##")) || (k + 1 < b->n && !strcmp(b->v[k + 1], "##"));
		if (!strcmp(b->v[k], "#") || (p >= 0 && !pasted && expand(s, &args[p], &body, depth + 1) < 0)) {
			strvec_release(&body);
			return -1;
		}
		if (p < 0)
			strvec_push(&body, b->v[k]);
		else if (pasted && args[p].n)
			strvec_append(&body, &args[p]);
		else if (pasted)
			strvec_push(&body, "");
	}
	/* out is empty here: "" is an empty argument's place, gone once pasted */
	for (size_t k = 0; k < body.n; k++) {
		if (!strcmp(body.v[k], "##") && out->n && k + 1 < body.n) {
			char *joined = xasprintf("%s%s", out->v[out->n - 1], body.v[++k]);
			free(out->v[out->n - 1]);
			out->v[out->n - 1] = joined;
		} else {
			strvec_push(out, body.v[k]);
		}
	}
	strvec_release(&body);
	for (size_t k = 0, n = out->n; k < n; k++) {
		if (out->v[k][0])
			strvec_push(&body, out->v[k]);
	}
	strvec_release(out);
	*out = body;
	return 0;
}

/* One macro's expansion at in->v[*i] (moved past a call's ")"), rescanned
 * with that macro off, into out. 0 when in->v[*i] was not expanded. */
static int
expand_one(struct scan *s, const struct strvec *in, size_t *i, struct strvec *out, int depth)
{
	struct fmacro *m = find_macro(s, in->v[*i], strlen(in->v[*i]));
	struct strvec res = {0}, *args;
	int r = 0;

	if (!m || m->busy || (m->state != M_DEF && m->state != M_FUNC))
		return 0;
	if (m->state == M_DEF) {
		strvec_append(&res, &m->value);
	} else {
		if (*i + 1 >= in->n || strcmp(in->v[*i + 1], "("))
			return 0;       /* the name alone: not a call */
		(*i)++;
		args = xcalloc(m->params.n + 1, sizeof(*args));
		r = call_args(in, i, m, args) < 0 || substitute(s, m, args, &res, depth) < 0 ? -1 : 0;
		for (size_t k = 0; k < m->params.n; k++)
			strvec_release(&args[k]);
		free(args);
	}
	if (!r) {
		m->busy = 1;
		r = expand(s, &res, out, depth + 1);
		m->busy = 0;
	}
	strvec_release(&res);
	return r < 0 ? -1 : 1;
}

/* Longer than this an expansion is not made (the lines are undecided): a
 * file's macros that double at each level must not exhaust the machine. */
enum { MAX_EXPANSION = 1 << 16 };

/* An #if expression with the file's macros expanded, as the preprocessor
 * expands them (object-like and function-like, ## pasting, the operand
 * of "defined" left alone). -1: too deep or too long, or a call that does
 * not read. */
static int
expand(struct scan *s, const struct strvec *in, struct strvec *out, int depth)
{
	if (depth > 32)
		return -1;
	for (size_t i = 0; i < in->n; i++) {
		const char *t = in->v[i];
		int r;
		if (out->n > MAX_EXPANSION)
			return -1;
		if (!strcmp(t, "defined")) {
			size_t last = i + (i + 1 < in->n && !strcmp(in->v[i + 1], "(") ? 3 : 1);
			for (; i <= last && i < in->n; i++)
				strvec_push(out, in->v[i]);
			i--;
			continue;
		}
		if (!is_ident(t) || !(r = expand_one(s, in, &i, out, depth)))
			strvec_push(out, t);
		else if (r < 0)
			return -1;
	}
	return 0;
}

/* What "defined NAME" or NAME means once the file's own macros are
 * expanded (expand): appended to out as a constant, or kept for the
 * configuration (*env set). Returns -1 when neither decides it. */
static int
reduce_name(struct scan *s, const char *name, int is_defined, int call, struct strvec *out, int *env)
{
	struct fmacro *m = find_macro(s, name, strlen(name));
	enum pm k = known_macro(name);

	if (m && (m->state == M_UNSURE || (!is_defined && m->state == M_FUNC)))
		return -1;
	if (m && is_defined) {
		strvec_push(out, m->state == M_UNDEF ? "0" : "1");
		return 0;
	}
	/* a macro expand left alone names itself, in its own expansion */
	if (m && m->state == M_DEF)
		return -1;
	/* Objective-C's runtime (__OBJC2__) is not known here */
	if (!m && k == PM_OBJC2 && s->w.objc)
		return -1;
	if (!m && k == PM_OBJC && s->w.objc) {
		strvec_push(out, "1");
		return 0;
	}
	if (m || k == PM_NOT_C || k == PM_OBJC || k == PM_OBJC2 || (k == PM_CPLUSPLUS && !s->w.cxx)) {
		strvec_push(out, "0");
		return 0;
	}
	if (k != PM_NONE && !call) {
		if (is_defined)
			strvec_push(out, "defined");
		strvec_push(out, name);
		*env = 1;
		return 0;
	}
	/* a macro of a header, a compiler's feature test: not known here */
	if (call || reserved(name))
		return -1;
	strvec_push(out, "0");
	return 0;
}

/* __has_feature(NAME) as Clang answers it, for the C features of C11 (as
 * a condition on __STDC_VERSION__, which the configuration decides: in
 * C++ it is not defined, and they are not features there) and for a
 * builtin's name, which is never a feature. Others: -1, undecided. */
static int
has_feature(const char *name, struct strvec *out)
{
	static const char *const c11[] = {
		"c_alignas", "c_alignof", "c_atomic", "c_generic_selections", "c_static_assert", "c_thread_local",
	};
	static const char *const cond[] = { "(", "__STDC_VERSION__", ">=", "201112L", ")" };
	size_t n = strlen(name), skip = 0;

	if (!strncmp(name, "__builtin", 9)) {
		strvec_push(out, "0");
		return 0;
	}
	/* __c_atomic__ is c_atomic (once, as Clang takes the underscores off) */
	if (n > 4 && !strncmp(name, "__", 2) && !strcmp(name + n - 2, "__"))
		skip = 2;
	for (size_t k = 0; k < LEN(c11); k++) {
		if (strlen(c11[k]) == n - 2 * skip && !strncmp(name + skip, c11[k], n - 2 * skip)) {
			for (size_t i = 0; i < LEN(cond); i++)
				strvec_push(out, cond[i]);
			return 1;
		}
	}
	return -1;
}

static int
reduce(struct scan *s, const struct strvec *in, struct strvec *out, int *env)
{
	for (size_t i = 0; i < in->n; i++) {
		const char *t = in->v[i];
		if (!strcmp(t, "defined")) {
			int paren = i + 1 < in->n && !strcmp(in->v[i + 1], "(");
			size_t n = i + 1 + (size_t)paren;
			if (n >= in->n || !is_ident(in->v[n]) || (paren && (n + 1 >= in->n || strcmp(in->v[n + 1], ")"))))
				return -1;
			if (reduce_name(s, in->v[n], 1, 0, out, env) < 0)
				return -1;
			i = n + (size_t)paren;
		} else if (!strcmp(t, "__has_feature") && i + 3 < in->n && !strcmp(in->v[i + 1], "(") &&
		           is_ident(in->v[i + 2]) && !strcmp(in->v[i + 3], ")")) {
			int r = has_feature(in->v[i + 2], out);
			if (r < 0)
				return -1;
			*env |= r;
			i += 3;
		} else if (is_ident(t)) {
			int call = i + 1 < in->n && !strcmp(in->v[i + 1], "(");
			if (reduce_name(s, t, 0, call, out, env) < 0)
				return -1;
		} else if (t[0] == '\'' || t[0] == '"') {
			return -1;
		} else {
			strvec_push(out, t);
		}
	}
	return 0;
}

/* The region of a new branch of the innermost #if group: cond is its
 * expression (NULL for #else), text how it reads for the reasons. */
static void
enter_branch(struct scan *s, const char *cond, const char *end, const char *text)
{
	struct frame *f = &s->f[s->nf - 1];
	struct strvec in = {0}, toks = {0};
	struct strvec x = {0};     /* in, its macros expanded */
	int env = 0, v;

	region_release(&s->cur);
	region_copy(&s->cur, &f->outer);
	s->cur_cond = -1;
	s->cur.skipped |= f->any_true;
	for (size_t i = 0; i < f->nprior; i++)
		region_add(&s->cur, &f->prior[i], 0);
	if (f->prior_undecided)
		s->cur.undecided = f->prior_undecided;
	if (!cond)
		return;
	tokenize(cond, end, &in);
	if (expand(s, &in, &x, 0) < 0 || reduce(s, &x, &toks, &env) < 0 || evaluate(&toks, &s->w, NULL) < 0) {
		s->out->why = xrealloc(s->out->why, (s->out->nwhy + 1) * sizeof(char *));
		s->out->why[s->out->nwhy++] = xstrdup(text);
		s->cur.undecided = f->prior_undecided = s->out->why[s->out->nwhy - 1];
	} else if (!env) {
		v = evaluate(&toks, &s->w, NULL);
		s->cur.skipped |= !v;
		f->any_true |= v;
	} else {
		region_add(&s->cur, &toks, 1);
		f->prior = xrealloc(f->prior, (f->nprior + 1) * sizeof(*f->prior));
		memset(&f->prior[f->nprior], 0, sizeof(*f->prior));
		strvec_append(&f->prior[f->nprior++], &toks);
	}
	strvec_release(&in);
	strvec_release(&x);
	strvec_release(&toks);
}

static void
push_frame(struct scan *s)
{
	struct frame *f;

	xgrow((void **)&s->f, &s->capf, s->nf + 1, sizeof(*s->f));
	f = &s->f[s->nf++];
	memset(f, 0, sizeof(*f));
	region_copy(&f->outer, &s->cur);
}

static void
pop_frame(struct scan *s)
{
	struct frame *f = &s->f[--s->nf];

	region_release(&s->cur);
	s->cur = f->outer;
	s->cur_cond = -1;
	for (size_t i = 0; i < f->nprior; i++)
		strvec_release(&f->prior[i]);
	free(f->prior);
}

/* #define and #undef: what the file's own macros are from here on. */
static void
define(struct scan *s, const char *p, const char *end, int undef)
{
	const char *b;
	struct fmacro *m;
	int sure = !s->cur.undecided && !s->cur.n;

	while (p < end && isspace((unsigned char)*p))
		p++;
	for (b = p; p < end && (isalnum((unsigned char)*p) || *p == '_'); p++)
		;
	if (p == b || s->cur.skipped)
		return;
	m = set_macro(s, b, (size_t)(p - b), !sure ? M_UNSURE : undef ? M_UNDEF : p < end && *p == '(' ? M_FUNC : M_DEF);
	if (m->state == M_DEF)
		tokenize(p, end, &m->value);
	else if (m->state == M_FUNC)
		function_macro(m, p, end);
}

/* __cplusplus of -std=c++NN or gnu++NN (s: what follows "++"), 0 if not
 * one of those. */
static long
cplusplus_of(const char *s)
{
	static const struct { const char *p; long v; } stds[] = {
		{ "98", 199711L }, { "03", 199711L }, { "11", 201103L }, { "0x", 201103L }, { "14", 201402L },
		{ "1y", 201402L }, { "17", 201703L }, { "1z", 201703L }, { "20", 202002L }, { "2a", 202002L },
		{ "23", 202302L }, { "2b", 202302L }, { "26", 202400L }, { "2c", 202400L },
	};

	for (size_t k = 0; k < LEN(stds); k++)
		if (!strcmp(s, stds[k].p))
			return stds[k].v;
	return 0;
}

static struct world
world_of(const struct strvec *flags)
{
	static const struct { const char *p; long v; } stds[] = {
		{ "89", -1 }, { "90", -1 }, { "iso9899:199409", 199409L }, { "99", 199901L }, { "9x", 199901L },
		{ "11", 201112L }, { "1x", 201112L }, { "17", 201710L }, { "18", 201710L }, { "2x", 202000L },
		{ "23", 202311L }, { "2y", 202400L },
	};
	struct world w = {0};

	for (size_t i = 0; i < flags->n; i++) {
		const char *f = flags->v[i];
		const char *pp = strstr(f, "++");
		if (!strncmp(f, "-x", 2)) {
			w.cxx = !strncmp(f + 2, "c++", 3);
			w.objc = !strcmp(f + 2, "objective-c");
		} else if (!strncmp(f, "-std=", 5) && pp) {
			w.cplusplus = cplusplus_of(pp + 2);
			w.strict = f[5] == 'c';
		} else if (!strncmp(f, "-std=", 5)) {
			const char *s = f + 5 + (!strncmp(f + 5, "gnu", 3) ? 3 : f[5] == 'c' ? 1 : 0);
			w.strict = f[5] == 'c' || !strncmp(f + 5, "iso", 3);
			for (size_t k = 0; k < LEN(stds); k++)
				if (strstr(s, stds[k].p) == s || !strcmp(f + 5, stds[k].p))
					w.std = stds[k].v;
		} else if (!strcmp(f, "-ansi")) {
			w.std = -1;
			w.strict = 1;
		} else if (!strcmp(f, "-ffreestanding")) {
			w.freestanding = 1;
		} else if (!strcmp(f, "-funsigned-char") || !strcmp(f, "-fno-signed-char")) {
			w.char_sign = 1;
		} else if (!strcmp(f, "-fsigned-char") || !strcmp(f, "-fno-unsigned-char")) {
			w.char_sign = -1;
		} else if (!strncmp(f, "-O", 2)) {
			w.optimize = strcmp(f, "-O0") != 0;
		}
	}
	return w;
}

/* -DNAME[=VALUE] and -UNAME, in order. */
static void
command_line_macros(struct scan *s, const struct strvec *flags)
{
	for (size_t i = 0; i < flags->n; i++) {
		const char *f = flags->v[i], *eq;
		struct fmacro *m;
		if (strncmp(f, "-D", 2) && strncmp(f, "-U", 2))
			continue;
		eq = strchr(f, '=');
		if (f[1] == 'U') {
			set_macro(s, f + 2, strlen(f + 2), M_UNDEF);
			continue;
		}
		static const char one[] = "1";  /* -DNAME means NAME is 1 */
		const char *v = eq ? eq + 1 : one;
		size_t n = strcspn(f + 2, "=(");
		m = set_macro(s, f + 2, n, f[2 + n] == '(' ? M_FUNC : M_DEF);
		if (m->state == M_FUNC) {
			char *def = xasprintf("%.*s %s", (int)((eq ? eq : f + strlen(f)) - (f + 2 + n)), f + 2 + n, v);
			function_macro(m, def, def + strlen(def));
			free(def);
		} else {
			tokenize(v, v + strlen(v), &m->value);
		}
	}
}

static int
word_is(const char *b, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(b, w, n);
}

/* A branch of the innermost group: #if, #ifdef, #ifndef, their #elif
 * forms, or #else (directive name b, n bytes; its argument arg..end). */
static void
branch(struct scan *s, const char *b, size_t n, const char *arg, const char *end)
{
	char *text = xasprintf("#%.*s %.*s", (int)n, b, (int)(end - arg), arg), *cond;
	int ndef = n > 4 && !memcmp(b + n - 4, "ndef", 4);

	if (word_is(b, n, "else")) {
		enter_branch(s, NULL, NULL, text);
	} else if (ndef || (n > 3 && !memcmp(b + n - 3, "def", 3))) {
		/* #elifdef and #elifndef came with Clang 13 and GCC 12: before,
		 * they are unknown, and in a skipped group ignored */
		static const char known[] = "(__clang_major__ >= 13 || (!defined __clang__ && __GNUC__ >= 12)) && ";
		cond = xasprintf("%s%sdefined %.*s", b[1] == 'l' ? known : "", ndef ? "!" : "", (int)(end - arg), arg);
		enter_branch(s, cond, cond + strlen(cond), text);
		free(cond);
	} else {
		enter_branch(s, arg, end, text);
	}
	free(text);
}

/* One preprocessing directive: p..end after the '#'. */
static void
directive(struct scan *s, const char *p, const char *end)
{
	const char *b, *arg;
	size_t n;

	while (p < end && isspace((unsigned char)*p))
		p++;
	for (b = p; p < end && isalpha((unsigned char)*p); p++)
		;
	n = (size_t)(p - b);
	for (arg = p; arg < end && isspace((unsigned char)*arg); arg++)
		;
	while (end > arg && isspace((unsigned char)end[-1]))
		end--;
	if (word_is(b, n, "if") || word_is(b, n, "ifdef") || word_is(b, n, "ifndef")) {
		push_frame(s);
		branch(s, b, n, arg, end);
	} else if (s->nf && (word_is(b, n, "elif") || word_is(b, n, "elifdef") || word_is(b, n, "elifndef") ||
	                     word_is(b, n, "else"))) {
		branch(s, b, n, arg, end);
	} else if (s->nf && word_is(b, n, "endif")) {
		pop_frame(s);
	} else if (word_is(b, n, "define") || word_is(b, n, "undef")) {
		define(s, arg, end, b[0] == 'u');
	} else if (word_is(b, n, "include") && !s->cur.skipped && end - arg > 2 && strchr("\"<", *arg)) {
		const char *close = memchr(arg + 1, *arg == '<' ? '>' : '"', (size_t)(end - arg - 1));
		if (close)
			strvec_push_nocopy(&s->out->includes, xasprintf("%d %.*s", s->line, (int)(close - arg), arg));
	}
}

/* The state of a line in the region the scan is in. */
static struct ppline
line_state(struct scan *s)
{
	struct ppscan *o = s->out;

	if (s->cur.skipped)
		return (struct ppline){ PP_SKIPPED, 0 };
	if (s->cur.undecided) {
		for (size_t i = 0; i < o->nwhy; i++)
			if (o->why[i] == s->cur.undecided)
				return (struct ppline){ PP_UNDECIDED, i };
	}
	if (!s->cur.n)
		return (struct ppline){ PP_ACTIVE, 0 };
	if (s->cur_cond < 0) {
		o->conds = xrealloc(o->conds, (o->nconds + 1) * sizeof(*o->conds));
		o->conds[o->nconds] = cond_new(s->cur.v, s->cur.n, &s->w);
		s->cur_cond = (long)o->nconds++;
	}
	return (struct ppline){ PP_COND, (size_t)s->cur_cond };
}

void
ppscan(const char *buf, size_t len, int nlines, const struct strvec *flags, struct ppscan *out)
{
	struct scan s = { .out = out, .cur_cond = -1 };
	char *c = comments_blank(buf, len);
	size_t i = 0;
	int line = 1;

	memset(out, 0, sizeof(*out));
	out->nlines = nlines;
	out->lines = xcalloc((size_t)nlines + 2, sizeof(*out->lines));
	s.w = world_of(flags);
	command_line_macros(&s, flags);
	while (i < len && line <= nlines) {
		size_t b = i, e = i, k;
		int first = line;
		/* a logical line: physical lines joined at backslash-newlines */
		while (e < len && (c[e] != '\n' || (e > b && c[e - 1] == '\\')))
			line += c[e++] == '\n';
		for (k = b; k < e && isspace((unsigned char)c[k]); k++)
			;
		if (k < e && c[k] == '#') {
			s.line = first;
			char *joined = xstrndup(c + k + 1, e - k - 1);
			for (char *p = joined; *p; p++)
				if (*p == '\\' && (p[1] == '\n' || !p[1]))
					*p = ' ';
			directive(&s, joined, joined + strlen(joined));
			free(joined);
		}
		for (int l = first; l <= line && l <= nlines; l++)
			out->lines[l] = line_state(&s);
		line++;
		i = e + 1;
	}
	while (s.nf)
		pop_frame(&s);
	region_release(&s.cur);
	for (size_t m = 0; m < s.nm; m++) {
		free(s.m[m].name);
		strvec_release(&s.m[m].value);
		strvec_release(&s.m[m].params);
	}
	free(s.m);
	free(s.f);
	free(c);
}

void
ppscan_release(struct ppscan *s)
{
	for (size_t i = 0; i < s->nconds; i++)
		cond_free(s->conds[i]);
	for (size_t i = 0; i < s->nwhy; i++)
		free(s->why[i]);
	free(s->conds);
	free(s->why);
	free(s->lines);
	strvec_release(&s->includes);
	memset(s, 0, sizeof(*s));
}
