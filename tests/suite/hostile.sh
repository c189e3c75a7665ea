# SPDX-License-Identifier: MIT
# tests/suite/hostile.sh: hostile input, each attack replayed
# names: trust sandbox bounds probe output cache interrupted out dry-run read match merge jobs jobserver signals report memory hostile
# needs: compilers
# builds: each
#
# Every test is an attack that once worked (issue 11): the expected
# refusal or verdict, and that nothing outside the run's own output and
# scratch area changed. Markers an attack would leave are under /tmp and
# $H; each is checked absent.

H=$T/hostile
DM_ABS=$PWD/$DM
REPO=$PWD
rm -rf "$H" && mkdir -p "$H"
HCFG=tests/dejagnu/compilers.yaml      # gcc-12, clang-14 and clang-22 on the host
markers="/tmp/diagmatrix-wrapper-ran /tmp/diagmatrix-depfile.d /tmp/diagmatrix-output.o /tmp/diagmatrix-dump.txt
	/tmp/diagmatrix-listing.txt /tmp/diagmatrix-escaped /dev/null.d /dev/null.su $PWD/diagmatrix-escaped
	/tmp/diagmatrix-serialized.dia /tmp/diagmatrix-stat.txt /tmp/diagmatrix-info.txt /tmp/diagmatrix-dumps"
rm -f $markers
nomarks() { for m in $markers; do [ -e "$m" ] && { echo "$m exists"; return 1; }; done; return 0; }

# --- cases are untrusted: flags that run, load, read or write are refused ---
$DM run --config $HCFG --compilers gcc-12,clang-14 --cases tests/hostile --no-cache --quiet \
	--out "$H/flags.results" > /dev/null 2>&1
st=$?
$DM export --format tsv "$H/flags.results" > /dev/null
$DM export --format tap "$H/flags.results" > "$H/flags.tap"
refused() {  # NAME CASE FLAG-TEXT: both families refuse CASE, naming the flag
	n=$(grep -c -- "^not ok [0-9]* - $2 \(gcc-12\|clang-14\)@x86-64 \(default\|as-written\)$" "$H/flags.tap")
	# named where the case writes it; a cc1 RUN line's flag reaches Clang
	# through -Xclang, and is named so
	m=$(grep -A4 -- "^not ok [0-9]* - $2 " "$H/flags.tap" | grep -F "reason: \"untrusted case: tests/hostile/$2:" |
		grep -cF -e ": $3" -e ": -Xclang $3")
	[ "$n" -eq 2 ] && [ "$m" -ge 2 ] && ok "trust/$1" || bad "trust/$1" "$n jobs refused, $m reasons naming '$3'"
}
[ $st -eq 1 ] && ok trust/exit-status || bad trust/exit-status "exit $st, want 1"
refused wrapper flags/wrapper.c "-wrapper: not on the allowlist"
refused plugin flags/plugin.c "-fplugin=/tmp/diagmatrix-no-such-plugin.so: not on the allowlist"
refused prefix-b flags/prefix-b.c "-B/tmp/diagmatrix-no-such-dir/: not on the allowlist"
refused specs flags/specs.c "-specs=/tmp/diagmatrix-no-such.specs: not on the allowlist"
refused response-file flags/response-file.c "@/etc/hostname: not on the allowlist"
refused xclang-load flags/xclang-load.c "-Xclang -load: not on the allowlist"
refused xclang-joined flags/xclang-joined.c "-Xclang -load: not on the allowlist"
refused config-file flags/config-file.c "--config=/tmp/diagmatrix-no-such.cfg: not on the allowlist"
refused driver-mode flags/driver-mode.c "--driver-mode=cl: not on the allowlist"
refused depfile flags/depfile.c "-MF: not on the allowlist"
refused output flags/output.c "-o: not on the allowlist"
refused include-outside flags/include-outside.c "-include /etc/passwd: reads a file outside the case's directory"
refused assembler-options flags/assembler-options.c "-Wa,-adhln=/tmp/diagmatrix-listing.txt: not on the allowlist"
refused dump-to-file flags/dump-to-file.c "-fdump-tree-optimized=/tmp/diagmatrix-dump.txt: not on the allowlist"
refused json-format flags/json-format.c "-fdiagnostics-format=json: its value may only be text here"
refused sarif-format flags/sarif-format.c "-fdiagnostics-format=sarif: its value may only be text here"
refused not-an-option flags/not-an-option.c "/etc/hostname: not an option"
refused write-dependencies flags/write-dependencies.c "--write-dependencies: not on the allowlist"
refused serialize-diagnostics flags/serialize-diagnostics.c "--serialize-diagnostics: not on the allowlist"
refused proc-stat-report flags/proc-stat-report.c "-fproc-stat-report=/tmp/diagmatrix-stat.txt: not on the allowlist"
refused save-stats flags/save-stats.c "-save-stats=obj: not on the allowlist"
refused mllvm-file flags/mllvm-file.c "-mllvm: not on the allowlist"
refused dumpdir flags/dumpdir.c "-dumpdir: not on the allowlist"
refused include-long flags/include-long.c "--include=/etc/hostname: not on the allowlist"
refused include-abbrev flags/include-abbrev.c "--incl=/etc/hostname: not on the allowlist"
refused dg-options-plugin dg/plugin.c "-fplugin=/tmp/diagmatrix-no-such-plugin.so: not on the allowlist"
refused dg-options-wrapper dg/wrapper.c "-wrapper: not on the allowlist"
refused run-line-plugin verify/plugin.c "-fplugin=/tmp/diagmatrix-no-such-plugin.so: not on the allowlist"
refused run-line-pass-plugin verify/pass-plugin.c "-fpass-plugin=/tmp/diagmatrix-no-such-plugin.so: not on the allowlist"
grep -q '^ok [0-9]* - flags/include-inside.c gcc-12@x86-64 default$' "$H/flags.tap" \
	&& grep -q '^ok [0-9]* - flags/include-inside.c clang-14@x86-64 default$' "$H/flags.tap" \
	&& grep -q '^ok [0-9]* - flags/beside-output.c gcc-12@x86-64 default$' "$H/flags.tap" \
	&& ok trust/allowed-inside || bad trust/allowed-inside "$(grep -A3 'inside\|beside' "$H/flags.tap")"
