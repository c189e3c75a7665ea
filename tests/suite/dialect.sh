# SPDX-License-Identifier: MIT
# tests/suite/dialect.sh: the -verify dialect (tests/dialect) on clang-14 and
# clang-22, as lit runs it
# names: dialect lint
# needs: compilers
# builds: each

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
# the n/a ones are run by Clang too and counted over all combinations:
# verify-header.c (a header's directives) passes there, verify-unsupported.c fails
grep -qx "verify-header.c${tab}clang-14${tab}pass" "$T/va/na.tsv" \
	&& grep -qx "verify-unsupported.c${tab}clang-22${tab}fail" "$T/va/na.tsv" \
	&& grep -q "^all combinations (the n/a too, Clang having run them): [0-9]*, agree [0-9]* ([0-9.]* %), n/a $(wc -l < "$T/va/na.tsv")$" "$T/va.out" \
	&& ok dialect/agreement-counts-na || bad dialect/agreement-counts-na "$(cat "$T/va/na.tsv"; grep '^all' "$T/va.out")"
# every file that pins a defect was compared, on both Clangs
for f in verify-actions.c verify-as-written.c verify-block.c verify-braces.c verify-expansion.c verify-frontend.c verify-limit.c \
	"verify-mixed.c (RUN 1)" "verify-mixed.c (RUN 2)" verify-no-limit.c verify-prefixes.c verify-separator.c \
	"verify-skipped.c (RUN 1)" "verify-skipped.c (RUN 2)" "verify-syntax.c (RUN 1)" "verify-syntax.c (RUN 2)" \
	"verify-triple.c (RUN 1)" "verify-triple.c (RUN 2)" "verify-triple.c (RUN 3)" \
	"verify-triple.c (RUN 5)" "verify-triple.c (RUN 6)" "verify-languages.c (RUN 1)" "verify-languages.c (RUN 2)" \
	"verify-languages.c (RUN 3)" "verify-languages.c (RUN 4)" "verify-languages.c (RUN 5)"; do
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
