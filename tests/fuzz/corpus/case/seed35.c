/* case-title: an expectation that does not hold, and an unexpected warning */
void blah(unsigned char herp[static 7]);
void schma(void);
void schma(void)
{
	unsigned char bad[6] = { 0 };
	blah(bad);	/* expect-warning "no compiler says this" */
	int unused;
}
