/* case-title: names its own output
 * case-flags: -o /tmp/diagmatrix-output.o */
int x;
