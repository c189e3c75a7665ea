// RUN: %clang_cc1 -fsyntax-only -verify=u,u-s -Wall %s
// Two prefixes, one the start of the other: "u-s-warning" is a directive
// of u-s, not a malformed one of u. A count may follow the kind at once.
void compare(int x, int y) {
	x == 1; // u-s-warning {{equality comparison result unused}} u-note {{use '='}}
	y == 2; y == 3; // u-warning2 {{equality comparison result unused}} u-note2 {{use '='}}
}
