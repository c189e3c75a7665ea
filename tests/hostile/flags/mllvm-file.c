/* case-title: sends LLVM's reports to a file of its choosing
 * case-flags: -mllvm -info-output-file=/tmp/diagmatrix-info.txt */
int x;
