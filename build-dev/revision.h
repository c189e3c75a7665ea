#define DIAGMATRIX_REVISION "abd2b82-dirty"
