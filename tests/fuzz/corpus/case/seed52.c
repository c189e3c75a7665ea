int x; /* expect-warning {profile=fast} "x" */
