int x; /* expect-warning "x" [-Wfoo */
