/* dg-skip-if with option lists: the flags (from dg-options, read before
   it) include -O1, so the file is skipped: unsupported in runtest, n/a
   here.  */
/* { dg-do compile } */
/* { dg-options "-O1 -Wunused-variable" } */
/* { dg-skip-if "not at -O1" { *-*-* } { "-O1" } { "" } } */

int f (void) { int unused; return 0; }