check trust/nothing-written nomarks
# the configuration can say the cases are trusted: the flag reaches the
# compiler, and the sandbox still keeps its file out of /tmp
printf 'trusted-cases: true\n' > "$H/trusted.yaml"
cat $HCFG >> "$H/trusted.yaml"
$DM run --config "$H/trusted.yaml" --compilers gcc-12 --cases tests/hostile/flags/depfile.c --no-cache --quiet \
	--out "$H/trusted.results" > /dev/null 2>&1
grep -q '^job	depfile.c	gcc-12	[^	]*	x86-64	default	pass	.* -MD -MF /tmp/diagmatrix-depfile.d ' "$H/trusted.results" \
	&& nomarks && ok trust/trusted-config || bad trust/trusted-config "$(grep '^job' "$H/trusted.results"; nomarks)"
$DM run --config $HCFG --compilers gcc-12 --cases tests/hostile/flags/plugin.c --trusted-cases --no-cache --quiet \
	--out "$H/trusted2.results" > /dev/null 2>&1
$DM export --format tap "$H/trusted2.results" | grep -q 'reason: .*cannot load plugin\|reason: .*no-such-plugin.so' \
	&& ok trust/trusted-option || bad trust/trusted-option "$($DM export --format tap "$H/trusted2.results")"

# --- the sandbox: a compiler that writes outside the scratch area cannot ---
cat > "$H/escape.yaml" <<EOY
sandbox-env: [ESCAPE_DIR]
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  default: { flags: [] }
compilers:
  - { name: escape, family: gcc, command: $PWD/tests/fake/escape, targets: [x86-64] }
EOY
mkdir -p "$H/outside"
ESCAPE_DIR="$H/outside" $DM run --config "$H/escape.yaml" --cases tests/e2e/cases/nodiag.c --no-cache --quiet \
	--out "$H/escape.results" > /dev/null 2>&1
[ ! -e "$H/outside/escaped" ] && nomarks && ok sandbox/write-outside-stopped \
	|| bad sandbox/write-outside-stopped "$(ls "$H/outside"; nomarks)"
# the same compiler outside the sandbox does write: the test can fail
ESCAPE_DIR="$H/outside" $DM run --config "$H/escape.yaml" --cases tests/e2e/cases/nodiag.c --no-cache --quiet \
	--no-sandbox --out "$H/escape2.results" > /dev/null 2>&1
[ -e "$H/outside/escaped" ] && [ -e /tmp/diagmatrix-escaped ] && ok sandbox/off-writes || bad sandbox/off-writes
rm -f /tmp/diagmatrix-escaped "$PWD/diagmatrix-escaped"

# --- what a case may read: its own directory, or with --cases-root (a
# test suite's layout, as atlas runs GCC's) all of that root, never above
mkdir -p "$H/suite/a" "$H/suite/b"
echo 'int shared_value;' > "$H/suite/a/h.h"
echo 'int above_value;' > "$H/above.h"
printf '/* { dg-do compile } */\n#include "../a/h.h"\nint f (void) { return shared_value; }\n' > "$H/suite/b/sib.c"
printf '/* { dg-do compile } */\n#include "../../above.h"\nint g (void) { return above_value; }\n' > "$H/suite/b/up.c"
for w in root noroot; do
	$DM run --config $HCFG --compilers gcc-12 --targets x86-64 --dialect dejagnu --no-cache --quiet \
		--cases "$H/suite/b/sib.c" "$H/suite/b/up.c" $([ $w = noroot ] || echo --cases-root "$H/suite") \
		--out "$H/$w.results" > /dev/null 2>&1
done
verdict() { awk -F '\t' -v c="$2" '$1 == "job" && $2 == c { print $7 " " $11 }' "$H/$1.results"; }
[ "$(verdict root b/sib.c)" = "pass " ] && verdict root b/up.c | grep -q '^fail .*above.h: No such file' \
	&& verdict noroot sib.c | grep -q '^fail .*a/h.h: No such file' \
	&& ok sandbox/cases-root-reads-only-root \
	|| bad sandbox/cases-root-reads-only-root "$(grep '^job' "$H/root.results" "$H/noroot.results" | cut -f2,7,11)"

# --- the sandbox is sealed: a session of its own, so no controlling
# terminal for TIOCSTI to type into, and a cleared environment (a token of
# the harness's does not reach the compiler); without the sandbox both do,
# which is what the test would see if the seal broke ---
cat > "$H/sealed.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  default: { flags: [] }
compilers:
  - { name: sealed, family: gcc, command: $PWD/tests/fake/sealed, targets: [x86-64] }
EOY
sealed() {  # OUT [OPTION]: run the sealed compiler under a terminal, its warning into OUT
	script -qec "env DIAGMATRIX_SECRET=hunter2 $DM_ABS run --config $H/sealed.yaml --dialect none --cases $REPO/tests/e2e/cases/nodiag.c --no-cache --quiet ${2:-} --out $H/sealed.results" /dev/null > /dev/null 2>&1
	$DM export --format tsv "$H/sealed.results" | awk -F'\t' 'NR > 1 { print $12 }' > "$1"
}
sealed "$H/sealed.in"
sealed "$H/sealed.out" --no-sandbox
grep -qx 'terminal: no; secret: none; LC_ALL: C' "$H/sealed.in" && grep -qx 'terminal: yes; secret: hunter2; LC_ALL: C' "$H/sealed.out" \
	&& ok sandbox/session-and-environment || bad sandbox/session-and-environment "in: $(cat "$H/sealed.in"); out: $(cat "$H/sealed.out")"

# --- jobs cannot see or signal each other: a sandbox serves many jobs
# (box.h), so a compiler that looks for what the jobs before it left
# (files in every writable place, processes, shared memory) and leaves the
# same, and tries to read and kill the sandbox's first process, finds
# nothing, one job after another in one sandbox (-j 1) and side by side
# (-j 2; the check that a sandbox can be made, and the probes, start
# theirs before them); nothing is left running. The control, without the sandbox, sees
# the files: the test can fail ---
cat > "$H/snoop.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
$(for i in 1 2 3 4 5 6; do echo "  p$i: { flags: [-DJOB=$i] }"; done)
compilers:
  - { name: snoop, family: gcc, command: $PWD/tests/fake/snoop, targets: [x86-64] }
