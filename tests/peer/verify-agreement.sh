#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/peer/verify-agreement.sh [-c CONFIG] [-w WORK] [-j N] [-C A,B] [-t T,U] [-a] [-r REF] DIR|FILE...
#
# How often does the harness give the verdict Clang's own -verify gives?
# The Clang -verify files named (a checkout's clang/test/Sema, say) are run
# through the harness (as-written, on the targets x86-64 and arm64 or those
# of -t, every Clang of CONFIG or those of -C), and each -verify RUN command
# (on the target its -triple names, else x86-64) through that same Clang the
# way lit runs
# it: %clang_cc1 is `clang -cc1 -internal-isystem RESOURCE/include
# -nostdsysteminc`, %s the file, %S its directory, in the same root or
# sandbox as the harness's job. Prints, per compiler, the RUN commands both
# judged, how many agree, and the two kinds of disagreement (the harness
# passing what Clang fails must never happen), then each disagreement;
# then the same over all combinations: a RUN command the harness leaves
# n/a is run by Clang too, and counts as one the two do not agree on
# (na.tsv; its reasons by count). Exits 1 when agreement over those judged
# is below 98 % (with -a: over all combinations) or the harness passed a
# failure.
#
# -r REF takes Clang's verdicts from an earlier run's ref.tsv: a RUN command
# on a compiler it has a verdict for is not run again (Clang's verdict does
# not change with the harness), so that a new harness is measured in the
# time its own run takes.
#
# make check runs it over tests/dialect; over another project's files
# (keep them in a scratch directory) it is run by hand. WORK keeps the
# harness's results (h.results), the reference verdicts (ref.tsv) and the
# comparison (both.tsv).
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
DM=${DM:-$TOP/build/diagmatrix}
CONFIG=$TOP/compilers.yaml W= J=2 ONLY= TARGETS=x86-64,arm64 ALL=0 REUSE=
while getopts c:w:j:C:t:ar: o; do
	case $o in
	r) REUSE=$OPTARG ;;
	a) ALL=1 ;;
	t) TARGETS=$OPTARG ;;
	c) CONFIG=$OPTARG ;;
	w) W=$OPTARG ;;
	j) J=$OPTARG ;;
	C) ONLY=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "usage: $0 [-c CONFIG] [-w WORK] [-j N] [-C A,B] [-t T,U] [-a] [-r REF] DIR|FILE..." >&2; exit 2; }
[ -z "$REUSE" ] || [ -f "$REUSE" ] || { echo "$0: no file $REUSE" >&2; exit 2; }
[ -n "$W" ] || W=$(mktemp -d)
mkdir -p "$W"
# the earlier verdicts, kept apart from the ref.tsv this run writes
if [ -n "$REUSE" ]; then
	[ "$REUSE" -ef "$W/reuse.tsv" ] || cp "$REUSE" "$W/reuse.tsv"
	REUSE=$W/reuse.tsv
fi
tab=$(printf '\t')
isa=$(uname -m)

# the Clangs of the configuration that are installed
clangs=$("$DM" list --config "$CONFIG" | awk -v only=",$ONLY," '
	NR > 1 && $2 == "clang" && $4 == "x86-64" && $NF == "found" && (only == ",," || index(only, "," $1 ",")) {
		printf "%s%s", n++ ? "," : "", $1 }')
[ -n "$clangs" ] || { echo "$0: no Clang of $CONFIG is installed" >&2; exit 2; }

"$DM" run --config "$CONFIG" --compilers "$clangs" --targets "$TARGETS" --dialect verify -j "$J" \
	--quiet --cases "$@" --out "$W/h.results" > "$W/run.out" 2>&1 || [ $? -eq 1 ]

# per case and compiler, the job compared: the one on the target its RUN
# line names, else on x86-64, where lit would run it; its case name, file,
# compiler, verdict, the command's prefix (what enters the root or
# sandbox) and the compiler's command word
awk -F '\t' '
	$1 == "case" { path[$2] = $3 }
	$1 == "toolchain" { cmd[$2] = $8 }
	$1 == "job" && $6 == "as-written" {
		k = $2 "\t" $3
		if ((k in row) && ($7 == "n/a" || $7 == "skip" || $5 != "x86-64")) next
		c = $12; i = index(c, " -- " cmd[$3] " ")
		pre = i ? substr(c, 1, i + 3) : ""
		if (pre != "") cpre[$3] = pre
		if (!(k in row)) order[++n] = k
		row[k] = $2 "\t" path[$2] "\t" $3 "\t" $7 "\t" pre "\t" cmd[$3]
	}
	# an n/a job ran nothing: its compiler enters its root or sandbox as
	# its other jobs do (the case directory is the same for all)
	END {
		for (i = 1; i <= n; i++) {
			split(row[order[i]], f, "\t")
			if (f[5] == "") f[5] = (f[3] in cpre) ? cpre[f[3]] : "LC_ALL=C "
			print f[1] "\t" f[2] "\t" f[3] "\t" f[4] "\t" f[5] "\t" f[6]
		}
	}' "$W/h.results" > "$W/jobs.tsv"

# the -verify RUN commands of a file, one per line, numbered as the harness
# numbers its cases ("FILE (RUN k)" when there are several)
runs() {
	awk '
	/RUN:/ {
		s = $0; sub(/.*RUN:[ \t]*/, "", s); sub(/[ \t]*\*\/.*$/, "", s)
		cont = s ~ /\\$/; sub(/\\$/, "", s); cmd = cmd s " "
		if (cont) next
		n = split(cmd, w, /[ \t]+/); v = 0
		for (i = 1; i <= n; i++) if (w[i] ~ /^-verify(=.*)?$/) v = 1
		if (v) print cmd
		cmd = ""
	}' "$1"
}

: > "$W/ref.cmds"
while IFS="$tab" read -r name file compiler verdict pre clang; do
	case $verdict in pass|fail|error|n/a) ;; *) continue ;; esac
	k=1
	case $name in *" (RUN "*")") k=${name##*(RUN }; k=${k%)} ;; esac
	cmd=$(runs "$file" | sed -n "${k}p")
	cmd=${cmd%%|*}
	case $cmd in *%clang_cc1*) ;; *) continue ;; esac
	dir=$(dirname "$file")
	if [ -n "$REUSE" ] && { grep -qxF "$name$tab$compiler${tab}pass" "$REUSE" ||
	                         grep -qxF "$name$tab$compiler${tab}fail" "$REUSE"; }; then
		continue
	fi
	# the resource directory, once per compiler
	key=$(printf '%s' "$compiler" | tr -c 'A-Za-z0-9' _)
	eval "res=\${res_$key-}"
	if [ -z "$res" ]; then
		res=$(eval "$pre $clang -print-resource-dir" 2>/dev/null) || continue
		eval "res_$key=\$res"
	fi
	cc1="$clang -cc1 -internal-isystem $res/include -nostdsysteminc"
	# lit's triples for a Clang built for this host (Debian's: ISA-pc-linux-gnu)
	cmd=$(printf '%s\n' "$cmd" | sed -e "s|%clang_cc1|$cc1|" -e "s|%itanium_abi_triple|$isa-pc-linux-gnu|g" \
		-e "s|%ms_abi_triple|$isa-pc-windows-msvc|g" -e "s|%s|$file|g" -e "s|%S|$dir|g")
	printf '%s\t%s\t%s\n' "$name" "$compiler" "$pre $cmd" >> "$W/ref.cmds"
