# SPDX-License-Identifier: MIT
# tests/suite/try.sh: try on real compilers: a file without annotations, the
# user's flags, a build's compilation database
# names: try
# needs: compilers
# builds: each

versions
# try: a file read with no annotations on real compilers: every diagnostic
# a row, exit 0 whatever fired, and the second run answered by the cache
tryrun() { DIAGMATRIX_CACHE="$T/trycache" $DM try --config $E --compilers gcc-12,clang-14 --targets x86-64 "$@" tests/e2e/cases/fail.c; }
tryrun > "$T/try1" 2> "$T/try1.err"
st=$?
tryrun > "$T/try2" 2> /dev/null
n=$(sed -n '1s/^diagmatrix try: \([0-9]*\) configurations.*/\1/p' "$T/try1")
[ $st -eq 0 ] && [ -n "$n" ] && [ "$n" -gt 0 ] && grep -q ", 0 from the cache;" "$T/try1" \
	&& grep -q "^ *[0-9]*  fail.c:8: warning: unused variable 'unused' \[-Wunused-variable\]$" "$T/try1" \
	&& grep -q ", $n from the cache;" "$T/try2" && [ "$(sed 1d "$T/try1")" = "$(sed 1d "$T/try2")" ] \
	&& ok try/real-compilers-then-cache || bad try/real-compilers-then-cache "exit $st: $(cat "$T/try1" "$T/try1.err" | head; head -1 "$T/try2")"
tryrun --format json > "$T/try.json" 2> /dev/null
grep -q '"message":"unused variable .unused.","fired":{"gcc-12":\[' "$T/try.json" && grep -q '"clang-14":\["x86-64/' "$T/try.json" \
	&& ok try/json || bad try/json "$(head -c 600 "$T/try.json")"

# try FILE -- FLAG...: the user's flags after every other (a -D decides
# the file here), a relative -I found in the sandbox, shown in the header,
# a part of the cache key; a compiler that printed nothing has its column
tryflags() { (cd tests/try && DIAGMATRIX_CACHE="$T/trycache" "$TOPDIR/$DM" try --config "$TOPDIR/$E" --compilers gcc-12,clang-14 \
	--targets x86-64 --profiles default demo.c "$@"); }
tryflags -- -Iinc -Wno-stringop-overflow > "$T/tf1" 2>&1
tryflags -- -Iinc -DBIG=7 > "$T/tf2" 2>&1
grep -q "^  your flags, after every other: -I$TOPDIR/tests/try/inc -Wno-stringop-overflow$" "$T/tf1" \
	&& grep -q "^     gcc-12  clang-14$" "$T/tf1" && grep -q "^  1  –       all$" "$T/tf1" \
	&& grep -q "^ *[0-9]  demo.c:12: warning: array argument is too small; contains 6 elements, callee requires at least 7 \[-Warray-bounds\]$" "$T/tf1" \
	&& grep -q "^  your flags, after every other: -I$TOPDIR/tests/try/inc -DBIG=7$" "$T/tf2" \
	&& grep -q "; 0 distinct diagnostics\.$" "$T/tf2" && grep -q "^     gcc-12  clang-14$" "$T/tf2" \
	&& ok try/user-flags || bad try/user-flags "$(cat "$T/tf1" "$T/tf2")"

# try --compile-commands: a real build's compilation database (Bear over
# the project's make); the file's diagnostics on the build's own compiler
# and flags (the as-written profile) are those the build printed; an
# option another makes valid (-mcmodel=kernel with -fno-PIE) is taken, by
# GCC 11 too, which lacks another of the build's options
rm -rf "$T/proj" && cp -r tests/try/proj "$T/proj"
(cd "$T/proj" && bear -- make > /dev/null 2> build.err)
sed -n 's/^src\/\(pack\.c:[0-9]*\):[0-9]*: \(warning\|error\): \(.*\) \[\(-W[a-z-]*\)=*\]$/\1: \2: \3 [\4]/p' "$T/proj/build.err" \
	| sed "s/[‘’]/'/g" | sort -u > "$T/build.diags"
(cd /tmp && "$TOPDIR/$DM" try --config "$TOPDIR/$E" --compilers gcc-11,gcc-12,clang-14 --targets x86-64 \
	--compile-commands "$T/proj/compile_commands.json" "$T/proj/src/pack.c") > "$T/cc.out" 2>&1
