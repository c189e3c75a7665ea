# SPDX-License-Identifier: MIT
# tests/suite/runs.sh: how a run goes: scheduling, command prefixes, GNU make's job
# server, progress, dry runs, list, flags without a shell
# names: sched prefix jobserver progress dry-run list security
# needs: compilers
# builds: each

versions
# scheduling: once a previous run has timed the jobs, the slowest start first
# (outside the sandbox: the fake compilers record into the test's directory)
if want 'sched/*'; then
	cat > "$T/timed.yaml" <<EOY
sandbox: false
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  a: { flags: [-DSLEEP=0.05] }
  b: { flags: [-DSLEEP=0.4] }
  c: { flags: [-DSLEEP=0.2] }
compilers:
  - { name: timed, family: gcc, command: $PWD/tests/fake/timed, targets: [x86-64] }
EOY
	rm -f "$T/timed.log" "$T/timed.results"
	for n in 1 2; do
		TIMED_LOG="$T/timed.log" $DM run --config "$T/timed.yaml" --cases tests/e2e/cases/nodiag.c --no-cache -j 1 \
			--quiet --out "$T/timed.results" > /dev/null 2>&1
	done
	[ "$(tr '\n' ' ' < "$T/timed.log")" = "0.05 0.4 0.2 0.4 0.2 0.05 " ] && ok sched/slowest-first \
		|| bad sched/slowest-first "start order: $(tr '\n' ' ' < "$T/timed.log")"
fi

# a command prefix (how containers with newer compilers come in)
if want 'prefix/*'; then
	cat > "$T/prefix.yaml" <<EOY
sandbox: false
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  default: { flags: [-O2, -Wall] }
compilers:
  - { name: wrapped, family: gcc, command: gcc-12, prefix: [$PWD/tests/fake/wrapper], targets: [x86-64] }
  - { name: direct, family: gcc, command: gcc-12, targets: [x86-64] }
EOY
	WRAPPER_MARK="$T/wrapped" $DM run --config "$T/prefix.yaml" --cases tests/e2e/cases --no-cache --out "$T/prefix.results" > /dev/null 2>&1
	$DM export --format tsv "$T/prefix.results" | sed 1d | cut -f1,6- | sort | uniq -c | awk '$1 != 2' > "$T/prefix.diff"
	$DM run --config "$T/prefix.yaml" --cases tests/e2e/cases/pass.c --dry-run | head -1 | unbound > "$T/prefix.dry"
	[ -e "$T/wrapped" ] && [ ! -s "$T/prefix.diff" ] && grep -q "^LC_ALL=C $PWD/tests/fake/wrapper gcc-12 -O2 -Wall" "$T/prefix.dry" \
		&& grep -q "^toolchain	wrapped	gcc	x86-64	x86_64-linux-gnu	$g12	found	" "$T/prefix.results" \
		&& ok prefix/wrapper || bad prefix/wrapper "$(cat "$T/prefix.diff" "$T/prefix.dry")"
fi

# GNU make's job server: under make -j2 the harness runs at most 2 at once,
# whatever its own -j; alone it uses its -j
if want 'jobserver/*'; then
	mkdir -p "$T/js"
	cat > "$T/js/slow.yaml" <<EOY
sandbox: false
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  a: { flags: [] }
  b: { flags: [] }
  c: { flags: [] }
  d: { flags: [] }
compilers:
  - { name: slow, family: gcc, command: $PWD/tests/fake/slow, targets: [x86-64] }
