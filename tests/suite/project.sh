# SPDX-License-Identifier: MIT
# tests/suite/project.sh: the project as a newcomer finds it:
# self-contained, its links resolving, its manual page and install
# working, its published results what the harness makes of them, a test
# run leaving nothing git would take
# names: project published gitignore
# needs: compilers
# builds: first

# nothing points outside the repository (the pattern is split so that
# this file does not match itself)
out=$(git grep -n -e '\.\./share[d]' -- . 2>&1)
[ -z "$out" ] && ok project/self-contained || bad project/self-contained "$out"

# every link of the documents resolves
check project/links awk -f tests/project/links.awk README.md docs/*.md results/FINDINGS.md results/compat.md results/bench.md

# every C example of the README and the documents is a case of
# docs/examples/, byte for byte, and every case there is an example
rm -rf "$T/examples" && mkdir -p "$T/examples"
awk -v out="$T/examples" -f tests/project/examples.awk README.md docs/*.md > "$T/examples.list"
unmatched=
while read -r n where; do
	found=
	for f in docs/examples/*.c; do cmp -s "$T/examples/$n" "$f" && found=$f; done
	[ -n "$found" ] && echo "$found" >> "$T/examples.found" || unmatched="$unmatched $where"
done < "$T/examples.list"
extra=$(ls docs/examples/*.c | while read -r f; do grep -qx "$f" "$T/examples.found" 2>/dev/null || echo "$f"; done)
[ -s "$T/examples.list" ] && [ -z "$unmatched" ] && [ -z "$extra" ] && ok project/examples-are-cases \
	|| bad project/examples-are-cases "examples that are no case of docs/examples:$unmatched; cases no document shows: $extra"

# the manual page: mandoc finds nothing to warn about, and it names every
# command and every option the usage text has

# every program the tests run comes from a package that make check
# installs (its lists, and what those need), or from one that every Debian
# system has (Essential, or priority required): one installed by hand
# fails here before it fails on a fresh machine
pkgs=$(make -s --no-print-directory test-packages 2>/dev/null)
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
	--no-enhances $pkgs 2>/dev/null | grep -v '^ ' | tr -d '<>' | sort -u)
unlisted=
for w in $(awk -f tests/project/commands.awk tests/run.sh tests/lib.sh tests/*/*.sh .ci/run | sort -u); do
	case $(command -V "$w" 2>/dev/null) in *builtin*|*keyword*|*function*|'') continue ;; esac
	path=$(command -v "$w")
	case $path in /*) ;; *) continue ;; esac
	real=$(readlink -f "$path")
	# /usr/bin/cat is /bin/cat to dpkg on a merged /usr
	pkg=$(dpkg -S "$real" "${real#/usr}" "$path" "${path#/usr}" 2>/dev/null | head -1) || pkg=
	pkg=${pkg%%:*}
	[ -n "$pkg" ] || { unlisted="$unlisted $w (no package)"; continue; }
	case $(dpkg-query -W -f='${Essential} ${Priority}' "$pkg" 2>/dev/null) in yes*|*required) continue ;; esac
	printf '%s\n' "$closure" | grep -qx "$pkg" || unlisted="$unlisted $w ($pkg)"
done
[ -n "$pkgs" ] && [ -n "$closure" ] && [ -z "$unlisted" ] && ok project/test-packages \
	|| bad project/test-packages "run by the tests, installed by no list of the Makefile:$unlisted"

check project/man-lint mandoc -T lint -W warning diagmatrix.1
$DM --help 2>&1 | grep -o -- '--[a-z-]*\|^ *diagmatrix [a-z]*\|usage: diagmatrix [a-z]*' | awk '$NF != "diagmatrix" { print $NF }' | sort -u > "$T/usage-words"
missing=$(while read -r w; do grep -q -- "^\.\(Cm\|Fl\|It\|Op\).*\b${w#--}\b" diagmatrix.1 || echo "$w"; done < "$T/usage-words")
[ -s "$T/usage-words" ] && [ -z "$missing" ] && ok project/man-covers-usage || bad project/man-covers-usage "not in diagmatrix.1: $missing"

# make install honours PREFIX and DESTDIR, and what it installs runs; from
# an empty directory elsewhere, the installed binary finds the installed
# configuration, and says so
rm -rf "$T/inst" "$T/elsewhere"
mkdir -p "$T/elsewhere"
make --no-print-directory -s install DESTDIR="$T/inst" PREFIX=/usr BUILD="$B" > "$T/install.out" 2>&1 \
	&& "$T/inst/usr/bin/diagmatrix" --version > /dev/null && [ -f "$T/inst/usr/share/man/man1/diagmatrix.1" ] \
	&& cmp -s compilers.yaml "$T/inst/usr/share/diagmatrix/compilers.yaml" \
	&& [ "$(find "$T/inst" -type f | wc -l)" -eq 3 ] && ok project/install || bad project/install "$(cat "$T/install.out")"
(cd "$T/elsewhere" && HOME="$T/elsewhere" XDG_CONFIG_HOME= "$T/inst/usr/bin/diagmatrix" list) > "$T/inst.list" 2> "$T/inst.err"
grep -qx "diagmatrix: configuration: $T/inst/usr/share/diagmatrix/compilers.yaml (the installed one)" "$T/inst.err" \
	&& grep -q '^gcc-9 ' "$T/inst.list" && ok project/installed-config-elsewhere \
	|| bad project/installed-config-elsewhere "$(cat "$T/inst.err" "$T/inst.list" | head -5)"
# the user's own configuration comes before the installed one; none at
# all is an error that names where it looked
mkdir -p "$T/elsewhere/cfg/diagmatrix"
cp tests/e2e/compilers.yaml "$T/elsewhere/cfg/diagmatrix/compilers.yaml"
(cd "$T/elsewhere" && XDG_CONFIG_HOME="$T/elsewhere/cfg" "$T/inst/usr/bin/diagmatrix" list) > "$T/inst.list" 2> "$T/inst.err"
grep -qx "diagmatrix: configuration: $T/elsewhere/cfg/diagmatrix/compilers.yaml (the user's one)" "$T/inst.err" \
	&& grep -q '^gcc-99 ' "$T/inst.list" && ok project/user-config || bad project/user-config "$(cat "$T/inst.err")"
dm=$(pwd)/$DM
(cd "$T/elsewhere" && HOME="$T/elsewhere" XDG_CONFIG_HOME= "$dm" list) > /dev/null 2> "$T/inst.err"
[ $? -eq 2 ] && grep -q "^diagmatrix: error: no configuration: none of ./compilers.yaml, $T/elsewhere/.config/diagmatrix/compilers.yaml, " "$T/inst.err" \
	&& ok project/no-config || bad project/no-config "$(cat "$T/inst.err")"

# the published table is what `table` makes of the published results, and
# so are the overview picture and FINDINGS.md's generated part
PUB=results/matrix.results
$DM table "$PUB" > "$T/compat.md" 2>&1 && cmp -s "$T/compat.md" results/compat.md && ok published/compat-is-table \
	|| bad published/compat-is-table "$(diff results/compat.md "$T/compat.md" | head -10)"
$DM table --format svg "$PUB" > "$T/overview.svg" 2>&1 && cmp -s "$T/overview.svg" results/overview.svg \
	&& ok published/svg-is-table || bad published/svg-is-table "$(diff results/overview.svg "$T/overview.svg" | head -5)"
$DM table --format overview "$PUB" > "$T/overview.md" 2>&1
sed -n '/^<!-- begin: overview/,/^<!-- end: overview/p' results/FINDINGS.md | sed '1d;$d' > "$T/findings-gen.md"
cmp -s "$T/overview.md" "$T/findings-gen.md" && ok published/findings-overview-is-table \
	|| bad published/findings-overview-is-table "$(diff "$T/findings-gen.md" "$T/overview.md" | head -5)"
# ... made by a commit of this history, whole (not -dirty), whose cases
# are the cases here
rev=$(awk -F'\t' '$1 == "meta" && $2 == "revision" { print $3 }' "$PUB")
git cat-file -e "$rev^{commit}" 2>/dev/null && git merge-base --is-ancestor "$rev" HEAD \
	&& grep -q "^Generated by diagmatrix .* from the harness and cases of commit $rev\. " results/compat.md \
	&& ok published/names-its-commit || bad published/names-its-commit "revision '$rev'"
awk -F'\t' '$1 == "case" { print $3 }' "$PUB" | sort > "$T/published-cases"
git ls-files 'cases/*.c' | sort > "$T/tree-cases"
cmp -s "$T/published-cases" "$T/tree-cases" && ok published/all-cases \
	|| bad published/all-cases "$(diff "$T/tree-cases" "$T/published-cases")"

# a test run from the work tree leaves nothing git would take: compiler
# dump files are ignored
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
	d=$(mktemp -d ./tests/dump.XXXXXX)
	cp tests/e2e/cases/pass.c "$d/" && (cd "$d" && gcc-12 -O2 -fdump-tree-optimized -fdump-rtl-expand -save-temps -c pass.c) > /dev/null 2>&1
	left=$(git status --porcelain --untracked-files=all -- "$d" | grep -v '/pass\.c$')
	[ -n "$(ls "$d" | grep -v '^pass\.c$')" ] && [ -z "$left" ] && ok gitignore/compiler-dumps || bad gitignore/compiler-dumps "$left"
	rm -rf "$d"
fi

# the SVGs are well-formed XML (xmllint, which make check installs): the
# golden one, and one made of real results
check project/svg-well-formed xmllint --noout tests/grid/overview.svg
check project/svg-from-real-results sh -c "$DM table --format svg tests/report/old.results | xmllint --noout -"
