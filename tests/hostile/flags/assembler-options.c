/* case-title: passes options to the assembler
 * case-flags: -Wa,-adhln=/tmp/diagmatrix-listing.txt */
int x;
