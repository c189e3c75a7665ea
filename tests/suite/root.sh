# SPDX-License-Identifier: MIT
# tests/suite/root.sh: compilers in a Debian root, end to end
# names: root
# needs: compilers
# builds: each
#
# The root is tests/root/compilers.yaml's "bookworm" (Debian 12, the
# host's release, with gcc-12 and clang-14), built once by `make check`
# into $CHECK_ROOTS and reused. Building one needs root privileges, as
# CI has; a root copy made with hard links (cp -al) stands in for roots
# the tests change, so the built one is never touched.

# the root is built by make check (as root) into $CHECK_ROOTS
if [ -z "${CHECK_ROOTS:-}" ] || [ ! -d "$CHECK_ROOTS/bookworm" ]; then
	bad root/built "no test root in ${CHECK_ROOTS:-\$CHECK_ROOTS} (make check builds it)"
	return 0
fi
R=$T/roots
rm -rf "$R" && mkdir -p "$R"
RCFG=tests/root/compilers.yaml
export DIAGMATRIX_ROOTS="$CHECK_ROOTS"

# found, in its root, at the host's version
$DM list --config $RCFG > "$T/rl.out" 2>&1
hg12=$(re "$(gcc-12 -dumpfullversion)")
hc14=$(re "$(clang-14 --version | sed -n '1s/.*version \([0-9.]*\).*/\1/p')")
grep -q "^gcc-12-root  *gcc  *$hg12  *x86-64  *bookworm  *gcc-12  *found\$" "$T/rl.out" \
	&& grep -q "^clang-14-root  *clang  *$hc14  *x86-64  *bookworm  *clang-14  *found\$" "$T/rl.out" \
	&& grep -q '^root bookworm (Debian bookworm): built ' "$T/rl.out" \
	&& ok root/list || bad root/list "$(cat "$T/rl.out")"

# the same compiler inside the root and on the host prints the same
# diagnostics and gets the same verdicts, over every case of the library
$DM run --config $RCFG --out "$T/rr.results" --quiet > /dev/null 2>&1
$DM export --format tsv "$T/rr.results" | awk -F'\t' -v OFS='\t' 'NR > 1 {
		side = $2 ~ /-root$/ ? "root" : "host"; sub(/-(host|root)$/, "", $2); $3 = ""
		print side, $0 }' | sort > "$T/rr.rows"
grep '^host' "$T/rr.rows" | cut -f2- > "$T/rr.host"
grep '^root' "$T/rr.rows" | cut -f2- > "$T/rr.root"
$DM export --format tap "$T/rr.results" | sed -n 's/^\(not ok\|ok\) [0-9]* - \([^ ]*\) \([^@]*\)-\(host\|root\)@/\4 \1 \2 \3@/p' \
	| sort -k2 > "$T/rr.tap"
if [ -s "$T/rr.host" ] && cmp -s "$T/rr.host" "$T/rr.root" \
	&& [ "$(grep -c '^host' "$T/rr.tap")" -gt 100 ] \
	&& [ "$(grep '^host' "$T/rr.tap" | cut -d' ' -f2-)" = "$(grep '^root' "$T/rr.tap" | cut -d' ' -f2-)" ]; then
	ok root/same-diagnostics
else
	bad root/same-diagnostics "$(diff "$T/rr.host" "$T/rr.root" | head -20)"
fi
grep -q "^toolchain	gcc-12-root	gcc	x86-64	x86_64-linux-gnu	$hg12	found	gcc-12		bookworm	[0-9]*\$" "$T/rr.results" \
	&& ok root/recorded || bad root/recorded "$(grep '^toolchain' "$T/rr.results")"
# the compilers' CPU time in the sandbox reaches the harness (the executor
# reports each job's, box.h)
cpu=$(awk -F'\t' '$1 == "meta" && $2 == "jobs_cpu_s" { print $3 }' "$T/rr.results")
awk -v c="${cpu:-0}" 'BEGIN { exit !(c > 1) }' && ok root/cpu-time-counted || bad root/cpu-time-counted "jobs_cpu_s ${cpu:-?}"

# DejaGnu files compile in the run's scratch directory, bound writable:
# the same verdicts inside the root as on the host (effective-target
# probes included)
cat > "$T/dg.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu, package: libc6-dev }
roots:
  bookworm: { suite: bookworm }
profiles:
  default: { flags: [] }
compilers:
  - { name: host, family: gcc, targets: { x86-64: { command: gcc-12 } } }
  - { name: root, family: gcc, root: bookworm, targets: { x86-64: { command: gcc-12 } } }
EOY
$DM run --config "$T/dg.yaml" --cases tests/dejagnu/gcc.diagmatrix --out "$T/rdg.results" --quiet > /dev/null 2>&1
$DM export --format tap "$T/rdg.results" | sed -n 's/^\(not ok\|ok\) [0-9]* - \(.*\) \(host\|root\)@.*/\3 \1 \2/p' | sort -k3 > "$T/rdg.tap"
n=$(grep -c '^host' "$T/rdg.tap")
if [ "$n" -gt 20 ] && [ "$(grep '^host' "$T/rdg.tap" | cut -d' ' -f2-)" = "$(grep '^root' "$T/rdg.tap" | cut -d' ' -f2-)" ] \
	&& grep -q '^host not ok' "$T/rdg.tap" && grep -q '^root ok' "$T/rdg.tap"; then
	ok root/dejagnu
