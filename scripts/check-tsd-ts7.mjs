// Runs the tsd type tests (type-tests/*.test-d.ts) under TypeScript 7 as well. tsd checks them with its bundled
// TS 5.9 through the JS API, which TS 7 (the Go compiler) does not have, so this script rewrites each file for
// a plain `tsc` run: "tsd" becomes type-tests/ts7/tsd-shim.d.ts, `expectType<T>(e)` becomes
// `expectType<T>()(e)` (an identity check that fails to compile on a mismatch), relative imports are re-pointed.
// Then every TS 7 error must lie inside an `expectError(...)`, and every `expectError(...)` must contain one.
//   node scripts/check-tsd-ts7.mjs [--self-test]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ts = createRequire(import.meta.url)(path.join(root, "node_modules/typescript"));
const tsc7 = path.join(root, "node_modules/typescript7/bin/tsc");
const testDir = path.join(root, "type-tests");
const shim = path.join(testDir, "ts7/tsd-shim.d.ts");
const CURRIED = new Set(["expectType", "expectNotType", "expectNotAssignable"]);

const toPosix = (p) => p.split(path.sep).join("/");
function relativeSpecifier(fromDir, target) {
  const r = toPosix(path.relative(fromDir, target));
  return r.startsWith(".") ? r : `./${r}`;
}

/** The text of `file` rewritten for a TS 7 run from `outDir`, and how many assertions it holds. */
export function rewrite(file, text, outDir) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits = []; // { pos, end, text }
  const counts = { expectType: 0, expectError: 0, other: 0 };
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text;
      let next;
      if (spec === "tsd") next = relativeSpecifier(outDir, shim.replace(/\.d\.ts$/, ".js"));
      else if (spec.startsWith(".")) next = relativeSpecifier(outDir, path.resolve(path.dirname(file), spec));
      if (next) edits.push({ pos: node.moduleSpecifier.getStart(sf), end: node.moduleSpecifier.end, text: JSON.stringify(next) });
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      if (CURRIED.has(name) && node.typeArguments) {
        const open = node.arguments.pos - 1;
        if (text[open] !== "(") throw new Error(`${file}: cannot find the "(" of ${name} at ${open}`);
        edits.push({ pos: open, end: open, text: "()" });
        counts.expectType++;
      } else if (name === "expectError") counts.expectError++;
      else if (name.startsWith("expect")) counts.other++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  let out = text;
  for (const e of edits.sort((a, b) => b.pos - a.pos)) out = out.slice(0, e.pos) + e.text + out.slice(e.end);
  return { text: out, counts };
}

/** The [start, end) offsets of every `expectError(...)` call in a file. */
function expectErrorRanges(sf) {
  const ranges = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "expectError") ranges.push({ start: node.getStart(sf), end: node.end, hits: 0 });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return ranges;
}

function runTs7(project) {
  const run = spawnSync(process.execPath, [tsc7, "--noEmit", "--pretty", "false", "-p", project], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.error) throw run.error;
  const diags = [];
  for (const line of run.stdout.split(/\r?\n/)) {
    const m = /^(.+?)\((\d+),(\d+)\): error TS(\d+): (.*)$/.exec(line);
    if (m) diags.push({ file: path.resolve(root, m[1]), line: Number(m[2]), col: Number(m[3]), text: m[5] });
    else if (/^\s+\S/.test(line) && diags.length) diags[diags.length - 1].text += ` ${line.trim()}`;
    else if (line.trim()) diags.push({ file: undefined, line: 0, col: 0, text: line });
  }
  if (run.status !== 0 && diags.length === 0) throw new Error(`TS 7 tsc exited ${run.status}:\n${run.stderr}`);
  return diags;
}

