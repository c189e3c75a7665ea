# SPDX-License-Identifier: MIT
# tests/suite/seal.sh: code in a compile reaches nothing of the host and
# nothing of the next job, as root and as an ordinary user (issue 41)
# names: seal
# needs: compilers
# builds: each
#
# tests/fake/attack stands for code running inside a compile: it tries
# what a hostile case's compiler bug would, and says what came of it. Each
# test runs it as the harness runs a compile, under the user running the
# tests (root, in CI) and under an ordinary user, and checks what it said
# and what it left. The controls run it without the sandbox, where the
# same tries succeed, so that each test can fail.

S=$T/seal
REPO=$PWD REPO_DM=$PWD/$DM
W=$T/seal-run   # where the harness runs: outside what the sandbox binds
rm -rf "$S" "$W" && mkdir -p "$S/cases" "$W"
chmod 755 "$S" "$W"
cc -o "$S/attack" tests/fake/attack.c
cp tests/e2e/cases/nodiag.c "$S/cases/nodiag.c"
cat > "$S/attack.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
$(for a in seal poison benign memory procs devfill; do echo "  $a: { flags: [-DATTACK=$a] }"; done)
compilers:
  - { name: attack, family: gcc, command: $S/attack, targets: [x86-64] }
EOY
JOB=2000000000

