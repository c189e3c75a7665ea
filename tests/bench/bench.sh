#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/bench/bench.sh: `make bench`. Measures, in one run on this machine:
#   1. the full installed matrix, cold (empty cache): wall time, the
#      compilers' own CPU time, the machine's busy CPU time (/proc/stat),
#      and, against the same compiles run with --no-sandbox (their own CPU
#      time over the processors: the limit), wall / limit;
#   2. the same job list (from --dry-run) run by xargs -P with output to
#      files, as a baseline;
#   3. the same matrix warm (everything cached);
#   4. a stub compiler over 2,000 and 20,000 jobs: the harness's own CPU per
#      job (RUSAGE_SELF, children excluded) and its peak RSS;
#   5. the same stub, one job at a time, on the host without the sandbox,
#      on the host in the sandbox (the default), and inside a Debian root (a
#      hard-linked copy of one the matrix uses): what bwrap adds to each
#      job's wall time.
#   6. the kernel survey's build time per compiler and target, and a rerun
#      of each configuration whose builds are here (tests/bench/kernel.sh).
# Prints one table and writes it to results/bench.md.
set -u
DM=${DM:-build/diagmatrix}
W=$(mktemp -d /tmp/diagmatrix-bench.XXXXXX)
# the jobs' user (docs/trust.md) runs the stub compiler from here
chmod 755 "$W"
trap 'rm -rf "$W"' EXIT INT TERM
P=$(getconf _NPROCESSORS_ONLN)

now() { date +%s.%N; }
# CPU seconds the whole machine spent busy so far (/proc/stat): with
# sandboxed jobs, part of the work (namespaces made and torn down) is done
# by the kernel's own threads and reaches no process's rusage
busy() { awk -v hz="$(getconf CLK_TCK)" '$1 == "cpu" { print ($2 + $3 + $4 + $7 + $8 + $9) / hz; exit }' /proc/stat; }
meta() { awk -F'\t' -v k="$2" '$1 == "meta" && $2 == k { print $3 }' "$1"; }
calc() { awk "BEGIN { printf \"%.${2:-3}f\", $1 }"; }

# the roots live in the cache directory; the runs below have a cache of
# their own, but must find the roots
roots=$($DM list | awk '/^root .*: built .* in / { print $NF; exit }')
[ -n "$roots" ] && export DIAGMATRIX_ROOTS="${roots%/*}"

# 1. cold
b0=$(busy)
t0=$(now)
DIAGMATRIX_CACHE=$W/cache $DM run --quiet --out "$W/cold.results"
t1=$(now)
b1=$(busy)
cold=$(calc "$t1 - $t0")
jobs=$(grep -c '^job' "$W/cold.results")
compiled=$(grep -c '^job.*	\(pass\|fail\|error\)	' "$W/cold.results")
own=$(meta "$W/cold.results" jobs_cpu_s)
machine=$(calc "$b1 - $b0")
limit=$(calc "$machine / $P")
ratio_limit=$(calc "$cold / $limit")

# 1b. the honest limit: the same compiles without the sandbox (host
# compilers bare; a root's can only run inside it, in a kept sandbox), by
# each compile's own rusage: what the compilers themselves need
DIAGMATRIX_CACHE=$W/cache-bare $DM run --quiet --no-sandbox --out "$W/bare.results"
bare_cpu=$(meta "$W/bare.results" jobs_cpu_s)
cpu_limit=$(calc "$bare_cpu / $P")
ratio_cpu=$(calc "$cold / $cpu_limit")
boxes=$(meta "$W/cold.results" sandboxes)

# 2. xargs baseline over the same command lines
$DM run --dry-run --no-cache > "$W/jobs.txt"
mkdir -p "$W/out"
t0=$(now)
awk '{ sub(/  # .*$/, ""); print }' "$W/jobs.txt" | tr '\n' '\0' |
	xargs -0 -P "$P" -n 1 sh -c 'eval "$1" > /dev/null 2> "$0/$$.err"' "$W/out"
t1=$(now)
xargs_wall=$(calc "$t1 - $t0")
ratio_xargs=$(calc "$cold / $xargs_wall")

# 3. warm
t0=$(now)
DIAGMATRIX_CACHE=$W/cache $DM run --quiet --out "$W/warm.results"
t1=$(now)
warm=$(calc "$t1 - $t0")
ratio_warm=$(calc "100 * $warm / $cold" 2)

