/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <unistd.h>

#include "sandbox/jobserver.h"
#include "t.h"
#include "lib/util.h"

TEST(jobserver_pipe)
{
	struct jobserver js;
	int p[2];
	char *flags;
	int t1, t2;
	char c;

	CHECK(pipe(p) == 0);
	CHECK(write(p[1], "ab", 2) == 2);
	flags = xasprintf(" -j3 --jobserver-auth=%d,%d", p[0], p[1]);
	setenv("MAKEFLAGS", flags, 1);
	CHECK(jobserver_open(&js) == 1);
	t1 = jobserver_take(&js);
	t2 = jobserver_take(&js);
	CHECK(t1 == 'a' && t2 == 'b');
	CHECK(jobserver_take(&js) == -1);       /* none left: does not block */
	jobserver_give(&js, t1);
	CHECK(read(p[0], &c, 1) == 1 && c == 'a');
	jobserver_close(&js);
	/* descriptors make did not pass on: no job server */
	setenv("MAKEFLAGS", " -j3 --jobserver-auth=97,98", 1);
	CHECK(jobserver_open(&js) == 0);
	setenv("MAKEFLAGS", " -k", 1);
	CHECK(jobserver_open(&js) == 0);
	unsetenv("MAKEFLAGS");
	CHECK(jobserver_open(&js) == 0);
	close(p[0]);
	close(p[1]);
	free(flags);
}
