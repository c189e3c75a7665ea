#define INSIDE 1
