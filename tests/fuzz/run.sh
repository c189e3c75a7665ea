#!/bin/sh
# tests/fuzz/run.sh SECONDS NAME...: run each libFuzzer target
# (build-fuzz/fuzz-NAME) for SECONDS on a copy of its seed corpus
# (tests/fuzz/corpus/NAME). A crash, leak or sanitizer report fails; the
# input that caused it is left in build-fuzz/ to become a regression test.
set -u
secs=$1; shift
st=0
for n in "$@"; do
	work=build-fuzz/corpus-$n
	mkdir -p "$work"
	cp tests/fuzz/corpus/$n/* "$work"/ 2>/dev/null
	echo "fuzz-$n: $secs s"
	if ! build-fuzz/fuzz-$n -max_total_time="$secs" -max_len=8192 -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix=build-fuzz/"$n"- -print_final_stats=1 "$work" > build-fuzz/"$n".log 2>&1; then
		echo "FAIL fuzz-$n: see build-fuzz/$n.log"
		tail -30 build-fuzz/"$n".log
		st=1
	else
		grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' build-fuzz/"$n".log | sed "s/^/  /"
	fi
done
exit $st
