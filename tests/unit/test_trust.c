/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "t.h"
#include "trust.h"

/* The refusal of the flags in words (NULL: allowed), for a case in
 * /cases/sub, compiled from /work, sandboxed or not. */
static char *
why(int sandboxed, const char *const *flags)
{
	struct strvec sv = {0};
	char *r;

	for (; *flags; flags++)
		strvec_push(&sv, *flags);
	r = trust_refusal(&sv, "/cases/sub", "/work", NULL, sandboxed);
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

TEST(trust_refusal)
{
	ALLOWED(1, "-O2", "-Wall", "-std=c11", "-DX=1", "-fno-inline", "-x", "c++");
	REFUSED(1, "-wrapper sh,-c,id: runs or passes options to another program", "-O2", "-wrapper", "sh,-c,id");
	REFUSED(1, "-fplugin=x.so: loads code into the compiler", "-fplugin=x.so");
	REFUSED(1, "-fplugin-arg-x-y=1: loads code into the compiler", "-fplugin-arg-x-y=1");
	REFUSED(1, "-Xclang -load: loads code into the compiler", "-Xclang", "-load", "-Xclang", "x.so");
	REFUSED(1, "-Xclang -dependency-file /tmp/d: writes a file it names",
	        "-Xclang", "-dependency-file", "-Xclang", "/tmp/d");
	REFUSED(1, "-mllvm -info-output-file=/tmp/x: names a file or code for LLVM", "-mllvm", "-info-output-file=/tmp/x");
	REFUSED(1, "@args: reads its arguments from a file", "@args");
	REFUSED(1, "-Bdir: runs or passes options to another program", "-Bdir");
	REFUSED(1, "-Wp,-MD,x.d: runs or passes options to another program", "-Wp,-MD,x.d");
	REFUSED(1, "-o x.o: writes a file it names", "-o", "x.o");
	REFUSED(1, "-MF x.d: writes a file it names", "-MD", "-MF", "x.d");
	REFUSED(1, "-fdump-tree-all=x: writes a file it names", "-fdump-tree-all=x");
	/* reading: inside the case's directory only, links and ".." resolved */
	ALLOWED(1, "-I/cases/sub/inc", "-include", "/cases/sub/h.h", "-isystem/cases/sub");
	ALLOWED(1, "-I", "../cases/sub");
	REFUSED(1, "-I/cases: reads a file outside the case's directory", "-I/cases");
	REFUSED(1, "-I/cases/sub/../other: reads a file outside the case's directory", "-I/cases/sub/../other");
	REFUSED(1, "-include /etc/passwd: reads a file outside the case's directory", "-include", "/etc/passwd");
	REFUSED(1, "--sysroot=/: reads a file outside the case's directory", "--sysroot=/");
	REFUSED(1, "-fprofile-use=/x.gcda: reads a file outside the case's directory", "-fprofile-use=/x.gcda");
	REFUSED(0, "-include stddef.h: reads a file outside the case's directory", "-include", "stddef.h");
	ALLOWED(1, "-include", "stddef.h");
	/* files beside the output: the sandbox's own /dev and /tmp take them */
	ALLOWED(1, "-MD", "-save-temps", "-fdump-tree-optimized", "-fstack-usage");
	REFUSED(0, "-MD: writes files beside the output, outside the sandbox", "-MD");
	REFUSED(0, "-save-temps=obj: writes files beside the output, outside the sandbox", "-save-temps=obj");
}