else
	bad root/dejagnu "$(cat "$T/rdg.tap")"
fi

# --dry-run lines run as printed, from anywhere
$DM run --config $RCFG --cases cases/static/too-small.c --compilers gcc-12-root --profiles O0 --dry-run \
	| sed 's/  #.*//' > "$T/rr.sh"
(cd / && sh "$T/rr.sh") > "$T/rr.dry" 2>&1
grep -q "too-small.c:22:9: warning: 'blah' accessing 7 bytes in a region of size 6 \[-Wstringop-overflow=\]" "$T/rr.dry" \
	&& unbound "$T/rr.sh" | grep -q '^LC_ALL=C bwrap --unshare-all ' \
	&& ok root/dry-run-runs || bad root/dry-run-runs "$(cat "$T/rr.sh" "$T/rr.dry" | head -20)"

# a copy of the root (hard links) with a compiler that hangs, ignores
# SIGTERM and leaves children: the timeout kills everything inside
cp -al "$CHECK_ROOTS/bookworm" "$R/copy"
cat > "$R/copy/usr/local/bin/hang" <<'EOS'
#!/bin/sh
case "$*" in *-dumpfullversion*) echo 12.2.0; exit 0 ;; *-E*) exit 0 ;; esac
trap '' TERM
sleep 987654 &
sh -c 'trap "" TERM; sleep 987653' &
while :; do sleep 1; done
EOS
chmod 755 "$R/copy/usr/local/bin/hang"
cat > "$T/copy.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu, package: libc6-dev }
roots:
  copy: { suite: bookworm }
profiles:
  default: { flags: [-O2, -Wall] }
compilers:
  - { name: hang, family: gcc, root: copy, targets: { x86-64: { command: hang } } }
  - { name: gcc-12, family: gcc, root: copy, targets: { x86-64: { command: gcc-12, package: gcc-12 } } }
EOY
DIAGMATRIX_ROOTS=$R $DM run --config "$T/copy.yaml" --cases tests/e2e/cases/nodiag.c --compilers hang \
	--timeout 2 --out "$T/rh.results" > /dev/null 2>&1
st=$?
sleep 1
if [ $st -eq 1 ] && $DM export --format tap "$T/rh.results" | grep -q 'reason: "timed out after 2 s"' \
	&& ! pgrep -f 'sleep 98765[34]' > /dev/null; then
	ok root/timeout-kills-all
else
	bad root/timeout-kills-all "exit $st; left: $(pgrep -af 'sleep 98765[34]')"
	pkill -9 -f 'sleep 98765[34]'
fi

# the cache key follows the root's compiler: the same run is answered from
# the cache until the compiler's file changes, or the root is rebuilt
rc() {  # the cache hits of a run of gcc-12 in the copy
	DIAGMATRIX_ROOTS=$R $DM run --config "$T/copy.yaml" --cases tests/e2e/cases/pass.c --compilers gcc-12 \
		--out "$T/rc.results" --quiet > /dev/null 2>&1
	awk -F'\t' '$1 == "meta" && $2 == "cache_hits" { print $3 }' "$T/rc.results"
}
h1=$(rc); h2=$(rc)   # (probes count as hits too)
cp --remove-destination "$R/copy/usr/bin/x86_64-linux-gnu-gcc-12" "$R/copy/usr/bin/x86_64-linux-gnu-gcc-12.new"
mv "$R/copy/usr/bin/x86_64-linux-gnu-gcc-12.new" "$R/copy/usr/bin/x86_64-linux-gnu-gcc-12"
h3=$(rc); h4=$(rc)
sed 's/^id .*/id rebuilt/' "$R/copy/.diagmatrix-root" > "$T/stamp" && rm "$R/copy/.diagmatrix-root" && cp "$T/stamp" "$R/copy/.diagmatrix-root"
h5=$(rc)
[ "$h1" = 0 ] && [ "${h2:-0}" -gt 0 ] && [ "$h3" = 0 ] && [ "$h4" = "$h2" ] && [ "$h5" = 0 ] \
	&& ok root/cache-key || bad root/cache-key "hits: $h1 $h2 (compiler replaced) $h3 $h4 (root rebuilt) $h5"

# a root not built, or built for other packages: its jobs are skipped with
# the command that builds it
cat > "$T/none.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu, package: libc6-dev }
roots:
  none: { suite: bookworm }
  copy: { suite: bookworm, packages: [gcc-13] }
profiles:
  default: { flags: [-O2] }
compilers:
  - { name: nowhere, family: gcc, root: none, targets: { x86-64: { command: gcc-12, package: gcc-12 } } }
  - { name: stale, family: gcc, root: copy, targets: { x86-64: { command: gcc-13, package: gcc-13 } } }
