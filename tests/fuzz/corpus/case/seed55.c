typedef unsigned char u8;
void key(const u8 (*k)[32]);
int conv = "a";
void call(void)
{
	u8 a[31];
	key(&a);
	undeclared_fn(1);
}
