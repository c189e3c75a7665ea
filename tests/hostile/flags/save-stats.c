/* case-title: writes statistics beside the output
 * case-flags: -save-stats=obj */
int x;
