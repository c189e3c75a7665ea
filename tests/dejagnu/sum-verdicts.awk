# Per-file verdicts of a DejaGnu .sum file, judging diagnostics only:
# FAIL, XPASS and UNRESOLVED of a test for warnings, errors, bogus
# messages, excess errors, blank lines or an internal compiler error make
# the file "fail"; UNSUPPORTED makes it "n/a". Execution and dump scans
# are not diagnostics and are left out.
# Output: NAME<TAB>VERDICT, NAME being the path after the tool's directory.
/^(PASS|FAIL|XPASS|XFAIL|UNRESOLVED|UNSUPPORTED): / {
	kind = $1; sub(/:$/, "", kind)
	name = $2
	if (!(name in v)) { v[name] = "pass"; order[++n] = name }
	if (kind == "UNSUPPORTED") { v[name] = "n/a"; next }
	diag = $0 ~ /\(test for (warnings|errors|bogus messages|excess errors)|blank line\(s\) in output|internal compiler error|expected multiline pattern/
	if (diag && (kind == "FAIL" || kind == "XPASS" || kind == "UNRESOLVED") && v[name] != "n/a")
		v[name] = "fail"
}
END { for (i = 1; i <= n; i++) printf "%s\t%s\n", order[i], v[order[i]] }
