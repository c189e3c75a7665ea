/* Included by srcdir.c, found through -I$srcdir.  */
static const int from_header = 1;
