/* SPDX-License-Identifier: MIT */
/* confpath: which compilers.yaml a command reads, so that the tool works
 * from any directory once installed. In order:
 *
 *   1. --config FILE, as given (it need not exist: reading it says so)
 *   2. ./compilers.yaml, the repository's own when run from it
 *   3. $XDG_CONFIG_HOME/diagmatrix/compilers.yaml ($HOME/.config when
 *      XDG_CONFIG_HOME is unset or empty): the user's own matrix
 *   4. PREFIX/share/diagmatrix/compilers.yaml, PREFIX being the parent of
 *      the directory the running binary is in (what `make install` lays
 *      out, whatever PREFIX or DESTDIR it was given)
 *
 * Candidates 2 to 4 count when they are regular files.
 */
#ifndef CONFPATH_H
#define CONFPATH_H

enum conf_source { CONF_OPTION, CONF_CWD, CONF_USER, CONF_INSTALLED };

struct confpath {
	char *path;                 /* allocated; NULL: none was found */
	enum conf_source source;
	char *tried;                /* allocated: the places looked at, for the error */
};

/* Find the configuration; given is --config's value or NULL. */
void confpath_find(struct confpath *cp, const char *given);
/* "--config", "the current directory", "the user's", "the installed": for messages. */
const char *confpath_source_name(enum conf_source s);
void confpath_release(struct confpath *cp);

#endif