# 4. the stub compiler: the harness's own cost per job
${CC:-cc} -O2 -o "$W/stub" tests/bench/stub.c
stubrun() {  # NCASES NPROFILES -> sets stub_jobs stub_cpu_ms stub_rss
	rm -rf "$W/stubcases" "$W/stub.results" && mkdir -p "$W/stubcases"
	i=0
	while [ $i -lt "$1" ]; do
		printf '/* case-title: stub %d */ int x%d; /* expect-warning "stub diagnostic" [-Wstub] */\n' $i $i \
			> "$W/stubcases/c$i.c"
		i=$((i + 1))
	done
	{
		printf 'targets:\n  x86-64: { triple: x86_64-linux-gnu }\nprofiles:\n'
		i=0
		while [ $i -lt "$2" ]; do printf '  p%d: { flags: [-DP=%d] }\n' $i $i; i=$((i + 1)); done
		printf 'compilers:\n  - { name: stub, family: gcc, command: %s, targets: [x86-64] }\n' "$W/stub"
	} > "$W/stub.yaml"
	$DM run --config "$W/stub.yaml" --cases "$W/stubcases" --no-cache --quiet --out "$W/stub.results"
	stub_jobs=$(grep -c '^job' "$W/stub.results")
	stub_cpu_ms=$(calc "1000 * $(meta "$W/stub.results" harness_cpu_s) / $stub_jobs")
	stub_rss=$(meta "$W/stub.results" harness_maxrss_kb)
}
stubrun 100 20
s2_jobs=$stub_jobs s2_cpu=$stub_cpu_ms s2_rss=$stub_rss
stubrun 100 200
s20_jobs=$stub_jobs s20_cpu=$stub_cpu_ms s20_rss=$stub_rss
stubrun 1000 20
c20_jobs=$stub_jobs c20_cpu=$stub_cpu_ms c20_rss=$stub_rss
rss_growth=$(calc "$s20_rss / $s2_rss" 2)

# 5. the root's cost per job: the stub (static, so any root runs it) on the
# host and in a copy of a built root, -j 1, 500 jobs each
root_src=$($DM list | awk '/^root .*: built / { print $NF; exit }')
root_ms=- host_ms=- bare_ms=- root_over=- sandbox_over=- alone_ms=- alone_over=- root_alone_over=-
if [ -n "$root_src" ] && [ -d "$root_src" ]; then
	${CC:-cc} -O2 -static -o "$W/stub-static" tests/bench/stub.c
	mkdir -p "$W/roots" "$W/rcases"
	cp -al "$root_src" "$W/roots/bench"
	cp "$W/stub-static" "$W/roots/bench/usr/local/bin/stub"
	suite=$(awk '$1 == "suite" { print $2 }' "$W/roots/bench/.diagmatrix-root")
	i=0
	while [ $i -lt 100 ]; do
		printf '/* case-title: stub %d */ int x%d; /* expect-warning "stub diagnostic" [-Wstub] */\n' $i $i > "$W/rcases/c$i.c"
		i=$((i + 1))
	done
	cat > "$W/root.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu }
roots:
  bench: { suite: $suite }
profiles:
$(i=0; while [ $i -lt 5 ]; do echo "  p$i: { flags: [-DP=$i] }"; i=$((i + 1)); done)
compilers:
  - { name: host, family: gcc, command: $W/stub-static, targets: [x86-64] }
  - { name: root, family: gcc, root: bench, command: stub, targets: [x86-64] }
EOY
	for c in bare host root; do
		case $c in bare) sel="host --no-sandbox" ;; *) sel=$c ;; esac
		t0=$(now)
		DIAGMATRIX_ROOTS=$W/roots $DM run --config "$W/root.yaml" --cases "$W/rcases" --compilers $sel \
			-j 1 --no-cache --quiet --out "$W/$c.results"
		t1=$(now)
		n=$(grep -c '^job.*	pass	' "$W/$c.results")
		eval "${c}_ms=\$(calc \"1000 * (\$t1 - \$t0) / $n\" 2)"
	done
	# the stub alone, started 500 times one after another by xargs: what
	# a job costs with nothing around it, neither harness nor sandbox
	t0=$(now)
	seq 500 | xargs -P 1 -n 1 "$W/stub-static" -c 2> /dev/null
	t1=$(now)
	alone_ms=$(calc "1000 * ($t1 - $t0) / 500" 2)
	alone_over=$(calc "$host_ms - $alone_ms" 2)
	root_alone_over=$(calc "$root_ms - $alone_ms" 2)
	root_over=$(calc "$root_ms - $bare_ms" 2)
	sandbox_over=$(calc "$host_ms - $bare_ms" 2)
fi

