/* mark: a */
/* mark: a */
