/* dg-do preprocess: only the preprocessor runs; #warning is seen, the
   type error is not.  */
/* { dg-do preprocess } */
/* { dg-options "" } */

#warning "from the preprocessor"	/* { dg-warning "from the preprocessor" } */
int x = "not an int";
