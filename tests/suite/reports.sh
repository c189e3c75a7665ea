# SPDX-License-Identifier: MIT
# tests/suite/reports.sh: the reports (table, SVG, try, exports, diff) of results files made for them, compared whole
# names: grid report
# needs: nothing
# builds: each

# --- the grid reports (overview, merged columns, SVG, try) of results made for them ---
G=tests/grid
golden grid/table $G/table.md $DM table $G/grid.results
golden grid/svg $G/overview.svg $DM table --format svg $G/grid.results
golden grid/try-text $G/try.txt $DM try --from $G/try.results
golden grid/try-markdown $G/try.md $DM try --format markdown --from $G/try.results
golden grid/try-json $G/try.json $DM try --format json --from $G/try.results
# what the goldens must show, said once more in words
expect grid/range-merges '^| line | expectation | gcc-10<br>10.2.1 | gcc 11–12 | clang 14–16 |$' $G/table.md
expect grid/range-splits '^| line | expectation | gcc-10<br>10.2.1 | gcc-11<br>11.3.0 | gcc-12<br>12.2.0 | clang 14–16 |$' $G/table.md
expect grid/profile-excluded '✓ -Wstringop-overflow (default)<br>silent (kernel)' $G/table.md
expect grid/overview-profile-excluded '11–12: -Wstringop-overflow; silent under kernel | -Warray-bounds |$' $G/table.md
expect grid/silent-compiler '“array argument is too small; contains 6 elements” `\[-Warray-bounds\]` | silent |' $G/table.md
expect grid/one-of-two '`\[-Warray-bounds\]` | silent | ✓ -Warray-bounds | ✓ -Warray-bounds (error) | silent |$' $G/table.md
expect grid/line-link '^| \[5\](../cases/static/small.c#L5) |' $G/table.md
check grid/verdict-only-when-failing sh -c "grep -c '| \*\*verdict\*\* |' $G/table.md | grep -qx 1"
expect grid/try-skip-na-error '^  4  –       –          –            arm64/kernel$' $G/try.txt
# a FITS field naming a directive the case does not have is refused, at its line
sed '0,/expected	array argument is too small; contains 6 elements, callee requires at least 7	1$/s//expected	x	7/' \
	$G/grid.results > "$T/badfits.results"
$DM table "$T/badfits.results" > /dev/null 2> "$T/badfits.err"
[ $? -eq 2 ] && grep -q "badfits.results:[0-9]*:[0-9]*: error: bad directive list '7' in diag record" "$T/badfits.err" \
	&& ok grid/bad-fits-refused || bad grid/bad-fits-refused "$(cat "$T/badfits.err")"
expect grid/na-family '^| other | \[a GCC extension\](../cases/other/gcc-only.c) | silent | n/a |$' $G/table.md
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
# the report of tree jobs (make kernel's results/kernel.md), on results
# the real Xe driver gave
golden report/trees tests/report/trees.md $DM table --format trees tests/report/trees.results
# the atlas's report (make atlas's results/atlas.md), on GCC 12's own
# results for two of GCC 16's tests and the same jobs as a GCC 13 where one
# of them is silent: first and last version, a dg-bogus that caught a
# "declared here" note counted under the option of the warning it notes
golden report/atlas tests/report/atlas.md $DM table --format atlas tests/report/atlas.results
expect report/atlas-note-option '^| -Wuninitialized | 2 | 0 |$' tests/report/atlas.md
expect report/atlas-first-last '`c-c++-common/pr69543-3.c:10` | 12: fires<br>13: silent | GCC 12.2 | GCC 12.2 |' tests/report/atlas.md
# open is where the test's xfail applied (xfail c++ does not, for C)
expect report/atlas-open -F '`gcc.dg/pr116481.c:6` | fires | every version measured |  | **open** (`xfail *-*-*`) |' tests/report/atlas.md
expect report/atlas-xfail-cxx-not-open '`c-c++-common/pr69543-3.c:6` | [^|]* | GCC 12.2 | GCC 12.2 | silent expected |' tests/report/atlas.md
# a tree before its longer namesakes (linux-6.12, then linux-6.12-shapes),
# though a merge sorts the shapes' jobs first
sed 's/linux-6\.12:/linux-6.12-shapes:/g' tests/report/trees.results > "$T/shapes.results"
$DM merge --out "$T/two-trees.results" tests/report/trees.results "$T/shapes.results" 2> "$T/two-trees.err" \
	&& [ "$($DM table --format trees "$T/two-trees.results" | grep '^## ' | tr '\n' '|')" = \
	     "## linux-6.12, configuration xe-6.8-rc1|## linux-6.12-shapes, configuration xe-6.8-rc1|" ] \
	&& ok report/trees-order || bad report/trees-order "$(cat "$T/two-trees.err"; $DM table --format trees "$T/two-trees.results" | grep '^## ')"

# try's grid on a terminal of 60 columns comes in bands that fit it, each
# with the row numbers, every column in one of them; --wide keeps one band
script -qc "stty cols 60; $DM try --from $G/try.results" /dev/null | tr -d '\r' > "$T/bands" 2>&1
script -qc "stty cols 60; $DM try --wide --from $G/try.results" /dev/null | tr -d '\r' > "$T/wide" 2>&1
sed -n '/^     gcc-10/,$p' "$T/bands" | sed '/^Each cell/,$d' > "$T/bands.grid"
[ -s "$T/bands.grid" ] && [ "$(awk '{ if (length($0) > n) n = length($0) } END { print n }' "$T/bands.grid")" -le 60 ] \
	&& grep -q "^     clang-16$" "$T/bands.grid" && grep -q "^     gcc-10 " "$T/bands.grid" \
	&& [ "$(grep -c '^  1  ' "$T/bands.grid")" -ge 2 ] \
	&& grep -q "^     gcc-10 .*gcc 11–12 .*clang 14–15 .*clang-16$" "$T/wide" \
	&& ok grid/try-bands || bad grid/try-bands "$(cat "$T/bands" "$T/wide")"
