int x; /* expect-warning "x" [Wall] */
