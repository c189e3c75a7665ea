# SPDX-License-Identifier: MIT
# tests/lib.sh: what every suite uses; sourced by tests/run.sh, which
# sets KGLOB (the -k pattern), SUITE and NAMES (the suite's name prefixes),
# and per build B, DM, UNIT, T, SAN and P.
#
# A test is a NAME (PREFIX/what, PREFIX one of the suite's names) and one
# of:
#   check NAME COMMAND...        passes when the command succeeds
#   expect NAME GREP-ARG... FILE passes when grep -q finds the pattern; a
#                                failure shows the file's lines nearest it
#   golden NAME FILE COMMAND...  the command's output is FILE, byte for
#                                byte (UPDATE=1 writes FILE instead)
#   ok NAME / bad NAME [WHY]     what a longer test decided
# Tests outside -k are neither run (check, expect, golden) nor counted;
# want PATTERN... guards a block of work only some tests need.
# The library's own variables begin with _, so that a suite's are safe.

passed=0
failed=0

# NAME is one -k selects
named() { case $1 in $KGLOB) return 0 ;; esac; return 1; }
# any PATTERN (a name or a NAME/* group) overlaps -k's pattern
want() {
	for _w; do
		case $_w in $KGLOB) return 0 ;; esac
		case $KGLOB in $_w) return 0 ;; esac
	done
	return 1
}
# NAME's prefix is one the suite's "names:" line declares, so that -k
# finds the suite by it
declared() {
	for _n in $NAMES; do [ "${1%%/*}" = "$_n" ] && return 0; done
	failed=$((failed + 1)); echo "FAIL $P$1: '${1%%/*}' is not on the names: line of tests/suite/$SUITE.sh"
	return 1
}
ok() { named "$1" && declared "$1" || return 0; passed=$((passed + 1)); echo "PASS $P$1"; }
bad() {
	named "$1" && declared "$1" || return 0
	failed=$((failed + 1)); echo "FAIL $P$1"
	[ $# -lt 2 ] || printf '%s\n' "$2" | sed 's/^/    /'
}
check() {  # NAME COMMAND...
	_name=$1; shift
	named "$_name" || return 0
	if _out=$("$@" 2>&1); then ok "$_name"; else bad "$_name" "$_out"; fi
}
expect() {  # NAME [GREP-OPTION...] PATTERN FILE
	_name=$1; shift
	named "$_name" || return 0
	if grep -q "$@"; then ok "$_name"; return; fi
	eval "_file=\${$#} _pat=\${$(($# - 1))}"
	bad "$_name" "looked for: $_pat
in $_file, whose nearest lines are:
$(near "$_pat" "$_file")"
}
# up to 6 lines of FILE holding the longest literal run of PATTERN, or
# its first lines if none does
near() {  # PATTERN FILE
	_key=$(printf '%s\n' "$1" | tr -c 'A-Za-z0-9_ <>|=,:;-' '\n' | awk 'length($0) > length(k) { k = $0 } END { print k }')
	{ [ -n "$_key" ] && grep -nF -- "$_key" "$2" || head -n 6 "$2" | sed = | sed 'N; s/\n/:/'; } 2>&1 | head -n 6 | cut -c1-300
}
golden() {  # NAME FILE COMMAND...
	_name=$1 _gf=$2; shift 2
	named "$_name" || return 0
	"$@" > "$T/golden.out" 2>&1
	if [ -n "${UPDATE:-}" ]; then
		cp "$T/golden.out" "$_gf" && ok "$_name" && echo "    (UPDATE: $_gf written)"
	elif cmp -s "$T/golden.out" "$_gf"; then ok "$_name"
	else bad "$_name" "$(diff "$_gf" "$T/golden.out" | head -20)"; fi
}

# A compiler's version, as diagmatrix list measures it (CONFIG COMPILER
# TARGET), and the same as a grep pattern: no test names a point release.
version() { $DM list --config "$1" | awk -v c="$2" -v t="$3" '$1 == c && $4 == t { print $3; exit }'; }
re() { printf '%s' "$1" | sed 's/[.[\*^$]/\\&/g'; }
# the test compilers' versions (E the configuration): v12, and as
# patterns g11, g12, c14, c22
versions() {
	E=tests/e2e/compilers.yaml
	v12=$(version $E gcc-12 x86-64)
	g11=$(re "$(version $E gcc-11 x86-64)") g12=$(re "$v12")
	c14=$(re "$(version $E clang-14 x86-64)") c22=$(re "$(version $E clang-22 x86-64)")
}
# the end-to-end run's results, made once per build: $T/e2e.results
e2e_results() {
	[ -s "$T/e2e.results" ] || $DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --out "$T/e2e.results" \
		-j 2 > "$T/run.out" 2> "$T/run.err"
}
# A dry run's lines without each job's bounds (prlimit, and timeout
# without the sandbox), which every line begins with, and without the
# harness that makes a sandbox (diagmatrix sandbox: docs/trust.md).
unbound() { sed 's/^LC_ALL=C [^ ]*diagmatrix sandbox /LC_ALL=C /; s/^LC_ALL=C prlimit --as=[0-9]* --cpu=[0-9:]* --fsize=[0-9]* --core=0 -- \(timeout -s KILL [0-9]* \)\{0,1\}/LC_ALL=C /' "$@"; }
tab=$(printf '\t')
