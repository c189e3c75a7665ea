int x; /* expect-warnign "x" */
