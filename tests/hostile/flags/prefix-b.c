/* case-title: asks the driver to find its programs in another directory
 * case-flags: -B/tmp/diagmatrix-no-such-dir/ */
int x;
