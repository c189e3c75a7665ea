int x; /* expect-warning@there "x" */
