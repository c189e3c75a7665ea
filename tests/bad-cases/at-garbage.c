int x; /* expect-warning@% "x" */
