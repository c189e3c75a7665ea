# SPDX-License-Identifier: MIT
# tests/suite/faults.sh: faulty compilers, interrupts and a real internal compiler
# error: each a verdict, nothing left running
# names: faults signals
# needs: compilers
# builds: each

# faulty compilers: each gets a verdict, the rest of the matrix goes on,
# nothing is left running, memory stays bounded
cat > "$T/fake.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  default: { flags: [] }
compilers:
  - { name: hang, family: gcc, command: $PWD/tests/fake/hang, targets: [x86-64] }
  - { name: crash, family: gcc, command: $PWD/tests/fake/crash, targets: [x86-64] }
  - { name: spew, family: gcc, command: $PWD/tests/fake/spew, targets: [x86-64] }
  - { name: garbage, family: gcc, command: $PWD/tests/fake/garbage, targets: [x86-64] }
  - { name: ice, family: gcc, command: $PWD/tests/fake/ice, targets: [x86-64] }
  - { name: noexec, family: gcc, command: $PWD/tests/fake/noexec, targets: [x86-64], package: fake-noexec }
  - { name: absent, family: gcc, command: no-such-compiler-here, targets: [x86-64], package: fake-absent }
  - { name: gcc-12, family: gcc, command: gcc-12, targets: [x86-64] }
EOY
start=$(date +%s)
$DM run --config "$T/fake.yaml" --cases tests/e2e/cases/nodiag.c --timeout 2 --out "$T/f.results" > /dev/null 2> "$T/err"
st=$?
end=$(date +%s)
$DM export --format tap "$T/f.results" > "$T/f.tap"
tapok() {  # NAME PATTERN...: every pattern is a line of the TAP output
	name=$1; shift
	for p in "$@"; do
		grep -q -- "$p" "$T/f.tap" || { bad "$name" "no line '$p' in: $(cat "$T/f.tap" "$T/err")"; return; }
	done
	ok "$name"
}
[ $st -eq 1 ] && [ $((end - start)) -lt 20 ] && ok faults/finishes || bad faults/finishes "exit $st after $((end - start)) s"
tapok faults/hang '^not ok 1 - nodiag.c hang@x86-64 default' 'reason: "timed out after 2 s"'
tapok faults/signal '^not ok 2 - nodiag.c crash@x86-64 default' 'reason: "killed by signal 11'
tapok faults/spew '^not ok 3 - nodiag.c spew@x86-64 default'
tapok faults/garbage '^not ok 4 - nodiag.c garbage@x86-64 default' 'tail after the noise'
tapok faults/ice '^not ok 5 - nodiag.c ice@x86-64 default' 'reason: "compiler crashed: PLEASE submit a bug report'
tapok faults/not-executable '^ok 6 - nodiag.c noexec@x86-64 default # SKIP skip: .*tests/fake/noexec is not executable (apt-get install fake-noexec)'
tapok faults/missing '^ok 7 - nodiag.c absent@x86-64 default # SKIP skip: no-such-compiler-here not found (apt-get install fake-absent)'
tapok faults/others-go-on '^ok 8 - nodiag.c gcc-12@x86-64 default$'
grep -q 'output truncated: [0-9]* bytes not kept' "$T/f.tap" && ok faults/spew-marked \
	|| bad faults/spew-marked "$(grep -A5 'spew@' "$T/f.tap")"
if pgrep -f "tests/fake/" > /dev/null; then bad faults/no-leftover-process "$(pgrep -af tests/fake/)"; else ok faults/no-leftover-process; fi
if [ -z "$SAN" ]; then
	rss=$(awk -F'\t' '$1 == "meta" && $2 == "harness_maxrss_kb" { print $3 }' "$T/f.results")
	[ -n "$rss" ] && [ "$rss" -lt 131072 ] && ok faults/memory-bounded || bad faults/memory-bounded "peak RSS ${rss:-?} KiB"
fi

# interrupts: SIGINT / SIGTERM end the run within a couple of seconds, kill
# every compiler, and leave a readable result of what finished (or none)
for sig in INT TERM; do
	rm -f "$T/int.results"
	$DM run --config "$T/fake.yaml" --cases tests/e2e/cases --compilers hang,gcc-12 --timeout 60 -j 2 \
		--out "$T/int.results" > /dev/null 2>&1 &
	pid=$!
	sleep 1
	start=$(date +%s)
	kill -$sig $pid
	wait $pid
	st=$?
	end=$(date +%s)
	want=130; [ $sig = TERM ] && want=143
	if [ $st -eq $want ] && [ $((end - start)) -le 3 ] && ! pgrep -f tests/fake/hang > /dev/null \
		&& { [ ! -e "$T/int.results" ] || $DM export --format tap "$T/int.results" > /dev/null; } \
		&& ! ls "$T"/.int.results.* > /dev/null 2>&1; then
		ok "signals/SIG$sig"
	else
		bad "signals/SIG$sig" "exit $st (want $want) after $((end - start)) s; $(pgrep -af tests/fake/hang)"
	fi
done
grep -q '^meta	interrupted	SIGTERM$' "$T/int.results" && ok signals/marked || bad signals/marked

# a real internal compiler error (GCC PR c/101702, gcc-11 only) is an error verdict
printf 'void f0(double[!__builtin_copysign(~2, 3)]);\n' > "$T/ice.c"
$DM run --config tests/e2e/compilers.yaml --cases "$T/ice.c" --compilers gcc-11,gcc-12 --targets x86-64 \
	--profiles O0 --out "$T/i.results" > /dev/null 2>&1
$DM export --format tap "$T/i.results" > "$T/i.tap"
grep -q '^not ok 1 - ice.c gcc-11@x86-64 O0' "$T/i.tap" && grep -q 'compiler crashed: .*internal compiler error: in handle_argspec_attribute' "$T/i.tap" \
	&& grep -q '^ok 2 - ice.c gcc-12@x86-64 O0' "$T/i.tap" && ok faults/ice || bad faults/ice "$(cat "$T/i.tap")"

