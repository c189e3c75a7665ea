/* case-title: asks the driver to read its arguments from a file
 * case-flags: @/etc/hostname */
int x;
