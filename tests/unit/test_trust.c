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
	/* Clang's other ways to load code or read options (issue 24's attacks),
	 * and writers and readers under their long names */
	REFUSED(1, "-Xclang -load: loads code into the compiler", "-Xclang=-load", "-Xclang=x.so");
	REFUSED(1, "-Xclang -add-plugin: loads code into the compiler", "-Xclang=-add-plugin");
	REFUSED(1, "-mllvm -info-output-file=/tmp/x: names a file or code for LLVM", "-mllvm=-info-output-file=/tmp/x");
	REFUSED(1, "--config=evil.cfg: takes options from a file, or reads them another way", "--config=evil.cfg");
	REFUSED(1, "--config: takes options from a file, or reads them another way", "--config", "evil.cfg");
	REFUSED(1, "--config-user-dir=.: takes options from a file, or reads them another way", "--config-user-dir=.");
	REFUSED(1, "--driver-mode=cl: takes options from a file, or reads them another way", "--driver-mode=cl", "/clang:-O2");
	REFUSED(1, "--serialize-diagnostics /tmp/d: writes a file it names", "--serialize-diagnostics", "/tmp/d");
	REFUSED(1, "-fproc-stat-report=/tmp/s: writes a file it names", "-fproc-stat-report=/tmp/s");
	REFUSED(1, "--for-assembler=-adhln=/tmp/l: runs or passes options to another program", "--for-assembler=-adhln=/tmp/l");
	REFUSED(1, "-Xclang -diagnostic-log-file /tmp/l: writes a file it names",
	        "-Xclang", "-diagnostic-log-file", "-Xclang", "/tmp/l");
	REFUSED(1, "--include=/etc/passwd: reads a file outside the case's directory", "--include=/etc/passwd");
	REFUSED(1, "--include-directory=/etc: reads a file outside the case's directory", "--include-directory=/etc");
	REFUSED(1, "-dumpdir /tmp/: writes a file it names", "--save-temps", "-dumpdir", "/tmp/");
	REFUSED(0, "--write-dependencies: writes files beside the output, outside the sandbox", "--write-dependencies");
	REFUSED(0, "-fmodules: writes files beside the output, outside the sandbox", "-fmodules");
	ALLOWED(1, "--write-dependencies", "-fmodules", "-Xclang=-verify", "-mllvm=-inline-threshold=10");
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
