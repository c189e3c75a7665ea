#!/bin/sh
# SPDX-License-Identifier: MIT
# capture.sh: regenerate the compiler output kept as parser test data.
# Each tests/data/diag/COMPILER.TARGET.SOURCE.FLAGSET.stderr is what that
# compiler printed, exactly, under LC_ALL=C (and one under a UTF-8 locale
# for GCC's typographic quotes). Run from the repository root.
set -u
out=tests/data/diag
src=tests/data/src
mkdir -p "$out"
gccs="gcc-11:x86-64:gcc-11 gcc-12:x86-64:gcc-12 gcc-12:arm64:aarch64-linux-gnu-gcc-12
      gcc-11:s390x:s390x-linux-gnu-gcc-11 gcc-12:riscv64:riscv64-linux-gnu-gcc-12"
clangs="clang-13 clang-14 clang-15 clang-16 clang-19 clang-22"
run() {  # NAME ENV... -- CMD...
	_n=$1; shift
	env "$@" 2>"$out/$_n.stderr" >/dev/null
	echo "exit $?" > "$out/$_n.status"
}
for g in $gccs; do
	cc=${g%%:*}; rest=${g#*:}; arch=${rest%%:*}; cmd=${rest#*:}
	plain=-fdiagnostics-plain-output
	for s in arrays errors fatal; do
		run "$cc.$arch.$s.O2" LC_ALL=C $cmd $plain -O2 -Wall -I$src -c $src/$s.c -o /dev/null
	done
	run "$cc.$arch.arrays.werror" LC_ALL=C $cmd $plain -O2 -Wall -Werror=stringop-overflow -I$src -c $src/arrays.c -o /dev/null
	run "$cc.$arch.driver" LC_ALL=C $cmd -fno-caret-diagnostics -c $src/fatal.c -o /dev/null
done
run gcc-12.x86-64.arrays.utf8 LC_ALL=C.UTF-8 gcc-12 -fdiagnostics-plain-output -O2 -Wall -I$src -c $src/arrays.c -o /dev/null
run gcc-12.x86-64.arrays.caret LC_ALL=C gcc-12 -O2 -Wall -I$src -c $src/arrays.c -o /dev/null
run gcc-11.x86-64.ice LC_ALL=C gcc-11 -fdiagnostics-plain-output -c $src/ice-gcc11.c -o /dev/null
for c in $clangs; do
	for s in arrays errors fatal; do
		run "$c.x86-64.$s.O2" LC_ALL=C $c --target=x86_64-linux-gnu -fno-caret-diagnostics -fno-color-diagnostics -O2 -Wall -I$src -c $src/$s.c -o /dev/null
	done
	run "$c.arm64.arrays.werror" LC_ALL=C $c --target=aarch64-linux-gnu -fno-caret-diagnostics -fno-color-diagnostics -O2 -Wall -Werror=array-bounds -I$src -c $src/arrays.c -o /dev/null
	run "$c.x86-64.driver" LC_ALL=C $c -fno-diagnostics-show-caret -c $src/fatal.c -o /dev/null
done
run clang-14.x86-64.arrays.caret LC_ALL=C clang-14 -O2 -Wall -I$src -c $src/arrays.c -o /dev/null
# GCC 16 lives in the sid root (make roots): its diagnostic paths, as notes
# and as caret blocks (-fdiagnostics-show-context, -fanalyzer)
sid=${DIAGMATRIX_ROOTS:-$HOME/.cache/diagmatrix/roots}/sid
inroot() {  # NAME -- CMD...
	_n=$1; shift 2
	bwrap --unshare-all --die-with-parent --new-session --clearenv --ro-bind "$sid/usr" /usr \
	      --ro-bind "$sid/etc" /etc --symlink usr/bin /bin --symlink usr/lib /lib --symlink usr/lib64 /lib64 \
	      --dev /dev --proc /proc --tmpfs /tmp --ro-bind "$PWD/$src" "/w/$src" --chdir /w \
	      --setenv PATH /usr/bin --setenv LC_ALL C -- "$@" 2>"$out/$_n.stderr" >/dev/null
	echo "exit $?" > "$out/$_n.status"
}
for ctx in plain caret; do
	p=; [ $ctx = plain ] && p=-fdiagnostics-plain-output
	inroot gcc-16.x86-64.context.$ctx -- gcc-16 $p -O2 -Wall -fdiagnostics-show-context=2 -I$src -c $src/context.c -o /dev/null
	inroot gcc-16.arm64.context.$ctx -- aarch64-linux-gnu-gcc-16 $p -O2 -Wall -fdiagnostics-show-context=2 -I$src -c $src/context.c -o /dev/null
	inroot gcc-16.x86-64.paths.$ctx -- gcc-16 $p -fanalyzer -c $src/paths.c -o /dev/null
done
# caret lines whose source reads like a diagnostic
inroot gcc-16.x86-64.caretlike.caret -- gcc-16 -O2 -Wall -c $src/caretlike.c -o /dev/null
# gcc-16.arm64.vdso-kbuild.stderr is not made here: it is Linux 7.2's
# arch/arm64/kernel/vdso/vgettimeofday.c compiled by Kbuild's own command
# (make kernel, linux-7.2 kcsan, gcc-16 arm64: the .vgettimeofday.o.cmd of
# the build directory) under LC_ALL=C, with the source tree's path shortened
# to /src/: real diagnostics with GCC 16's context in the caret form.