st=$?
(cd /tmp && "$TOPDIR/$DM" try --config "$TOPDIR/$E" --compilers gcc-12 --targets x86-64 --profiles as-written \
	--compile-commands "$T/proj/compile_commands.json" "$T/proj/src/pack.c") 2>&1 \
	| sed -n 's/^ *[0-9]*  \(pack\.c:[0-9]*: .*\)$/\1/p' | sort -u > "$T/try.diags"
[ $st -eq 0 ] && [ -s "$T/build.diags" ] && cmp -s "$T/build.diags" "$T/try.diags" \
	&& grep -q "^  from the build, for every compiler: -I$T/proj/include -DMODE=2$" "$T/cc.out" \
	&& grep -q "^  from the build, for each compiler that takes them: -O2 -Wall -Wextra -fno-PIE -mcmodel=kernel -fconserve-stack -ftrivial-auto-var-init=zero$" "$T/cc.out" \
	&& grep -q "^  left out of the build's command: .*gcc-12 -g -c '-o obj/pack.o' src/pack.c$" "$T/cc.out" \
	&& grep -q "^  not taken by gcc-11: -ftrivial-auto-var-init=zero$" "$T/cc.out" \
	&& grep -q "^  not taken by clang-14: -fconserve-stack -ftrivial-auto-var-init=zero$" "$T/cc.out" \
	&& ! grep -q "^  not taken by gcc-12" "$T/cc.out" \
	&& grep -q "^ *[0-9]*  pack.c:15: warning: array argument is too small; contains 6 elements, callee requires at least 7 \[-Warray-bounds\]$" "$T/cc.out" \
	&& ok try/compile-commands || bad try/compile-commands "exit $st; build: $(cat "$T/build.diags"); try: $(cat "$T/try.diags"); $(cat "$T/cc.out")"
# a file the database does not compile, and a database that is no JSON
"$DM" try --config $E --compile-commands "$T/proj/compile_commands.json" tests/try/demo.c > /dev/null 2> "$T/cc.err"
[ $? -eq 2 ] && grep -q "compile_commands.json: error: no command compiles $TOPDIR/tests/try/demo.c$" "$T/cc.err" \
	&& ok try/compile-commands-no-entry || bad try/compile-commands-no-entry "$(cat "$T/cc.err")"
printf '[{"file": "a.c", "arguments": ["cc", 7]}]\n' > "$T/bad.json"
"$DM" try --config $E --compile-commands "$T/bad.json" tests/try/demo.c > /dev/null 2> "$T/cc.err"
[ $? -eq 2 ] && grep -qx "$T/bad.json:1:38: error: \"arguments\" holds a word that is not a string" "$T/cc.err" \
	&& ok try/compile-commands-bad-json || bad try/compile-commands-bad-json "$(cat "$T/cc.err")"


# a warning in a header keeps its own file and line, with where it was
# used from beside it: a macro used twice is two rows, an inlined call is
# its caller's line; the as-written run says what the build said, header
# lines included, in every format
(cd /tmp && "$TOPDIR/$DM" try --config "$TOPDIR/$E" --compilers gcc-12 --targets x86-64 --profiles as-written \
	--compile-commands "$T/proj/compile_commands.json" "$T/proj/src/lim.c") > "$T/lim.out" 2>&1
sed -n 's/^include\/\(lim\.h:[0-9]*\):[0-9]*: \(warning\): \(.*\) \[\(-W[a-z-]*\)=*\]$/\1: \2: \3 [\4]/p' "$T/proj/build.err" \
	| sed "s/[‘’]/'/g" | sort > "$T/lim.build"
sed -n 's/^ *[0-9]*  \(lim\.h:[0-9]*: .*\) (from lim\.c:[0-9]*)$/\1/p' "$T/lim.out" | sort > "$T/lim.try"
(cd /tmp && "$TOPDIR/$DM" try --format markdown --config "$TOPDIR/$E" --compilers gcc-12 --targets x86-64 \
	--profiles as-written --compile-commands "$T/proj/compile_commands.json" "$T/proj/src/lim.c") > "$T/lim.md" 2>&1
(cd /tmp && "$TOPDIR/$DM" try --format json --config "$TOPDIR/$E" --compilers gcc-12 --targets x86-64 \
	--profiles as-written --compile-commands "$T/proj/compile_commands.json" "$T/proj/src/lim.c") > "$T/lim.json" 2>&1
