/* case-title: names its dependency files after the output, outside the case's directory
 * case-flags: --write-dependencies */
int x;