EOY
snoop() {  # NAME OPTION...: the snoop's warnings in $H/NAME.said, its run's sandboxes in $H/NAME.boxes
	n=$1
	shift
	$DM run --config "$H/snoop.yaml" --dialect none --cases tests/e2e/cases/nodiag.c --no-cache --quiet --out "$H/$n.results" \
		"$@" > /dev/null 2>&1
	$DM export --format tsv "$H/$n.results" | awk -F'\t' 'NR > 1 { print $12 }' | sort > "$H/$n.said"
	awk -F'\t' '$1 == "meta" && $2 == "sandboxes" { print $3 }' "$H/$n.results" > "$H/$n.boxes"
}
ran=$(for i in 1 2 3 4 5 6; do echo "job $i: ran"; done)
snoop one -j 1
snoop two -j 2
[ "$(cat "$H/one.said")" = "$ran" ] && [ "$(cat "$H/one.boxes")" = "3 9 0" ] \
	&& [ "$(cat "$H/two.said")" = "$ran" ] && case $(cat "$H/two.boxes") in "4 9 0"|"5 9 0") true ;; *) false ;; esac && ! pgrep -f left-behind- > /dev/null \
	&& ok sandbox/jobs-isolated \
	|| bad sandbox/jobs-isolated "-j 1 ($(cat "$H/one.boxes")): $(cat "$H/one.said"); -j 2 ($(cat "$H/two.boxes")): $(cat "$H/two.said"); $(pgrep -af left-behind-)"
mkdir -p "$H/snoop-cwd"
(cd "$H/snoop-cwd" && SNOOP_FILES_ONLY=1 $DM_ABS run --config "$H/snoop.yaml" --dialect none --cases "$REPO/tests/e2e/cases/nodiag.c" \
	--no-cache --quiet --no-sandbox -j 1 --out "$H/ctl.results" > /dev/null 2>&1)
n=$($DM export --format tsv "$H/ctl.results" | grep -c 'saw file')
rm -f /tmp/left-[1-6] /dev/shm/left-[1-6] /dev/left-[1-6]
[ "$n" -ge 5 ] && ok sandbox/jobs-isolated-control || bad sandbox/jobs-isolated-control "$n jobs saw another's files"

# --- code loaded into the compiler: a shared object of the case's own,
# whose constructor would leave a marker, asked for in each way Clang
# takes it (-Xclang=, a configuration file, cl mode's /clang:). Without
# the sandbox, so that the flag check alone is what stops it; the same
# cases trusted do load it, so the test can fail ---
L=$H/load
mkdir -p "$L"
printf '#include <stdio.h>\n__attribute__((constructor)) static void ran(void) { FILE *f = fopen(MARK, "w"); if (f) fclose(f); }\n' > "$L/evil.c"
cc -shared -fPIC -DMARK="\"$L/loaded\"" -o "$L/evil.so" "$L/evil.c"
printf -- '-Xclang -load -Xclang %s/evil.so\n' "$L" > "$L/evil.cfg"
printf '/* case-flags: -Xclang=-load -Xclang=%s/evil.so */\nint x;\n' "$L" > "$L/xclang-joined.c"
printf '/* case-flags: --config=%s/evil.cfg */\nint x;\n' "$L" > "$L/config.c"
printf '/* case-flags: --config-user-dir=%s --config=evil.cfg */\nint x;\n' "$L" > "$L/config-dir.c"
printf '/* case-flags: --driver-mode=cl /clang:-Xclang /clang:-load /clang:-Xclang /clang:%s/evil.so */\nint x;\n' "$L" > "$L/cl.c"
rm -f "$L/evil.c"
$DM run --config $HCFG --compilers clang-22 --cases "$L" --no-sandbox --no-cache --quiet --out "$H/load.results" \
	> /dev/null 2>&1
n=$(grep -c '^job	[^	]*	clang-22	[^	]*	x86-64	default	error	' "$H/load.results")
[ "$n" -eq 4 ] && [ ! -e "$L/loaded" ] && ok trust/no-code-loaded \
	|| bad trust/no-code-loaded "$n of 4 refused; $(ls "$L"; $DM export --format tap "$H/load.results" | grep reason)"
$DM run --config $HCFG --compilers clang-22 --cases "$L/xclang-joined.c" --no-sandbox --trusted-cases --no-cache --quiet \
	--out "$H/load2.results" > /dev/null 2>&1
[ -e "$L/loaded" ] && ok trust/trusted-code-loaded || bad trust/trusted-code-loaded "the trusted case loaded nothing"
rm -f "$L/loaded"

# --- TIOCSTI: a compiler that tries to type into the terminal of the user
# who started the run fails in the sandbox (a session of its own), and,
# as the control, succeeds without it ---
cc -o "$H/tiocsti" tests/fake/tiocsti.c
sed "s|command: $PWD/tests/fake/sealed|command: $H/tiocsti|" "$H/sealed.yaml" > "$H/tiocsti.yaml"
tiocsti() {  # [OPTION]: what the compiler said, run under a terminal
	script -qec "$DM_ABS run --config $H/tiocsti.yaml --dialect none --cases $REPO/tests/e2e/cases/nodiag.c --no-cache --quiet ${1:-} --out $H/tiocsti.results" /dev/null > /dev/null 2>&1
	$DM export --format tsv "$H/tiocsti.results" | awk -F'\t' 'NR > 1 { print $12 }'
}
in=$(tiocsti) out=$(tiocsti --no-sandbox)
[ "$in" = "TIOCSTI failed" ] && [ "$out" = "TIOCSTI typed" ] && ok sandbox/tiocsti \
	|| bad sandbox/tiocsti "in the sandbox: $in; without: $out"

# --- a job's bounds: memory (GCC reading /dev/zero grows without end: the
# bound stops it in seconds, where the machine's memory would otherwise
# run out), the scratch disk and one file's size in the sandbox, and the
# CPU time and file size without it (outside, the compiler is not PID 1
# and gets the signals); each is an error that names the bound ---
mkdir -p "$H/mem" "$H/bounds" "$H/bounds-cwd"
printf '/* case-title: includes a device that never ends\n * expect-no-diagnostics */\n#include "/dev/zero"\n' > "$H/mem/zero.c"
timeout 120 $DM run --config $HCFG --compilers gcc-12 --targets x86-64 --profiles default --cases "$H/mem" --no-cache \
	--quiet --out "$H/mem.results" > /dev/null 2>&1