# as the tests' user (U empty) or as the ordinary user diagmatrix-test (U
# its name): attack NAME PROFILES OPTION...: the attack's warnings in
# $S/NAME.said, its verdicts in $S/NAME.tap, its sandboxes in $S/NAME.boxes
attack() {
	_n=$1 _p=$2
	shift 2
	if [ -n "$U" ]; then
		su -s /bin/sh "$U" -c "cd $W && DIAGMATRIX_CACHE=$S/cache-$U $S/diagmatrix run --config $S/attack.yaml --dialect none \
			--cases $S/cases/nodiag.c --profiles $_p --quiet --out $S/$_n.results $*" > "$S/$_n.out" 2>&1
	else
		(cd "$W" && DIAGMATRIX_CACHE=$S/cache "$S/diagmatrix" run --config "$S/attack.yaml" --dialect none \
			--cases "$S/cases/nodiag.c" --profiles "$_p" --quiet --out "$S/$_n.results" "$@") > "$S/$_n.out" 2>&1
	fi
	$DM export --format tsv "$S/$_n.results" 2>/dev/null | awk -F'\t' 'NR > 1 && $12 != "" { print $12 }' > "$S/$_n.said"
	$DM export --format tap "$S/$_n.results" > "$S/$_n.tap" 2>/dev/null
	awk -F'\t' '$1 == "meta" && $2 == "sandboxes" { print $3 }' "$S/$_n.results" > "$S/$_n.boxes" 2>/dev/null
}
said() { grep -F -- "$2" "$S/$1.said" > /dev/null; }
# NAME RUN WANT...: every line WANT is in what RUN's attack said
holds() {
	_t=$1 _r=$2
	shift 2
	for _w; do
		said "$_r" "$_w" || { bad "$_t" "wanted: $_w
it said:
$(cat "$S/$_r.said" "$S/$_r.out")"; return; }
	done
	ok "$_t"
}

cp "$DM" "$S/diagmatrix"
$S/attack --add-secret || echo "could not add the keyring's secret" >&2
full_mtime=$(stat -c %Y /dev/full) null_mode=$(stat -c %a /dev/null)

for U in "" diagmatrix-test; do
	if [ -n "$U" ]; then
		[ "$(id -u)" = 0 ] || { bad seal/ordinary-user "needs root to create the user it runs as"; break; }
		id "$U" > /dev/null 2>&1 || useradd -M -d /nonexistent -s /bin/sh "$U"
		chmod 755 "$TOP" "$T" 2> /dev/null
		chown -R "$U" "$S" "$W"
		uid=$(id -u "$U") as="as $U"
	else
		uid=$(id -u) as="as $(id -un)"
	fi
	t() { echo "seal/$1${U:+-user}"; }

	# --- who a job is: never the host's root; without capabilities ---
	attack seal seal -j 1
	if [ "$uid" = 0 ]; then
		holds "$(t identity)" seal "identity: uid $JOB, host uid $JOB"
	else
		holds "$(t identity)" seal "identity: uid $JOB, host uid $uid"
	fi
	holds "$(t capabilities)" seal "capabilities: CapPrm 0000000000000000" \
		"capabilities: CapEff 0000000000000000" "capabilities: CapAmb 0000000000000000"
	# --- the host's sysctls (kernel.core_pattern runs a program as the
	# host's root) cannot be written ---
	! said seal "kernel/printk_ratelimit opened for writing: done" && ! said seal "kernel/core_pattern opened for writing: done" \
		&& said seal "kernel/core_pattern opened for writing:" \
		&& ok "$(t sysctl)" || bad "$(t sysctl)" "$(grep sysctl "$S/seal.said")"
	# --- the kernel's keyrings: neither the harness's user's secret nor a
	# key of its own ---
	holds "$(t keyring)" seal "keyring: the user keyring: Operation not permitted" \
		"keyring: a key added: Operation not permitted" "0 of the harness's keys seen"
	# --- the host's device nodes: written to, not changed ---
	holds "$(t devices)" seal "device: /dev/null written: done"
	! said seal "/dev/full's times set: done" && ! said seal "/dev/null's mode set: done" \
		&& [ "$(stat -c %Y /dev/full)" = "$full_mtime" ] && [ "$(stat -c %a /dev/null)" = "$null_mode" ] \
		&& ok "$(t devices-unchanged)" || bad "$(t devices-unchanged)" "$(grep device "$S/seal.said"; ls -l --time-style=+%s /dev/full /dev/null)"
	# --- process 1, the executor the next job runs under: its limits,
	# priority, scheduling, OOM score; traced ---
	attack poison poison,benign -j 1
	n=$(grep -c 'process 1: .*: done' "$S/poison.said")
	[ "$n" = 0 ] && said poison "process 1: traced:" && ok "$(t executor)" || bad "$(t executor)" "$(grep 'process 1' "$S/poison.said")"
	# --- the chain: a hostile job, then a benign one in the same sandbox;
	# the benign one passes (the poisoned sandbox was retired: two were
	# started), and so does its cached result once the hostile job is gone ---
	grep -q '^ok .* benign$' "$S/poison.tap" && [ "$(cut -d' ' -f1 "$S/poison.boxes")" -ge 2 ] \
		&& ok "$(t poisoned-sandbox-retired)" \
		|| bad "$(t poisoned-sandbox-retired)" "sandboxes: $(cat "$S/poison.boxes"); $(cat "$S/poison.tap" "$S/poison.said")"
	attack rerun benign -j 1
	grep -q '^ok .* benign$' "$S/rerun.tap" && [ "$(awk -F'\t' '$1 == "meta" && $2 == "cache_hits" { print $3 }' "$S/rerun.results")" = 1 ] \
		&& ok "$(t cache-not-poisoned)" || bad "$(t cache-not-poisoned)" "$(cat "$S/rerun.tap" "$S/rerun.out")"
	# --- bounds per job, not per process ---
	attack memory memory -j 1
	grep -A3 '^not ok .* memory$' "$S/memory.tap" | grep -q "bound of 4096 MiB of memory, all its processes together" \
		&& ! said memory "held 4500 of 4500 MiB" && ok "$(t memory)" || bad "$(t memory)" "$(cat "$S/memory.tap" "$S/memory.said")"
	attack procs procs -j 1
	n=$(sed -n 's/.*processes: \([0-9]*\) started.*/\1/p' "$S/procs.said")
	[ -n "$n" ] && [ "$n" -le 256 ] && ok "$(t processes)" || bad "$(t processes)" "$(cat "$S/procs.said" "$S/procs.out")"
	attack devfill devfill -j 1
	n=$(sed -n 's/.*dev: \([0-9]*\) MiB written.*/\1/p' "$S/devfill.said")
	[ -n "$n" ] && [ "$n" -le 512 ] && ok "$(t dev-bounded)" || bad "$(t dev-bounded)" "$(cat "$S/devfill.said" "$S/devfill.out")"
	# (another harness's jobs, a survey's say, run as the same user: only the attack's are looked for)
	for _ in 1 2 3 4 5 6 7 8 9 10; do pgrep -f "$S/attack" > /dev/null || break; sleep 0.5; done
	! pgrep -f "$S/attack" > /dev/null && ok "$(t nothing-left)" || bad "$(t nothing-left)" "$(pgrep -af "$S/attack")"
done
chown -R "$(id -u)" "$S" "$W"
$S/attack --drop-secret

# --- the controls: without the sandbox, as the tests' user, the same
# tries reach the keyring and process 1's neighbours (the job is the
# harness's user), so the tests above can fail ---
U=
attack control seal -j 1 --no-sandbox
said control "keyring: the user keyring: done" && said control "identity: uid $(id -u)" \
	&& ok seal/control || bad seal/control "$(cat "$S/control.said")"

# --- text from a case or a results file reaches no terminal and no
# export raw: an escape sequence in a DejaGnu effective target's name, in
# a RUN line's -x, and in a results file's compiler name ---
E=$T/seal-esc
rm -rf "$E" && mkdir -p "$E"
esc=$(printf '\033')
printf '/* { dg-do compile } */\n/* { dg-require-effective-target \033cred } */\nint x;\n' > "$E/et.c"
printf '// RUN: %%clang_cc1 -fsyntax-only -verify -x \033[31mc %%s\nint x; // expected-no-diagnostics\n' > "$E/xval.c"
$DM lint "$E/et.c" "$E/xval.c" > "$E/lint.out" 2>&1
$DM run --config tests/dejagnu/compilers.yaml --compilers gcc-12 --targets x86-64 --cases "$E" --no-cache \
	--out "$E/esc.results" > "$E/run.out" 2>&1
$DM export --format tap "$E/esc.results" > "$E/tap.out" 2>&1
sed "s/	gcc-12	/	gcc${esc}[31m-12$(printf '\302\233')	/" "$E/esc.results" > "$E/named.results"
$DM table "$E/named.results" > "$E/table.out" 2>&1
$DM try --from "$E/named.results" > "$E/try.out" 2>&1
$DM export --format tap "$E/named.results" > "$E/tap2.out" 2>&1
for f in lint run tap table try tap2; do
	if grep -q "$esc\|$(printf '\302\233')" "$E/$f.out"; then
		bad "seal/escaped-$f" "$(cat -v "$E/$f.out" | grep -m3 '\^\[\|M-BM-')"
	elif [ ! -s "$E/$f.out" ] || ! grep -q 'x1b\|\\u009b\|red\|31m' "$E/$f.out"; then
		bad "seal/escaped-$f" "the text is not there at all: $(head -5 "$E/$f.out")"
	else
		ok "seal/escaped-$f"
	fi
done

# --- the caller's own limits: under ulimit -v the jobs get what can be
# set, said once, and pass; under a small process limit, never a run
# without the sandbox ---
# (a sanitizer's runtime reserves terabytes of address space, which no
# ulimit -v holds: the plain build answers for the first)
[ -n "$SAN" ] || (ulimit -v 2000000 && $DM run --config tests/dejagnu/compilers.yaml --compilers gcc-12 --targets x86-64 --profiles default \
	--cases tests/e2e/cases/nodiag.c --no-cache --out "$E/ulimit.results") > "$E/ulimit.out" 2>&1
st=$?
[ -n "$SAN" ] || { [ $st = 0 ] && grep -q 'each job gets 1953 MiB of memory, the most this harness.s own limit (ulimit -v) allows' "$E/ulimit.out" \
	&& ok seal/caller-memory-limit || bad seal/caller-memory-limit "exit $st: $(cat "$E/ulimit.out")"; }
if [ "$(id -u)" = 0 ]; then
	chmod 755 "$E" && cp "$DM" "$E/diagmatrix" && cp tests/e2e/cases/nodiag.c "$E/pass.c"
	chmod -R a+rX "$E" tests/dejagnu/compilers.yaml
	chown diagmatrix-test "$E"
	fellback= n=0
	for u in 2 3 4 5 6 8 12 16; do
		su -s /bin/sh diagmatrix-test -c "cd $E && ASAN_OPTIONS=detect_leaks=0 DIAGMATRIX_CACHE=$E/cache prlimit --nproc=$u ./diagmatrix run \
			--config $PWD/tests/dejagnu/compilers.yaml --compilers gcc-12 --targets x86-64 --profiles default \
			--cases pass.c --no-cache --out $E/nproc.results" > "$E/nproc.out" 2>&1
		st=$?
		if grep -q 'run without one\|cannot make a sandbox' "$E/nproc.out" || { [ $st -ne 2 ] && ! grep -q '^meta	sandboxes	[1-9]' "$E/nproc.results"; }; then
			fellback="$fellback nproc=$u: exit $st, $(cat "$E/nproc.out")"
		fi
		[ $st = 2 ] && grep -q 'the sandbox cannot start' "$E/nproc.out" && n=$((n + 1))
	done
	[ -z "$fellback" ] && [ $n -ge 1 ] && ok seal/caller-process-limit \
		|| bad seal/caller-process-limit "${fellback:-no limit stopped the run}"
fi

# --- a verdict forged through the flag check: cc1's separate spelling of
# -fdiagnostics-format, its value a file of the case's directory where
# the run starts there, would hide two warnings from the judge; and
# -fprofile-instr-use, which reads ./default.profdata, outside the sandbox ---
F=$T/seal-flags
rm -rf "$F" && mkdir -p "$F"
printf '/* case-flags: -Wall -Xclang -fdiagnostics-format -Xclang sarif\n * expect-no-diagnostics */\nint f(int x) { int unused; return x / 0; }\n' > "$F/sarif.c"
: > "$F/sarif"
printf '/* case-flags: -fprofile-instr-use\n * expect-no-diagnostics */\nint x;\n' > "$F/profile.c"
(cd "$F" && "$REPO_DM" run --config "$REPO/tests/dejagnu/compilers.yaml" --compilers clang-14 --targets x86-64 \
	--profiles default --cases . --no-cache --out "$F/flags.results") > "$F/run.out" 2>&1
(cd "$F" && "$REPO_DM" run --config "$REPO/tests/dejagnu/compilers.yaml" --compilers clang-14 --targets x86-64 \
	--profiles default --cases profile.c --no-sandbox --no-cache --out "$F/nosb.results") > "$F/nosb.out" 2>&1
{ $DM export --format tap "$F/flags.results"; $DM export --format tap "$F/nosb.results"; } > "$F/flags.tap" 2>&1
grep -A3 '^not ok .* sarif.c clang-14' "$F/flags.tap" | grep -q 'Xclang -fdiagnostics-format -Xclang sarif: its value may only be text here' \
	&& ok seal/flag-diagnostics-format || bad seal/flag-diagnostics-format "$(cat "$F/flags.tap" "$F/run.out")"
grep -A3 '^not ok .* profile.c clang-14' "$F/flags.tap" | grep -q 'fprofile-instr-use: writes files beside the output, outside the sandbox' \
	&& ok seal/flag-profile-instr-use || bad seal/flag-profile-instr-use "$(cat "$F/flags.tap")"
