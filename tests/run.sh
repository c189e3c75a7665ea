#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/run.sh BUILD...: every test of diagmatrix, for each build directory
# given (`make check` passes build and build-san, the sanitizer build);
# run from the repository root. Prints PASS/FAIL per test and ends with
# "N passed, N failed"; exits 1 if anything failed.
#
# The end-to-end tests run the real compilers of tests/e2e/compilers.yaml
# (installed by `make check`). valgrind checks run on plain builds; the
# sanitizer build checks memory itself.
set -u
TOP=$(mktemp -d /tmp/diagmatrix-tests.XXXXXX)
TOPDIR=$(pwd)   # the repository: tests that run elsewhere name its files by it
trap 'rm -rf "$TOP"' EXIT INT TERM
passed=0
failed=0
P=

ok() { passed=$((passed + 1)); echo "PASS $P$1"; }
bad() { failed=$((failed + 1)); echo "FAIL $P$1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/    /'; }
check() {  # NAME COMMAND...: pass when the command succeeds
	name=$1; shift
	if out=$("$@" 2>&1); then ok "$name"; else bad "$name" "$out"; fi
}

# A compiler's version, as diagmatrix list measures it (CONFIG COMPILER
# TARGET), and the same as a grep pattern: no test names a point release.
version() { $DM list --config "$1" | awk -v c="$2" -v t="$3" '$1 == c && $4 == t { print $3; exit }'; }
re() { printf '%s' "$1" | sed 's/[.[\*^$]/\\&/g'; }
# A dry run's lines without each job's bounds (prlimit, and timeout
# without the sandbox), which every line begins with.
unbound() { sed 's/^LC_ALL=C prlimit --as=[0-9]* --cpu=[0-9:]* --fsize=[0-9]* --core=0 -- \(timeout -s KILL [0-9]* \)\{0,1\}/LC_ALL=C /' "$@"; }

# --- the compiler-free checks: they run first, and fast ---
offline() {
# --- unit tests: every module on its own ---
$UNIT > "$T/unit.out" 2> "$T/unit.err"
while read -r st name; do
	if [ "$st" = PASS ]; then ok "$name"; else bad "$name" "$(cat "$T/unit.err")"; fi
done < "$T/unit.out"
[ -s "$T/unit.out" ] || bad unit/ran "unit-tests printed nothing"

# --- the diagnostic parser on captured output of every installed compiler ---
for f in tests/data/diag/*.stderr; do
	n=${f%.stderr}
	$UNIT diag "$f" > "$T/diag.out"
	if cmp -s "$T/diag.out" "$n.expect"; then ok "diag/$(basename "$n")"
	else bad "diag/$(basename "$n")" "$(diff "$n.expect" "$T/diag.out" | head -20)"; fi
done

# --- malformed case files: FILE:LINE:COL: error, exit 2, nothing written ---
for f in tests/bad-cases/*.c; do
	n=${f%.c}
	rm -f "$T/r.results"
	$DM run --config tests/e2e/compilers.yaml --cases "$f" --out "$T/r.results" > /dev/null 2> "$T/err"
	st=$?
	if [ $st -eq 2 ] && cmp -s "$T/err" "$n.err" && [ ! -e "$T/r.results" ]; then ok "bad-case/$(basename "$n")"
	else bad "bad-case/$(basename "$n")" "exit $st; $(cat "$T/err")"; fi
	$DM lint --config compilers.yaml "$f" > /dev/null 2> "$T/err"
	st=$?
	if [ $st -eq 2 ] && cmp -s "$T/err" "$n.err"; then ok "lint/$(basename "$n")"
	else bad "lint/$(basename "$n")" "exit $st; $(cat "$T/err")"; fi
done

# --- malformed compilers.yaml files ---
for f in tests/bad-config/*.yaml; do
	n=${f%.yaml}
	rm -f "$T/r.results"
	$DM run --config "$f" --cases tests/e2e/cases --out "$T/r.results" > /dev/null 2> "$T/err"
	st=$?
	if [ $st -eq 2 ] && cmp -s "$T/err" "$n.err" && [ ! -e "$T/r.results" ]; then ok "bad-config/$(basename "$n")"
	else bad "bad-config/$(basename "$n")" "exit $st; $(cat "$T/err")"; fi
done

# --- the judges of each dialect on captured compiler output ---
for f in tests/judge/*.stderr; do
	n=${f%.stderr}
	b=$(basename "$n")
	$UNIT judge "tests/judge/${b%%.*}.c" "$f" "$b" "$n.status" > "$T/judge.out" 2>&1
	if cmp -s "$T/judge.out" "$n.expect"; then ok "judge/$b"
	else bad "judge/$b" "$(diff "$n.expect" "$T/judge.out" | head -20)"; fi
done


# --- the grid reports (overview, merged columns, SVG, try) of results made for them ---
G=tests/grid
golden() { # NAME GOLDEN COMMAND...
	n=$1 gf=$2; shift 2
	"$@" > "$T/golden.out" 2>&1
	if cmp -s "$T/golden.out" "$gf"; then ok "$n"; else bad "$n" "$(diff "$gf" "$T/golden.out" | head -20)"; fi
}
golden grid/table $G/table.md $DM table $G/grid.results
golden grid/svg $G/overview.svg $DM table --format svg $G/grid.results
golden grid/try-text $G/try.txt $DM try --from $G/try.results
golden grid/try-markdown $G/try.md $DM try --format markdown --from $G/try.results
golden grid/try-json $G/try.json $DM try --format json --from $G/try.results
check grid/svg-well-formed xmllint --noout $G/overview.svg
check grid/svg-from-real-results sh -c "$DM table --format svg tests/report/old.results | xmllint --noout -"
# what the goldens must show, said once more in words
check grid/range-merges grep -q '^| line | expectation | gcc-10<br>10.2.1 | gcc 11–12 | clang 14–16 |$' $G/table.md
check grid/range-splits grep -q '^| line | expectation | gcc-10<br>10.2.1 | gcc-11<br>11.3.0 | gcc-12<br>12.2.0 | clang 14–16 |$' $G/table.md
check grid/profile-excluded grep -q '✓ -Wstringop-overflow (default)<br>silent (kernel)' $G/table.md
check grid/overview-profile-excluded grep -q '11–12: -Wstringop-overflow; silent under kernel | -Warray-bounds |$' $G/table.md
check grid/silent-compiler grep -q '“array argument is too small; contains 6 elements” `\[-Warray-bounds\]` | silent |' $G/table.md
check grid/one-of-two grep -q '`\[-Warray-bounds\]` | silent | ✓ -Warray-bounds | ✓ -Warray-bounds (error) | silent |$' $G/table.md
check grid/line-link grep -q '^| \[5\](../cases/static/small.c#L5) |' $G/table.md
check grid/verdict-only-when-failing sh -c "grep -c '| \*\*verdict\*\* |' $G/table.md | grep -qx 1"
check grid/try-skip-na-error grep -q '^  4  –       –          –            arm64/kernel$' $G/try.txt
# a FITS field naming a directive the case does not have is refused, at its line
sed '0,/expected	array argument is too small; contains 6 elements, callee requires at least 7	1$/s//expected	x	7/' \
	$G/grid.results > "$T/badfits.results"
$DM table "$T/badfits.results" > /dev/null 2> "$T/badfits.err"
[ $? -eq 2 ] && grep -q "badfits.results:[0-9]*:[0-9]*: error: bad directive list '7' in diag record" "$T/badfits.err" \
	&& ok grid/bad-fits-refused || bad grid/bad-fits-refused "$(cat "$T/badfits.err")"
check grid/na-family grep -q '^| other | \[a GCC extension\](../cases/other/gcc-only.c) | silent | n/a |$' $G/table.md
check grid/svg-cells-coloured sh -c "grep -c '<rect x=\"[0-9.]*\" y=\"[0-9]*\" width=\"[0-9.]*\" height=\"18\" fill=\"#2e7d32\"/>' $G/overview.svg | grep -qv '^0$'"
# --- the reports of a results file, compared whole ---
R=tests/report
$DM table $R/old.results > "$T/report.md" 2>&1
cmp -s "$T/report.md" $R/table.md && ok report/table || bad report/table "$(diff $R/table.md "$T/report.md" | head -20)"
for f in tap tsv junit jsonl; do
	$DM export --format $f $R/old.results > "$T/report.$f" 2>&1
	cmp -s "$T/report.$f" $R/export.$f && ok "report/export-$f" || bad "report/export-$f" "$(diff $R/export.$f "$T/report.$f" | head -20)"
done
$DM diff $R/old.results $R/new.results > "$T/report.diff" 2>&1
[ $? -eq 1 ] && cmp -s "$T/report.diff" $R/diff.txt && ok report/diff-text || bad report/diff-text "$(diff $R/diff.txt "$T/report.diff" | head -20)"
$DM diff --format markdown $R/old.results $R/new.results > "$T/report.diff.md" 2>&1
[ $? -eq 1 ] && cmp -s "$T/report.diff.md" $R/diff.md && ok report/diff-markdown || bad report/diff-markdown "$(diff $R/diff.md "$T/report.diff.md" | head -20)"
# a results file the user pipes in is read (within the same bound); a
# device is not
cat $R/new.results | $DM diff $R/old.results /dev/stdin > "$T/report.pipe" 2>&1
[ $? -eq 1 ] && cmp -s "$T/report.pipe" $R/diff.txt && ok report/diff-from-pipe || bad report/diff-from-pipe "$(head -5 "$T/report.pipe")"
$DM table /dev/zero > /dev/null 2> "$T/report.dev"
[ $? -eq 2 ] && grep -qx "/dev/zero: error: cannot read: neither a regular file nor a pipe" "$T/report.dev" \
	&& ok report/device-refused || bad report/device-refused "$(cat "$T/report.dev")"

# --- the project's own cases are well-formed ---
check lint/cases $DM lint cases

# one version, said by --version as version.h defines it, with the revision
v=$(sed -n 's/^#define DIAGMATRIX_VERSION "\(.*\)"$/\1/p' harness/version.h)
$DM --version > "$T/version" 2>&1 && [ -n "$v" ] && grep -qx "diagmatrix $v (.*)" "$T/version" \
	&& ok cli/version || bad cli/version "$(cat "$T/version")"
# every command says what it does and takes, both ways, exit 0
for c in run try table export diff merge list lint root; do
	$DM $c --help > "$T/h1" 2>&1 && $DM help $c > "$T/h2" 2>&1 && cmp -s "$T/h1" "$T/h2" \
		&& grep -q "^usage: diagmatrix $c " "$T/h1" && [ "$(wc -l < "$T/h1")" -ge 3 ] \
		&& ok "cli/help-$c" || bad "cli/help-$c" "$(cat "$T/h1")"
done
$DM help klingon > /dev/null 2>&1; [ $? -eq 2 ] && ok cli/help-unknown || bad cli/help-unknown

# inputs the fuzzers once found faults with: refused or read, never a crash
for f in tests/fuzz/regressions/case-*; do
	$UNIT parse "$f" > /dev/null 2> "$T/err"
	st=$?
	[ $st -eq 0 ] && ! grep -q Sanitizer "$T/err" && ok "fuzz-regression/$(basename "$f")" \
		|| bad "fuzz-regression/$(basename "$f")" "exit $st: $(head -5 "$T/err")"
done
}

# --- everything that runs real compilers ---
compilers() {
# the versions of the test compilers, as measured here
E=tests/e2e/compilers.yaml
v12=$(version $E gcc-12 x86-64)
g11=$(re "$(version $E gcc-11 x86-64)") g12=$(re "$v12")
c14=$(re "$(version $E clang-14 x86-64)") c22=$(re "$(version $E clang-22 x86-64)")
# --- the whole path on real compilers ---
$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --out "$T/e2e.results" -j 2 \
	> "$T/run.out" 2> "$T/run.err"
st=$?
if [ $st -eq 1 ]; then ok e2e/exit-status-1-on-fail; else bad e2e/exit-status-1-on-fail "exit $st: $(cat "$T/run.err")"; fi
$DM export --format tap "$T/e2e.results" > "$T/e2e.tap"
grep -E '^(not )?ok' "$T/e2e.tap" > "$T/e2e.verdicts"
if cmp -s "$T/e2e.verdicts" tests/e2e/expected.tap; then ok e2e/verdicts
else bad e2e/verdicts "$(diff tests/e2e/expected.tap "$T/e2e.verdicts" | head -20)"; fi
grep -q '^1\.\.56$' "$T/e2e.tap" && grep -q '^  missing:$' "$T/e2e.tap" && grep -q '^  unexpected:$' "$T/e2e.tap" \
	&& ok e2e/tap-yaml || bad e2e/tap-yaml "$(head -20 "$T/e2e.tap")"
$DM export --format tsv "$T/e2e.results" > "$T/e2e.tsv"
tab=$(printf '\t')
check e2e/tsv-header grep -qx "case${tab}compiler${tab}version${tab}target${tab}profile${tab}line${tab}column${tab}severity${tab}option${tab}count${tab}status${tab}message" "$T/e2e.tsv"
# gcc-12 prints the warning three times at -O2; the count says so
check e2e/tsv-gcc12-count grep -qx "pass.c${tab}gcc-12${tab}$g12${tab}x86-64${tab}default${tab}11${tab}9${tab}warning${tab}-Wstringop-overflow${tab}3${tab}expected${tab}'blah' accessing 7 bytes in a region of size 6" "$T/e2e.tsv"
check e2e/tsv-clang-note grep -qx "pass.c${tab}clang-22${tab}$c22${tab}x86-64${tab}O0${tab}4${tab}25${tab}note${tab}-${tab}2${tab}expected${tab}callee declares array parameter as static here" "$T/e2e.tsv"
check e2e/tsv-unexpected grep -qx "fail.c${tab}clang-14${tab}$c14${tab}arm64${tab}O0${tab}8${tab}6${tab}warning${tab}-Wunused-variable${tab}1${tab}unexpected${tab}unused variable 'unused'" "$T/e2e.tsv"
check e2e/tsv-pedantic grep -q "^requires.c${tab}gcc-12${tab}$g12${tab}x86-64${tab}O0${tab}6${tab}.*${tab}-Wpedantic${tab}1${tab}expected${tab}ISO C90" "$T/e2e.tsv"
check e2e/summary grep -q '^diagmatrix: 56 jobs: 26 pass, 12 fail, 0 error, 8 skip, 10 n/a' "$T/run.err"

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

# the examples of the README and the documents (docs/examples) pass on
# the matrix's own configuration, every profile (the kernel's too), on the
# compilers make check installs; make matrix runs them on every compiler
$DM run --config compilers.yaml --compilers gcc-11,gcc-12,clang-14,clang-22 --cases docs/examples --out "$T/examples.results" -j 2 > /dev/null 2> "$T/examples.err"
st=$?
[ $st -eq 0 ] && grep -q '^diagmatrix: [0-9]* jobs: [1-9][0-9]* pass, 0 fail, 0 error,' "$T/examples.err" \
	&& ok e2e/doc-examples-pass || bad e2e/doc-examples-pass "exit $st: $(grep -v '^diagmatrix: \[' "$T/examples.err")"

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

# table: a column per compiler, the legend, a row per expectation
$DM table "$T/e2e.results" > "$T/table.md"
check table/columns grep -q "^| line | expectation | gcc-11<br>$g11 | gcc-12<br>$g12 | clang 14–22 | gcc-99 |$" "$T/table.md"
check table/columns-merge grep -q "^| line | expectation | gcc 11–12 | clang 14–22 | gcc-99 |$" "$T/table.md"
check table/legend grep -q '^| FP -Wfoo | a documented false positive' "$T/table.md"
check table/held grep -q '^| \[11\](../tests/e2e/cases/pass.c#L11) | expect-warning `{gcc}` “accessing 7 bytes in a region of size 6” `\[-Wstringop-overflow\]` | ✓ -Wstringop-overflow | ✓ -Wstringop-overflow | – | skip |$' "$T/table.md"
check table/unexpected grep -q '^| \[8\](../tests/e2e/cases/fail.c#L8) | \*unexpected\* | ⚠ -Wunused-variable |' "$T/table.md"
check table/missing-compiler grep -q '^| gcc-99 | – | – | x86-64: gcc-99-does-not-exist not found (apt-get install gcc-99) |$' "$T/table.md"

# only passing cases: exit 0; the filter options narrow the matrix
$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases/pass.c tests/e2e/cases/nodiag.c \
	--compilers clang-14,clang-22 --profiles O0 --out "$T/p.results" --quiet > "$T/out" 2>&1
st=$?
[ $st -eq 0 ] && [ ! -s "$T/out" ] && ok e2e/exit-status-0 || bad e2e/exit-status-0 "exit $st: $(cat "$T/out")"
n=$($DM export --format tap "$T/p.results" | grep -c '^ok')
[ "$n" = 6 ] && ok e2e/filters || bad e2e/filters "$n test points"

# foreign dialects: each -verify RUN command of tests/dialect gets the
# verdict clang -cc1 -verify gives it, run as lit runs it, on clang-14 and
# clang-22 (tests/peer/verify-agreement.sh, which is checked here too);
# the other rows are pinned in expected.tap
$DM run --config tests/dialect/compilers.yaml --cases tests/dialect --no-cache --out "$T/dl.results" > /dev/null 2>&1
$DM export --format tap "$T/dl.results" | grep -E '^(not )?ok' > "$T/dl.tap"
cmp -s "$T/dl.tap" tests/dialect/expected.tap && ok dialect/verdicts || bad dialect/verdicts "$(diff tests/dialect/expected.tap "$T/dl.tap")"
DM="$DM" sh tests/peer/verify-agreement.sh -c tests/dialect/compilers.yaml -C clang-14,clang-22 -t x86-64 \
	-w "$T/va" tests/dialect > "$T/va.out" 2>&1
st=$?
[ $st -eq 0 ] && ok dialect/agreement-script || bad dialect/agreement-script "exit $st: $(cat "$T/va.out")"
while IFS="$tab" read -r name compiler h r; do
	[ "$h" = pass ] || h=fail
	[ "$h" = "$r" ] && ok "dialect/$name-as-$compiler" || bad "dialect/$name-as-$compiler" "clang -verify: $r, diagmatrix: $h"
done < "$T/va/both.tsv"
# every file that pins a defect was compared, on both Clangs
for f in verify-actions.c verify-as-written.c verify-block.c verify-braces.c verify-expansion.c verify-frontend.c verify-limit.c \
	"verify-mixed.c (RUN 1)" "verify-mixed.c (RUN 2)" verify-no-limit.c verify-prefixes.c \
	"verify-skipped.c (RUN 1)" "verify-skipped.c (RUN 2)" "verify-syntax.c (RUN 1)" "verify-syntax.c (RUN 2)"; do
	n=$(grep -c "^$f$tab" "$T/va/both.tsv")
	[ "$n" = 2 ] && ok "dialect/compared-$f" || bad "dialect/compared-$f" "$n comparisons"
done
# the two kinds of pin whose verdicts differ between the Clangs
grep -q "^verify-actions.c${tab}clang-22${tab}fail${tab}fail$" "$T/va/both.tsv" \
	&& grep -q "^verify-actions.c${tab}clang-14${tab}pass${tab}pass$" "$T/va/both.tsv" \
	&& ok dialect/two-actions-by-version || bad dialect/two-actions-by-version "$(grep verify-actions "$T/va/both.tsv")"
# a cut output is said; the error limit of the driver is lifted for cc1
$DM export --format tap "$T/dl.results" | grep -A3 "verify-limit.c clang-22" \
	| grep -q "reason: .*the output was cut at the compiler's error limit" \
	&& ok dialect/limit-said || bad dialect/limit-said "$($DM export --format tap "$T/dl.results" | grep -A3 'verify-limit.c clang-22')"
# the RUN line's action: -fsyntax-only; -emit-llvm-only is -S -emit-llvm
awk -F '\t' '$1 == "job" && $2 == "verify-syntax.c (RUN 1)" && $3 == "clang-22"' "$T/dl.results" | grep -q -- ' -fsyntax-only tests/dialect/verify-syntax.c ' \
	&& awk -F '\t' '$1 == "job" && $2 == "verify-syntax.c (RUN 2)" && $3 == "clang-22"' "$T/dl.results" \
	| grep -q -- ' -emit-llvm .* -S tests/dialect/verify-syntax.c ' && ok dialect/run-line-action || bad dialect/run-line-action "$(grep verify-syntax "$T/dl.results")"
# Clang never leaves crash reproducers behind
n=$(awk -F '\t' '$1 == "job" && $3 ~ /^clang/ && $7 != "n/a" && $12 !~ / -fno-crash-diagnostics /' "$T/dl.results" | wc -l)
[ "$n" = 0 ] && ok dialect/no-crash-reproducers || bad dialect/no-crash-reproducers "$n clang jobs without -fno-crash-diagnostics"
# a profile is for another compiler's test file only when the run names it
$DM run --config tests/dialect/compilers.yaml --cases tests/dialect/verify-as-written.c --compilers clang-22 \
	--profiles wall --no-cache --out "$T/aw.results" > /dev/null 2>&1
$DM export --format tap "$T/aw.results" | grep -q "^not ok 1 - verify-as-written.c clang-22@x86-64 wall$" \
	&& ok dialect/profile-when-named || bad dialect/profile-when-named "$($DM export --format tap "$T/aw.results")"
$DM lint --config tests/dialect/compilers.yaml tests/dialect tests/dejagnu/gcc.diagmatrix/unsupported.c > "$T/dl.lint" 2>&1
grep -q '^tests/dejagnu/gcc.diagmatrix/unsupported.c: not supported, n/a everywhere: line 4: dg-require-dll$' "$T/dl.lint" \
	&& grep -q "^tests/dialect/verify-unsupported.c: not supported, n/a everywhere: line 2: -verify location" "$T/dl.lint" \
	&& grep -q "^tests/dialect/verify-filecheck.c: not supported, n/a everywhere: line 1: no RUN command runs -verify" "$T/dl.lint" \
	&& grep -q "^tests/dialect/verify-header.c: not supported, n/a everywhere: line 4: -verify directives in the header it includes, Inputs/verify-header.h" "$T/dl.lint" \
	&& ok dialect/unsupported-listed || bad dialect/unsupported-listed "$(cat "$T/dl.lint")"
$DM run --config tests/dialect/compilers.yaml --cases tests/dialect tests/dejagnu/gcc.diagmatrix/unsupported.c --out "$T/dl2.results" 2> "$T/dl.err" > /dev/null
grep -q "^tests/dejagnu/gcc.diagmatrix/unsupported.c: not supported, n/a everywhere: line 4: dg-require-dll$" "$T/dl.err" \
	&& $DM table "$T/dl2.results" | grep -q "^\*Not read, so n/a everywhere: line 4: dg-require-dll.\*$" \
	&& ok dialect/unsupported-in-run-and-table || bad dialect/unsupported-in-run-and-table "$(cat "$T/dl.err")"
$DM lint --dialect native tests/dialect/verify-none.c > /dev/null 2>&1 && ok dialect/forced-native || bad dialect/forced-native
mkdir -p "$T/no-cases"
$DM lint "$T/no-cases" > "$T/nc.out" 2>&1 && grep -q "^0 case files" "$T/nc.out" && ok lint/empty-directory || bad lint/empty-directory "$(cat "$T/nc.out")"
$DM run --dialect klingon > /dev/null 2>&1; [ $? -eq 2 ] && ok dialect/bad-option || bad dialect/bad-option

# DejaGnu files: the harness gives the per-file verdicts GCC's own runtest
# gives (runtest ran once, before the suites, on the same files)
if [ -z "$RT_OK" ]; then
	bad dejagnu/runtest-ran "$(tail -20 "$TOP/runtest.log")"
else
	$DM run --config tests/dejagnu/compilers.yaml --compilers gcc-12 --cases "$RT/testsuite/gcc.diagmatrix" \
		"$RT/testsuite/gcc.dg-sample" --out "$T/dg.results" --quiet > /dev/null 2> "$T/dg.err"
	st=$?
	[ $st -eq 1 ] && ok dejagnu/exit-status-1 || bad dejagnu/exit-status-1 "exit $st: $(head "$T/dg.err")"
	awk -F'\t' '$1=="case"{n=split($3,a,"/"); p[$2]=a[n-1]"/"a[n]} $1=="job"{print p[$2]"\t"$7}' "$T/dg.results" |
		sort > "$T/dg.v"
	join -t "$(printf '\t')" "$RT/runtest.verdicts" "$T/dg.v" > "$T/dg.both"
	for f in tests/dejagnu/gcc.diagmatrix/*.c; do
		n=gcc.diagmatrix/${f##*/}
		line=$(grep "^$n	" "$T/dg.both")
		want=$(echo "$line" | cut -f2) got=$(echo "$line" | cut -f3)
		if [ -n "$line" ] && { [ "$want" = "$got" ] || { [ "$got" = n/a ] && [ "${f##*/}" = unsupported.c ]; }; }
		then ok "dejagnu/$n"; else bad "dejagnu/$n" "runtest: $want, diagmatrix: $got"; fi
	done
	judged=$(awk -F'\t' '$1 ~ /^gcc.dg-sample/ && $3 != "n/a"' "$T/dg.both" | wc -l)
	differ=$(awk -F'\t' '$1 ~ /^gcc.dg-sample/ && $3 != "n/a" && $2 != $3' "$T/dg.both")
	[ "$judged" -ge 500 ] && [ -z "$differ" ] && ok "dejagnu/gcc.dg-W-files-as-runtest" \
		|| bad "dejagnu/gcc.dg-W-files-as-runtest" "$judged judged; differ (file, runtest, diagmatrix): $differ"
	# what runtest calls unsupported is never judged here
	extra=$(awk -F'\t' '$2 == "n/a" && $3 != "n/a"' "$T/dg.both")
	[ -z "$extra" ] && ok dejagnu/unsupported-stays-n/a || bad dejagnu/unsupported-stays-n/a "$extra"
	# each runtest verdict occurs among the files
	for v in pass fail n/a; do
		cut -f2 "$T/dg.both" | grep -qx "$v" || bad "dejagnu/verdict-$v-occurs"
	done
	# a scan is neither judged nor n/a: "not run", and the rest is judged
	$DM table "$T/dg.results" > "$T/dg.md"
	grep -q '^| 13 | dg-final “scan-assembler "f"” | not run |$' "$T/dg.md" \
		&& grep -q '^| 12 | dg-output “” | not run |$' "$T/dg.md" \
		&& ok dejagnu/final-not-run || bad dejagnu/final-not-run "$(grep -n 'dg-final\|dg-output' "$T/dg.md")"
	# which check a dg-xfail-if took, and a multiline block that is missing
	grep -q '^| \\\* | dg-xfail-if `{\*-\*-\*}` “not warned without the option” | XFAIL |$' "$T/dg.md" \
		&& grep -q '^| 10 | dg-multiline-output `.*` | ✗ missing |$' "$T/dg.md" \
		&& ok dejagnu/xfail-if-and-multiline-outcomes || bad dejagnu/xfail-if-and-multiline-outcomes "$(grep -n 'xfail-if\|multiline' "$T/dg.md")"
	# the same files on Clang: what they mean there is pinned
	$DM run --config tests/dejagnu/compilers.yaml --compilers clang-14,clang-22 \
		--cases "$RT/testsuite/gcc.diagmatrix" --out "$T/dgc.results" --quiet > /dev/null 2>&1
	$DM export --format tap "$T/dgc.results" | grep -E '^(not )?ok' > "$T/dgc.tap"
	cmp -s "$T/dgc.tap" tests/dejagnu/expected-clang.tap && ok dejagnu/clang-verdicts \
		|| bad dejagnu/clang-verdicts "$(diff tests/dejagnu/expected-clang.tap "$T/dgc.tap")"
fi

# scheduling: once a previous run has timed the jobs, the slowest start first
# (outside the sandbox: the fake compilers record into the test's directory)
cat > "$T/timed.yaml" <<EOY
sandbox: false
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  a: { flags: [-DSLEEP=0.05] }
  b: { flags: [-DSLEEP=0.4] }
  c: { flags: [-DSLEEP=0.2] }
compilers:
  - { name: timed, family: gcc, command: $PWD/tests/fake/timed, targets: [x86-64] }
EOY
rm -f "$T/timed.log" "$T/timed.results"
for n in 1 2; do
	TIMED_LOG="$T/timed.log" $DM run --config "$T/timed.yaml" --cases tests/e2e/cases/nodiag.c --no-cache -j 1 \
		--quiet --out "$T/timed.results" > /dev/null 2>&1
done
[ "$(tr '\n' ' ' < "$T/timed.log")" = "0.05 0.4 0.2 0.4 0.2 0.05 " ] && ok sched/slowest-first \
	|| bad sched/slowest-first "start order: $(tr '\n' ' ' < "$T/timed.log")"

# a command prefix (how containers with newer compilers come in)
cat > "$T/prefix.yaml" <<EOY
sandbox: false
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  default: { flags: [-O2, -Wall] }
compilers:
  - { name: wrapped, family: gcc, command: gcc-12, prefix: [$PWD/tests/fake/wrapper], targets: [x86-64] }
  - { name: direct, family: gcc, command: gcc-12, targets: [x86-64] }
EOY
WRAPPER_MARK="$T/wrapped" $DM run --config "$T/prefix.yaml" --cases tests/e2e/cases --no-cache --out "$T/prefix.results" > /dev/null 2>&1
$DM export --format tsv "$T/prefix.results" | sed 1d | cut -f1,6- | sort | uniq -c | awk '$1 != 2' > "$T/prefix.diff"
$DM run --config "$T/prefix.yaml" --cases tests/e2e/cases/pass.c --dry-run | head -1 | unbound > "$T/prefix.dry"
[ -e "$T/wrapped" ] && [ ! -s "$T/prefix.diff" ] && grep -q "^LC_ALL=C $PWD/tests/fake/wrapper gcc-12 -O2 -Wall" "$T/prefix.dry" \
	&& grep -q "^toolchain	wrapped	gcc	x86-64	x86_64-linux-gnu	$g12	found	" "$T/prefix.results" \
	&& ok prefix/wrapper || bad prefix/wrapper "$(cat "$T/prefix.diff" "$T/prefix.dry")"

# the GitHub workflows: actionlint, and their steps run in a fresh Debian 12
. tests/workflow/tests.sh

# GNU make's job server: under make -j2 the harness runs at most 2 at once,
# whatever its own -j; alone it uses its -j
mkdir -p "$T/js"
cat > "$T/js/slow.yaml" <<EOY
sandbox: false
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  a: { flags: [] }
  b: { flags: [] }
  c: { flags: [] }
  d: { flags: [] }
compilers:
  - { name: slow, family: gcc, command: $PWD/tests/fake/slow, targets: [x86-64] }
EOY
printf 'all:\n\t+$(DM) run --config $(CFG) --cases $(CASES) --no-cache -j 8 --quiet --out $(OUT)\n' > "$T/js/Makefile"
for mode in make alone; do
	rm -rf "$T/js/s" && mkdir -p "$T/js/s"
	if [ $mode = make ]; then
		SLOW_DIR="$T/js/s" make -s -j2 -C "$T/js" DM="$PWD/$DM" CFG="$T/js/slow.yaml" \
			CASES="$PWD/tests/e2e/cases" OUT="$T/js/r.results" > /dev/null 2>&1
	else
		SLOW_DIR="$T/js/s" $DM run --config "$T/js/slow.yaml" --cases tests/e2e/cases --no-cache -j 8 \
			--quiet --out "$T/js/r.results" > /dev/null 2>&1
	fi
	max=$(sort -n "$T/js/s/counts" | tail -1)
	jobs=$(wc -l < "$T/js/s/counts")
	if [ $mode = make ]; then
		[ "$jobs" = 16 ] && [ "$max" -le 2 ] && [ "$max" -ge 2 ] && ok jobserver/make-j2 || bad jobserver/make-j2 "$jobs jobs, up to $max at once"
	else
		[ "$jobs" = 16 ] && [ "$max" -gt 2 ] && ok jobserver/alone || bad jobserver/alone "$jobs jobs, up to $max at once"
	fi
done
# the fifo form of --jobserver-auth (GNU make 4.4): one token in the fifo
# beside the implicit one allows two jobs at a time
rm -rf "$T/js/s" && mkdir -p "$T/js/s"
mkfifo "$T/js/fifo"
exec 9<> "$T/js/fifo"
printf '+' >&9
SLOW_DIR="$T/js/s" MAKEFLAGS=" -j2 --jobserver-auth=fifo:$T/js/fifo" $DM run --config "$T/js/slow.yaml" \
	--cases tests/e2e/cases --no-cache -j 8 --quiet --out "$T/js/r.results" > /dev/null 2>&1
max=$(sort -n "$T/js/s/counts" | tail -1)
left=$(dd if="$T/js/fifo" bs=1 count=1 iflag=nonblock 2> /dev/null)
exec 9>&-
[ "$(wc -l < "$T/js/s/counts")" = 16 ] && [ "$max" = 2 ] && [ "$left" = + ] && ok jobserver/fifo \
	|| bad jobserver/fifo "up to $max at once, token back: '$left'"

# progress: one status line on a terminal; piped, a line each 5 % of the jobs
if command -v script > /dev/null; then
	script -qec "$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --no-cache --out $T/pt.results" /dev/null > "$T/pty" 2>&1
	tr '\r' '\n' < "$T/pty" | grep -q '^\[38/38\] 100%, 12 failing, [0-9]* jobs/s, [0-9]*s elapsed' && ok progress/terminal || bad progress/terminal "$(head -c 600 "$T/pty")"
	script -qec "$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --no-cache --quiet --out $T/pt.results" /dev/null > "$T/pty" 2>&1
	grep -q 'jobs/s' "$T/pty" && bad progress/quiet "$(head -c 300 "$T/pty")" || ok progress/quiet
else
	bad progress/terminal "script (util-linux) is not installed"
fi
$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --no-cache --out "$T/pt.results" 2> "$T/err" > /dev/null
! grep -q "$(printf '\r')" "$T/err" && [ "$(grep -c '^diagmatrix: \[[0-9]*/38\] [0-9]*%, [0-9]* failing, [0-9]* jobs/s, [0-9]*s elapsed' "$T/err")" -ge 19 ] \
	&& ok progress/not-a-terminal || bad progress/not-a-terminal "$(head -c 300 "$T/err")"

# the result cache: a rerun compiles nothing, an edited case only itself
C="$T/cachetest"
mkdir -p "$C/cases"
cp tests/e2e/cases/pass.c tests/e2e/cases/nodiag.c "$C/cases/"
printf '#include "local.h"\n/* case-title: includes a local header\n * expect-no-diagnostics */\nint f(void);\nint f(void) { return LOCAL; }\n' > "$C/cases/inc.c"
printf '#define LOCAL 1\n' > "$C/cases/local.h"
crun() { n=$1; shift; DIAGMATRIX_CACHE="$C/cache" $DM run --config tests/e2e/compilers.yaml --compilers gcc-12,clang-14 --targets x86-64 --cases "$C/cases" --out "$C/$n.results" "$@" 2>&1 | tail -1; }
hits() { awk -F'\t' '$1 == "meta" && $2 == "cache_hits" { print $3 }' "$C/$1.results"; }
crun cold > /dev/null
crun warm > /dev/null
$DM table "$C/cold.results" | sed 1,4d > "$C/cold.md"
$DM table "$C/warm.results" | sed 1,4d > "$C/warm.md"
# 12 jobs (probes are remembered too, but not counted)
[ "$(hits cold)" = 0 ] && [ "$(hits warm)" = 12 ] && cmp -s "$C/cold.md" "$C/warm.md" && ok cache/warm \
	|| bad cache/warm "hits $(hits cold) then $(hits warm); $(diff "$C/cold.md" "$C/warm.md" | head -5)"
sed -i 's/int answer(void) { return 42; }/int answer(void) { return 43; }/' "$C/cases/nodiag.c"
crun edited > /dev/null
[ "$(hits edited)" = 8 ] && ok cache/edit-one-case || bad cache/edit-one-case "hits $(hits edited), want 8"
printf '#define LOCAL 2\n' > "$C/cases/local.h"
crun header > /dev/null
[ "$(hits header)" = 8 ] && ok cache/local-header || bad cache/local-header "hits $(hits header), want 8"
crun nocache --no-cache > /dev/null
[ "$(hits nocache)" = 0 ] && ok cache/no-cache || bad cache/no-cache "hits $(hits nocache)"
# corrupt every entry: each is ignored, and the verdicts stay right
find "$C/cache" -type f | while read -r f; do printf 'x' | dd of="$f" bs=1 seek=40 conv=notrunc 2> /dev/null; done
crun corrupt > /dev/null
$DM table "$C/corrupt.results" | sed 1,4d > "$C/corrupt.md"
$DM table "$C/header.results" | sed 1,4d > "$C/header.md"
[ "$(hits corrupt)" = 0 ] && cmp -s "$C/corrupt.md" "$C/header.md" && ok cache/corrupt-ignored \
	|| bad cache/corrupt-ignored "hits $(hits corrupt)"
# every entry truncated (a few, picked by find, may all be probes')
find "$C/cache" -type f | while read -r f; do : > "$f"; done
crun truncated > /dev/null
[ "$(hits truncated)" = 0 ] && cmp -s "$C/corrupt.md" "$C/header.md" && ok cache/truncated-ignored \
	|| bad cache/truncated-ignored "hits $(hits truncated)"
[ "$(stat -c %a "$C/cache")" = 700 ] && ok cache/private || bad cache/private "$(stat -c %a "$C/cache")"

# diff: nothing between a run and itself; what a run adds, as text and markdown
$DM diff "$T/e2e.results" "$T/e2e.results" > "$T/diff" 2>&1
[ $? -eq 0 ] && [ "$(cat "$T/diff")" = "0 configuration(s) newly failing" ] && ok diff/same || bad diff/same "$(cat "$T/diff")"
$DM diff "$T/p.results" "$T/e2e.results" > "$T/diff" 2>&1
st=$?
[ $st -eq 1 ] && grep -qxF '+ fail.c gcc-12@arm64 O0: new configuration, fail' "$T/diff" \
	&& grep -qxF "+ fail.c gcc-12@arm64 O0: line 8: warning: unused variable 'unused' [-Wunused-variable] (unexpected)" "$T/diff" \
	&& ok diff/text || bad diff/text "exit $st: $(head -20 "$T/diff")"
$DM diff --format markdown "$T/e2e.results" "$T/p.results" > "$T/diff.md" 2>&1
st=$?
[ $st -eq 0 ] && grep -qxF '#### `pass.c`' "$T/diff.md" && grep -q '^| - `configuration gone (was pass)` | all | default | – |$' "$T/diff.md" \
	&& ok diff/markdown || bad diff/markdown "exit $st: $(head -20 "$T/diff.md")"

# junit and jsonl exports
$DM export --format junit "$T/e2e.results" > "$T/e2e.xml"
grep -q '^<testsuites name="diagmatrix" tests="56" failures="12" errors="0" skipped="18">$' "$T/e2e.xml" \
	&& grep -q '<testcase classname="fail.c" name="gcc-12@arm64 O0" time="[0-9.]*">' "$T/e2e.xml" \
	&& [ "$(grep -c '<failure message=' "$T/e2e.xml")" = 12 ] && ok export/junit || bad export/junit "$(head -5 "$T/e2e.xml")"
$DM export --format jsonl "$T/e2e.results" > "$T/e2e.jsonl"
rows=$(($(wc -l < "$T/e2e.tsv") - 1))
[ "$(wc -l < "$T/e2e.jsonl")" -eq "$rows" ] \
	&& grep -qxF "{\"case\":\"pass.c\",\"compiler\":\"gcc-12\",\"version\":\"$v12\",\"target\":\"x86-64\",\"profile\":\"default\",\"line\":11,\"column\":9,\"severity\":\"warning\",\"option\":\"-Wstringop-overflow\",\"count\":3,\"status\":\"expected\",\"message\":\"'blah' accessing 7 bytes in a region of size 6\"}" "$T/e2e.jsonl" \
	&& ok export/jsonl || bad export/jsonl "$(head -3 "$T/e2e.jsonl")"
$DM run --config tests/e2e/compilers.yaml --compilers gcc-13 --out "$T/x.results" > /dev/null 2> "$T/err"
[ $? -eq 2 ] && grep -q "no compiler 'gcc-13'" "$T/err" && ok cli/unknown-compiler || bad cli/unknown-compiler "$(cat "$T/err")"
$DM run --frobnicate > /dev/null 2> "$T/err"
[ $? -eq 2 ] && ok cli/unknown-option || bad cli/unknown-option

# dry run: one line per job that would compile, quoted for sh, named
# (host compilers run in the sandbox, unless told not to)
$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --dry-run | unbound > "$T/dry"
$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --dry-run --no-sandbox | unbound > "$T/dry-bare"
check dry-run/line grep -qxF "LC_ALL=C aarch64-linux-gnu-gcc-12 -O0 -Wall -fdiagnostics-plain-output -c tests/e2e/cases/fail.c -o /dev/null  # fail.c gcc-12 arm64 O0" "$T/dry-bare"
check dry-run/clang grep -qxF "LC_ALL=C clang-14 --target=aarch64-linux-gnu -O2 -Wall -fno-caret-diagnostics -fno-color-diagnostics -fno-crash-diagnostics -c tests/e2e/cases/pass.c -o /dev/null  # pass.c clang-14 arm64 default" "$T/dry-bare"
sed 's/^LC_ALL=C bwrap --unshare-all --die-with-parent --as-pid-1 .* --setenv LC_ALL C -- /LC_ALL=C /' "$T/dry" > "$T/dry-unwrapped"
[ "$(grep -c '^LC_ALL=C bwrap --unshare-all ' "$T/dry")" -eq "$(wc -l < "$T/dry")" ] && cmp -s "$T/dry-unwrapped" "$T/dry-bare" \
	&& grep -q -- "--ro-bind $PWD/tests/e2e/cases $PWD/tests/e2e/cases " "$T/dry" && ok dry-run/sandboxed \
	|| bad dry-run/sandboxed "$(diff "$T/dry-unwrapped" "$T/dry-bare" | head -5)"
check dry-run/std grep -qF -- "-std=c89 -pedantic -fdiagnostics-plain-output -c tests/e2e/cases/requires.c" "$T/dry"
n=$(wc -l < "$T/dry")
[ "$n" -eq 38 ] && ok dry-run/count || bad dry-run/count "$n lines, want 38 (56 jobs less 8 skip and 10 n/a)"
# every dry-run line runs under sh exactly as the harness runs it
line=$(grep 'nodiag.c clang-22 x86-64 default' "$T/dry")
check dry-run/runs sh -c "$line"
# DejaGnu files compile in a scratch directory in the listing too: the dump
# a file asks for lands there, not where the listing runs; in the sandbox
# that directory is a tmpfs of the job's own, so nothing reaches the disk
mkdir -p "$T/dgdry/src" "$T/dgdry/cwd"
printf '/* { dg-options "-fdump-tree-original" } */\nint x;\n' > "$T/dgdry/src/dump.c"
for sb in "" "--no-sandbox --trusted-cases"; do
	$DM run --config tests/e2e/compilers.yaml --dialect dejagnu --cases "$T/dgdry/src/dump.c" --compilers gcc-12 \
		--targets x86-64 --profiles default --dry-run $sb > "$T/dgdry/list" 2> /dev/null
	scratch=$(sed -n '1s/^mkdir -p \([^ ]*\) .*/\1/p' "$T/dgdry/list")
	(cd "$T/dgdry/cwd" && sh "$T/dgdry/list" > /dev/null 2>&1)
	n=$(ls "$scratch" 2> /dev/null | grep -c '^dump\.c\.[0-9]*t\.original$')
	[ -n "$scratch" ] && [ "$n" -eq $([ -n "$sb" ] && echo 1 || echo 0) ] \
		&& [ -z "$(ls "$T/dgdry/cwd" "$T/dgdry/src" | grep original)" ] \
		&& ok "dry-run/dejagnu-scratch${sb:+-trusted-no-sandbox}" || bad "dry-run/dejagnu-scratch${sb:+-trusted-no-sandbox}" "$(cat "$T/dgdry/list"; ls "$T/dgdry/cwd" "$scratch")"
	[ -n "$scratch" ] && rm -rf "$scratch"
done

# list: versions measured, missing toolchains with their package
$DM list --config tests/e2e/compilers.yaml > "$T/list"
# the versions list reports are the compilers' own answers
check list/version grep -Eq "^gcc-12 +gcc +$(re "$(aarch64-linux-gnu-gcc-12 -dumpfullversion)") +arm64 +- +aarch64-linux-gnu-gcc-12 +found\$" "$T/list"
check list/clang-version grep -Eq "^clang-22 +clang +$(re "$(clang-22 --version | sed -n '1s/.*version \([0-9.]*\).*/\1/p')") +x86-64 +- +clang-22 +found\$" "$T/list"
check list/missing grep -q 'gcc-99-does-not-exist not found (apt-get install gcc-99)' "$T/list"
check list/missing-packages sh -c "$DM list --config tests/e2e/compilers.yaml --missing-packages | grep -qx gcc-99"

# flags reach the compiler literally: nothing in them is run by a shell
cat > "$T/inject.c" <<'EOC'
/* case-flags: '-DX=$(touch INJECTED)' "-DY=`touch INJECTED`" -DZ=a;touch${IFS}INJECTED|x
 * expect-no-diagnostics */
int x;
EOC
(cd "$T" && "$OLDPWD/$DM" run --config "$OLDPWD/tests/e2e/compilers.yaml" --cases inject.c --compilers gcc-12,clang-14 \
	--targets x86-64 --out r.results --quiet > out 2>&1)
st=$?
[ $st -eq 0 ] && [ ! -e "$T/INJECTED" ] && ok security/no-shell || bad security/no-shell "exit $st: $(cat "$T/out")"

# faulty compilers: each gets a verdict, the rest of the matrix goes on,
# nothing is left running, memory stays bounded
cat > "$T/fake.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  default: { flags: [] }
compilers:
  - { name: hang, family: gcc, command: $PWD/tests/fake/hang, targets: [x86-64] }
  - { name: crash, family: gcc, command: $PWD/tests/fake/crash, targets: [x86-64] }
  - { name: spew, family: gcc, command: $PWD/tests/fake/spew, targets: [x86-64] }
  - { name: garbage, family: gcc, command: $PWD/tests/fake/garbage, targets: [x86-64] }
  - { name: ice, family: gcc, command: $PWD/tests/fake/ice, targets: [x86-64] }
  - { name: noexec, family: gcc, command: $PWD/tests/fake/noexec, targets: [x86-64], package: fake-noexec }
  - { name: absent, family: gcc, command: no-such-compiler-here, targets: [x86-64], package: fake-absent }
  - { name: gcc-12, family: gcc, command: gcc-12, targets: [x86-64] }
EOY
start=$(date +%s)
$DM run --config "$T/fake.yaml" --cases tests/e2e/cases/nodiag.c --timeout 2 --out "$T/f.results" > /dev/null 2> "$T/err"
st=$?
end=$(date +%s)
$DM export --format tap "$T/f.results" > "$T/f.tap"
tapok() {  # NAME PATTERN...: every pattern is a line of the TAP output
	name=$1; shift
	for p in "$@"; do
		grep -q -- "$p" "$T/f.tap" || { bad "$name" "no line '$p' in: $(cat "$T/f.tap" "$T/err")"; return; }
	done
	ok "$name"
}
[ $st -eq 1 ] && [ $((end - start)) -lt 20 ] && ok faults/finishes || bad faults/finishes "exit $st after $((end - start)) s"
tapok faults/hang '^not ok 1 - nodiag.c hang@x86-64 default' 'reason: "timed out after 2 s"'
tapok faults/signal '^not ok 2 - nodiag.c crash@x86-64 default' 'reason: "killed by signal 11'
tapok faults/spew '^not ok 3 - nodiag.c spew@x86-64 default'
tapok faults/garbage '^not ok 4 - nodiag.c garbage@x86-64 default' 'tail after the noise'
tapok faults/ice '^not ok 5 - nodiag.c ice@x86-64 default' 'reason: "compiler crashed: PLEASE submit a bug report'
tapok faults/not-executable '^ok 6 - nodiag.c noexec@x86-64 default # SKIP skip: .*tests/fake/noexec is not executable (apt-get install fake-noexec)'
tapok faults/missing '^ok 7 - nodiag.c absent@x86-64 default # SKIP skip: no-such-compiler-here not found (apt-get install fake-absent)'
tapok faults/others-go-on '^ok 8 - nodiag.c gcc-12@x86-64 default$'
grep -q 'output truncated: [0-9]* bytes not kept' "$T/f.tap" && ok faults/spew-marked \
	|| bad faults/spew-marked "$(grep -A5 'spew@' "$T/f.tap")"
if pgrep -f "tests/fake/" > /dev/null; then bad faults/no-leftover-process "$(pgrep -af tests/fake/)"; else ok faults/no-leftover-process; fi
if [ -z "$SAN" ]; then
	rss=$(awk -F'\t' '$1 == "meta" && $2 == "harness_maxrss_kb" { print $3 }' "$T/f.results")
	[ -n "$rss" ] && [ "$rss" -lt 131072 ] && ok faults/memory-bounded || bad faults/memory-bounded "peak RSS ${rss:-?} KiB"
fi

# interrupts: SIGINT / SIGTERM end the run within a couple of seconds, kill
# every compiler, and leave a readable result of what finished (or none)
for sig in INT TERM; do
	rm -f "$T/int.results"
	$DM run --config "$T/fake.yaml" --cases tests/e2e/cases --compilers hang,gcc-12 --timeout 60 -j 2 \
		--out "$T/int.results" > /dev/null 2>&1 &
	pid=$!
	sleep 1
	start=$(date +%s)
	kill -$sig $pid
	wait $pid
	st=$?
	end=$(date +%s)
	want=130; [ $sig = TERM ] && want=143
	if [ $st -eq $want ] && [ $((end - start)) -le 3 ] && ! pgrep -f tests/fake/hang > /dev/null \
		&& { [ ! -e "$T/int.results" ] || $DM export --format tap "$T/int.results" > /dev/null; } \
		&& ! ls "$T"/.int.results.* > /dev/null 2>&1; then
		ok "signals/SIG$sig"
	else
		bad "signals/SIG$sig" "exit $st (want $want) after $((end - start)) s; $(pgrep -af tests/fake/hang)"
	fi
done
grep -q '^meta	interrupted	SIGTERM$' "$T/int.results" && ok signals/marked || bad signals/marked

# a real internal compiler error (GCC PR c/101702, gcc-11 only) is an error verdict
printf 'void f0(double[!__builtin_copysign(~2, 3)]);\n' > "$T/ice.c"
$DM run --config tests/e2e/compilers.yaml --cases "$T/ice.c" --compilers gcc-11,gcc-12 --targets x86-64 \
	--profiles O0 --out "$T/i.results" > /dev/null 2>&1
$DM export --format tap "$T/i.results" > "$T/i.tap"
grep -q '^not ok 1 - ice.c gcc-11@x86-64 O0' "$T/i.tap" && grep -q 'compiler crashed: .*internal compiler error: in handle_argspec_attribute' "$T/i.tap" \
	&& grep -q '^ok 2 - ice.c gcc-12@x86-64 O0' "$T/i.tap" && ok faults/ice || bad faults/ice "$(cat "$T/i.tap")"

# merge of two result files gives the same table as one
$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --compilers gcc-11,gcc-12 --out "$T/a.results" --quiet
$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --compilers clang-14,clang-22,gcc-99 --out "$T/b.results" --quiet
$DM merge --out "$T/m.results" "$T/a.results" "$T/b.results"
$DM export --format tap "$T/m.results" | grep -E '^(not )?ok' > "$T/m.verdicts"
cmp -s "$T/m.verdicts" tests/e2e/expected.tap && ok merge/verdicts || bad merge/verdicts "$(diff tests/e2e/expected.tap "$T/m.verdicts" | head)"

# shards: each job in exactly one shard; merged, the same verdicts
for k in 1 2 3 4; do
	$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --shard $k/4 --out "$T/s$k.results" --quiet
done
$DM merge --out "$T/s.results" "$T/s1.results" "$T/s2.results" "$T/s3.results" "$T/s4.results"
$DM export --format tap "$T/s.results" | grep -E '^(not )?ok' > "$T/s.verdicts"
cmp -s "$T/s.verdicts" tests/e2e/expected.tap && ok shard/merge || bad shard/merge "$(diff tests/e2e/expected.tap "$T/s.verdicts" | head)"
$DM table "$T/s.results" > "$T/s.md"
$DM table "$T/e2e.results" > "$T/u.md"
cmp -s "$T/s.md" "$T/u.md" && ok shard/same-table || bad shard/same-table "$(diff "$T/u.md" "$T/s.md" | head)"
$DM run --shard 4/3 > /dev/null 2>&1
[ $? -eq 2 ] && ok shard/bad-spec || bad shard/bad-spec

# hostile input: every attack of issue 11, replayed
. tests/hostile/tests.sh

# compilers from another Debian release, in a root
if [ -n "${CHECK_ROOTS:-}" ] && [ -d "$CHECK_ROOTS/bookworm" ]; then
	. tests/root/tests.sh
else
	bad root/built "no test root in ${CHECK_ROOTS:-\$CHECK_ROOTS} (make check builds it)"
fi

# a file straight in /tmp, run from there: /tmp is bound read-only over the
# sandbox's private one, and the compilers still have somewhere to write
f=diagmatrix-case-$$.c
cp tests/e2e/cases/pass.c "/tmp/$f"
(top=$PWD; cd /tmp && "$top/$DM" run --config "$top/tests/e2e/compilers.yaml" --compilers gcc-12,clang-14 \
	--targets x86-64 --cases "$f" --out "$T/tmpcase.results" --quiet) > "$T/out" 2>&1
st=$?
f=/tmp/$f
rm -f "$f"
[ $st -eq 0 ] && ok sandbox/case-in-tmp || bad sandbox/case-in-tmp "exit $st: $(head -5 "$T/out")"

# in a container whose /proc bwrap cannot mount again (parts of it masked
# read-only, as an unprivileged container's), the sandbox cannot start:
# the run stops and says so (fail closed: only a missing bwrap or a kernel
# without user namespaces falls back by itself), and --no-sandbox runs the
# same jobs there without it, to the same verdicts
mkdir -p "$T/masked"
masked() {  # OPTION...: run the e2e cases in the masked container
	bwrap --ro-bind /usr /usr --ro-bind /etc /etc --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin \
	--dev-bind /dev /dev --proc /proc --tmpfs /tmp --bind "$PWD" "$PWD" --bind "$T/masked" "$T/masked" \
	--unshare-pid --cap-add ALL --chdir "$PWD" env DIAGMATRIX_CACHE="$T/masked/cache" \
		$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --out "$T/masked/r.results" "$@"
}
masked > "$T/masked/out" 2>&1
st=$?
masked --no-sandbox > "$T/masked/out2" 2>&1
$DM export --format tap "$T/masked/r.results" 2>&1 | grep -E '^(not )?ok' > "$T/masked/verdicts"
[ $st -eq 2 ] && grep -q "error: the sandbox cannot start: bwrap: Can't mount proc" "$T/masked/out" \
	&& cmp -s "$T/masked/verdicts" tests/e2e/expected.tap \
	&& ok sandbox/masked-proc-stops || bad sandbox/masked-proc-stops "exit $st: $(tail -3 "$T/masked/out" "$T/masked/out2")"

$DM run --compilers gcc-12,clang-14 --targets x86-64 --out "$T/cases.results" --quiet > "$T/out" 2>&1
st=$?
[ $st -eq 0 ] && ok cases/pass-natively || bad cases/pass-natively "exit $st: $(head -20 "$T/out")"

# memory: a whole run under valgrind leaks nothing and reads nothing invalid
if [ -n "$SAN" ]; then
	:	# ASan and valgrind do not mix; the plain build runs these
elif command -v valgrind > /dev/null; then
	valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --compilers gcc-12,clang-22 \
		--out "$T/v.results" > /dev/null 2> "$T/vg"
	st=$?
	[ $st -ne 99 ] && ok valgrind/run || bad valgrind/run "$(head -30 "$T/vg")"
	valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		$DM run --config tests/dejagnu/compilers.yaml --cases tests/dejagnu/gcc.diagmatrix --compilers gcc-12,clang-22 \
		--out "$T/vdg.results" > /dev/null 2> "$T/vg"
	[ $? -ne 99 ] && ok valgrind/run-dejagnu || bad valgrind/run-dejagnu "$(head -30 "$T/vg")"
	valgrind -q --leak-check=full --error-exitcode=99 $DM table "$T/e2e.results" > /dev/null 2> "$T/vg"
	[ $? -ne 99 ] && ok valgrind/table || bad valgrind/table "$(head -30 "$T/vg")"
	valgrind -q --leak-check=full --error-exitcode=99 $DM lint --config tests/e2e/compilers.yaml tests/bad-cases > /dev/null 2> "$T/vg"
	[ $? -ne 99 ] && ok valgrind/lint-errors || bad valgrind/lint-errors "$(head -30 "$T/vg")"
else
	bad valgrind/installed "valgrind is not installed"
fi

# a test run from the work tree leaves nothing git would take: compiler
# dump files are ignored
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
	d=$(mktemp -d ./tests/dump.XXXXXX)
	cp tests/e2e/cases/pass.c "$d/" && (cd "$d" && gcc-12 -O2 -fdump-tree-optimized -fdump-rtl-expand -save-temps -c pass.c) > /dev/null 2>&1
	left=$(git status --porcelain --untracked-files=all -- "$d" | grep -v '/pass\.c$')
	[ -n "$(ls "$d" | grep -v '^pass\.c$')" ] && [ -z "$left" ] && ok gitignore/compiler-dumps || bad gitignore/compiler-dumps "$left"
	rm -rf "$d"
fi
}

