// lit's Inputs directories hold files tests include or use; they are not
// tests themselves, and the harness does not collect them. If it did,
// this expectation would fail everywhere.
int x; // expected-warning {{this never fires}}
