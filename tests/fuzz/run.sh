#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/fuzz/run.sh SECONDS NAME...: run each libFuzzer target
# (build-fuzz/fuzz-NAME, or $FUZZ_DIR/fuzz-NAME) for SECONDS on a fresh working corpus seeded from
# the repository: the case library, the malformed cases and the -verify
# and DejaGnu test files for `case` (which also judges them as output),
# the captured compiler output for `diag`, every compilers.yaml for
# `config`, and tests/fuzz/corpus/NAME (small results files for `results`, pairs
# of them split by a form feed for `mergediff`, compilation databases for
# `compdb`). A crash, leak or sanitizer report
# fails; the input that caused it is left in that directory to become a
# regression test.
set -u
secs=$1; shift
dir=${FUZZ_DIR:-build-fuzz}
st=0
seed() {  # NAME: copy the seed inputs of fuzzer NAME into its corpus
	case $1 in
	case) set -- cases/*/*.c tests/e2e/cases/*.c tests/bad-cases/*.c tests/data/src/*.c tests/dialect/*.c \
	      tests/dejagnu/gcc.diagmatrix/*.c tests/judge/*.c ;;
	diag) set -- tests/data/diag/*.stderr ;;
	config) set -- compilers.yaml tests/e2e/compilers.yaml tests/bad-config/*.yaml ;;
	*) set -- ;;
	esac
	for f in "$@"; do cp "$f" "$work/$(echo "$f" | tr / _)"; done
}
for n in "$@"; do
	work=$dir/corpus-$n
	rm -rf "$work"
	mkdir -p "$work"
	seed "$n"
	[ -d tests/fuzz/corpus/$n ] && cp tests/fuzz/corpus/$n/* "$work"/
	cp tests/fuzz/regressions/$n-* "$work"/ 2> /dev/null
	echo "fuzz-$n: $secs s, $(ls "$work" | wc -l) seeds"
	dict=
	[ -f tests/fuzz/$n.dict ] && dict=-dict=tests/fuzz/$n.dict
	# FUZZ_RUNS=N: stop after N inputs instead (make fuzz-flags-long)
	limit=-max_total_time="$secs"
	[ -n "${FUZZ_RUNS:-}" ] && limit=-runs="$FUZZ_RUNS"
	if ! $dir/fuzz-$n $limit $dict -max_len=8192 -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix=$dir/"$n"- -print_final_stats=1 "$work" > $dir/"$n".log 2>&1; then
		echo "FAIL fuzz-$n: see $dir/$n.log"
		tail -30 $dir/"$n".log
		st=1
	else
		grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' $dir/"$n".log | sed "s/^/  /"
	fi
done
exit $st
