/* case-title: writes a report to a file of its choosing
 * case-flags: -fproc-stat-report=/tmp/diagmatrix-stat.txt */
int x;
