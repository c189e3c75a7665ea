# SPDX-License-Identifier: MIT
# tests/suite/dejagnu.sh: DejaGnu files (tests/dejagnu): the verdicts GCC's own
# runtest gives, on GCC 12, and what the same files mean on Clang
# names: dejagnu
# needs: compilers
# builds: each

# GCC's own runtest over the DejaGnu test files, once for all builds: its
# verdicts are what the harness must give (see tests/dejagnu/runtest.sh)
RT=$TOP/runtest RT_OK=
[ -s "$RT/runtest.verdicts" ] \
	|| sh tests/dejagnu/runtest.sh "${GCC_TESTSUITE:-build/gcc-testsuite}" "$RT" > "$TOP/runtest.log" 2>&1
[ -s "$RT/runtest.verdicts" ] && RT_OK=1

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
# c-c++-common has no driver of its own: gcc.dg/dg.exp runs it with its
# own flags (-Wc++-compat, no default flags), not gcc.dg's -ansi
# -pedantic-errors
CC=$T/ccommon/testsuite
mkdir -p "$CC/gcc.dg" "$CC/c-c++-common"
printf 'dg-runtest [lsort [glob -nocomplain $srcdir/$subdir/*.c]] "" " -ansi -pedantic-errors"\ndg-runtest [lsort [glob -nocomplain $srcdir/c-c++-common/*.c]] " -Wc++-compat " ""\n' > "$CC/gcc.dg/dg.exp"
printf '/* { dg-do compile } */\nint x; // C99 comment\n' > "$CC/c-c++-common/common.c"
cp "$CC/c-c++-common/common.c" "$CC/gcc.dg/plain.c"
$DM run --config tests/dejagnu/compilers.yaml --compilers gcc-12 --targets x86-64 --dialect dejagnu --dry-run \
	--cases-root "$CC" --cases "$CC/c-c++-common/common.c" "$CC/gcc.dg/plain.c" \
	--out "$T/ccommon.results" > "$T/ccommon.out" 2>&1
grep -q -- ' -Wc++-compat -S -o /dev/null  # c-c++-common/common.c ' "$T/ccommon.out" \
	&& ! grep -q -- '-ansi.*# c-c++-common/common.c' "$T/ccommon.out" \
	&& grep -q -- '-ansi -pedantic-errors.*# gcc.dg/plain.c ' "$T/ccommon.out" \
	&& ok dejagnu/c-c++-common-driver || bad dejagnu/c-c++-common-driver "$(cut -c1-40,600- "$T/ccommon.out" | grep -v '^LC_ALL' | head; grep -o ' -[^ ]* -S -o /dev/null  # .*' "$T/ccommon.out")"
