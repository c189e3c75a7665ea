# SPDX-License-Identifier: MIT
# tests/suite/unit.sh: every module on its own (tests/unit), and the inputs the fuzzers once found faults with
# names: unit fuzz-regression
# needs: nothing
# builds: each

# the unit-test binary runs the tests -k selects; each test's failed
# checks are the indented lines before its FAIL
$UNIT run "$KGLOB" > "$T/unit.out" 2> "$T/unit.err"
why=
while IFS= read -r line; do
	case $line in
	"PASS "*) ok "${line#PASS }"; why= ;;
	"FAIL "*) bad "${line#FAIL }" "$why"; why= ;;
	*) why="$why${line#    }
" ;;
	esac
done < "$T/unit.out"
want 'unit/*' && { [ -s "$T/unit.out" ] || bad unit/ran "unit-tests printed nothing: $(head -n 5 "$T/unit.err")"; }

# inputs the fuzzers once found faults with: refused or read, never a crash
for f in tests/fuzz/regressions/case-*; do
	$UNIT parse "$f" > /dev/null 2> "$T/err"
	st=$?
	[ $st -eq 0 ] && ! grep -q Sanitizer "$T/err" && ok "fuzz-regression/$(basename "$f")" \
		|| bad "fuzz-regression/$(basename "$f")" "exit $st: $(head -5 "$T/err")"
done
