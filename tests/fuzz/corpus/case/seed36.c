/* case-title: clean file
 * expect-no-diagnostics
 */
int answer(void);
int answer(void) { return 42; }