grep -q "	error	.*exceeded the job's bound of 4096 MiB of memory" "$H/mem.results" && ok bounds/memory \
	|| bad bounds/memory "$(grep '^job' "$H/mem.results")"
for k in FILL BIG CPU; do printf '/* case-flags: -D%s\n * expect-no-diagnostics */\nint x;\n' $k > "$H/bounds/$k.c"; done
sed "s|command: $PWD/tests/fake/sealed|command: $PWD/tests/fake/bounds|" "$H/sealed.yaml" > "$H/bounds.yaml"
$DM run --config "$H/bounds.yaml" --cases "$H/bounds/FILL.c" --cases "$H/bounds/BIG.c" --no-cache --quiet \
	--out "$H/bounds.results" > /dev/null 2>&1
(cd "$H/bounds-cwd" && $DM_ABS run --config "$H/bounds.yaml" --cases "$H/bounds/CPU.c" --cases "$H/bounds/BIG.c" \
	--no-sandbox --no-cache --quiet --out "$H/bounds2.results" > /dev/null 2>&1)
grep -q "FILL.c	.*	error	.*exceeded the job's bound of 512 MiB of scratch disk" "$H/bounds.results" \
	&& grep -q "BIG.c	.*	error	.*exceeded the job's bound of 256 MiB for a file it writes" "$H/bounds.results" \
	&& grep -q "CPU.c	.*	error	.*exceeded the job's bound of 600 s of CPU time" "$H/bounds2.results" \
	&& grep -q "BIG.c	.*	error	.*exceeded the job's bound of 256 MiB for a file it writes" "$H/bounds2.results" \
	&& [ "$(wc -c < "$H/bounds-cwd/big")" -eq 268435456 ] && ok bounds/disk-file-cpu \
	|| bad bounds/disk-file-cpu "$(grep -h '^job' "$H/bounds.results" "$H/bounds2.results"; ls -l "$H/bounds-cwd")"
rm -rf "$H/bounds-cwd"

# --- control characters: a case's name and what its compiler prints
# reach the terminal (run's and lint's stderr) and the TSV and TAP exports
# escaped, never as an escape sequence ---
E=$H/esc
mkdir -p "$E"
esc=$(printf '\033')
printf '/* case-title: prints escape sequences\n * expect-no-diagnostics */\n#error title \033]0;pwned\007 \033[2J\n' > "$E/esc${esc}[2Jname.c"
printf '/* expect-warning: \033[31m red */\nint x;\n' > "$E/lint${esc}[1m.c"
$DM run --config $HCFG --compilers gcc-12 --targets x86-64 --profiles default --cases "$E/esc${esc}[2Jname.c" --no-cache \
	--out "$H/esc.results" > "$H/esc.out" 2> "$H/esc.err"
$DM export --format tsv "$H/esc.results" > "$H/esc.tsv"
$DM export --format tap "$H/esc.results" > "$H/esc.tap"
$DM lint --config compilers.yaml "$E/lint${esc}[1m.c" > /dev/null 2> "$H/lint.err"
st=$?
n=0
for f in "$H/esc.err" "$H/esc.tsv" "$H/esc.tap" "$H/lint.err"; do
	grep -q "$esc" "$f" && n=$((n + 1))
done
[ $n -eq 0 ] && [ $st -eq 2 ] && grep -q 'x1b\]0;pwned' "$H/esc.err" && grep -q 'x1b' "$H/lint.err" \
	&& ok output/control-characters-escaped \
	|| bad output/control-characters-escaped "$n outputs with ESC; lint exit $st; $(cat -v "$H/esc.err" "$H/lint.err")"

# --- the cache follows every input, or is not used: a header named by a
# macro, one found through the case's -I, and one __has_include asks about
# each change between two runs; the second run must see the change (an
# answer from the cache would give the first verdict back) ---
HC3=$H/cache3 CI=$H/cacheinputs
mkdir -p "$CI/inc"
printf '/* case-title: includes a header a macro names\n * expect-no-diagnostics */\n#define HDR "macro.h"\n#include HDR\n' > "$CI/macro.c"
printf '/* case-title: includes a header found through its -I\n * case-flags: -I%s/inc\n * expect-no-diagnostics */\n#include <dir.h>\n' "$CI" > "$CI/dir.c"
printf '/* case-title: asks whether a header is there\n * expect-no-diagnostics */\n#if __has_include("maybe.h")\n#error maybe.h is there\n#endif\nint x;\n' > "$CI/has.c"
printf 'int m;\n' > "$CI/macro.h"
printf 'int d;\n' > "$CI/inc/dir.h"
cacherun() {  # OUT: the cases' verdicts with the cache in $HC3
	DIAGMATRIX_CACHE=$HC3 $DM run --config $HCFG --compilers gcc-12 --targets x86-64 --profiles default --cases "$CI" \
		--quiet --out "$H/ci.results" > /dev/null 2>&1
	grep '^job' "$H/ci.results" | cut -f2,7 | sort > "$1"
}
cacherun "$H/ci1"
printf '#error changed\n' > "$CI/macro.h"
printf '#error changed\n' > "$CI/inc/dir.h"
printf '\n' > "$CI/maybe.h"
cacherun "$H/ci2"
[ "$(cut -f2 "$H/ci1" | tr '\n' ' ')" = "pass pass pass " ] && [ "$(cut -f2 "$H/ci2" | tr '\n' ' ')" = "fail fail fail " ] \
	&& ok cache/every-input-or-none || bad cache/every-input-or-none "first: $(cat "$H/ci1"); then: $(cat "$H/ci2")"

