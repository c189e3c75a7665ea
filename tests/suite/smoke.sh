# SPDX-License-Identifier: MIT
# tests/suite/smoke.sh: the end-to-end verdicts alone: what check.yml's CI job
# runs beside the offline suites (make check CHECK_SUITE=workflow)
# names: smoke
# needs: compilers
# builds: first

$DM run --config tests/e2e/compilers.yaml --cases tests/e2e/cases --no-cache --out "$T/smoke.results" > /dev/null 2>&1
$DM export --format tap "$T/smoke.results" | grep -E '^(not )?ok' > "$T/smoke.verdicts"
cmp -s "$T/smoke.verdicts" tests/e2e/expected.tap && ok smoke/e2e-verdicts \
	|| bad smoke/e2e-verdicts "$(diff tests/e2e/expected.tap "$T/smoke.verdicts" | head -20)"