EOY
DIAGMATRIX_ROOTS=$R $DM run --config "$T/none.yaml" --cases tests/e2e/cases/nodiag.c --out "$T/rn.results" > /dev/null 2>&1
st=$?
DIAGMATRIX_ROOTS=$R $DM export --format tap "$T/rn.results" > "$T/rn.tap"
DIAGMATRIX_ROOTS=$R $DM list --config "$T/none.yaml" > "$T/rn.list"
[ $st -eq 0 ] && grep -q "SKIP skip: root none is not built (build it: diagmatrix root --config $T/none.yaml none)" "$T/rn.tap" \
	&& grep -q "SKIP skip: gcc-13 not found in root copy, built for other packages (rebuild it: diagmatrix root --config $T/none.yaml --rebuild copy)" "$T/rn.tap" \
	&& grep -q "^root none (Debian bookworm): not built; build it (as root): diagmatrix root --config $T/none.yaml none$" "$T/rn.list" \
	&& grep -q "^root copy (Debian bookworm): built .* for other packages or another suite; rebuild it: diagmatrix root --config $T/none.yaml --rebuild copy$" "$T/rn.list" \
	&& ok root/not-built || bad root/not-built "exit $st; $(cat "$T/rn.tap" "$T/rn.list")"

# an interrupted build leaves nothing a later run would trust, and no
# process behind: SIGINT (cleaned up at once), SIGKILL (its debootstrap
# dies with it; the leftover is not a root, and the next build removes it)
cat > "$T/tiny.yaml" <<EOY
targets:
  x86-64: { triple: x86_64-linux-gnu }
roots:
  tiny: { suite: bookworm }
profiles:
  default: { flags: [] }
compilers:
  - { name: tiny, family: gcc, root: tiny, targets: { x86-64: { command: gcc } } }
EOY
building() {  # wait until debootstrap has started filling the tree
	for _ in $(seq 100); do
		[ -d "$R/.tiny.build/var" ] && return 0
		sleep 0.2
	done
	return 1
}
DIAGMATRIX_ROOTS=$R $DM root --config "$T/tiny.yaml" > "$T/ri.out" 2>&1 &
pid=$!
building
kill -INT $pid
wait $pid
st=$?
sleep 1
DIAGMATRIX_ROOTS=$R $DM list --config "$T/tiny.yaml" > "$T/ri.list" 2>&1
[ $st -eq 130 ] && [ ! -e "$R/tiny" ] && [ ! -e "$R/.tiny.build" ] && ! pgrep -f "$R/.tiny.build" > /dev/null \
	&& grep -q 'root tiny is not built' "$T/ri.list" \
	&& ok root/interrupted-build || bad root/interrupted-build "exit $st; $(ls -a "$R"; cat "$T/ri.out"; pgrep -af "$R/.tiny.build")"
DIAGMATRIX_ROOTS=$R $DM root --config "$T/tiny.yaml" > "$T/rk.out" 2>&1 &
pid=$!
building
{ kill -KILL $pid; wait $pid; } 2> /dev/null
for _ in $(seq 50); do pgrep -f "$R/.tiny.build" > /dev/null || break; sleep 0.2; done
DIAGMATRIX_ROOTS=$R $DM list --config "$T/tiny.yaml" > "$T/rk.list" 2>&1
if [ ! -e "$R/tiny" ] && [ -d "$R/.tiny.build" ] && ! pgrep -f "$R/.tiny.build" > /dev/null \
	&& grep -q 'root tiny is not built' "$T/rk.list"; then
	ok root/killed-build
else
	bad root/killed-build "$(ls -a "$R"; pgrep -af "$R/.tiny.build"; cat "$T/rk.list")"
	pkill -9 -f "$R/.tiny.build"
fi

# an ordinary user runs the root's compilers (bwrap in a user namespace)
if [ "$(id -u)" = 0 ]; then
	id diagmatrix-test > /dev/null 2>&1 || useradd -M -d /nonexistent -s /bin/sh diagmatrix-test
	U=$T/user
	mkdir -p "$U"
	cp "$DM" "$U/diagmatrix"
	cp $RCFG "$U/compilers.yaml"
	cp tests/e2e/cases/pass.c "$U/pass.c"
	cp -al "$CHECK_ROOTS/bookworm" "$U/bookworm"
	chmod 755 "$TOP" "$T"
	chown diagmatrix-test "$U"
	(cd "$U" && su -s /bin/sh diagmatrix-test -c \
		"DIAGMATRIX_ROOTS=$U DIAGMATRIX_CACHE=$U/cache ./diagmatrix run --cases pass.c --compilers gcc-12-root,clang-14-root --profiles default --out $U/u.results --quiet") \
		> "$T/ru.out" 2>&1
	st=$?
	[ $st -eq 0 ] && [ "$($DM export --format tap "$U/u.results" 2>/dev/null | grep -c '^ok')" = 2 ] \
		&& ok root/ordinary-user || bad root/ordinary-user "exit $st: $(cat "$T/ru.out")"
else
	bad root/ordinary-user "needs root to create the user it runs as"
fi
unset DIAGMATRIX_ROOTS
