# SPDX-License-Identifier: MIT
# tests/suite/cli.sh: the command line: --version, help for every command
# names: cli
# needs: nothing
# builds: each

# one version, said by --version as version.h defines it, with the revision
v=$(sed -n 's/^#define DIAGMATRIX_VERSION "\(.*\)"$/\1/p' harness/lib/version.h)
$DM --version > "$T/version" 2>&1 && [ -n "$v" ] && grep -qx "diagmatrix $v (.*)" "$T/version" \
	&& ok cli/version || bad cli/version "$(cat "$T/version")"
# every command says what it does and takes, both ways, exit 0
for c in run try table export diff merge list lint root; do
	$DM $c --help > "$T/h1" 2>&1 && $DM help $c > "$T/h2" 2>&1 && cmp -s "$T/h1" "$T/h2" \
		&& grep -q "^usage: diagmatrix $c " "$T/h1" && [ "$(wc -l < "$T/h1")" -ge 3 ] \
		&& ok "cli/help-$c" || bad "cli/help-$c" "$(cat "$T/h1")"
done
$DM help klingon > /dev/null 2>&1; [ $? -eq 2 ] && ok cli/help-unknown || bad cli/help-unknown
