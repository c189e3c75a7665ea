# SPDX-License-Identifier: MIT
# tests/layers.awk: check the includes of harness/ against harness/LAYERS.
# Input: LAYERS, then lines "FILE INCLUDE" (FILE relative to harness/,
# INCLUDE as written in its #include "..."). Prints each include the rules
# do not allow, as FILE: includes INCLUDE (FOLDER may not include FOLDER),
# and exits 1 when there is one. With -v graph=1 it prints instead the
# folder graph: "FROM -> TO  N" for each pair of folders with N includes.
function folder(path,    d) {
	d = path
	if (sub(/\/[^\/]*$/, "", d) == 0)
		return "."
	return d
}
FNR == NR {
	if ($0 ~ /^#/ || $0 ~ /^[ \t]*$/)
		next
	if ($1 !~ /:$/) { print FILENAME ":" FNR ": error: expected FOLDER: FOLDERS..."; bad = 1; next }
	f = substr($1, 1, length($1) - 1)
	if (f in rank) { print FILENAME ":" FNR ": error: " f " twice"; bad = 1 }
	rank[f] = ++n
	for (i = 2; i <= NF; i++) {
		if (!($i in rank)) { print FILENAME ":" FNR ": error: " f " names " $i ", which is not below it"; bad = 1 }
		allow[f, $i] = 1
	}
	next
}
{
	from = folder($1); to = folder($2)
	count[from " -> " to]++
	if (!(from in rank)) { print $1 ": error: its folder " from " has no line in LAYERS"; bad = 1; next }
	if ($2 !~ /\// && from != ".") { print $1 ": error: includes \"" $2 "\": write the folder (" from "/" $2 ")"; bad = 1; next }
	if (from != to && !allow[from, to]) { print $1 ": error: includes " $2 " (" from " may not include " to ")"; bad = 1 }
}
END {
	if (graph)
		for (k in count) {
			split(k, p, " -> ")
			if (p[1] != p[2])
				printf "%-17s -> %-17s %d\n", p[1], p[2], count[k] | "sort"
		}
	exit bad
}
