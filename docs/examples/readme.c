void blah(unsigned char herp[static 7]);
void schma(void);
void schma(void)
{
	unsigned char bad[6] = { 0 };
	blah(bad);	/* expect-warning {gcc>=11, profile=default|O0} "accessing 7 bytes in a region of size 6" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small" [-Warray-bounds] */
}
