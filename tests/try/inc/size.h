/* SPDX-License-Identifier: MIT */
#ifndef BIG
#define BIG 6
#endif
