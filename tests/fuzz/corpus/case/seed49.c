int x;
/* case-titel: typo */
