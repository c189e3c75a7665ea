/* stub: a compiler that answers the harness's probes and prints one
 * diagnostic per compile, for measuring the harness's own cost. */
#include <stdio.h>
#include <string.h>

int
main(int argc, char **argv)
{
	const char *file = "x.c";

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-dumpfullversion")) {
			puts("12.2.0");
			return 0;
		}
		if (!strcmp(argv[i], "-E"))
			return 0;
		if (!strcmp(argv[i], "-c") && i + 1 < argc)
			file = argv[i + 1];
	}
	fprintf(stderr, "%s:1:1: warning: stub diagnostic [-Wstub]\n", file);
	return 0;
}
