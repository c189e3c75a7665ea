/* $srcdir in dg-options is the testsuite directory.  */
/* { dg-do compile } */
/* { dg-options "-I$srcdir/gcc.diagmatrix -Wall" } */

#include "srcdir.h"

int f (void)
{
  return from_header;
}