# the same for the data #embed reads (Clang 22) and for a DejaGnu file's
# dg-additional-sources: each changes between two runs of the same case
CE=$H/cacheembed
mkdir -p "$CE"
printf '/* case-title: embeds a byte of data\n * case-std: c23\n * expect-no-diagnostics */\nstatic const unsigned char d[] = {\n#embed "data.bin"\n};\n_Static_assert(sizeof d == 1, "one byte");\n' > "$CE/embed.c"
printf '/* { dg-do link } */\n/* { dg-options "-Wunused-variable" } */\n/* { dg-additional-sources "extra.c" } */\nint main (void) { return 0; }\n' > "$CE/main.c"
printf 'x' > "$CE/data.bin"
printf 'int g (void) { return 0; }\n' > "$CE/extra.c"
embedrun() {  # OUT: the two cases' verdicts (the cells that can pass: #embed is
	# Clang 22's here, and a GCC-dialect link is GCC's) with the cache in $HC3
	DIAGMATRIX_CACHE=$HC3 $DM run --config $HCFG --compilers gcc-12,clang-22 --targets x86-64 --profiles default \
		--cases "$CE/embed.c" "$CE/main.c" --quiet --out "$H/ce.results" > /dev/null 2>&1
	grep '^job' "$H/ce.results" | cut -f2,3,7 | sort > "$1"
}
embedrun "$H/ce1"
printf 'xy' > "$CE/data.bin"
printf 'int g (void) { int extra; return 0; }\n' > "$CE/extra.c"
embedrun "$H/ce2"
grep -q 'embed.c	clang-22.*pass$' "$H/ce1" && grep -q 'main.c	gcc-12.*pass$' "$H/ce1" \
	&& grep -q 'embed.c	clang-22.*fail$' "$H/ce2" && grep -q 'main.c	gcc-12.*fail$' "$H/ce2" \
	&& ok cache/embed-and-additional-sources \
	|| bad cache/embed-and-additional-sources "first: $(cat "$H/ce1"); then: $(cat "$H/ce2")"

# --- interrupted without the sandbox: a compiler's temporary file (as
# GCC's cc*.s) is in the run's own directory, removed with it, not in the
# user's TMPDIR; and a compiler blocked on a FIFO the case includes, left
# behind by a harness killed with SIGKILL, ends at its deadline ---
printf '#!/bin/sh\ncase "$*" in\n*-dumpfullversion*) echo 12.2.0; exit 0 ;;\n-E\\ *|*" -E "*) exit 0 ;;\nesac\nmktemp "${TMPDIR:-/tmp}/ccXXXXXX.s" > /dev/null\nsleep 30\n' > "$H/tmpfile"
chmod +x "$H/tmpfile"
sed "s|command: $PWD/tests/fake/sealed|command: $H/tmpfile|" "$H/sealed.yaml" > "$H/tmpfile.yaml"
mkdir -p "$H/usertmp"
TMPDIR=$H/usertmp $DM run --config "$H/tmpfile.yaml" --cases tests/e2e/cases/nodiag.c --no-sandbox --no-cache --quiet \
	--out "$H/tmpfile.results" > /dev/null 2>&1 &
pid=$!
sleep 2
kill -TERM $pid
wait $pid
left=$(ls -A "$H/usertmp")
[ -z "$left" ] && ok interrupted/no-temporary-files || bad interrupted/no-temporary-files "left in TMPDIR: $left"
mkdir -p "$H/fifo-case"
mkfifo "$H/fifo-case/block.h"
printf '/* case-title: includes a FIFO nobody writes\n * expect-no-diagnostics */\n#include "block.h"\n' > "$H/fifo-case/block.c"
$DM run --config $HCFG --compilers gcc-12 --targets x86-64 --profiles default --cases "$H/fifo-case" --no-sandbox \
	--no-cache --timeout 2 --quiet --out "$H/fifo.results" > /dev/null 2>&1 &
pid=$!
sleep 2
kill -KILL $pid
sleep 14
pgrep -f "$H/fifo-case/block.c" > /dev/null && { pkill -KILL -f "$H/fifo-case/block.c"; bad interrupted/no-orphan-on-fifo "a compiler still blocks on the FIFO"; } \
	|| ok interrupted/no-orphan-on-fifo

# --- fail closed: with the open files nearly used up (descriptors the run
# inherits), a compiler that cannot be started is an error of its jobs,
# never a quiet skip, and a sandbox that cannot start stops the run rather
# than drop away; each limit from plenty to nearly none ---
seen=0 quiet=
for free in 8 7 6 5 4 3 2; do
	bash -c 'ulimit -n 24; for ((i = 3; i < 24 - $1; i++)); do eval "exec $i</dev/null"; done
		exec timeout 60 "$2" run --config tests/e2e/compilers.yaml --compilers gcc-12 --cases tests/e2e/cases/nodiag.c \
			--no-cache --out "$3/emfile.results"' - "$free" "$DM" "$H" > /dev/null 2> "$H/emfile.err"
	st=$?
	skips=$(grep -c '	skip	' "$H/emfile.results" 2> /dev/null)
	[ $st -eq 0 ] && { [ "${skips:-0}" -gt 0 ] || grep -q 'run without one' "$H/emfile.err"; } && quiet="$quiet $free"
	grep -q 'cannot be started: Too many open files\|the sandbox cannot start: .*Too many open files' \
		"$H/emfile.err" "$H/emfile.results" 2> /dev/null && seen=$((seen + 1))
	rm -f "$H/emfile.results"
done
[ -z "$quiet" ] && [ $seen -gt 0 ] && ok probe/cannot-start-is-error \
	|| bad probe/cannot-start-is-error "quiet skips or a dropped sandbox with${quiet:- none} free; $seen runs saw the limit"

# --- output paths: only a regular file is ever replaced, and never read ---
for out in /dev/null /dev/zero "$H"; do
	$DM run --config $HCFG --compilers gcc-12 --cases tests/e2e/cases/nodiag.c --quiet --out "$out" > /dev/null 2> "$H/err"
	st=$?
	[ $st -eq 2 ] && grep -q "cannot write $out: " "$H/err" && ok "out/refused$out" \
		|| bad "out/refused$out" "exit $st: $(cat "$H/err")"
