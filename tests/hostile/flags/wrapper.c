/* case-title: asks GCC's driver to run its passes under a shell
 * case-flags: -wrapper /bin/touch,/tmp/diagmatrix-wrapper-ran */
int x;
