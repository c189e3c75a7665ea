# SPDX-License-Identifier: MIT
# tests/suite/memory.sh: whole runs under valgrind: nothing leaked, nothing read
# that is not valid (the sanitizer build checks itself)
# names: valgrind
# needs: compilers
# builds: each

e2e_results
# memory: a whole run under valgrind leaks nothing and reads nothing invalid
if [ -n "$SAN" ]; then
	:	# ASan and valgrind do not mix; the plain build runs these
elif command -v valgrind > /dev/null; then
	valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --compilers gcc-12,clang-22 \
		--out "$T/v.results" > /dev/null 2> "$T/vg"
	st=$?
	[ $st -ne 99 ] && ok valgrind/run || bad valgrind/run "$(head -30 "$T/vg")"
	valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		$DM run --config tests/dejagnu/compilers.yaml --cases tests/dejagnu/gcc.diagmatrix --compilers gcc-12,clang-22 \
		--out "$T/vdg.results" > /dev/null 2> "$T/vg"
	[ $? -ne 99 ] && ok valgrind/run-dejagnu || bad valgrind/run-dejagnu "$(head -30 "$T/vg")"
	valgrind -q --leak-check=full --error-exitcode=99 $DM table "$T/e2e.results" > /dev/null 2> "$T/vg"
	[ $? -ne 99 ] && ok valgrind/table || bad valgrind/table "$(head -30 "$T/vg")"
	valgrind -q --leak-check=full --error-exitcode=99 $DM lint --config tests/e2e/compilers.yaml tests/bad-cases > /dev/null 2> "$T/vg"
	[ $? -ne 99 ] && ok valgrind/lint-errors || bad valgrind/lint-errors "$(head -30 "$T/vg")"
else
	bad valgrind/installed "valgrind is not installed"
fi

