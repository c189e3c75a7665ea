int x; /* expect-warning {gcc>=eleven} "x" */
