/* case-title: takes options from a Clang configuration file, which may load a plug-in
 * case-flags: --config=/tmp/diagmatrix-no-such.cfg */
int x;