done
[ -c /dev/null ] && [ -c /dev/zero ] && ok out/devices-intact || bad out/devices-intact "$(ls -l /dev/null /dev/zero)"
mkfifo "$H/fifo"
timeout 60 $DM run --config $HCFG --compilers gcc-12 --cases tests/e2e/cases/nodiag.c --quiet --out "$H/fifo" > /dev/null 2>&1
st=$?
[ $st -eq 2 ] && [ -p "$H/fifo" ] && ok out/fifo || bad out/fifo "exit $st"
$DM run --config $HCFG --compilers gcc-12 --cases tests/e2e/cases/nodiag.c --quiet --out "$H/real.results" > /dev/null 2>&1
ln -s real.results "$H/link.results"
$DM merge --out "$H/link.results" "$H/real.results" 2> "$H/err"
[ $? -eq 0 ] && [ -L "$H/link.results" ] && [ -f "$H/real.results" ] && ok out/symlink-followed \
	|| bad out/symlink-followed "$(ls -l "$H"/*.results; cat "$H/err")"
$DM merge --out /dev/null "$H/real.results" 2> "$H/err"
[ $? -eq 2 ] && [ -c /dev/null ] && ok out/merge-refused || bad out/merge-refused "$(cat "$H/err")"

# --- dry run: a case name cannot turn into a command ---
mkdir -p "$H/nl"
printf 'int x;\n' > "$H/nl/a
touch pwned
.c"
(cd "$H" && $DM_ABS run --config "$REPO/$HCFG" --compilers gcc-12 --cases "$H/nl" --dry-run | sh) > /dev/null 2>&1
[ ! -e "$H/pwned" ] && ok dry-run/newline-in-name || bad dry-run/newline-in-name "pwned exists"

# --- reading: the include scan and case loading never block or balloon ---
mkdir -p "$H/inc"
printf '/* case-title: includes devices, in a region never compiled */\n#if 0\n#include "/dev/zero"\n#include "fifo.h"\n#include "/dev/stdin"\n#endif\nint x;\n' > "$H/inc/devices.c"
mkfifo "$H/inc/fifo.h"
for c in "" --no-cache; do
	timeout 60 $DM run --config $HCFG --compilers gcc-12 --cases "$H/inc" --quiet $c --out "$H/inc.results" \
		> /dev/null 2> "$H/err" < /dev/null
	st=$?
	[ $st -le 1 ] && ok "read/include-devices${c:- cache}" || bad "read/include-devices${c:- cache}" "exit $st: $(cat "$H/err")"
done
mkfifo "$H/case-fifo.c"
timeout 60 $DM run --config $HCFG --cases "$H/case-fifo.c" --quiet --out "$H/x.results" > /dev/null 2> "$H/err"
st=$?
[ $st -eq 2 ] && grep -q 'case-fifo.c: error: cannot read: not a regular file' "$H/err" && ok read/fifo-case \
	|| bad read/fifo-case "exit $st: $(cat "$H/err")"
# a dangling link or a link loop in a case tree is not a case
mkdir -p "$H/tree/sub"
cp tests/e2e/cases/nodiag.c "$H/tree/"
ln -s nowhere "$H/tree/notes.txt"
ln -s .. "$H/tree/sub/up"
ln -s .. "$H/tree/sub/up2"
timeout 60 $DM lint --config $HCFG "$H/tree" > "$H/out" 2>&1 && ok read/dangling-and-loops \
	|| bad read/dangling-and-loops "$(cat "$H/out")"

# --- matching: a pattern that cannot be matched in bounds is an error ---
mkdir -p "$H/rx"
cat > "$H/rx/redos.c" <<'EOC'
/* case-title: a pattern that backtracks exponentially */
void f(void)
{
	int aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab; /* expect-warning "(a|aa)+$" */
}
EOC
timeout 120 $DM run --config tests/e2e/compilers.yaml --targets x86-64 --profiles O0 --compilers gcc-12,clang-14 --cases "$H/rx" --quiet --no-cache --out "$H/rx.results" \
	> /dev/null 2>&1
st=$?
$DM export --format tap "$H/rx.results" > "$H/rx.tap"
[ $st -eq 1 ] && [ "$(grep -c "reason: \"pattern '(a|aa)+\\$' cannot be matched: match limit exceeded\"" "$H/rx.tap")" -eq 2 ] \
	&& ok match/limit-is-error || bad match/limit-is-error "exit $st: $(cat "$H/rx.tap")"
# a DejaGnu expression (Tcl's, no UTF) that backtracking cannot match in
# bounds is matched by PCRE2's DFA matcher, as Tcl's own would: decided
mkdir -p "$H/rxdg"
{ printf '/* { dg-do compile } */\n#warning '; printf 'a%.0s' $(seq 60); printf 'b\n'
  printf '/* { dg-warning "(a|aa)+c" "" { target *-*-* } 2 } */\n'; } > "$H/rxdg/redos-dg.c"
$DM run --config tests/e2e/compilers.yaml --targets x86-64 --compilers gcc-12 --dialect dejagnu --cases "$H/rxdg" \
	--quiet --no-cache --out "$H/rxdg.results" > /dev/null 2>&1
$DM export --format tap "$H/rxdg.results" > "$H/rxdg.tap"
grep -q 'reason: "missing expect-warning line 2 ..(a.aa)+c..; excess errors: ' "$H/rxdg.tap" \
	&& ! grep -q 'cannot be matched' "$H/rxdg.tap" \
	&& ok match/dfa-decides || bad match/dfa-decides "$(cat "$H/rxdg.tap")"

# --- merge: one configuration once, and one configuration per merge ---
$DM run --config tests/e2e/compilers.yaml --compilers gcc-12 --cases tests/e2e/cases --quiet --out "$H/s1.results" \
	--shard 1/2 > /dev/null 2>&1
$DM merge --out "$H/m.results" "$H/s1.results" "$H/s1.results" 2> "$H/err"
st=$?
[ $st -eq 2 ] && grep -q "s1.results: error: .* is also judged in .*s1.results" "$H/err" && [ ! -e "$H/m.results" ] \
	&& ok merge/duplicate-refused || bad merge/duplicate-refused "exit $st: $(cat "$H/err")"
sed 's/^profile\tdefault\t/profile\tdefault\t-O3 /' "$H/s1.results" > "$H/other.results"
$DM merge --out "$H/m.results" "$H/s1.results" "$H/other.results" 2> "$H/err"
st=$?
grep -q "other.results:[0-9]*:1: error: profile default has other flags in .*s1.results" "$H/err" && [ $st -eq 2 ] \
	&& ok merge/mismatch-refused || bad merge/mismatch-refused "exit $st: $(cat "$H/err")"
