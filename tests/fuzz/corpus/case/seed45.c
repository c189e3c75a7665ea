/* case-requires gcc */
int x;
