#!/bin/sh
# SPDX-License-Identifier: MIT
# Writes grid.results and try.results: results files made for the grid
# reports (table, its overview and SVG, try), covering ranges that merge
# and split, a profile-excluded expectation, a silent compiler, n/a, skip,
# a compiler failure, and two diagnostics on a line each satisfying one of
# two expectations. Run in tests/grid; the goldens beside them are what
# the harness made of them, read and checked by hand.
T='	'
hdr() {
	echo "diagmatrix-results${T}1"
	echo "meta${T}harness${T}0.1.0"
	echo "meta${T}revision${T}test"
	for c in gcc-10:gcc:10.2.1 gcc-11:gcc:11.3.0 gcc-12:gcc:12.2.0 clang-14:clang:14.0.6 clang-15:clang:15.0.7 clang-16:clang:16.0.6; do
		n=${c%%:*}; r=${c#*:}; f=${r%%:*}; v=${r#*:}
		for t in x86-64 arm64; do
			if [ $n = gcc-12 ] && [ $t = arm64 ]; then
				echo "toolchain${T}$n${T}$f${T}$t${T}aarch64-linux-gnu${T}${T}missing${T}aarch64-linux-gnu-gcc-12${T}aarch64-linux-gnu-gcc-12 not found${T}"
			else
				echo "toolchain${T}$n${T}$f${T}$t${T}x${T}$v${T}found${T}$n${T}${T}"
			fi
		done
	done
	echo "profile${T}default${T}-O2 -Wall"
	echo "profile${T}kernel${T}-O2 -Wall -Wno-stringop-overflow"
}
job() { # case compiler version target profile verdict reason
	echo "job${T}$1${T}$2${T}$3${T}$4${T}$5${T}$6${T}0${T}0${T}0.100${T}$7${T}$2 -c $1"
}
ver() { case $1 in gcc-10) echo 10.2.1;; gcc-11) echo 11.3.0;; gcc-12) echo 12.2.0;; clang-14) echo 14.0.6;; clang-15) echo 15.0.7;; clang-16) echo 16.0.6;; esac; }
{
hdr
echo "case${T}static/small.c${T}cases/static/small.c${T}[static 7] given 6 bytes${T}${T}${T}"
echo "overview${T}5${T}a too-small array for [static 7]"
echo "dir${T}expect-warning${T}5${T}5${T}gcc>=11, profile!=kernel${T}accessing 7 bytes in a region of size 6${T}-Wstringop-overflow${T}"
echo "dir${T}expect-warning${T}5${T}6${T}clang${T}array argument is too small; contains 6 elements${T}-Warray-bounds${T}"
echo "dir${T}expect-note${T}2${T}9${T}clang${T}callee declares array parameter as static here${T}${T}"
echo "case${T}known/two.c${T}cases/known/two.c${T}two warnings on one line, one known false positive${T}profile=default${T}${T}"
echo "dir${T}known-fp${T}7${T}7${T}gcc>=11${T}writing 4 bytes into a region of size [0-9]+${T}-Wstringop-overflow${T}https://gcc.gnu.org/PR1"
echo "dir${T}expect-diag${T}7${T}8${T}gcc>=11${T}array subscript 3 is outside array bounds${T}-Warray-bounds${T}"
echo "case${T}other/gcc-only.c${T}cases/other/gcc-only.c${T}a GCC extension${T}gcc${T}${T}"
echo "dir${T}expect-clean${T}3${T}3${T}${T}${T}${T}"
for c in gcc-10 gcc-11 gcc-12 clang-14 clang-15 clang-16; do
	for t in x86-64 arm64; do
		for p in default kernel; do
			v=$(ver $c)
			if [ $c = gcc-12 ] && [ $t = arm64 ]; then
				job static/small.c $c "" $t $p skip "aarch64-linux-gnu-gcc-12 not found"; echo "out${T}n/a${T}n/a${T}n/a"; continue
			fi
			case $c in
			gcc-10) job static/small.c $c $v $t $p pass ""; echo "out${T}n/a${T}n/a${T}n/a";;
			gcc-*)
				if [ $p = default ]; then
					job static/small.c $c $v $t $p pass ""; echo "out${T}held${T}n/a${T}n/a"
					echo "diag${T}cases/static/small.c${T}5${T}2${T}warning${T}-Wstringop-overflow${T}1${T}expected${T}'blah' accessing 7 bytes in a region of size 6${T}0"
				else
					job static/small.c $c $v $t $p pass ""; echo "out${T}n/a${T}n/a${T}n/a"
				fi;;
			clang-*)
				job static/small.c $c $v $t $p pass ""; echo "out${T}n/a${T}held${T}held"
				echo "diag${T}cases/static/small.c${T}5${T}2${T}warning${T}-Warray-bounds${T}1${T}expected${T}array argument is too small; contains 6 elements, callee requires at least 7${T}1"
				echo "diag${T}cases/static/small.c${T}2${T}25${T}note${T}${T}1${T}expected${T}callee declares array parameter as static here${T}2";;
			esac
		done
	done
