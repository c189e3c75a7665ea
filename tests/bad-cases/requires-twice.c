/* case-requires {gcc}
 * case-requires {clang} */