[ "$(wc -l < "$T/lim.build")" -eq 3 ] && cmp -s "$T/lim.build" "$T/lim.try" \
	&& grep -q "^  [0-9]  lim.h:3: warning: comparison of unsigned expression in '>= 0' is always true \[-Wtype-limits\] (from lim.c:12)$" "$T/lim.out" \
	&& grep -q "^  [0-9]  lim.h:3: warning: comparison of unsigned expression in '>= 0' is always true \[-Wtype-limits\] (from lim.c:17)$" "$T/lim.out" \
	&& grep -q "^  [0-9]  lim.h:9: warning: array subscript 4 is outside array bounds of 'char\[4\]' \[-Warray-bounds\] (from lim.c:24)$" "$T/lim.out" \
	&& grep -q "^| lim.h (from lim.c:17) | 3 | \`warning: comparison of unsigned" "$T/lim.md" \
	&& grep -q '"compiled":"lim.c","file":"lim.h","from":{"file":"lim.c","line":24},"line":9,' "$T/lim.json" \
	&& ok try/header-file-and-place || bad try/header-file-and-place "build: $(cat "$T/lim.build"); $(cat "$T/lim.out" "$T/lim.md")"

# a compile that failed is never silence: unoptimised the file stops at
# an #error, and -Wfatal-errors ends it there, so the fall-through
# warning further down is unknown at O0, not absent; every format says
# so, and the summary counts the failed compiles
trystop() { DIAGMATRIX_CACHE="$T/trycache" $DM try --config $E --compilers gcc-12,clang-14 --targets x86-64 "$@" \
	tests/try/stop/stop.c -- -Wimplicit-fallthrough -Wfatal-errors; }
trystop > "$T/stop.txt" 2>&1
trystop --format markdown > "$T/stop.md" 2>&1
trystop --format json > "$T/stop.json" 2>&1
grep -q "^diagmatrix try: 4 configurations (2 compilers × 1 target × 2 profiles), [0-9]* from the cache; [0-9]* distinct diagnostics; 2 compiles failed\.$" "$T/stop.txt" \
	&& grep -q "^ *\([0-9]*\)  stop.c:16: warning: this statement may fall through \[-Wimplicit-fallthrough\]$" "$T/stop.txt" \
	&& n=$(sed -n 's/^ *\([0-9]*\)  stop.c:16: warning: this statement may fall through.*/\1/p' "$T/stop.txt") \
	&& grep -q "^ *$n  all others; failed: O0  –; failed: O0$" "$T/stop.txt" \
	&& grep -q "^| stop.c | 16 | \`warning: this statement may fall through \[-Wimplicit-fallthrough\]\` | all others; failed: O0 | –; failed: O0 |$" "$T/stop.md" \
	&& grep -q '"line":16,"severity":"warning","option":"-Wimplicit-fallthrough","message":"this statement may fall through","fired":{"gcc-12":\["x86-64/default"\]},"failed":{"gcc-12":\["x86-64/O0"\],"clang-14":\["x86-64/O0"\]}}' "$T/stop.json" \
	&& grep -q '"failed_compiles":2,' "$T/stop.json" && grep -q '"failed: WHERE" names where the compile failed$' "$T/stop.md" \
	&& ok try/failed-is-not-silent || bad try/failed-is-not-silent "$(cat "$T/stop.txt" "$T/stop.md")"

# a diagnostic without a place (Clang's unknown warning option) is a row,
# and the flag it names is one the compiler did not take; a compiler of
# the selection that did not run is named with why
DIAGMATRIX_CACHE="$T/trycache" $DM try --config $E --compilers gcc-12,clang-14,gcc-99 --targets x86-64 --profiles default \
	tests/try/demo.c -- -Wlogical-op > "$T/ign.txt" 2>&1
grep -q "^ *[0-9]*  demo.c: warning: unknown warning option '-Wlogical-op'.* \[-Wunknown-warning-option\]$" "$T/ign.txt" \
	&& grep -q "^  not taken by clang-14 (it said so): -Wlogical-op$" "$T/ign.txt" \
	&& grep -q "^  not run: gcc-99: gcc-99-does-not-exist not found (apt-get install gcc-99)$" "$T/ign.txt" \
	&& grep -q "^diagmatrix try: 2 configurations (2 compilers × 1 target × 1 profile)" "$T/ign.txt" \
	&& ok try/unplaced-and-not-run || bad try/unplaced-and-not-run "$(cat "$T/ign.txt")"

