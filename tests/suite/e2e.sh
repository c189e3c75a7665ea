# SPDX-License-Identifier: MIT
# tests/suite/e2e.sh: the whole path on real compilers (tests/e2e): run, table,
# exports, diff, merge, shards, the sandbox around a case
# names: e2e table diff export cli merge shard sandbox cases
# needs: compilers
# builds: each

versions
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
expect e2e/tsv-header -x "case${tab}compiler${tab}version${tab}target${tab}profile${tab}line${tab}column${tab}severity${tab}option${tab}count${tab}status${tab}message${tab}file" "$T/e2e.tsv"
# gcc-12 prints the warning three times at -O2; the count says so
expect e2e/tsv-gcc12-count -x "pass.c${tab}gcc-12${tab}$g12${tab}x86-64${tab}default${tab}11${tab}9${tab}warning${tab}-Wstringop-overflow${tab}3${tab}expected${tab}'blah' accessing 7 bytes in a region of size 6${tab}tests/e2e/cases/pass.c" "$T/e2e.tsv"
expect e2e/tsv-clang-note -x "pass.c${tab}clang-22${tab}$c22${tab}x86-64${tab}O0${tab}4${tab}25${tab}note${tab}-${tab}2${tab}expected${tab}callee declares array parameter as static here${tab}tests/e2e/cases/pass.c" "$T/e2e.tsv"
expect e2e/tsv-unexpected -x "fail.c${tab}clang-14${tab}$c14${tab}arm64${tab}O0${tab}8${tab}6${tab}warning${tab}-Wunused-variable${tab}1${tab}unexpected${tab}unused variable 'unused'${tab}tests/e2e/cases/fail.c" "$T/e2e.tsv"
expect e2e/tsv-pedantic "^requires.c${tab}gcc-12${tab}$g12${tab}x86-64${tab}O0${tab}6${tab}.*${tab}-Wpedantic${tab}1${tab}expected${tab}ISO C90" "$T/e2e.tsv"
expect e2e/summary '^diagmatrix: 56 jobs: 26 pass, 12 fail, 0 error, 8 skip, 10 n/a' "$T/run.err"

# the examples of the README and the documents (docs/examples) pass on
# the matrix's own configuration, every profile (the kernel's too), on the
# compilers make check installs; make matrix runs them on every compiler
if want e2e/doc-examples-pass; then
	$DM run --config compilers.yaml --compilers gcc-11,gcc-12,clang-14,clang-22 --cases docs/examples --out "$T/examples.results" -j 2 > /dev/null 2> "$T/examples.err"
	st=$?
	[ $st -eq 0 ] && grep -q '^diagmatrix: [0-9]* jobs: [1-9][0-9]* pass, 0 fail, 0 error,' "$T/examples.err" \
		&& ok e2e/doc-examples-pass || bad e2e/doc-examples-pass "exit $st: $(grep -v '^diagmatrix: \[' "$T/examples.err")"
fi

# table: the whole of it, against tests/e2e/table.md (a column per
# compiler, ranges where versions agree, the legend, a row per
# expectation, the missing compiler); the versions measured here and the
# commit are placeholders, so that a point release changes nothing
e2e_table() {
	$DM table "$T/e2e.results" | sed -e 's/ of commit [0-9a-f]*\(-dirty\)\{0,1\}\./ of commit REVISION./' \
		-e "s/$g11/<gcc-11>/g; s/$g12/<gcc-12>/g; s/$c14/<clang-14>/g; s/$c22/<clang-22>/g"
}
golden table/e2e tests/e2e/table.md e2e_table

# only passing cases: exit 0; the filter options narrow the matrix
if want e2e/exit-status-0 e2e/filters 'diff/*'; then
	$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases/pass.c tests/e2e/cases/nodiag.c \
		--compilers clang-14,clang-22 --profiles O0 --out "$T/p.results" --quiet > "$T/out" 2>&1
	st=$?
	[ $st -eq 0 ] && [ ! -s "$T/out" ] && ok e2e/exit-status-0 || bad e2e/exit-status-0 "exit $st: $(cat "$T/out")"
	n=$($DM export --format tap "$T/p.results" | grep -c '^ok')
	[ "$n" = 6 ] && ok e2e/filters || bad e2e/filters "$n test points"

	# diff: nothing between two runs of the same (their durations differ);
	# what a run adds, as text and markdown
	$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases/pass.c tests/e2e/cases/nodiag.c \
		--compilers clang-14,clang-22 --profiles O0 --out "$T/p2.results" --quiet --no-cache > /dev/null 2>&1
	$DM diff "$T/p.results" "$T/p2.results" > "$T/diff" 2>&1
	[ $? -eq 0 ] && [ "$(cat "$T/diff")" = "$(printf 'nothing changed\n0 configuration(s) newly failing')" ] && ok diff/same || bad diff/same "$(cat "$T/diff")"
	$DM diff "$T/p.results" "$T/e2e.results" > "$T/diff" 2>&1
	st=$?
	[ $st -eq 1 ] && grep -qxF '+ fail.c gcc-12@arm64 O0: new configuration, fail' "$T/diff" \
		&& grep -qxF "+ fail.c gcc-12@arm64 O0: line 8: warning: unused variable 'unused' [-Wunused-variable] (unexpected)" "$T/diff" \
		&& ok diff/text || bad diff/text "exit $st: $(head -20 "$T/diff")"
	$DM diff --format markdown "$T/e2e.results" "$T/p.results" > "$T/diff.md" 2>&1
	st=$?
	[ $st -eq 0 ] && grep -qxF '#### `pass.c`' "$T/diff.md" && grep -q '^| - `configuration gone (was pass)` | all | default | – |$' "$T/diff.md" \
		&& ok diff/markdown || bad diff/markdown "exit $st: $(head -20 "$T/diff.md")"
