# SPDX-License-Identifier: MIT
# tests/suite/cache.sh: the result cache: warm runs, edits, corruption, privacy
# names: cache
# needs: compilers
# builds: each

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

