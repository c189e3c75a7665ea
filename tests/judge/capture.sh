#!/bin/sh
# SPDX-License-Identifier: MIT
# capture.sh: regenerate the compiler output the judge tests read. Each
# CASE.COMPILER.ARCH.PROFILE.stderr is what that compiler printed, exactly,
# for the command the harness gives it (the profile's flags, the plain
# output flags, the case's own), and .status how it exited. Run from the
# repository root; the .expect files are then checked by hand and kept.
set -u
d=tests/judge
run() {  # NAME CMD...
	_n=$1; shift
	LC_ALL=C "$@" 2> "$d/$_n.stderr" > /dev/null
	echo "exit $?" > "$d/$_n.status"
}
gplain=-fdiagnostics-plain-output
cplain="-fno-caret-diagnostics -fno-color-diagnostics"
for p in default:-O2 O0:-O0; do
	name=${p%%:*}; opt=${p#*:}
	run native.gcc-12.x86-64.$name gcc-12 $opt -Wall $gplain -c $d/native.c -o /dev/null
	run native.clang-14.x86-64.$name clang-14 --target=x86_64-linux-gnu $opt -Wall $cplain -c $d/native.c -o /dev/null
done
run native.gcc-11.x86-64.default gcc-11 -O2 -Wall $gplain -c $d/native.c -o /dev/null
run native.clang-14.arm64.default clang-14 --target=aarch64-linux-gnu -O2 -Wall $cplain -c $d/native.c -o /dev/null
# -verify: the flags of the RUN line, without -verify
run verify.clang-14.x86-64.default clang-14 --target=x86_64-linux-gnu -O2 -Wall $cplain -c $d/verify.c -o /dev/null
run verify.clang-22.x86-64.default clang-22 --target=x86_64-linux-gnu -O2 -Wall $cplain -c $d/verify.c -o /dev/null
# DejaGnu: runtest's order, the file first and -S (dg-do compile)
run dejagnu.gcc-12.x86-64.default gcc-12 $d/dejagnu.c $gplain -O2 -Wall -S -o /dev/null
run dejagnu.gcc-12.x86-64.O0 gcc-12 $d/dejagnu.c $gplain -O0 -Wall -S -o /dev/null
run dejagnu.clang-14.x86-64.default clang-14 $d/dejagnu.c $cplain -O2 -Wall -S -o /dev/null
