static inline int header_fn(unsigned char *p) { int x[2]; return x[3] + p[0]; }
