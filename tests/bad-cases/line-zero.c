int x; /* expect-warning@0 "x" */
