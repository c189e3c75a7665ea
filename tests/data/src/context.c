/* GCC 16's -fdiagnostics-show-context: the condition that made GCC
 * consider index 4 is in the inlined helper, in another file. */
#include "context.h"
struct four { int v[4]; char b[8]; };
void set(int *out, struct four *f, int i)
{
	int *p = &f->v[i];
	store(0, out, i);
	store(*p, out, i);
}
