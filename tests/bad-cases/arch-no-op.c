int x; /* expect-warning {arch} "x" */
