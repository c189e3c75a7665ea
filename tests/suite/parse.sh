# SPDX-License-Identifier: MIT
# tests/suite/parse.sh: the readers on their inputs: captured compiler output, malformed case files and configurations, the dialects' judges, the project's own cases
# names: diag bad-case lint bad-config judge
# needs: nothing
# builds: each

# --- the diagnostic parser on captured output of every installed compiler ---
for f in tests/data/diag/*.stderr; do
	n=${f%.stderr}
	$UNIT diag "$f" > "$T/diag.out"
	if cmp -s "$T/diag.out" "$n.expect"; then ok "diag/$(basename "$n")"
	else bad "diag/$(basename "$n")" "$(diff "$n.expect" "$T/diag.out" | head -20)"; fi
done

# --- malformed case files: FILE:LINE:COL: error, exit 2, nothing written ---
for f in tests/bad-cases/*.c; do
	n=${f%.c}
	rm -f "$T/r.results"
	$DM run --config tests/e2e/compilers.yaml --cases "$f" --out "$T/r.results" > /dev/null 2> "$T/err"
	st=$?
	if [ $st -eq 2 ] && cmp -s "$T/err" "$n.err" && [ ! -e "$T/r.results" ]; then ok "bad-case/$(basename "$n")"
	else bad "bad-case/$(basename "$n")" "exit $st; $(cat "$T/err")"; fi
	$DM lint --config compilers.yaml "$f" > /dev/null 2> "$T/err"
	st=$?
	if [ $st -eq 2 ] && cmp -s "$T/err" "$n.err"; then ok "lint/$(basename "$n")"
	else bad "lint/$(basename "$n")" "exit $st; $(cat "$T/err")"; fi
done

# --- malformed compilers.yaml files ---
for f in tests/bad-config/*.yaml; do
	n=${f%.yaml}
	rm -f "$T/r.results"
	$DM run --config "$f" --cases tests/e2e/cases --out "$T/r.results" > /dev/null 2> "$T/err"
	st=$?
	if [ $st -eq 2 ] && cmp -s "$T/err" "$n.err" && [ ! -e "$T/r.results" ]; then ok "bad-config/$(basename "$n")"
	else bad "bad-config/$(basename "$n")" "exit $st; $(cat "$T/err")"; fi
done

# --- the judges of each dialect on captured compiler output ---
for f in tests/judge/*.stderr; do
	n=${f%.stderr}
	b=$(basename "$n")
	$UNIT judge "tests/judge/${b%%.*}.c" "$f" "$b" "$n.status" > "$T/judge.out" 2>&1
	if cmp -s "$T/judge.out" "$n.expect"; then ok "judge/$b"
	else bad "judge/$b" "$(diff "$n.expect" "$T/judge.out" | head -20)"; fi
done

# --- the project's own cases are well-formed ---
check lint/cases $DM lint cases
