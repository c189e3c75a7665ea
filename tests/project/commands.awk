# SPDX-License-Identifier: MIT
# commands.awk SCRIPT...: the words in command position of shell scripts,
# one per line: the first word of each command (after assignments and
# the keywords that start one), and the commands the test helpers run
# (check NAME CMD..., golden NAME FILE CMD...). A heuristic that errs
# towards more words: tests/suite/project.sh keeps only those that are
# programs.
{
	line = $0
	sub(/^[ \t]*#.*/, "", line)
	gsub(/[ \t]#[^"']*$/, "", line)
	gsub(/'[^']*'/, "''", line)     # awk and sed programs, literal text
	sub(/^[ \t]*[A-Za-z0-9_*|?-]+\)/, "", line)   # a case label
	gsub(/\$\(|`|\|\||&&|[|;(){}!]/, "\n", line)
	n = split(line, parts, "\n")
	for (i = 1; i <= n; i++) {
		p = parts[i]
		sub(/^[ \t]+/, "", p)
		while (p ~ /^(then|do|else|if|elif|while|until|exec|command|env|time|nice|timeout [0-9.]+[sm]?|[A-Za-z_][A-Za-z_0-9]*=[^ \t]*)[ \t]+/)
			sub(/^[^ \t]+[ \t]+/, "", p)
		if (match(p, /^[A-Za-z][A-Za-z0-9_.+-]*([ \t]|$)/)) {
			w = substr(p, 1, RLENGTH)
			sub(/[ \t]$/, "", w)
			print w
		}
		if (p ~ /^check[ \t]/) { split(p, w2, /[ \t]+/); print w2[3] }
		if (p ~ /^golden[ \t]/) { split(p, w2, /[ \t]+/); print w2[4] }
	}
}
