// case-flag: -O2
int x;
