/* dg-final scans the assembler output, which this harness does not
   judge: the file is n/a, with the line.  */
/* { dg-do compile } */
/* { dg-final { scan-assembler "f" } } */

int f (void) { return 0; }
