int x;
/* mark: here
 * case-overview@here: a mark is not a line for this
 * case-overview@*: nor is any line
 * case-overview@40: outside the file
 * case-overview:
 */
