/* case-title: one
 * case-title: two */
