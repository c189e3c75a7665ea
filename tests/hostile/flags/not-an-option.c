/* case-title: gives the compiler a second input, a file outside its directory
 * case-flags: -x c /etc/hostname */
int x;
