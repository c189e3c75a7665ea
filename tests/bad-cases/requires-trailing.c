/* case-requires {gcc} and more */