/** Rewrites `files` (Map original path -> text) into `outDir`, compiles with TS 7, and gives the failures. */
export function checkFiles(files, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const rewritten = new Map(); // out path -> { original, sf, ranges }
  const totals = { expectType: 0, expectError: 0, other: 0 };
  for (const [original, text] of files) {
    const { text: out, counts } = rewrite(original, text, outDir);
    for (const k of Object.keys(totals)) totals[k] += counts[k];
    const target = path.join(outDir, path.basename(original));
    writeFileSync(target, out);
    const sf = ts.createSourceFile(target, out, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    rewritten.set(target, { original, sf, ranges: expectErrorRanges(sf) });
  }
  const project = path.join(outDir, "tsconfig.json");
  writeFileSync(
    project,
    JSON.stringify({ extends: toPosix(path.join(testDir, "tsconfig.tsd.json")), compilerOptions: { rootDir: toPosix(root) }, include: [], files: [...rewritten.keys()].map((f) => path.basename(f)) }, null, 2),
  );
  const failures = [];
  for (const d of runTs7(project)) {
    const entry = d.file && rewritten.get(d.file);
    if (!entry) {
      failures.push(`${d.file ? toPosix(path.relative(root, d.file)) : "(global)"}:${d.line}: error outside the type tests: ${d.text}`);
      continue;
    }
    const pos = entry.sf.getPositionOfLineAndCharacter(d.line - 1, d.col - 1);
    const range = entry.ranges.find((r) => pos >= r.start && pos < r.end);
    if (range) range.hits++;
    else failures.push(`${toPosix(path.relative(root, entry.original))}:${d.line}: ${d.text}`);
  }
  for (const { original, sf, ranges } of rewritten.values())
    for (const r of ranges.filter((x) => x.hits === 0))
      failures.push(`${toPosix(path.relative(root, original))}:${sf.getLineAndCharacterOfPosition(r.start).line + 1}: expected an error, but found none`);
  return { failures, totals, files: files.size };
}

function version7() {
  return spawnSync(process.execPath, [tsc7, "--version"], { encoding: "utf8" }).stdout.trim().replace(/^Version /, "TS ");
}

/** Plants three mistakes (a wrong expected type, an expectError that compiles, an error outside) and checks all are caught. */
function selfTest() {
  const fixture = [
    'import { expectError, expectType } from "tsd";',
    'import { type Tensor, zeros } from "../dist/index.js";',
    'expectType<Tensor<[["a", 2]], "float32">>(zeros([["a", 2]]));',
    'expectType<Tensor<[["a", number]], "float32">>(zeros([["a", 2]]));',
    'expectError(zeros([["a", 2]]));',
    'zeros([["a", -1]]);',
    'expectError(zeros([["a", -1]]));',
    "",
  ].join("\n");
  const { failures } = checkFiles(new Map([[path.join(testDir, "selftest.test-d.ts"), fixture]]), path.join(root, ".cache/ts7-tsd-selftest"));
  const want = ["selftest.test-d.ts:4:", "selftest.test-d.ts:5: expected an error", "selftest.test-d.ts:6:"];
  const problems = want.filter((w) => !failures.some((f) => f.includes(w))).map((w) => `planted mistake not caught: ${w}`);
  if (failures.length !== want.length) problems.push(`expected ${want.length} failures, got ${failures.length}: ${failures.join(" | ")}`);
  for (const p of problems) console.log(`  ✖ self-test: ${p}`);
  if (problems.length) console.log(`  reported: ${failures.join(" | ")}`);
  console.log(`check-tsd-ts7 self-test: ${problems.length ? "FAILED" : `ok (${want.length} planted mistakes caught under ${version7()})`}`);
  return problems.length === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--self-test")) process.exit(selfTest() ? 0 : 1);
  if (!existsSync(path.join(root, "dist/index.d.ts"))) {
    console.log("  ✖ dist/index.d.ts is missing: run node scripts/build.mjs first (or wait for a concurrent build)");
    process.exit(1);
  }
  const names = readdirSync(testDir).filter((f) => f.endsWith(".test-d.ts")).sort();
  if (names.length === 0) throw new Error("no type-tests/*.test-d.ts files");
  const files = new Map(names.map((n) => [path.join(testDir, n), readFileSync(path.join(testDir, n), "utf8")]));
  const { failures, totals } = checkFiles(files, path.join(root, ".cache/ts7-tsd"));
  for (const f of failures.slice(0, 60)) console.log(`  ✖ ${f}`);
  if (failures.length > 60) console.log(`  … and ${failures.length - 60} more`);
  console.log(
    `${version7()}: ${names.length} tsd files, ${totals.expectType} exact-type assertions, ${totals.expectError} expectError: ${failures.length ? `${failures.length} FAILURE(S)` : "ok"}`,
  );
  process.exit(failures.length ? 1 : 0);
}
