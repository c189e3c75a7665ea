/* case-title: dumps to a file it names
 * case-flags: -O2 -fdump-tree-optimized=/tmp/diagmatrix-dump.txt */
int x;
