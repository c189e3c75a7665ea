#define DIAGMATRIX_REVISION "b7bff38-dirty"
