/* A fatal error: the include is missing, "compilation terminated." is
   printed, and nothing expects it: an excess error, so runtest fails it.  */
/* { dg-do compile } */
#include "no-such-header.h"	/* { dg-error "No such file" } */
