/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/util.h"
#include "model/confpath.h"

static int
regular(const char *path)
{
	struct stat st;

	return path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* $XDG_CONFIG_HOME/diagmatrix/compilers.yaml, or NULL without a home. */
static char *
user_config(void)
{
	const char *env;

	if ((env = getenv("XDG_CONFIG_HOME")) && *env)
		return xasprintf("%s/diagmatrix/compilers.yaml", env);
	if ((env = getenv("HOME")) && *env)
		return xasprintf("%s/.config/diagmatrix/compilers.yaml", env);
	return NULL;
}

/* PREFIX/share/diagmatrix/compilers.yaml for the binary in PREFIX/bin, or
 * NULL when the binary's own path cannot be read. */
static char *
installed_config(void)
{
	char exe[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0)
		return NULL;
	exe[n] = 0;
	if (!(slash = strrchr(exe, '/')))
		return NULL;
	*slash = 0;             /* PREFIX/bin */
	if (!(slash = strrchr(exe, '/')))
		return NULL;
	*slash = 0;             /* PREFIX ("" for a binary in /bin) */
	return xasprintf("%s/share/diagmatrix/compilers.yaml", exe);
}

void
confpath_find(struct confpath *cp, const char *given)
{
	char *cand[3] = { xstrdup("./compilers.yaml"), user_config(), installed_config() };
	struct strbuf tried = {0};

	memset(cp, 0, sizeof(*cp));
	if (given) {
		cp->path = xstrdup(given);
		cp->source = CONF_OPTION;
	}
	for (int i = 0; i < 3; i++) {
		if (!cp->path && regular(cand[i])) {
			cp->path = cand[i];
			cp->source = (enum conf_source)(CONF_CWD + i);
			cand[i] = NULL;
		} else if (cand[i]) {
			sb_addf(&tried, "%s%s", tried.len ? ", " : "", cand[i]);
		}
		free(cand[i]);
	}
	cp->tried = sb_detach(&tried);
}

const char *
confpath_source_name(enum conf_source s)
{
	static const char *const names[] = { "--config", "the current directory", "the user's", "the installed" };

	return names[s];
}

void
confpath_release(struct confpath *cp)
{
	free(cp->path);
	free(cp->tried);
	memset(cp, 0, sizeof(*cp));
}
