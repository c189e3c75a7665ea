/* case-title: asks Clang's front end to load a library
 * case-flags: -Xclang -load -Xclang /tmp/diagmatrix-no-such-plugin.so */
int x;
