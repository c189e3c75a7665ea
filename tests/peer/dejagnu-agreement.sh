#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/peer/dejagnu-agreement.sh -C COMPILER [-c CONFIG] [-w WORK] [-r ROOT] [-f LIST] [-k] TESTSUITE
#
# How often does the harness give the verdict GCC's own runtest gives?
# TESTSUITE is a GCC source tree's gcc/testsuite (lib/, config/, gcc.dg/),
# from the gcc-N-source package of the GCC under test. The top-level files
# of its gcc.dg are run through runtest (DejaGnu, with that testsuite's own
# lib/*.exp) with COMPILER's command as GCC_UNDER_TEST, inside the Debian
# root ROOT when given (it needs dejagnu installed), and through the
# harness (--dialect dejagnu, x86-64, as-written). Prints the files runtest
# runs, how many of those the harness judges, how many verdicts agree, the
# disagreements, and why the harness left the others n/a, by count.
# -f LIST runs instead the files LIST names (one per line, below
# TESTSUITE: gcc.dg/x.c, c-c++-common/y.c, as `diagmatrix atlas --dry-run`
# names its cases) that this TESTSUITE has, with the other files of their
# directories (dg.exp, headers): the atlas's files, on a GCC's own tests.
# Exits 1 when agreement is below 99.9 % or the harness judges under 85 %
# of what runtest runs.
#
# Not run by make check: runtest over all of gcc.dg takes an hour.
# WORK keeps runtest's gcc.sum and gcc.log, the harness's results
# (h.results) and the comparison (both.tsv); -k takes runtest's verdicts
# from an earlier run in WORK, to measure a changed harness.
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
DM=${DM:-$TOP/build/diagmatrix}
CONFIG=$TOP/compilers.yaml W= ROOT= C= KEEP= LIST=
while getopts c:w:r:C:f:k o; do
	case $o in
	f) LIST=$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG") ;;
	k) KEEP=1 ;;
	c) CONFIG=$OPTARG ;;
	w) W=$OPTARG ;;
	r) ROOT=$OPTARG ;;
	C) C=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] && [ -n "$C" ] || { echo "usage: $0 -C COMPILER [-c CONFIG] [-w WORK] [-r ROOT] [-f LIST] [-k] TESTSUITE" >&2; exit 2; }
GT=$(cd "$1" && pwd)
[ -n "$W" ] || W=$(mktemp -d)
mkdir -p "$W"
W=$(cd "$W" && pwd)
tab=$(printf '\t')
cmd=$("$DM" list --config "$CONFIG" | awk -v c="$C" '$1 == c && $4 == "x86-64" { print $6; exit }')
[ -n "$cmd" ] || { echo "$0: no $C for x86-64 in $CONFIG" >&2; exit 2; }

# -k: runtest's verdicts of an earlier run in WORK stand
if [ -n "$KEEP" ] && grep -q '=== gcc Summary ===' "$W/run/gcc.sum" 2>/dev/null; then
	:
else
# the testsuite: its lib and config, and gcc.dg's top-level files
rm -rf "$W/testsuite" "$W/run" "$W/tmp"
mkdir -p "$W/testsuite/gcc.dg" "$W/run" "$W/tmp"
cp -R "$GT/lib" "$GT/config" "$W/testsuite/"
if [ -z "$LIST" ]; then
	find "$GT/gcc.dg" -maxdepth 1 -type f -exec cp -t "$W/testsuite/gcc.dg/" {} +
else
	# gcc.dg's dg.exp runs c-c++-common's files too
	for d in gcc.dg c-c++-common; do
		mkdir -p "$W/testsuite/$d"
		find "$GT/$d" -maxdepth 1 -type f ! -name '*.c' -exec cp -t "$W/testsuite/$d/" {} +
	done
	while read -r f; do
		case $f in gcc.dg/*.c|c-c++-common/*.c) [ ! -f "$GT/$f" ] || cp "$GT/$f" "$W/testsuite/$f" ;; esac
	done < "$LIST"
fi
sh "$TOP/tests/dejagnu/site-exp.sh" "$W" "$cmd" > "$W/run/site.exp"

# runtest exits 1 when a test fails
rt() {
	if [ -n "$ROOT" ]; then
		bwrap --bind "$ROOT" / --dev /dev --proc /proc --tmpfs /tmp --bind "$W" "$W" --chdir "$W/run" \
			--setenv PATH /usr/bin:/bin -- runtest --tool gcc --srcdir "$W/testsuite" dg.exp
	else
		(cd "$W/run" && runtest --tool gcc --srcdir "$W/testsuite" dg.exp)
	fi
}
rt > "$W/runtest.out" 2>&1 || true
fi
grep -q '=== gcc Summary ===' "$W/run/gcc.sum" || { echo "$0: runtest did not finish: see $W/runtest.out" >&2; exit 1; }
# named below gcc.dg without -f; with it, below the testsuite, whose files
# they may read as runtest lets them (c-c++-common's include gcc.dg's)
if [ -z "$LIST" ]; then
	strip='s|^gcc\.dg/||'
	set -- --cases "$W/testsuite/gcc.dg"
else
	strip=
	# shellcheck disable=SC2046 # one word per file
	set -- --cases-root "$W/testsuite" --cases $(find "$W/testsuite/gcc.dg" "$W/testsuite/c-c++-common" \
		-maxdepth 1 -name '*.c' | sort)
fi
awk -f "$TOP/tests/dejagnu/sum-verdicts.awk" "$W/run/gcc.sum" | sed "$strip" | sort > "$W/runtest.verdicts"

"$DM" run --config "$CONFIG" --compilers "$C" --targets x86-64 --dialect dejagnu --trusted-cases --quiet \
	"$@" --out "$W/h.results" > "$W/run.out" 2>&1 || [ $? -eq 1 ]
awk -F '\t' '$1 == "job" { v = $7 == "pass" ? "pass" : $7 == "n/a" ? "n/a" : "fail"; print $2 "\t" v "\t" $11 }' \
	"$W/h.results" | sort > "$W/h.tsv"
join -t "$tab" "$W/runtest.verdicts" "$W/h.tsv" > "$W/both.tsv"

awk -F '\t' '
	$2 != "n/a" { runs++; if ($3 != "n/a") { judged++; if ($2 == $3) agree++; else list = list "  runtest " $2 ", diagmatrix " $3 ": " $1 " (" $4 ")\n" } }
	$2 == "n/a" && $3 != "n/a" { extra++; list = list "  runtest unsupported, diagmatrix " $3 ": " $1 "\n" }
	$2 != "n/a" && $3 == "n/a" { r = $4; sub(/^not supported: line [0-9]+: /, "", r); sub(/ \(.*$/, "", r); why[r]++ }
	END {
		printf "runtest runs %d files; the harness judges %d (%.1f %%); same verdict on %d (%.2f %%)\n",
			runs, judged, runs ? 100 * judged / runs : 0, agree, judged ? 100 * agree / judged : 0
		printf "judged by the harness where runtest says unsupported: %d\n", extra
		printf "%s", list
		print "n/a in the harness, by reason:"
		for (r in why) printf "%7d  %s\n", why[r], r | "sort -rn"
		close("sort -rn")
		exit !(judged && agree * 1000 >= judged * 999 && judged * 100 >= runs * 85)
	}' "$W/both.tsv"
