/* SPDX-License-Identifier: MIT */
/* Found only through the build's -Iinclude: try must take it from there. */
#define BUF 6
