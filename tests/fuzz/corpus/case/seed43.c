int x; /* expect-warning "a(b" */
