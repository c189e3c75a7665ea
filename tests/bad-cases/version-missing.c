int x; /* expect-warning {clang<} "x" */
