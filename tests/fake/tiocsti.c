/* SPDX-License-Identifier: MIT */
/* A compiler (built by the hostile tests) that answers the harness's
 * probes, then tries to type a character into its controlling terminal
 * with ioctl(TIOCSTI), as code loaded into a real compiler could, and says
 * as a warning whether it could. The character is a space: were the seal
 * to break, the shell behind the terminal would read nothing harmful. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	char c = ' ';
	int typed = 0, fd;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-dumpfullversion") || !strcmp(argv[i], "-dumpversion"))
			return puts("12.2.0") < 0;
		if (!strcmp(argv[i], "-E"))
			return 0;
	}
	/* the terminal, and whatever standard stream is one */
	if ((fd = open("/dev/tty", O_RDWR | O_NOCTTY)) >= 0)
		typed |= ioctl(fd, TIOCSTI, &c) == 0;
	for (int k = 0; k < 3; k++)
		typed |= ioctl(k, TIOCSTI, &c) == 0;
	fprintf(stderr, "tiocsti.c:1:1: warning: TIOCSTI %s\n", typed ? "typed" : "failed");
	return 0;
}