fi

# junit and jsonl exports
$DM export --format junit "$T/e2e.results" > "$T/e2e.xml"
grep -q '^<testsuites name="diagmatrix" tests="56" failures="12" errors="0" skipped="18">$' "$T/e2e.xml" \
	&& grep -q '<testcase classname="fail.c" name="gcc-12@arm64 O0" time="[0-9.]*">' "$T/e2e.xml" \
	&& [ "$(grep -c '<failure message=' "$T/e2e.xml")" = 12 ] && ok export/junit || bad export/junit "$(head -5 "$T/e2e.xml")"
$DM export --format jsonl "$T/e2e.results" > "$T/e2e.jsonl"
rows=$(($(wc -l < "$T/e2e.tsv") - 1))
[ "$(wc -l < "$T/e2e.jsonl")" -eq "$rows" ] \
	&& grep -qxF "{\"case\":\"pass.c\",\"compiler\":\"gcc-12\",\"version\":\"$v12\",\"target\":\"x86-64\",\"profile\":\"default\",\"line\":11,\"column\":9,\"severity\":\"warning\",\"option\":\"-Wstringop-overflow\",\"count\":3,\"status\":\"expected\",\"message\":\"'blah' accessing 7 bytes in a region of size 6\",\"file\":\"tests/e2e/cases/pass.c\"}" "$T/e2e.jsonl" \
	&& ok export/jsonl || bad export/jsonl "$(head -3 "$T/e2e.jsonl")"
$DM run --config tests/e2e/compilers.yaml --compilers gcc-13 --out "$T/x.results" > /dev/null 2> "$T/err"
[ $? -eq 2 ] && grep -q "no compiler 'gcc-13'" "$T/err" && ok cli/unknown-compiler || bad cli/unknown-compiler "$(cat "$T/err")"
$DM run --frobnicate > /dev/null 2> "$T/err"
[ $? -eq 2 ] && ok cli/unknown-option || bad cli/unknown-option

# merge of two result files gives the same table as one
if want 'merge/*'; then
	$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --compilers gcc-11,gcc-12 --out "$T/a.results" --quiet
	$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --compilers clang-14,clang-22,gcc-99 --out "$T/b.results" --quiet
	$DM merge --out "$T/m.results" "$T/a.results" "$T/b.results"
	$DM export --format tap "$T/m.results" | grep -E '^(not )?ok' > "$T/m.verdicts"
	cmp -s "$T/m.verdicts" tests/e2e/expected.tap && ok merge/verdicts || bad merge/verdicts "$(diff tests/e2e/expected.tap "$T/m.verdicts" | head)"
fi

# shards: each job in exactly one shard; merged, the same verdicts
if want 'shard/*'; then
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
fi

# a file straight in /tmp, run from there: /tmp is bound read-only over the
# sandbox's private one, and the compilers still have somewhere to write
if want sandbox/case-in-tmp; then
	f=diagmatrix-case-$$.c
	cp tests/e2e/cases/pass.c "/tmp/$f"
	(top=$PWD; cd /tmp && "$top/$DM" run --config "$top/tests/e2e/compilers.yaml" --compilers gcc-12,clang-14 \
		--targets x86-64 --cases "$f" --out "$T/tmpcase.results" --quiet) > "$T/out" 2>&1
	st=$?
	f=/tmp/$f
	rm -f "$f"
	[ $st -eq 0 ] && ok sandbox/case-in-tmp || bad sandbox/case-in-tmp "exit $st: $(head -5 "$T/out")"
fi

# in a container whose /proc bwrap cannot mount again (parts of it masked
# read-only, as an unprivileged container's), the sandbox cannot start:
# the run stops and says so (fail closed: only a missing bwrap or a kernel
# without user namespaces falls back by itself), and --no-sandbox runs the
# same jobs there without it, to the same verdicts
if want sandbox/masked-proc-stops; then
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
fi

# the library's own cases hold on the host's compilers
if want cases/pass-natively; then
	$DM run --compilers gcc-12,clang-14 --targets x86-64 --out "$T/cases.results" --quiet > "$T/out" 2>&1
	st=$?
	[ $st -eq 0 ] && ok cases/pass-natively || bad cases/pass-natively "exit $st: $(head -20 "$T/out")"
fi
