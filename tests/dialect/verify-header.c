// RUN: %clang_cc1 -fsyntax-only -verify %s
// Clang's verifier also reads the directives of the headers a file
// includes. The harness does not, so the file is n/a, with the reason.
#include "Inputs/verify-header.h"