# each suite has a cache of its own: the sanitizer build must compile too
setup() {
	B=$1
	DM=$B/diagmatrix
	UNIT=$B/unit-tests
	T=$TOP/$B
	mkdir -p "$T"
	export DIAGMATRIX_CACHE="$T/cache"
	case $B in *san*) SAN=1; P="$B:" ;; *) SAN=; P= ;; esac
	[ "$B" = build ] && P=
}

[ $# -gt 0 ] || set -- build
t0=$(date +%s)
for B in "$@"; do
	setup "$B"
	offline
done
echo "compiler-free checks: $passed passed, $failed failed, in $(($(date +%s) - t0)) s"

# CHECK_SUITE=workflow (tests/workflow/tests.sh, running check.yml's steps
# in a fresh root): the compiler-free checks and the end-to-end verdicts
# on the compilers make check installed, not the rest
if [ "${CHECK_SUITE:-all}" = workflow ]; then
	setup build
	$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --out "$T/e2e.results" > /dev/null 2>&1
	$DM export --format tap "$T/e2e.results" | grep -E '^(not )?ok' > "$T/e2e.verdicts"
	cmp -s "$T/e2e.verdicts" tests/e2e/expected.tap && ok e2e/verdicts \
		|| bad e2e/verdicts "$(diff tests/e2e/expected.tap "$T/e2e.verdicts" | head -20)"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
fi
[ "${CHECK_SUITE:-all}" = all ] || { echo "CHECK_SUITE: '$CHECK_SUITE' is neither all nor workflow"; exit 2; }

# the project: its documents, links, manual page, install, published results
setup build
. tests/project/tests.sh

# GCC's own runtest over the DejaGnu test files, once: its verdicts are
# what the harness must give (see tests/dejagnu/runtest.sh)
RT=$TOP/runtest RT_OK=
sh tests/dejagnu/runtest.sh "${GCC_TESTSUITE:-build/gcc-testsuite}" "$RT" > "$TOP/runtest.log" 2>&1 && RT_OK=1
for B in "$@"; do
	setup "$B"
	compilers
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