$DM diff "$H/s1.results" "$H/s1.results" > /dev/null 2>&1 && ok merge/diff-same || bad merge/diff-same
# a toolchain one file did not find (a tree file lists every compiler of the
# tree, run or not) is the one the other file found, in either order
$DM run --config tests/e2e/compilers.yaml --compilers gcc-12 --cases tests/e2e/cases --quiet --out "$H/s2.results" \
	--shard 2/2 > /dev/null 2>&1
awk -F'\t' 'BEGIN { OFS = "\t" } $1 == "toolchain" && $4 == "arm64" { $6 = ""; $7 = "missing"; $9 = "not here" } { print }' \
	"$H/s2.results" > "$H/s2m.results"
$DM merge --out "$H/m1.results" "$H/s1.results" "$H/s2m.results" 2> "$H/err" \
	&& $DM merge --out "$H/m2.results" "$H/s2m.results" "$H/s1.results" 2>> "$H/err" \
	&& [ "$(grep -c '^toolchain	gcc-12	gcc	arm64	aarch64-linux-gnu	12\.2\.0	found	' "$H/m1.results" "$H/m2.results" | sed 's/.*://' | tr '\n' ' ')" = "1 1 " ] \
	&& ok merge/missing-then-found || bad merge/missing-then-found "$(cat "$H/err"; grep '^toolchain' "$H/m1.results" "$H/m2.results")"

# --- -j fits the limit on open files ---
(ulimit -n 256; $DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --no-cache -j 4096 --quiet \
	--out "$H/j.results" > /dev/null 2> "$H/err")
grep -q '^diagmatrix: -j 4096 fitted to [0-9]*' "$H/err" && ! grep -q 'Too many open files' "$H/j.results" \
	&& ! grep -q '	error	' "$H/j.results" && ok jobs/fd-limit || bad jobs/fd-limit "$(cat "$H/err"; grep -c '	error	' "$H/j.results")"

# --- a probe that times out is an error, not a missing compiler ---
$DM run --config tests/e2e/compilers.yaml --compilers gcc-12 --targets x86-64 --cases tests/e2e/cases/nodiag.c \
	--no-cache --timeout 0.001 --quiet --out "$H/pt.results" > /dev/null 2>&1
st=$?
$DM export --format tap "$H/pt.results" > "$H/pt.tap"
[ $st -eq 1 ] && grep -q 'reason: "gcc-12 timed out while probed' "$H/pt.tap" && ! grep -q '# SKIP' "$H/pt.tap" \
	&& ok probe/timeout-is-error || bad probe/timeout-is-error "exit $st: $(cat "$H/pt.tap")"

# --- what was cut from the output was never judged: not a pass ---
cat > "$H/notes.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu }
profiles:
  default: { flags: [] }
compilers:
  - { name: notes, family: gcc, command: $PWD/tests/fake/notes, targets: [x86-64] }
EOY
$DM run --config "$H/notes.yaml" --cases tests/e2e/cases/nodiag.c --no-cache --quiet --out "$H/notes.results" \
	> /dev/null 2>&1
st=$?
$DM export --format tap "$H/notes.results" > "$H/notes.tap"
[ $st -eq 1 ] && grep -q 'reason: "output truncated: [0-9]* bytes not kept, and they may hold unexpected diagnostics"' \
	"$H/notes.tap" && ok output/truncated-not-pass || bad output/truncated-not-pass "exit $st: $(cat "$H/notes.tap")"

# --- make's job server: descriptors that are not its pipe are not used ---
printf 'precious\n' > "$H/precious"
MAKEFLAGS=" -j2 --jobserver-auth=7,7" $DM run --config tests/e2e/compilers.yaml --compilers gcc-12 \
	--cases tests/e2e/cases --no-cache --quiet --out "$H/js.results" > /dev/null 2>&1 7<> "$H/precious"
[ "$(cat "$H/precious")" = precious ] && ok jobserver/not-a-pipe || bad jobserver/not-a-pipe "$(od -c "$H/precious" | head -3)"

# --- SIGTERM while the cache answers: the results say interrupted ---
if command -v strace > /dev/null; then
	HC=$H/cache
	DIAGMATRIX_CACHE=$HC $DM run --config tests/e2e/compilers.yaml --compilers gcc-12 --cases tests/e2e/cases --quiet \
		--out "$H/warm.results" > /dev/null 2>&1
	# a job's entry (its output names the case), read after the probes, with the results file open
	entry=$(grep -l 'tests/e2e/cases/' $(find "$HC" -type f) | sort | tail -1)
	# (LeakSanitizer cannot run under ptrace)
	ASAN_OPTIONS=detect_leaks=0 DIAGMATRIX_CACHE=$HC strace -f -qq -o /dev/null -P "$entry" -e trace=openat -e inject=openat:signal=TERM \
		$DM run --config tests/e2e/compilers.yaml --compilers gcc-12 --cases tests/e2e/cases --quiet \
		--out "$H/term.results" > /dev/null 2>&1
	st=$?
	[ $st -eq 143 ] && grep -q '^meta	interrupted	SIGTERM$' "$H/term.results" && [ -z "$(ls -A "$H" | grep '^\.term')" ] \
		&& ok signals/term-while-cached || bad signals/term-while-cached "exit $st; $(ls -la "$H" | grep term)"
else
	bad signals/term-while-cached "strace is not installed (make check installs it)"
fi

# --- the cache: an entry answers only for its own key ---
HC2=$H/cache2
DIAGMATRIX_CACHE=$HC2 $DM run --config tests/e2e/compilers.yaml --compilers gcc-12,clang-14 --targets x86-64 \
	--profiles O0 --cases tests/e2e/cases/fail.c --quiet --out "$H/k1.results" > /dev/null 2>&1
gcc_entry=$(grep -l 'blah.*accessing 7 bytes' $(find "$HC2" -type f) | head -1)
for f in $(find "$HC2" -type f); do [ "$f" != "$gcc_entry" ] && cp "$gcc_entry" "$f"; done
DIAGMATRIX_CACHE=$HC2 $DM run --config tests/e2e/compilers.yaml --compilers gcc-12,clang-14 --targets x86-64 \
	--profiles O0 --cases tests/e2e/cases/fail.c --quiet --out "$H/k2.results" > /dev/null 2>&1
