/* case-title: includes a file outside its directory, by an abbreviation GCC takes
 * case-flags: --incl=/etc/hostname */
int x;
