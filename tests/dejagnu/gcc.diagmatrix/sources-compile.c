/* dg-additional-sources with dg-do compile: two files and one -o, which
   GCC refuses ("cannot specify '-o' with ... multiple files"): runtest
   fails the file, and so does the harness.  */
/* { dg-do compile } */
/* { dg-additional-sources "sources-extra.c" } */

int f (void) { return 0; }
