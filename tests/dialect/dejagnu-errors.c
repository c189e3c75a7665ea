/* DejaGnu errors, line numbers and excess errors (gcc.dg defaults apply:
   no dg-options).  */
/* { dg-error "expected identifier or '\\\(' before numeric constant" "" { target *-*-* } 6 } */
/* { dg-error "unknown type name 'undefined_t'" "" { target *-*-* } .+3 } */
/* { dg-excess-errors "whatever else the parser says" } */
int 3;
undefined_t z;
