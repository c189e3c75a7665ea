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
tryrun --format json > "$T/try.json"
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

