/* SPDX-License-Identifier: MIT */
#include "lib/util.h"
#include "model/kinds.h"

static const char *const dkind_names[] = {
	[D_WARNING] = "expect-warning",
	[D_ERROR] = "expect-error",
	[D_NOTE] = "expect-note",
	[D_DIAG] = "expect-diag",
	[D_KNOWN_FP] = "known-fp",
	[D_CLEAN] = "expect-clean",
	[D_NO_DIAGNOSTICS] = "expect-no-diagnostics",
	[D_MESSAGE] = "dg-message",
	[D_BOGUS] = "dg-bogus",
	[D_PRUNE] = "dg-prune-output",
	[D_EXCESS] = "dg-excess-errors",
	[D_XFAIL_IF] = "dg-xfail-if",
	[D_MULTILINE] = "dg-multiline-output",
	[D_REGEXP] = "dg-regexp",
	[D_FINAL] = "dg-final",
	[D_OUTPUT] = "dg-output",
};
static const char *const severity_names[] = {
	[SEV_NOTE] = "note", [SEV_WARNING] = "warning", [SEV_ERROR] = "error", [SEV_FATAL] = "fatal",
};
static const char *const dstatus_names[] = {
	[ST_NONE] = "-", [ST_EXPECTED] = "expected", [ST_UNEXPECTED] = "unexpected",
	[ST_KNOWN_FP] = "known-fp", [ST_NOTE] = "note",
};
static const char *const outcome_names[] = {
	[OUT_NA] = "n/a", [OUT_HELD] = "held", [OUT_MISSING] = "missing", [OUT_FP] = "fp",
	[OUT_FP_GONE] = "fp-gone", [OUT_CLEAN] = "clean", [OUT_DIRTY] = "dirty", [OUT_XFAIL] = "xfail", [OUT_XPASS] = "xpass",
	[OUT_NOTRUN] = "not-run",
};
static const char *const verdict_names[] = {
	[V_PASS] = "pass", [V_FAIL] = "fail", [V_NA] = "n/a", [V_SKIP] = "skip", [V_ERROR] = "error",
};

static const char *const tcstatus_names[] = {
	[TC_FOUND] = "found", [TC_MISSING] = "missing", [TC_ERROR] = "error",
};

#define NAMES(kind, table) \
	const char *kind##_name(enum kind v) { return table[v]; } \
	int kind##_parse(const char *s) { return name_index(table, LEN(table), s); }

NAMES(dkind, dkind_names)
NAMES(severity, severity_names)
NAMES(dstatus, dstatus_names)
NAMES(outcome, outcome_names)
NAMES(verdict, verdict_names)
NAMES(tcstatus, tcstatus_names)
