/* A header with a -verify directive of its own. */
int in_header = 1 +; /* expected-error {{expected expression}} */