done
for c in gcc-10 gcc-11 gcc-12 clang-14 clang-15 clang-16; do
	for t in x86-64 arm64; do
		for p in default kernel; do
			v=$(ver $c)
			if [ $c = gcc-12 ] && [ $t = arm64 ]; then
				job known/two.c $c "" $t $p skip "aarch64-linux-gnu-gcc-12 not found"; echo "out${T}n/a${T}n/a"; continue
			fi
			if [ $p = kernel ]; then job known/two.c $c $v $t $p n/a "case-requires {profile=default}"; echo "out${T}n/a${T}n/a"; continue; fi
			case $c in
			gcc-10) job known/two.c $c $v $t $p pass ""; echo "out${T}n/a${T}n/a";;
			gcc-*)
				if [ $c = gcc-11 ] && [ $t = x86-64 ]; then
					job known/two.c $c $v $t $p fail "unexpected line 9: warning 'x' is used uninitialized [-Wuninitialized]"
				else
					job known/two.c $c $v $t $p pass ""
				fi
				echo "out${T}fp${T}held"
				echo "diag${T}cases/known/two.c${T}7${T}5${T}warning${T}-Wstringop-overflow${T}1${T}known-fp${T}writing 4 bytes into a region of size 0${T}0"
				sev=warning; [ $c = gcc-12 ] && sev=error  # -Werror=array-bounds, say
				echo "diag${T}cases/known/two.c${T}7${T}5${T}$sev${T}-Warray-bounds${T}1${T}expected${T}array subscript 3 is outside array bounds of 'int[3]'${T}1"
				if [ $c = gcc-11 ] && [ $t = x86-64 ]; then
					echo "diag${T}cases/known/two.c${T}9${T}3${T}warning${T}-Wuninitialized${T}1${T}unexpected${T}'x' is used uninitialized${T}"
				fi;;
			clang-*) job known/two.c $c $v $t $p pass ""; echo "out${T}n/a${T}n/a";;
			esac
		done
	done
done
# a case n/a for a whole family
for c in gcc-10 gcc-11 gcc-12 clang-14 clang-15 clang-16; do
	for t in x86-64 arm64; do
		for p in default kernel; do
			v=$(ver $c)
			if [ $c = gcc-12 ] && [ $t = arm64 ]; then job other/gcc-only.c $c "" $t $p skip "not found"; echo "out${T}n/a"; continue; fi
			case $c in
			gcc-*) job other/gcc-only.c $c $v $t $p pass ""; echo "out${T}clean";;
			clang-*) job other/gcc-only.c $c $v $t $p n/a "case-requires {gcc}"; echo "out${T}n/a";;
			esac
		done
	done
done
echo "end${T}72"
} > grid.results
{
hdr
echo "case${T}t.c${T}/tmp/t.c${T}t.c${T}${T}${T}"
for c in gcc-10 gcc-11 gcc-12 clang-14 clang-15 clang-16; do
	for t in x86-64 arm64; do
		for p in default kernel; do
			v=$(ver $c)
			if [ $c = gcc-12 ] && [ $t = arm64 ]; then job t.c $c "" $t $p skip "not found"; echo "out"; continue; fi
			if [ $c = clang-16 ] && [ $t = arm64 ] && [ $p = kernel ]; then job t.c $c $v $t $p error "compiler crashed: PLEASE submit a bug report"; echo "out"; continue; fi
			job t.c $c $v $t $p pass ""; echo "out"
			echo "diag${T}/tmp/t.c${T}6${T}6${T}warning${T}-Wunused-variable${T}1${T}-${T}unused variable 'unused'${T}"
			case $c in
			gcc-1[12]) [ $p = default ] && echo "diag${T}/tmp/t.c${T}7${T}2${T}warning${T}-Wstringop-overflow${T}1${T}-${T}'blah' accessing 7 bytes in a region of size 6${T}";;
			clang-*) echo "diag${T}/tmp/t.c${T}7${T}7${T}warning${T}-Warray-bounds${T}1${T}-${T}array argument is too small; contains 6 elements, callee requires at least 7${T}"
				echo "diag${T}/tmp/t.c${T}2${T}25${T}note${T}${T}1${T}note${T}callee declares array parameter as static here${T}";;
			esac
		done
	done
done
echo "end${T}24"
} > try.results
