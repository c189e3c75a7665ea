/* case-title: reads its words as cl.exe does, where /clang: and /FI pass anything
 * case-flags: --driver-mode=cl /clang:-fplugin=/tmp/diagmatrix-no-such-plugin.so */
int x;
