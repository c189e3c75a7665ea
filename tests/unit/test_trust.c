/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "t.h"
#include "sandbox/trust.h"

/* The refusal of the flags in words (NULL: allowed), for a case in
 * /cases/sub, compiled from /work, sandboxed or not. */
static char *
why(int sandboxed, const char *const *flags)
{
	struct strvec sv = {0};
	struct trust_where w = { "/cases/sub", "/work", NULL, sandboxed };
	char *r;

	for (; *flags; flags++)
		strvec_push(&sv, *flags);
	r = trust_refusal(&sv, &w, NULL);
	strvec_release(&sv);
	return r;
}

#define REFUSED(sb, want, ...) do { \
	char *r_ = why(sb, (const char *const[]){ __VA_ARGS__, NULL }); \
	CHECK_STR(r_, want); \
	free(r_); \
} while (0)
#define ALLOWED(sb, ...) do { \
	char *r_ = why(sb, (const char *const[]){ __VA_ARGS__, NULL }); \
	CHECK_STR(r_ ? r_ : "allowed", "allowed"); \
	free(r_); \
} while (0)
#define NOT_LISTED ": not on the allowlist of flags a case may give"

TEST(trust_refusal)
{
	/* what diagnostic tests ask for, in each spelling */
	ALLOWED(1, "-O2", "-Wall", "-std=c11", "-DX=1", "-fno-inline", "-x", "c++", "-xc", "-O", "-Os", "-Ofast");
	ALLOWED(0, "-Wno-unused", "-Werror=vla", "-Wframe-larger-than=64", "-W", "-W#warnings", "-pedantic-errors",
	        "--pedantic", "--std=gnu11", "--std", "c99", "-ansi", "-w", "-Rpass=inline", "-g", "-gdwarf-4");
	ALLOWED(0, "-D", "X", "-DZ=a;touch${IFS}x|y", "-DF(a)=a/2", "-U", "X", "-UY", "--param", "max-inline-insns-auto=4",
	        "--param=ssp-buffer-size=4", "-c", "-S", "-E", "-fsyntax-only", "-emit-llvm");
	ALLOWED(0, "-fsanitize=thread,undefined", "-fno-sanitize=all", "-fstrict-flex-arrays=3", "-fmax-errors=0",
	        "-ftrivial-auto-var-init=zero", "-fmessage-length=0", "-fdiagnostics-color=never", "-fPIC",
	        "-fno-color-diagnostics", "-fno-diagnostics-show-caret", "-fdiagnostics-show-caret");
	ALLOWED(0, "-march=x86-64-v3", "-mno-sse", "-mcpu=cortex-a53+crc", "-mabi=lp64", "-m32");
	/* cc1 after -Xclang, joined or not, with its separate values */
	ALLOWED(0, "-Xclang", "-verify", "-Xclang=-verify=a,b", "-Xclang", "-triple", "-Xclang", "x86_64-linux-gnu",
	        "-Xclang", "-target-feature", "-Xclang", "-sse", "-Xclang", "-ferror-limit", "-Xclang", "0",
	        "-Xclang", "-fsyntax-only", "-Xclang", "-Wno-vla", "-Xclang", "-emit-llvm-only");
	/* a -verify RUN line's target, as lit gives it: cc1's -triple with
	 * cc1's own CPU (empty), or the driver's --target= (no more than
	 * -triple could already do) */
	ALLOWED(0, "-Xclang", "-target-cpu", "-Xclang", "", "-Xclang", "-tune-cpu", "-Xclang", "",
	        "--target=x86_64-w64-mingw32", "--target=aarch64-linux-gnu");
	/* values Clang's own -verify tests give cc1 */
	ALLOWED(0, "-Xclang", "-fwchar-type=short", "-Xclang", "-dwarf-version=4", "-Xclang", "-fclang-abi-compat=7",
	        "-Xclang", "-flax-vector-conversions=none");
	/* programs, code, options from files and other programs: not listed */
	REFUSED(1, "-wrapper" NOT_LISTED, "-O2", "-wrapper", "sh,-c,id");
	REFUSED(1, "-fplugin=x.so" NOT_LISTED, "-fplugin=x.so");
	REFUSED(1, "-fplugin-arg-x-y=1" NOT_LISTED, "-fplugin-arg-x-y=1");
	REFUSED(1, "-fpass-plugin=x.so" NOT_LISTED, "-fpass-plugin=x.so");
	REFUSED(1, "-Xclang -load" NOT_LISTED, "-Xclang", "-load", "-Xclang", "x.so");
	REFUSED(1, "-Xclang -load" NOT_LISTED, "-Xclang=-load", "-Xclang=x.so");
	REFUSED(1, "-Xclang -add-plugin" NOT_LISTED, "-Xclang=-add-plugin", "-Xclang=x");
	REFUSED(1, "-Xclang -plugin" NOT_LISTED, "-Xclang", "-plugin", "-Xclang", "x");
	REFUSED(1, "-mllvm" NOT_LISTED, "-mllvm", "-info-output-file=/tmp/x");
	REFUSED(1, "-mllvm=-inline-threshold=10" NOT_LISTED, "-mllvm=-inline-threshold=10");
	REFUSED(1, "-Xclang -mllvm" NOT_LISTED, "-Xclang", "-mllvm", "-Xclang", "-view-cfg");
	REFUSED(1, "-Xclang -mlink-builtin-bitcode" NOT_LISTED, "-Xclang", "-mlink-builtin-bitcode", "-Xclang", "x.bc");
	REFUSED(1, "@args" NOT_LISTED, "@args");
	REFUSED(1, "-Bdir" NOT_LISTED, "-Bdir");
	REFUSED(1, "-specs=x" NOT_LISTED, "-specs=x");
	REFUSED(1, "-fuse-ld=x" NOT_LISTED, "-fuse-ld=x");
	REFUSED(1, "-Wp,-MD,x.d" NOT_LISTED, "-Wp,-MD,x.d");
	REFUSED(1, "-Wa,-adhln=/tmp/l" NOT_LISTED, "-Wa,-adhln=/tmp/l");
	REFUSED(1, "-Xassembler" NOT_LISTED, "-Xassembler", "-adhln");
	REFUSED(1, "--config=evil.cfg" NOT_LISTED, "--config=evil.cfg");
	REFUSED(1, "--config" NOT_LISTED, "--config", "evil.cfg");
	REFUSED(1, "--config-user-dir=." NOT_LISTED, "--config-user-dir=.");
	REFUSED(1, "--driver-mode=cl" NOT_LISTED, "--driver-mode=cl", "/clang:-O2");
	REFUSED(1, "--target" NOT_LISTED, "--target", "x86_64-w64-mingw32");
	REFUSED(1, "--target=a/b: its value must be a name (letters, digits, _ . + - :)", "--target=a/b");
	/* an empty -target-cpu is cc1's own; a word that is no name is refused, saying what it must be */
	REFUSED(1, "-Xclang -target-cpu -Xclang -nostdlibinc: its value must be a name (letters, digits, _ . + - :) or empty",
	        "-Xclang", "-target-cpu", "-Xclang", "-nostdlibinc");
	REFUSED(1, "-###" NOT_LISTED, "-###");
	/* writers: not listed */
	REFUSED(1, "-o" NOT_LISTED, "-o", "x.o");
	REFUSED(1, "-MF" NOT_LISTED, "-MD", "-MF", "x.d");
	REFUSED(1, "-fdump-tree-all=x" NOT_LISTED, "-fdump-tree-all=x");
	REFUSED(1, "-fopt-info-vec=x" NOT_LISTED, "-fopt-info-vec=x");
	REFUSED(1, "--serialize-diagnostics" NOT_LISTED, "--serialize-diagnostics", "/tmp/d");
	REFUSED(1, "-fproc-stat-report=/tmp/s" NOT_LISTED, "-fproc-stat-report=/tmp/s");
	REFUSED(1, "--for-assembler=-adhln=/tmp/l" NOT_LISTED, "--for-assembler=-adhln=/tmp/l");
	REFUSED(1, "-Xclang -diagnostic-log-file" NOT_LISTED, "-Xclang", "-diagnostic-log-file", "-Xclang", "/tmp/l");
	REFUSED(1, "-dumpdir" NOT_LISTED, "--save-temps", "-dumpdir", "/tmp/");
	REFUSED(1, "--write-dependencies" NOT_LISTED, "--write-dependencies");
	REFUSED(1, "-save-stats=obj" NOT_LISTED, "-save-stats=obj");
	/* long names GCC reads as abbreviations: only the listed ones */
	REFUSED(1, "--include=/etc/passwd" NOT_LISTED, "--include=/etc/passwd");
	REFUSED(1, "--incl=/etc/passwd" NOT_LISTED, "--incl=/etc/passwd");
	REFUSED(1, "--include-directory=/etc" NOT_LISTED, "--include-directory=/etc");
	/* diagnostics in text only */
	REFUSED(1, "-fdiagnostics-format=json: its value may only be text here", "-fdiagnostics-format=json");
	REFUSED(1, "-fdiagnostics-format=sarif-file: its value may only be text here", "-fdiagnostics-format=sarif-file");
	REFUSED(1, "-fdiagnostics-color=always: its value may only be never here", "-fdiagnostics-color=always");
	REFUSED(1, "-fmessage-length=20: its value may only be 0 here", "-fmessage-length=20");
	REFUSED(1, "-fdiagnostics-parseable-fixits: changes the diagnostics' format or where they go",
	        "-fdiagnostics-parseable-fixits");
	REFUSED(1, "-fno-diagnostics-show-option: changes the diagnostics' format or where they go",
	        "-fno-diagnostics-show-option");
	REFUSED(1, "-fdiagnostics-add-output=sarif" NOT_LISTED, "-fdiagnostics-add-output=sarif");
	/* values are checked */
	REFUSED(1, "-fsanitize=/x: its value must be names separated by commas", "-fsanitize=/x");
	REFUSED(1, "-march=../x" NOT_LISTED, "-march=../x");
	REFUSED(1, "-fstrict-flex-arrays=x: its value must be a number", "-fstrict-flex-arrays=x");
	REFUSED(1, "-std=c99/x: its value must be a name (letters, digits, _ . + - :)", "-std=c99/x");
	REFUSED(1, "-D: takes a value, and none follows", "-O2", "-D");
	REFUSED(1, "-Xclang: takes a value, and none follows", "-Xclang");
	/* cc1 reads -fNAME VALUE apart: the value is judged as it will read
	 * it, and a lone word after -Xclang is no input file (issue 41) */
	REFUSED(0, "-Xclang -fdiagnostics-format -Xclang sarif: its value may only be text here",
	        "-Xclang", "-fdiagnostics-format", "-Xclang", "sarif");
	REFUSED(1, "-Xclang -fdiagnostics-format -Xclang json: its value may only be text here",
	        "-Xclang", "-fdiagnostics-format", "-Xclang", "json");
	ALLOWED(1, "-Xclang", "-fdiagnostics-format", "-Xclang", "text");
	REFUSED(1, "-Xclang /cases/sub/x.c: not an option (a second input file, or a value no allowed option takes)",
	        "-Xclang", "/cases/sub/x.c");
	ALLOWED(1, "/cases/sub/x.c");
	ALLOWED(1, "-flto", "-fstack-check", "-falign-functions");
	/* Clang reads default.profdata where it runs: in the sandbox only */
	REFUSED(0, "-fprofile-instr-use: writes files beside the output, outside the sandbox", "-fprofile-instr-use");
	ALLOWED(1, "-fprofile-instr-use");
	REFUSED(1, "-Xclang -triple: takes a value, and none follows", "-Xclang", "-triple", "x86_64");
	REFUSED(1, "-D=1: its value must be a macro definition", "-D=1");
	/* words that are not options: a second input */
	REFUSED(1, "/etc/passwd: not an option (a second input file, or a value no allowed option takes)",
	        "/etc/passwd");
	REFUSED(1, "-Xclang /tmp/x.bc: not an option (a second input file, or a value no allowed option takes)",
	        "-Xclang", "-emit-llvm", "-Xclang", "/tmp/x.bc");
	/* but one of the case's own (DejaGnu's dg-additional-sources) */
	ALLOWED(0, "/cases/sub/extra.c", "-dumpbase", "");
	REFUSED(0, "-dumpbase x: its value must be empty", "-dumpbase", "x");
	/* -W with a comma is a warning's, but for -Wa, -Wl, -Wp, */
	ALLOWED(0, "-Werror=p,", "-Werror=l,", "-Wno-error=x,y", "-fno-show-column");
	/* reading: inside the case's directory only, links and ".." resolved */
	ALLOWED(1, "-I/cases/sub/inc", "-include", "/cases/sub/h.h", "-isystem/cases/sub");
	ALLOWED(1, "-I", "../cases/sub");
	REFUSED(1, "-I/cases: reads a file outside the case's directory", "-I/cases");
	REFUSED(1, "-I/cases/sub/../other: reads a file outside the case's directory", "-I/cases/sub/../other");
	/* a system root (headers, Darwin's SDK settings): the same, inside only */
	ALLOWED(1, "-Xclang", "-isysroot", "-Xclang", "/cases/sub/inc", "-isysroot/cases/sub");
	REFUSED(1, "-Xclang -isysroot -Xclang /: reads a file outside the case's directory", "-Xclang", "-isysroot", "-Xclang", "/");
	REFUSED(1, "-include /etc/passwd: reads a file outside the case's directory", "-include", "/etc/passwd");
	REFUSED(1, "-Xclang -internal-isystem -Xclang /usr: reads a file outside the case's directory",
	        "-Xclang", "-internal-isystem", "-Xclang", "/usr");
	REFUSED(1, "--sysroot=/" NOT_LISTED, "--sysroot=/");
	REFUSED(1, "-fprofile-use=/x.gcda" NOT_LISTED, "-fprofile-use=/x.gcda");
	REFUSED(0, "-include stddef.h: reads a file outside the case's directory", "-include", "stddef.h");
	ALLOWED(1, "-include", "stddef.h");
	/* files beside the output: the sandbox's own /dev and /tmp take them */
	ALLOWED(1, "-MD", "-save-temps", "-fdump-tree-optimized", "-fstack-usage", "-fmodules", "-fcallgraph-info=su");
	REFUSED(0, "-MD: writes files beside the output, outside the sandbox", "-MD");
	REFUSED(0, "-save-temps=obj: writes files beside the output, outside the sandbox", "-save-temps=obj");
	REFUSED(0, "-fmodules: writes files beside the output, outside the sandbox", "-fmodules");
	REFUSED(0, "-fdump-tree-all: writes files beside the output, outside the sandbox", "-fdump-tree-all");
	ALLOWED(0, "-fno-modules");
}

TEST(trust_place)
{
	static const char text[] = "/*\n * case-flags: -O2 -Xclang=-load\n * dg-options \"-fplugin=x\" }\n";
	int line, col;

	trust_place(text, sizeof(text) - 1, "-load", &line, &col);
	CHECK(line == 2);
	CHECK(col == 28);
	trust_place(text, sizeof(text) - 1, "-fplugin=x", &line, &col);
	CHECK(line == 3);
	CHECK(col == 16);
	trust_place(text, sizeof(text) - 1, "-O", &line, &col);
	CHECK(line == 0);
}
