/* case-title: asks for a compiler plugin
 * case-flags: -fplugin=/tmp/diagmatrix-no-such-plugin.so */
int x;