$DM export --format tsv "$H/k1.results" > "$H/k1.tsv"
$DM export --format tsv "$H/k2.results" > "$H/k2.tsv"
cmp -s "$H/k1.tsv" "$H/k2.tsv" && grep -q '^meta	cache_hits	1$' "$H/k2.results" && ok cache/bound-to-key \
	|| bad cache/bound-to-key "$(diff "$H/k1.tsv" "$H/k2.tsv" | head -5; grep cache_hits "$H/k2.results")"

# --- a case name is text in every report: no markdown, no new lines ---
mkdir -p "$H/md"
printf '/* case-title: a name with a backtick and a new line */\nint x;\n' > "$H/md/a\`b
c.c"
$DM run --config $HCFG --compilers gcc-12 --cases "$H/md" --quiet --out "$H/md.results" > /dev/null 2>&1
$DM table "$H/md.results" > "$H/md.md"
grep -qxF 'a\`b c.c' "$H/md.md" && ok report/name-in-markdown || bad report/name-in-markdown "$(grep -n 'a.b' "$H/md.md")"
$DM diff --format markdown "$H/real.results" "$H/md.results" > "$H/md-diff.md"
grep -qxF '#### `` a`b c.c ``' "$H/md-diff.md" && ok report/name-in-diff \
	|| bad report/name-in-diff "$(cat "$H/md-diff.md")"

# --- a case with thousands of lines of unexpected warnings: a bounded table ---
awk 'BEGIN { print "/* case-title: unexpected warnings on 5000 lines */"; print "void f(void) {";
	for (i = 0; i < 5000; i++) printf "int v%d;\n", i; print "}" }' > "$H/many.c"
$DM run --config tests/e2e/compilers.yaml --targets x86-64 --profiles O0 --compilers gcc-12 --cases "$H/many.c" --quiet --no-cache --out "$H/many.results" > /dev/null 2>&1
timeout 60 $DM table "$H/many.results" > "$H/many.md"
st=$?
[ $st -eq 0 ] && grep -qx '\*Unexpected diagnostics on 4950 more lines: see the results file.\*' "$H/many.md" \
	&& [ "$(grep -c '^| [0-9]* | \*unexpected\* |' "$H/many.md")" -eq 50 ] && ok report/unexpected-rows-bounded \
	|| bad report/unexpected-rows-bounded "exit $st; $(grep -c unexpected "$H/many.md")"

check trust/nothing-written-at-all nomarks

# --- memory: the attacks on the readers stay within 256 MiB (address
# space, so the sanitizer build, which reserves terabytes, is left out) ---
small() { if [ -z "${SAN:-}" ]; then (ulimit -v 262144; "$@"); else "$@"; fi; }
for f in aliases-expand nested-deep too-many-profiles; do
	small $DM lint --config tests/bad-config/$f.yaml tests/e2e/cases > /dev/null 2> "$H/err"
	st=$?
	[ $st -eq 2 ] && grep -q "^tests/bad-config/$f.yaml:[0-9]*:[0-9]*: error: " "$H/err" && ok "memory/config-$f" \
		|| bad "memory/config-$f" "exit $st: $(cat "$H/err")"
done
small $DM table "$H/many.results" > /dev/null 2> "$H/err" && ok memory/table-many-lines \
	|| bad memory/table-many-lines "$(cat "$H/err")"
awk 'BEGIN { print "/* case-title: a hundred thousand marks */"; for (i = 0; i < 100000; i++) printf "int v%d; // mark: m%d\n", i, i }' > "$H/marks.c"
small $DM lint --config $HCFG "$H/marks.c" > /dev/null 2> "$H/err" && ok memory/many-marks \
	|| bad memory/many-marks "$(head -3 "$H/err")"

# --- the #if evaluator of -verify files: a division of LLONG_MIN by -1
# (SIGFPE), signed overflow and 10,000 nested parentheses (the stack) once
# killed lint and run; now such lines are undecided and the run goes on ---
{
	printf '// RUN: %%clang_cc1 -fsyntax-only -verify %%s\n// expected-no-diagnostics\n'
	printf '#if (-9223372036854775807 - 1) / -1\n#endif\n#if 9223372036854775807 * 2\n#endif\n'
	awk 'BEGIN { printf "#if "; for (i = 0; i < 10000; i++) printf "("; printf "1"; for (i = 0; i < 10000; i++) printf ")"; print "" }'
	printf '#endif\nint x;\n'
} > "$H/ppif.c"
$DM lint --config $HCFG "$H/ppif.c" > "$H/ppif.lint" 2>&1
st=$?
$DM run --config $HCFG --compilers clang-14 --targets x86-64 --cases "$H/ppif.c" --no-cache --quiet \
	--out "$H/ppif.results" > /dev/null 2> "$H/ppif.err"
st2=$?
[ $st -eq 0 ] && [ $st2 -le 1 ] && [ -s "$H/ppif.results" ] && ! grep -q Sanitizer "$H/ppif.lint" "$H/ppif.err" \
	&& ok hostile/ppif-arithmetic-and-depth || bad hostile/ppif-arithmetic-and-depth "lint exit $st, run exit $st2: $(head -c 300 "$H/ppif.lint" "$H/ppif.err")"

# --- a case whose path begins with '-' reaches the compiler as ./PATH,
# never as an option (it once ran as -fdump-tree-all=x.c, no input) ---
mkdir -p "$H/dash"
printf '/* case-title: a name that reads as an option\n * expect-no-diagnostics */\nint x;\n' > "$H/dash/-fdump-tree-all=x.c"
(cd "$H/dash" && "$DM_ABS" run --config "$REPO/$HCFG" --compilers gcc-12,clang-14 --targets x86-64 --profiles default \
	--cases -fdump-tree-all=x.c --no-cache --quiet --out ../dash.results) > /dev/null 2>&1
st=$?
[ $st -eq 0 ] && [ "$(ls -A "$H/dash")" = "-fdump-tree-all=x.c" ] \
	&& grep -q " './-fdump-tree-all=x.c' -o /dev/null" "$H/dash.results" && ok hostile/dash-path-not-an-option \
	|| bad hostile/dash-path-not-an-option "exit $st: $(ls -A "$H/dash")"
