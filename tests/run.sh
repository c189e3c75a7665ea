#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/run.sh [-k GLOB] [-b BUILD]... [-l] [SUITE...]: the tests of
# diagmatrix, from the repository root.
#
#   SUITE     a file tests/suite/SUITE.sh, or a group: offline (the suites
#             that need no compiler, no root and no privilege), workflow
#             (offline and smoke: what check.yml runs in CI), all (the
#             default)
#   -k GLOB   only the tests whose names match (sh pattern: 'table/*',
#             'e2e/tsv-*', 'unit/trust_*'); a suite none of whose names
#             can match is not run at all
#   -b BUILD  a build directory whose diagmatrix and unit-tests to test
#             (again for more: make check gives build and build-san);
#             build by default
#   -l        list the suites and the names they hold, and stop
#   UPDATE=1  golden files are written, not compared
#
# Prints PASS/FAIL per test (a failure with what it saw), a line per
# suite, and ends with "N passed, N failed"; exits 1 if anything failed,
# 2 on a usage error.
set -u
usage() { echo "usage: tests/run.sh [-k GLOB] [-b BUILD]... [-l] [SUITE...]" >&2; exit 2; }
KGLOB='*' BUILDS= LIST=
while getopts k:b:l opt; do
	case $opt in
	k) KGLOB=$OPTARG ;;
	b) BUILDS="$BUILDS $OPTARG" ;;
	l) LIST=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
BUILDS=${BUILDS# }
[ -n "$BUILDS" ] || BUILDS=build
[ -f tests/lib.sh ] || { echo "tests/run.sh: run from the repository's top directory" >&2; exit 2; }

# a suite's header: "# names: PREFIX...", "# needs: nothing | compilers",
# "# builds: each | first" (a suite of the project, not of a binary)
field() { sed -n "s/^# $2: *//p" "tests/suite/$1.sh" | head -n 1; }
# every suite, those that need nothing first, each kind by name
suites() {
	for f in tests/suite/*.sh; do
		s=${f#tests/suite/} s=${s%.sh}
		[ "$(field "$s" needs)" = nothing ] && echo "0 $s" || echo "1 $s"
	done | sort | cut -d' ' -f2
}
group() {
	case $1 in
	all) suites ;;
	offline) for s in $(suites); do if [ "$(field "$s" needs)" = nothing ]; then echo "$s"; fi; done ;;
	workflow) group offline; echo smoke ;;
	*) [ -f "tests/suite/$1.sh" ] || { echo "tests/run.sh: no suite '$1' (tests/suite/*.sh, offline, workflow, all)" >&2; exit 2; }
	   echo "$1" ;;
	esac
}
[ $# -gt 0 ] || set -- all
SELECTED=
for g; do SELECTED="$SELECTED $(group "$g")" || exit 2; done

if [ -n "$LIST" ]; then
	for s in $SELECTED; do printf '%-10s %-9s %s\n' "$s" "$(field "$s" needs)" "$(field "$s" names)"; done
	exit 0
fi

# -k 'PREFIX/...' runs the suites that declare a name PREFIX matches
runs() {
	case $KGLOB in */*) ;; *) return 0 ;; esac
	for n in $(field "$1" names); do case $n in ${KGLOB%%/*}) return 0 ;; esac; done
	return 1
}

TOP=$(mktemp -d /tmp/diagmatrix-tests.XXXXXX)
TOPDIR=$(pwd)   # the repository: tests that run elsewhere name its files by it
trap 'rm -rf "$TOP"' EXIT INT TERM
export KGLOB TOP TOPDIR

# one build's state; each build has a cache of its own (the sanitizer
# build must compile too)
setup() {
	B=$1 DM=$1/diagmatrix UNIT=$1/unit-tests T=$TOP/$1
	mkdir -p "$T"
	export DIAGMATRIX_CACHE="$T/cache"
	case $B in *san*) SAN=1 P="$B:" ;; *) SAN= P= ;; esac
}
# a suite in a subshell of its own: its variables and functions end with
# it; its counts come back in a file
suite() {  # SUITE BUILD
	SUITE=$1 NAMES=$(field "$1" names)
	setup "$2"
	t0=$(date +%s)
	( . tests/lib.sh; . "tests/suite/$SUITE.sh"; echo "$passed $failed" > "$TOP/counts" )
	read -r p f < "$TOP/counts" 2> /dev/null || { p=0 f=1; echo "FAIL $P$SUITE: the suite stopped"; }
	passed=$((passed + p)) failed=$((failed + f))
	echo "-- $SUITE${P:+ ($B)}: $p passed, $f failed, $(($(date +%s) - t0)) s"
	rm -f "$TOP/counts"
}

passed=0 failed=0
for s in $SELECTED; do
	runs "$s" || continue
	if [ "$(field "$s" builds)" = first ]; then
		suite "$s" ${BUILDS%% *}
	else
		for b in $BUILDS; do suite "$s" "$b"; done
	fi
done
echo "$passed passed, $failed failed"
# a -k or a suite that selects nothing is a mistake, not a success
[ $((passed + failed)) -gt 0 ] || { echo "tests/run.sh: no test matched -k '$KGLOB' in: $(echo $SELECTED)" >&2; exit 1; }
[ "$failed" -eq 0 ]
