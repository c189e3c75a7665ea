/* case-title: writes its diagnostics to a file of its choosing
 * case-flags: --serialize-diagnostics /tmp/diagmatrix-serialized.dia */
int x;
