/* case-title: hides its warning from the judge by asking for JSON diagnostics
 * case-flags: -Wall -fdiagnostics-format=json
 * expect-no-diagnostics */
int f(void)
{
	int unused;
	return 0;
}