done < "$W/jobs.tsv"

# run the references, J at a time
rm -f "$W"/ref.part.*
split -n "l/$J" "$W/ref.cmds" "$W/ref.part."
for p in "$W"/ref.part.*; do
	[ -f "$p" ] || continue
	while IFS="$tab" read -r name compiler cmd; do
		if eval "$cmd" > /dev/null 2>&1 < /dev/null; then v=pass; else v=fail; fi
		printf '%s\t%s\t%s\n' "$name" "$compiler" "$v"
	done < "$p" > "$p.out" &
done
wait
{ cat "$W"/ref.part.*.out 2>/dev/null; [ -z "$REUSE" ] || cat "$REUSE"; } | sort -u > "$W/ref.tsv"

awk -F '\t' '{ print $1 "\t" $3 "\t" $4 }' "$W/jobs.tsv" | sort > "$W/h.tsv"
# both.tsv: the judged; na.tsv: the n/a, with Clang's verdict and why
awk -F '\t' -v na="$W/na.tsv" 'NR == FNR { ref[$1 "\t" $2] = $3; next }
	!(($1 "\t" $2) in ref) { next }
	$3 == "n/a" { print $1 "\t" $2 "\t" ref[$1 "\t" $2] > na; next }
	{ print $1 "\t" $2 "\t" $3 "\t" ref[$1 "\t" $2] }' "$W/ref.tsv" "$W/h.tsv" > "$W/both.tsv"
touch "$W/na.tsv"
awk -F '\t' '$1 == "job" && $7 == "n/a" { r = $11; sub(/^not supported: line [0-9]+: /, "", r); gsub(/[0-9]+/, "N", r)
	why[$2 "\t" $3] = r } NR != FNR && ($1 "\t" $2) in why { print why[$1 "\t" $2] }' "$W/h.results" "$W/na.tsv" \
	| sort | uniq -c | sort -rn > "$W/na-why.txt"

awk -F '\t' -v na="$(wc -l < "$W/na.tsv")" -v all_mode="$ALL" -v why="$W/na-why.txt" '
	{ h = $3 == "pass" ? "pass" : "fail"; n[$2]++; all++
	  if (h == $4) { a[$2]++; agree++ }
	  else if (h == "pass") { hp[$2]++; bad++; list = list "  harness passes, clang -verify fails: " $1 " (" $2 ")\n" }
	  else { hf[$2]++; list = list "  harness fails, clang -verify passes: " $1 " (" $2 ")\n" } }
	END {
		printf "%-10s %6s %6s %8s %14s %14s\n", "compiler", "runs", "agree", "%", "harness-pass", "harness-fail"
		for (c in n) printf "%-10s %6d %6d %7.2f%% %14d %14d\n", c, n[c], a[c], 100 * a[c] / n[c], hp[c], hf[c] | "sort -V"
		close("sort -V")
		printf "%-10s %6d %6d %7.2f%% %14d %14d\n", "all", all, agree, all ? 100 * agree / all : 0, bad, all - agree - bad
		printf "all combinations (the n/a too, Clang having run them): %d, agree %d (%.2f %%), n/a %d\n",
			all + na, agree, all + na ? 100 * agree / (all + na) : 0, na
		printf "%s", list
		print "n/a in the harness, by reason:"
		while ((getline l < why) > 0) print l
		exit !(all && bad == 0 && (all_mode ? agree * 100 >= (all + na) * 98 : agree * 100 >= all * 98))
	}' "$W/both.tsv"
