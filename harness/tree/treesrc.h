/* SPDX-License-Identifier: MIT */
/* treesrc: a tree's source, downloaded and unpacked once.
 *
 * A tree's source is a Debian binary package that ships the source as
 * /usr/src/PACKAGE.tar.xz (linux-source-6.12), or as the one tarball its
 * tarball: glob matches (usr/src/gcc-16/gcc-*.tar.xz), of which only the
 * extract: directories are unpacked; the tarball's one top directory is
 * the source, renamed PACKAGE. apt-get, with a sources
 * list and state of the harness's own (TREES/apt/SUITE/: nothing of the
 * host's apt configuration is read or changed), downloads it from the
 * tree's suite and mirror, checked against Debian's archive keyring;
 * dpkg-deb and tar unpack it into TREES/src/.PACKAGE.build, the stamp
 * (.diagmatrix-tree: package, version, suite, mirror, the package's
 * SHA-256) is written last, and the directory renamed to
 * TREES/src/PACKAGE_VERSION: an interrupted unpacking leaves nothing that
 * looks complete. TREES is $DIAGMATRIX_TREES, else the cache directory's
 * trees/.
 *
 * An unpacked source is used as it is until the caller asks for the
 * mirror's current version (refresh): results then name the version they
 * were built from, and a rerun does not depend on the network.
 */
#ifndef TREESRC_H
#define TREESRC_H

#include "model/tree.h"
#include "sandbox/root.h"

struct treesrc {
	char *dir;              /* the source tree: its Makefile is here */
	char *version;          /* the package's Debian version */
	char *sha256;           /* of the package */
};

/* Where trees are kept (allocated, absolute), or NULL when none can be named. */
char *trees_dir(void);

/* Make t's source ready, downloading it when no unpacked version is there
 * or refresh asks for the mirror's current one. line (may be NULL) gets
 * each line apt, dpkg-deb and tar print. Returns 0; a signal that
 * interrupted it; or -1 with *why (allocated). treesrc_release src after 0. */
int treesrc_ensure(const struct tree *t, int refresh, void (*line)(void *, const char *), void *ctx,
                   struct treesrc *src, char **why);
void treesrc_release(struct treesrc *src);

/* The source files a configuration's patches change (c->patches, applied
 * in order with patch -p1, in a sandbox: a patch is input too), patched
 * once into TREES/overlay/HASH/ (HASH: of the source and the patches'
 * bytes), stamped as a source is. Appends to over, in pairs, each patched
 * file and the source path it stands for, to be bound over it (the
 * source itself is never changed). host is the sandbox patch runs in.
 * Returns 0, a signal, or -1 with *why (allocated). */
int treesrc_overlay(const struct tree_config *c, const struct treesrc *src, const struct rootinfo *host,
                    struct strvec *over, char **why);

#endif
