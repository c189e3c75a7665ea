#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/dejagnu/site-exp.sh WORK GCC: the site.exp runtest reads to test
# the GCC command GCC on x86-64 Linux, with WORK/testsuite as its source
# directory and WORK/run, WORK/tmp as its own; written on stdout.
set -eu
W=$1 GCC=$2
cat <<EOS
set rootme "$W/run"
set srcdir "$W/testsuite"
set tmpdir "$W/tmp"
set host_triplet x86_64-pc-linux-gnu
set build_triplet x86_64-pc-linux-gnu
set target_triplet x86_64-pc-linux-gnu
set target_alias x86_64-linux-gnu
set GCC_UNDER_TEST "$GCC"
set HOSTCC "$GCC"
set HOSTCFLAGS ""
set TESTING_IN_BUILD_TREE 0
set CFLAGS ""
set CXXFLAGS ""
EOS
