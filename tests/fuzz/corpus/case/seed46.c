// expect-remark "x"
int x;
