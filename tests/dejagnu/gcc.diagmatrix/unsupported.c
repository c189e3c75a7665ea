/* dg-require-dll asks whether the target has DLLs, which this harness
   does not decide: the file is n/a, with the line.  */
/* { dg-do compile } */
/* { dg-require-dll "" } */

int f (void) { return 0; }