{
	echo "# diagmatrix benchmark"
	echo
	# the harness's own commit (--version), which committing bench.md
	# does not change
	echo "Measured by \`make bench\` on $(date -u +%Y-%m-%d), $P processors, $(uname -m);" \
		"$($DM --version | sed 's/(\(.*\))$/from the harness of commit \1/')."
	echo
	echo "| measure | value |"
	echo "|---|---|"
	echo "| full matrix, cold: jobs (compiled) | $jobs ($compiled) |"
	echo "| full matrix, cold: wall | $cold s |"
	echo "| the compilers' own CPU time in that run (each compile's rusage) | $own s |"
	echo "| the same compiles without the sandbox (--no-sandbox, a separate run): the compilers' own CPU time | $bare_cpu s |"
	echo "| the compilers' limit (that CPU time / $P processors) | $cpu_limit s |"
	echo "| cold wall / the compilers' limit | $ratio_cpu |"
	echo "| kept sandboxes started, jobs run in them, jobs they could not run | $boxes |"
	echo "| the machine's busy CPU time during the run (/proc/stat) | $machine s |"
	echo "| physical limit (busy CPU / $P processors) | $limit s |"
	echo "| cold wall / physical limit | $ratio_limit |"
	echo "| xargs -P $P baseline over the --dry-run job list: wall | $xargs_wall s |"
	echo "| harness wall / xargs wall | $ratio_xargs |"
	echo "| full matrix, warm (all cached): wall | $warm s |"
	echo "| warm wall / cold wall | $ratio_warm % |"
	echo "| stub compiler, $s2_jobs jobs (100 cases, 20 profiles): harness CPU per job | $s2_cpu ms |"
	echo "| stub compiler, $s2_jobs jobs: harness peak RSS | $s2_rss KiB |"
	echo "| stub compiler, $s20_jobs jobs (100 cases, 200 profiles): harness CPU per job | $s20_cpu ms |"
	echo "| stub compiler, $s20_jobs jobs: harness peak RSS | $s20_rss KiB |"
	echo "| peak RSS at $s20_jobs jobs / at $s2_jobs | $rss_growth |"
	echo "| stub compiler, $c20_jobs jobs (1000 cases, 20 profiles): harness CPU per job | $c20_cpu ms |"
	echo "| stub compiler, $c20_jobs jobs (1000 cases): harness peak RSS | $c20_rss KiB |"
	echo "| stub compiler, 500 jobs one at a time, on the host without the sandbox (--no-sandbox): wall per job | $bare_ms ms |"
	echo "| the same on the host in the sandbox (bwrap, the default): wall per job | $host_ms ms |"
	echo "| the same inside a Debian root (bwrap): wall per job | $root_ms ms |"
	echo "| the stub alone, started 500 times one after another (xargs -P 1): wall per start | $alone_ms ms |"
	echo "| what the sandbox adds to each host job, against --no-sandbox | $sandbox_over ms |"
	echo "| what a root adds to each job, against --no-sandbox | $root_over ms |"
	echo "| what the harness and the sandbox add to each host job, against the stub alone | $alone_over ms |"
	echo "| what the harness and a root's sandbox add to each job, against the stub alone | $root_alone_over ms |"
	echo
	echo "Memory per job is constant (jobs are written as they end); what grows is"
	echo "the parsed input: each case file keeps its compiled patterns. The"
	echo "stub runs pass one expectation per case, --no-cache. The harness's CPU time is its own"
	echo "(RUSAGE_SELF); on a virtual machine it is mostly the kernel's cost of"
	echo "starting processes, and varies from run to run."
	echo
	echo "Every job, host compilers' too, runs in the bwrap sandbox unless"
	echo "--no-sandbox. A sandbox is made once and serves many jobs, one at a time"
	echo "(harness/sandbox/box.h, docs/trust.md): the compilers' own CPU time is each"
	echo "compile's rusage as the sandbox's executor reaps it, which leaves out the"
	echo "making of sandboxes, and the limit the cold run is held to is that of"
	echo "the same compiles run with --no-sandbox (host compilers bare, under"
	echo "prlimit and timeout; a root's compilers can only run in its sandbox) over"
	echo "the processors. The machine's busy CPU time (/proc/stat) counts"
	echo "everything, the kernel's own threads too. --no-sandbox wraps each"
	echo "compile in prlimit and timeout, two more programs started, which the"
	echo "sandbox does once (prlimit starts it, and every job inherits the bounds): so a job"
	echo "costs less in the sandbox than without it. The xargs baseline runs the"
	echo "--dry-run command lines, each job in a sandbox of its own, as a person"
	echo "reproducing a run would."
	echo
	DM=$DM sh tests/bench/kernel.sh "${KERNEL_RESULTS:-results/kernel.results}"
} > "$W/bench.md"
cat "$W/bench.md"
cp "$W/bench.md" results/bench.md
