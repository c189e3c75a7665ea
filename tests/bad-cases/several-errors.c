int x; /* expect-warnin "x" */
int y; /* expect-error {gcc "y" */
/* case-titel: z */
