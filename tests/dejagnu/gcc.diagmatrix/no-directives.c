int f (void) { return 0; } // a C99 comment: an error under -ansi -pedantic-errors
