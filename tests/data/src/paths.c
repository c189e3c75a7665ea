/* A path across functions (-fanalyzer): events in two functions, drawn
 * with art in the caret form. */
#include <stdlib.h>
static void release(void *p)
{
	free(p);
}
void twice(int n)
{
	void *p = malloc(n);
	release(p);
	if (n > 3)
		release(p);
}
