#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/dejagnu/runtest.sh GCC_TESTSUITE WORK: lay out a DejaGnu testsuite
# in WORK/testsuite (GCC 12's lib and config from GCC_TESTSUITE, this
# directory's gcc.diagmatrix, and the gcc.dg/W*.c files with gcc.dg's
# headers), run GCC's own runtest over it with gcc-12, and write
# WORK/runtest.verdicts: one "DIR/FILE<TAB>pass|fail|n/a" per file
# (sum-verdicts.awk). The harness is then run on WORK/testsuite too.
set -eu
GT=$1 W=$2
HERE=$(cd "$(dirname "$0")" && pwd)
GT=$(cd "$GT" && pwd)
mkdir -p "$W/testsuite/gcc.dg-sample" "$W/run" "$W/tmp"
W=$(cd "$W" && pwd)
ln -sfn "$GT/lib" "$W/testsuite/lib"
ln -sfn "$GT/config" "$W/testsuite/config"
rm -rf "$W/testsuite/gcc.diagmatrix"
cp -R "$HERE/gcc.diagmatrix" "$W/testsuite/"
cp "$GT"/gcc.dg/W*.c "$GT"/gcc.dg/*.h "$W/testsuite/gcc.dg-sample/"
cp "$HERE/gcc.diagmatrix/own.exp" "$W/testsuite/gcc.dg-sample/"
sh "$HERE/site-exp.sh" "$W" gcc-12 > "$W/run/site.exp"
# runtest exits 1 when a test fails; some of ours are meant to
(cd "$W/run" && runtest --tool gcc --srcdir "$W/testsuite" own.exp > runtest.out 2>&1) || true
grep -q '=== gcc Summary ===' "$W/run/runtest.out"
awk -f "$HERE/sum-verdicts.awk" "$W/run/gcc.sum" | sort > "$W/runtest.verdicts"