# a selection of nothing is an input error, never everything; try on a
# directory says it walked it; a usage error shows try's own usage
st=""
$DM try --config $E --targets '' tests/try/demo.c > /dev/null 2> "$T/sel1"; st="$st $?"
$DM try --config $E --compilers , tests/try/demo.c > /dev/null 2> "$T/sel2"; st="$st $?"
$DM try --config $E --compilers gcc-12 tests/try/empty > /dev/null 2> "$T/sel3"; st="$st $?"
$DM try --config $E --compilers gcc-12 --profiles as-written tests/try/demo.c > /dev/null 2> "$T/sel4"; st="$st $?"
$DM try --config $E --bogus tests/try/demo.c > /dev/null 2> "$T/sel5"; st="$st $?"
DIAGMATRIX_CACHE="$T/trycache" $DM try --config $E --compilers gcc-12 --targets x86-64 --profiles default tests/try/stop > "$T/walk" 2>&1
[ "$st" = " 2 2 2 2 2" ] && grep -q "error: option '--targets' names nothing" "$T/sel1" \
	&& grep -q "error: option '--compilers' names nothing" "$T/sel2" \
	&& grep -q "error: no C file in tests/try/empty (try walks a directory for its .c files)$" "$T/sel3" \
	&& grep -q "error: nothing to compile: the as-written profile is the flags of a compilation database" "$T/sel4" \
	&& grep -q "^usage: diagmatrix try " "$T/sel5" && ! grep -q "diagmatrix run" "$T/sel5" \
	&& grep -q "^diagmatrix try: 1 compile of the 1 C file under tests/try/stop, each in 1 configuration (1 compiler × 1 target × 1 profile)" "$T/walk" \
	&& ok try/selections || bad try/selections "$st: $(cat "$T/sel1" "$T/sel2" "$T/sel3" "$T/sel4" "$T/sel5" "$T/walk")"

# the cache follows what each compile read (its dependency output), as
# ccache's direct mode does: a file that finds its header through -I and
# a macro include is answered from the cache on a rerun, every compile
# again once the header changes, and from the cache once more after that
rm -rf "$T/mproj" && cp -r tests/try/proj "$T/mproj"
printf '#include HDR\nint third(unsigned c);\nint third(unsigned c)\n{\n\treturn NONNEG(c);\n}\n' > "$T/mproj/src/macro.c"
trymacro() { DIAGMATRIX_CACHE="$T/depcache" $DM try --config $E --compilers gcc-12,clang-14 --targets x86-64 \
	"$T/mproj/src/macro.c" -- -Wextra "-I$T/mproj/include" '-DHDR="lim.h"'; }
trymacro > "$T/dc1" 2> "$T/dc1.err"
trymacro > "$T/dc2" 2> "$T/dc2.err"
echo '#define EXTRA 1' >> "$T/mproj/include/lim.h"
trymacro > "$T/dc3" 2> "$T/dc3.err"
trymacro > "$T/dc4" 2> "$T/dc4.err"
grep -q "^diagmatrix try: 4 configurations .*, 0 from the cache;" "$T/dc1" \
	&& grep -q "^diagmatrix try: 4 configurations .*, 4 from the cache;" "$T/dc2" \
	&& grep -q "^diagmatrix try: 4 configurations .*, 0 from the cache;" "$T/dc3" \
	&& grep -q "^diagmatrix try: 4 configurations .*, 4 from the cache;" "$T/dc4" \
	&& grep -q "^ *[0-9]  lim.h:3: warning: comparison of unsigned expression in '>= 0' is always true \[-Wtype-limits\] (from macro.c:5)$" "$T/dc2" \
	&& [ "$(sed 1d "$T/dc1")" = "$(sed 1d "$T/dc2")" ] && ! grep -q "not cached" "$T/dc1" \
	&& grep -q "^diagmatrix: \[4/4\] 100%" "$T/dc1.err" \
	&& ok try/cache-follows-reads || bad try/cache-follows-reads "$(cat "$T/dc1" "$T/dc2" "$T/dc3" "$T/dc4")"

# the user's -O wins over every profile's, and the labels say so
DIAGMATRIX_CACHE="$T/trycache" $DM try --format json --config $E --compilers gcc-12 --targets x86-64 \
	tests/try/stop/stop.c -- -O3 -Wimplicit-fallthrough > "$T/olevel.json" 2> /dev/null
grep -q '"fired":{"gcc-12":\["x86-64/default (-O3)","x86-64/O0 (-O3)"\]}' "$T/olevel.json" \
	&& ok try/user-opt-level-labels || bad try/user-opt-level-labels "$(cat "$T/olevel.json")"

