/* case-title: includes a header of its own directory: allowed
 * case-flags: -include tests/hostile/flags/inside.h
 * expect-no-diagnostics */
int x = INSIDE;
