/* case-title: hides its warning from the judge by asking for SARIF diagnostics
 * case-flags: -Wall -fdiagnostics-format=sarif
 * expect-no-diagnostics */
int f(void)
{
	int unused;
	return 0;
}
