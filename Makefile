# diagmatrix: make (build), make check (tests), make matrix (the full
# matrix into results/). As root on Debian, missing packages are installed
# with apt-get; otherwise the exact apt-get line is printed.

CC ?= cc
PKGS = yaml-0.1 libpcre2-8
WARN = -Wall -Wextra
CFLAGS ?= -O2 -g
ALL_CFLAGS = -std=c11 $(WARN) -D_POSIX_C_SOURCE=200809L -Ibuild $(CFLAGS) $(shell pkg-config --cflags $(PKGS))
LDLIBS = $(shell pkg-config --libs $(PKGS))

# Debian packages needed to build and to test
BUILD_DEPS = pkg-config libyaml-dev libpcre2-dev
TEST_DEPS = valgrind

SRC = harness/util.c harness/srcerr.c harness/selector.c harness/config.c \
      harness/cases.c harness/diag.c harness/match.c harness/sched.c \
      harness/probe.c harness/jobs.c harness/results.c harness/export.c \
      harness/table.c harness/run.c
OBJ = $(SRC:harness/%.c=build/%.o)
TEST_SRC = $(wildcard tests/unit/*.c)
JOBS ?= 0
RESULTS = results/matrix.results

all: build/diagmatrix

build/diagmatrix: $(OBJ) build/main.o
	$(CC) $(ALL_CFLAGS) -o $@ $(OBJ) build/main.o $(LDLIBS)

build/unit-tests: $(OBJ) $(TEST_SRC) tests/unit/*.h
	$(CC) $(ALL_CFLAGS) -Iharness -o $@ $(TEST_SRC) $(OBJ) $(LDLIBS)

build/%.o: harness/%.c harness/*.h build/revision.h
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# the harness's git revision, rewritten only when it changes
build/revision.h: FORCE
	@mkdir -p build
	@rev=$$(git describe --always --dirty 2>/dev/null || echo unknown); \
	 line="#define DIAGMATRIX_REVISION \"$$rev\""; \
	 [ -f $@ ] && [ "$$(cat $@)" = "$$line" ] || echo "$$line" > $@

deps:
	@sh scripts/ensure-packages $(BUILD_DEPS)

check-deps: deps
	@sh scripts/ensure-packages $(TEST_DEPS) $$(sh scripts/config-packages compilers.yaml)

check: check-deps
	@$(MAKE) --no-print-directory build/diagmatrix build/unit-tests
	@sh tests/run.sh

matrix: deps
	@$(MAKE) --no-print-directory build/diagmatrix
	@sh scripts/ensure-packages $$(sh scripts/config-packages compilers.yaml)
	build/diagmatrix run --quiet --out $(RESULTS) $(if $(filter-out 0,$(JOBS)),-j $(JOBS)); \
	 st=$$?; [ $$st -le 1 ] || exit $$st; \
	 build/diagmatrix table $(RESULTS) > results/compat.md.tmp && mv results/compat.md.tmp results/compat.md; \
	 echo "results/compat.md written (run exit status $$st)"; exit $$st

clean:
	rm -rf build

FORCE:
.PHONY: all deps check-deps check matrix clean FORCE
