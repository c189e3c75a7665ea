/* With carets, GCC prints the source line under its diagnostic: this one
 * reads like a diagnostic of its own, and is not one. */
int conv = "x.c:1:1: error: not a diagnostic";
