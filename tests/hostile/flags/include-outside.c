/* case-title: includes a file outside its directory
 * case-flags: -include /etc/passwd */
int x;
