/* case-title: asks for a dependency file outside the scratch area
 * case-flags: -MD -MF /tmp/diagmatrix-depfile.d */
int x;
