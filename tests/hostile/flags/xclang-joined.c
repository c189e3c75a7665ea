/* case-title: loads a plug-in through -Xclang=, as Clang 16 on takes it
 * case-flags: -Xclang=-load -Xclang=/tmp/diagmatrix-no-such-plugin.so */
int x;
