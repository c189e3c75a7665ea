/* The source sources.c names; as a file of gcc.diagmatrix it is a test
   of its own too, and passes.  */
/* { dg-do compile } */
/* { dg-options "-w" } */

int g (void) { int extra; return 0; }
