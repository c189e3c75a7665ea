int x; /* expect-warning@+3 "x" */