# a database with two commands for one file (a shared and a static
# build): the last is taken and the header says so; --entry takes another
printf '[{"directory": "%s", "file": "src/pack.c", "arguments": ["gcc-12", "-Iinclude", "-DMODE=1", "-c", "src/pack.c"]},\n {"directory": "%s", "file": "src/pack.c", "arguments": ["gcc-12", "-Iinclude", "-DMODE=2", "-c", "src/pack.c"]}]\n' \
	"$T/proj" "$T/proj" > "$T/two.json"
DIAGMATRIX_CACHE="$T/trycache" $DM try --config $E --compilers gcc-12 --targets x86-64 --profiles default \
	--compile-commands "$T/two.json" "$T/proj/src/pack.c" > "$T/two.out" 2> /dev/null
DIAGMATRIX_CACHE="$T/trycache" $DM try --config $E --compilers gcc-12 --targets x86-64 --profiles default \
	--compile-commands "$T/two.json" --entry 1 "$T/proj/src/pack.c" > "$T/two1.out" 2> /dev/null
$DM try --config $E --compile-commands "$T/two.json" --entry 3 "$T/proj/src/pack.c" > /dev/null 2> "$T/two3.err"; st=$?
grep -q "^  the build's command for the file: command 2 of the 2 that compile it ($T/two.json:2; --entry N takes another)$" "$T/two.out" \
	&& grep -q "^  from the build, for every compiler: -I$T/proj/include -DMODE=2$" "$T/two.out" \
	&& grep -q "^  the build's command for the file: command 1 of the 2 that compile it ($T/two.json:1; --entry N takes another)$" "$T/two1.out" \
	&& grep -q "^  from the build, for every compiler: -I$T/proj/include -DMODE=1$" "$T/two1.out" \
	&& [ $st -eq 2 ] && grep -q "2 commands compile .*pack.c: --entry 3 names none$" "$T/two3.err" \
	&& ok try/compile-commands-entries || bad try/compile-commands-entries "$(cat "$T/two.out" "$T/two1.out" "$T/two3.err")"

# the kernel's riscv64 ABI flags and <stdio.h>: that compile fails, and the
# file's warning reads as unknown there, never as "riscv64 does not warn"
DIAGMATRIX_CACHE="$T/trycache" $DM try --config tests/try/compilers.yaml tests/try/stdio/uses.c > "$T/stdio.txt" 2> /dev/null
DIAGMATRIX_CACHE="$T/trycache" $DM try --format json --config tests/try/compilers.yaml tests/try/stdio/uses.c > "$T/stdio.json" 2> /dev/null
grep -q "^  [0-9]  stubs.h:14: fatal: gnu/stubs-lp64.h: No such file or directory (from uses.c:4)$" "$T/stdio.txt" \
	&& n=$(sed -n "s/^  \([0-9]\)  uses.c:10: warning: unused variable 'unused' \[-Wunused-variable\]$/\1/p" "$T/stdio.txt") \
	&& grep -q "^  $n  all others; failed: riscv64/kernel$" "$T/stdio.txt" \
	&& grep -q '"line":10,"severity":"warning","option":"-Wunused-variable","message":"unused variable .unused.","fired":{"gcc-12":\["x86-64/default","x86-64/kernel","riscv64/default"\]},"failed":{"gcc-12":\["riscv64/kernel"\]}}' "$T/stdio.json" \
	&& ok try/riscv64-stdio-failed || bad try/riscv64-stdio-failed "$(cat "$T/stdio.txt" "$T/stdio.json")"

# the cache key does not depend on how the file is named
(cd tests/try && DIAGMATRIX_CACHE="$T/namecache" "$TOPDIR/$DM" try --config "$TOPDIR/$E" --compilers gcc-12 --targets x86-64 \
	stop/stop.c) > "$T/rel" 2> /dev/null
DIAGMATRIX_CACHE="$T/namecache" $DM try --config $E --compilers gcc-12 --targets x86-64 "$TOPDIR/tests/try/stop/stop.c" > "$T/abs" 2> /dev/null
grep -q ", 0 from the cache;" "$T/rel" && grep -q ", 2 from the cache;" "$T/abs" \
	&& grep -q "^  [0-9]  stop.c:5: error: #error \"built unoptimised\"$" "$T/abs" \
	&& ok try/cache-whatever-the-name || bad try/cache-whatever-the-name "$(cat "$T/rel" "$T/abs")"
