int x; /* expect-clean please */
