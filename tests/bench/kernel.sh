#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/bench/kernel.sh RESULTS: the kernel survey's part of results/bench.md
# (bench.sh appends it; `make bench-kernel` replaces it alone). Prints, for
# each tree and configuration of RESULTS (results/kernel.results, written
# by `make kernel`), the build time per compiler and target those builds
# took; and, for each whose build directories are all here (of the
# compilers and targets that ran), what a rerun
# with nothing changed takes, measured now, against those builds. A rerun
# of a configuration whose builds are not here would be a cold build of
# hours: it is said so, not run.
set -u
DM=${DM:-build/diagmatrix}
R=${1:-results/kernel.results}
W=$(mktemp -d /tmp/diagmatrix-kbench.XXXXXX)
trap 'rm -rf "$W"' EXIT INT TERM
calc() { awk "BEGIN { printf \"%.${2:-1}f\", $1 }"; }
# ran TREE CONFIG FIELD: the compilers (3) or targets (5) of the jobs of
# TREE's CONFIG in $R, joined by commas
ran() {
	awk -F'\t' -v t="$1" -v c="$2" -v f="$3" '$1 == "job" && index($2, t ":") == 1 && $6 == c { print $f }' "$R" |
		sort -u | paste -sd, -
}

echo "## The kernel survey: build time per compiler and target"
echo
if [ ! -f "$R" ]; then
	echo "No $R: \`make kernel\` writes it."
	exit 0
fi
date=$(awk -F'\t' '$1 == "meta" && $2 == "date" { print substr($3, 1, 10) }' "$R")
rev=$(awk -F'\t' '$1 == "meta" && $2 == "revision" { print $3 }' "$R")
echo "The builds of \`make kernel\` and of the whole-kernel shard as $R (written $date by the" \
	"harness of commit $rev) records them, each job a make -j$(awk -F'\t' '$1 == "meta" && $2 == "parallel" { print $3 }' "$R")" \
	"on its own: its units, prepare included, configuring not counted."

# each "## TREE, configuration CONFIG" section's build-time table
$DM table --format trees "$R" > "$W/trees.md" || exit 2
awk '/^## .*, configuration / { h = $0; next }
     /^### Build time/ { print ""; sub(/^## /, "### ", h); print h; intable = 1; skip = 1; next }
     intable && /^\|/ { if (skip) { print "" }; skip = 0; print; next }
     intable && !skip && !/^\|/ { intable = 0 }' "$W/trees.md"

# a rerun, where every build directory of a configuration is here
trees=$($DM list | sed -n 's/^trees: \(\/.*\)$/\1/p')
echo
echo "### A rerun with nothing changed"
echo
echo "| tree, configuration | jobs | builds (above) | rerun | rerun / builds |"
echo "|---|---:|---:|---:|---:|"
awk -F'\t' '$1 == "case" { split($2, n, ":"); print n[1] }' "$R" | sort -u > "$W/trees"
while read -r tree; do
	awk -F'\t' -v t="$tree" '$1 == "job" && index($2, t ":") == 1 { print $6 }' "$R" | sort -u > "$W/configs"
	while read -r conf; do
		# the compilers and targets that ran (one shard of the whole kernel
		# is one job of the configuration's nineteen)
		sel="--compilers $(ran "$tree" "$conf" 3) --targets $(ran "$tree" "$conf" 5)"
		# shellcheck disable=SC2086
		$DM tree --dry-run --profiles "$conf" $sel "$tree" > "$W/jobs" 2>/dev/null || continue
		here=1
		while read -r _ c comp tgt _; do
			[ -d "$trees/build/$tree/$c/$comp/${tgt%:}" ] || here=0
		done < "$W/jobs"
		n=$(wc -l < "$W/jobs")
		cold=$(awk -F'\t' -v t="$tree" -v c="$conf" '$1 == "job" && index($2, t ":") == 1 && $6 == c { s += $10 }
			END { printf "%.0f", s }' "$R")
		if [ "$here" = 0 ] || [ -z "$trees" ]; then
			echo "| $tree, $conf | $n | $cold s | not measured: its builds are not here | |"
			continue
		fi
		t0=$(date +%s.%N)
		# shellcheck disable=SC2086
		$DM tree --quiet --profiles "$conf" $sel --out "$W/warm.results" "$tree" > /dev/null 2>&1
		t1=$(date +%s.%N)
		warm=$(calc "$t1 - $t0" 2)
		echo "| $tree, $conf | $n | $cold s | $warm s | $(calc "100 * $warm / $cold" 3) % |"
	done < "$W/configs"
done < "$W/trees"
