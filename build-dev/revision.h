#define DIAGMATRIX_REVISION "ea7123a-dirty"
