# SPDX-License-Identifier: MIT
# Per-file verdicts of a DejaGnu .sum file, judging diagnostics only:
# FAIL, XPASS and UNRESOLVED of a test for warnings, errors, bogus
# messages, excess errors, blank lines, a multiline pattern, a dg-regexp
# or an internal compiler error make the file "fail"; UNSUPPORTED of the
# file itself (the bare name, or "NAME: why") makes it "n/a". Execution
# and dump scans are not diagnostics and are left out, their own UNSUPPORTED included.
# Output: NAME<TAB>VERDICT, NAME being the path after the tool's directory.
/^(PASS|FAIL|XPASS|XFAIL|UNRESOLVED|UNSUPPORTED): / {
	kind = $1; sub(/:$/, "", kind)
	name = $2; sub(/:$/, "", name)
	if (!(name in v)) { v[name] = "pass"; order[++n] = name }
	if (kind == "UNSUPPORTED") {
		if (NF == 2 || $2 ~ /:$/)
			v[name] = "n/a"
		next
	}
	diag = $0 ~ /\(test for (warnings|errors|bogus messages|excess errors)|blank line\(s\) in output|internal compiler error|expected multiline pattern|dg-regexp [0-9]+ (was found|not found)/
	if (diag && (kind == "FAIL" || kind == "XPASS" || kind == "UNRESOLVED") && v[name] != "n/a")
		v[name] = "fail"
}
END { for (i = 1; i <= n; i++) printf "%s\t%s\n", order[i], v[order[i]] }
