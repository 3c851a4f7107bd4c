// Builds the package: ESM + .d.ts into dist/ with TypeScript 7 (the Go compiler; research/typelevel.md §1.5), with
// source maps and declaration maps that point into src/ (shipped in the package, so that a debugger and "go to
// definition" land on the TypeScript source).
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";

rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
execFileSync(process.execPath, ["node_modules/typescript7/bin/tsc", "-p", "tsconfig.json", "--sourceMap", "--declarationMap"], { stdio: "inherit" });
