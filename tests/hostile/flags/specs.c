/* case-title: asks GCC's driver to read a specs file
 * case-flags: -specs=/tmp/diagmatrix-no-such.specs */
int x;
