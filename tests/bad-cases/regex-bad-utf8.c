int x; /* expect-warning "\xff\xfe" */
int y; /* expect-warning "ÿ" */
