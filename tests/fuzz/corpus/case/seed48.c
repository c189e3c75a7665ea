int x; /* expect-warning {arch=sparc} "x" */