EOY
	printf 'all:\n\t+$(DM) run --config $(CFG) --cases $(CASES) --no-cache -j 8 --quiet --out $(OUT)\n' > "$T/js/Makefile"
	for mode in make alone; do
		rm -rf "$T/js/s" && mkdir -p "$T/js/s"
		if [ $mode = make ]; then
			SLOW_DIR="$T/js/s" make -s -j2 -C "$T/js" DM="$PWD/$DM" CFG="$T/js/slow.yaml" \
				CASES="$PWD/tests/e2e/cases" OUT="$T/js/r.results" > /dev/null 2>&1
		else
			SLOW_DIR="$T/js/s" $DM run --config "$T/js/slow.yaml" --cases tests/e2e/cases --no-cache -j 8 \
				--quiet --out "$T/js/r.results" > /dev/null 2>&1
		fi
		max=$(sort -n "$T/js/s/counts" | tail -1)
		jobs=$(wc -l < "$T/js/s/counts")
		if [ $mode = make ]; then
			[ "$jobs" = 16 ] && [ "$max" -le 2 ] && [ "$max" -ge 2 ] && ok jobserver/make-j2 || bad jobserver/make-j2 "$jobs jobs, up to $max at once"
		else
			[ "$jobs" = 16 ] && [ "$max" -gt 2 ] && ok jobserver/alone || bad jobserver/alone "$jobs jobs, up to $max at once"
		fi
	done
	# the fifo form of --jobserver-auth (GNU make 4.4): one token in the fifo
	# beside the implicit one allows two jobs at a time
	rm -rf "$T/js/s" && mkdir -p "$T/js/s"
	mkfifo "$T/js/fifo"
	exec 9<> "$T/js/fifo"
	printf '+' >&9
	SLOW_DIR="$T/js/s" MAKEFLAGS=" -j2 --jobserver-auth=fifo:$T/js/fifo" $DM run --config "$T/js/slow.yaml" \
		--cases tests/e2e/cases --no-cache -j 8 --quiet --out "$T/js/r.results" > /dev/null 2>&1
	max=$(sort -n "$T/js/s/counts" | tail -1)
	left=$(dd if="$T/js/fifo" bs=1 count=1 iflag=nonblock 2> /dev/null)
	exec 9>&-
	[ "$(wc -l < "$T/js/s/counts")" = 16 ] && [ "$max" = 2 ] && [ "$left" = + ] && ok jobserver/fifo \
		|| bad jobserver/fifo "up to $max at once, token back: '$left'"
fi

# progress: one status line on a terminal; piped, a line each 5 % of the jobs
if want 'progress/*'; then
	if command -v script > /dev/null; then
		script -qec "$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --no-cache --out $T/pt.results" /dev/null > "$T/pty" 2>&1
		tr '\r' '\n' < "$T/pty" | grep -q '^\[38/38\] 100%, 12 failing, [0-9]* jobs/s, [0-9]*s elapsed' && ok progress/terminal || bad progress/terminal "$(head -c 600 "$T/pty")"
		script -qec "$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --no-cache --quiet --out $T/pt.results" /dev/null > "$T/pty" 2>&1
		grep -q 'jobs/s' "$T/pty" && bad progress/quiet "$(head -c 300 "$T/pty")" || ok progress/quiet
	else
		bad progress/terminal "script (util-linux) is not installed"
	fi
	$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --no-cache --out "$T/pt.results" 2> "$T/err" > /dev/null
	! grep -q "$(printf '\r')" "$T/err" && [ "$(grep -c '^diagmatrix: \[[0-9]*/38\] [0-9]*%, [0-9]* failing, [0-9]* jobs/s, [0-9]*s elapsed' "$T/err")" -ge 19 ] \
		&& ok progress/not-a-terminal || bad progress/not-a-terminal "$(head -c 300 "$T/err")"
fi

