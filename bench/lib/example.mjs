// Benchmark layer (bench/ only). Loads one of the repository's examples (examples/<name>.ts) against the BUILT
// package, so a benchmark runs the example's own model code instead of a copy that could drift from it: the
// TypeScript is transpiled (types stripped, no type check) with the `typescript` package, its import of
// "../src/index.js" is pointed at dist/index.js (or BENCH_DIST), and the result is cached in .cache/bench-examples/.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_DIR } from "./runner.mjs";

/** The directory of the built package the benchmarks import (dist/, or BENCH_DIST). */
export function distDir() {
  return process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(REPO_DIR, "dist");
}

/** Imports the built package (the same module instance the examples loaded here use). */
export async function loadDist() {
  const entry = path.join(distDir(), "index.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build the library first with \`node scripts/build.mjs\``);
  return import(pathToFileURL(entry).href);
}

/** Imports a module of the built package by its path under dist/ (internals, for profiling only). */
export async function loadDistModule(rel) {
  return import(pathToFileURL(path.join(distDir(), rel)).href);
}

/**
 * examples/<name>.ts as an ES module bound to the built package.
 * @example const { createModel, logits, config } = await loadExample("names-transformer")
 */
export async function loadExample(name) {
  const src = path.join(REPO_DIR, "examples", `${name}.ts`);
  const require = createRequire(path.join(REPO_DIR, "package.json"));
  const ts = require("typescript");
  const dist = pathToFileURL(path.join(distDir(), "index.js")).href;
  let code = fs.readFileSync(src, "utf8");
  const imports = code.match(/from "\.\.\/src\/index\.js"/g)?.length ?? 0;
  if (imports !== 1) throw new Error(`examples/${name}.ts: expected one import of "../src/index.js", found ${imports}`);
  code = code.replace(`from "../src/index.js"`, `from ${JSON.stringify(dist)}`);
  const out = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false }, fileName: src }).outputText;
  // Cached under the repository (so bare imports such as the data sets resolve from its node_modules).
  const dir = path.join(REPO_DIR, ".cache", "bench-examples");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.${hash(out)}.mjs`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, out);
  return import(pathToFileURL(file).href);
}

function hash(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}
