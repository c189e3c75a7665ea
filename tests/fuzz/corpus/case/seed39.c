/* case-flags: -DX="unterminated */
int x;