# dry run: one line per job that would compile, quoted for sh, named
# (host compilers run in the sandbox, unless told not to)
if want 'dry-run/*'; then
	$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --dry-run > "$T/dry-raw"
	unbound "$T/dry-raw" > "$T/dry"
	$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --dry-run --no-sandbox | unbound > "$T/dry-bare"
	expect dry-run/line -xF "LC_ALL=C aarch64-linux-gnu-gcc-12 -O0 -Wall -fdiagnostics-plain-output -c tests/e2e/cases/fail.c -o /dev/null  # fail.c gcc-12 arm64 O0" "$T/dry-bare"
	expect dry-run/clang -xF "LC_ALL=C clang-14 --target=aarch64-linux-gnu -O2 -Wall -fno-caret-diagnostics -fno-color-diagnostics -fno-crash-diagnostics -c tests/e2e/cases/pass.c -o /dev/null  # pass.c clang-14 arm64 default" "$T/dry-bare"
	sed 's/^LC_ALL=C bwrap --unshare-all .* --cap-drop ALL\( --cap-add [A-Z_]*\)* -- /LC_ALL=C /' "$T/dry" > "$T/dry-unwrapped"
	[ "$(grep -c '^LC_ALL=C bwrap --unshare-all ' "$T/dry")" -eq "$(wc -l < "$T/dry")" ] && cmp -s "$T/dry-unwrapped" "$T/dry-bare" \
		&& grep -q -- "--ro-bind $PWD/tests/e2e/cases $PWD/tests/e2e/cases " "$T/dry" && ok dry-run/sandboxed \
		|| bad dry-run/sandboxed "$(diff "$T/dry-unwrapped" "$T/dry-bare" | head -5)"
	expect dry-run/std -F -- "-std=c89 -pedantic -fdiagnostics-plain-output -c tests/e2e/cases/requires.c" "$T/dry"
	n=$(wc -l < "$T/dry")
	[ "$n" -eq 38 ] && ok dry-run/count || bad dry-run/count "$n lines, want 38 (56 jobs less 8 skip and 10 n/a)"
	# every dry-run line runs under sh exactly as the harness runs it
	line=$(grep 'nodiag.c clang-22 x86-64 default' "$T/dry-raw")
	check dry-run/runs sh -c "$line"
	# DejaGnu files compile in a scratch directory in the listing too: the dump
	# a file asks for lands there, not where the listing runs; in the sandbox
	# that directory is a tmpfs of the job's own, so nothing reaches the disk
	mkdir -p "$T/dgdry/src" "$T/dgdry/cwd"
	printf '/* { dg-options "-fdump-tree-original" } */\nint x;\n' > "$T/dgdry/src/dump.c"
	for sb in "" "--no-sandbox --trusted-cases"; do
		$DM run --config tests/e2e/compilers.yaml --dialect dejagnu --cases "$T/dgdry/src/dump.c" --compilers gcc-12 \
			--targets x86-64 --profiles default --dry-run $sb > "$T/dgdry/list" 2> /dev/null
		scratch=$(sed -n '1s/^mkdir -p \([^ ]*\) .*/\1/p' "$T/dgdry/list")
		(cd "$T/dgdry/cwd" && sh "$T/dgdry/list" > /dev/null 2>&1)
		n=$(ls "$scratch" 2> /dev/null | grep -c '^dump\.c\.[0-9]*t\.original$')
		[ -n "$scratch" ] && [ "$n" -eq $([ -n "$sb" ] && echo 1 || echo 0) ] \
			&& [ -z "$(ls "$T/dgdry/cwd" "$T/dgdry/src" | grep original)" ] \
			&& ok "dry-run/dejagnu-scratch${sb:+-trusted-no-sandbox}" || bad "dry-run/dejagnu-scratch${sb:+-trusted-no-sandbox}" "$(cat "$T/dgdry/list"; ls "$T/dgdry/cwd" "$scratch")"
		[ -n "$scratch" ] && rm -rf "$scratch"
	done
fi

# list: versions measured, missing toolchains with their package
$DM list --config tests/e2e/compilers.yaml > "$T/list"
# the versions list reports are the compilers' own answers
check list/version grep -Eq "^gcc-12 +gcc +$(re "$(aarch64-linux-gnu-gcc-12 -dumpfullversion)") +arm64 +- +aarch64-linux-gnu-gcc-12 +found\$" "$T/list"
check list/clang-version grep -Eq "^clang-22 +clang +$(re "$(clang-22 --version | sed -n '1s/.*version \([0-9.]*\).*/\1/p')") +x86-64 +- +clang-22 +found\$" "$T/list"
expect list/missing 'gcc-99-does-not-exist not found (apt-get install gcc-99)' "$T/list"
check list/missing-packages sh -c "$DM list --config tests/e2e/compilers.yaml --missing-packages | grep -qx gcc-99"

# flags reach the compiler literally: nothing in them is run by a shell
if want 'security/*'; then
	cat > "$T/inject.c" <<'EOC'
/* case-flags: '-DX=$(touch INJECTED)' "-DY=`touch INJECTED`" -DZ=a;touch${IFS}INJECTED|x
 * expect-no-diagnostics */
int x;
EOC
	(cd "$T" && "$OLDPWD/$DM" run --config "$OLDPWD/tests/e2e/compilers.yaml" --cases inject.c --compilers gcc-12,clang-14 \
		--targets x86-64 --out r.results --quiet > out 2>&1)
	st=$?
	[ $st -eq 0 ] && [ ! -e "$T/INJECTED" ] && ok security/no-shell || bad security/no-shell "exit $st: $(cat "$T/out")"
fi

