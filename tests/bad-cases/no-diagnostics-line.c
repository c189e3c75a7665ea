/* expect-no-diagnostics@+1 */
int x;
