/* case-title: every profile's flags are accepted, silently, by every compiler and target
 * expect-no-diagnostics
 *
 * A control for the rest of the library: an unknown option, a flag one
 * target does not take, or a warning about the options themselves would
 * fail this file before it muddles any other case.
 */
int twice(int x);
int twice(int x) { return x * 2; }
