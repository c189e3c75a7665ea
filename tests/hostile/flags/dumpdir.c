/* case-title: saves its temporaries in a directory of its choosing
 * case-flags: -save-temps -dumpdir /tmp/diagmatrix-dumps/ */
int x;
