/* case-title: writes files named after the output: allowed in the sandbox, where they land in its private /dev
 * case-flags: -MD -fstack-usage
 * expect-no-diagnostics */
int x;
