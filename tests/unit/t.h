/* SPDX-License-Identifier: MIT */
/* A minimal test framework: TEST(name) functions registered in unit.c,
 * CHECK(cond) records a failure with its line and goes on; the failure
 * goes to standard output, indented, before the test's FAIL line, so
 * that tests/suite/unit.sh shows each test its own lines. */
#ifndef T_H
#define T_H

#include <stdio.h>
#include <string.h>

extern int t_failed;

#define CHECK(cond) do { \
	if (!(cond)) { \
		printf("    %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
		t_failed = 1; \
	} \
} while (0)

#define CHECK_STR(a, b) do { \
	const char *a_ = (a), *b_ = (b); \
	if (!a_ || !b_ || strcmp(a_, b_)) { \
		printf("    %s:%d: check failed: %s == %s\n      got:  %s\n      want: %s\n", __FILE__, __LINE__, \
		        #a, #b, a_ ? a_ : "(null)", b_ ? b_ : "(null)"); \
		t_failed = 1; \
	} \
} while (0)

/* declared as it is defined: unit.c names each in its table */
#define TEST(name) void test_##name(void); void test_##name(void)

struct strvec;
/* The words of sv joined by spaces (allocated): a list compared whole. */
char *t_joined(const struct strvec *sv);

#endif
