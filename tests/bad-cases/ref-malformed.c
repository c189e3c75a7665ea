int x; /* known-fp "x" [ref x] */
