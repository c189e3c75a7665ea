/* case-title: includes a file outside its directory, by the long name
 * case-flags: --include=/etc/hostname */
int x;
