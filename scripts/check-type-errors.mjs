// Checks the text of every compile error in type-tests/errors/*.ts under TypeScript 6 (JS API) and 7 (the Go
// tsc, which has no JS API: its --pretty false output is parsed). Convention: a line that must fail to compile
// has `// @error: <substring of the sentence>` on the line above it (stack several for several errors on one
// line). Each annotated line must have exactly as many errors as annotations (one mistake, one error), each
// containing its substring (error codes differ between TS versions: text only); nothing else may error.
//   node scripts/check-type-errors.mjs [--project type-tests/tsconfig.errors.json] [--ts 6|7] [--json] [--coverage]
// --coverage also fails when a sentence of src/types/errors.ts that src/types or src/ops use has no case here.
//   node scripts/check-type-errors.mjs --self-test   (proves the harness fails on wrong annotations)
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ts = createRequire(import.meta.url)(path.join(root, "node_modules/typescript"));
const tsc7 = path.join(root, "node_modules/typescript7/bin/tsc");
const ANNOTATION = /^\s*\/\/\s*@error:\s*(.*?)\s*$/;

/** `\"` in a printed string literal type reads as `"` in the sentence. */
const normalize = (text) => text.replace(/\\"/g, '"');

/** The root files of a tsconfig and their expected errors: Map<file, Map<line, substrings[]>> (lines 1-based). */
function readExpectations(project) {
  const parsed = ts.getParsedCommandLineOfConfigFile(project, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail(d) });
  if (!parsed || parsed.errors.length) throw new Error(`cannot read ${project}: ${parsed?.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")).join("; ")}`);
  if (parsed.fileNames.length === 0) throw new Error(`${project} includes no files`);
  const files = new Map();
  for (const file of parsed.fileNames.map((f) => path.resolve(f))) {
    const lines = readFileSync(file, "utf8").split(/\r?\n/);
    const expected = new Map();
    let pending = [];
    lines.forEach((text, i) => {
      const m = ANNOTATION.exec(text);
      if (m) {
        if (!m[1]) throw new Error(`${rel(file)}:${i + 1}: empty @error annotation`);
        pending.push(m[1]);
      } else if (pending.length) {
        expected.set(i + 1, pending);
        pending = [];
      }
    });
    if (pending.length) throw new Error(`${rel(file)}: @error annotation at the end of the file has no line below it`);
    files.set(file, expected);
  }
  return { files, options: parsed.options, fileNames: parsed.fileNames };
}
function fail(d) {
  throw new Error(ts.flattenDiagnosticMessageText(d.messageText, " "));
}
const rel = (file) => path.relative(root, file) || file;

/** TS 6: diagnostics from the JS API. */
function diagnostics6(expectations) {
  const program = ts.createProgram({ rootNames: expectations.fileNames, options: { ...expectations.options, noEmit: true } });
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    file: d.file ? path.resolve(d.file.fileName) : undefined,
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    code: d.code,
    text: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
  }));
}

/** TS 7: parse `file(line,col): error TSxxxx: message` plus its indented continuation lines. */
function diagnostics7(project) {
  const run = spawnSync(process.execPath, [tsc7, "--noEmit", "--pretty", "false", "-p", project], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.error) throw run.error;
  const out = [];
  for (const line of `${run.stdout}`.split(/\r?\n/)) {
    const m = /^(.+?)\((\d+),(\d+)\): error TS(\d+): (.*)$/.exec(line);
    const global = /^error TS(\d+): (.*)$/.exec(line);
    if (m) out.push({ file: path.resolve(root, m[1]), line: Number(m[2]), code: Number(m[4]), text: m[5] });
    else if (global) out.push({ file: undefined, line: 0, code: Number(global[1]), text: global[2] });
    else if (/^\s+\S/.test(line) && out.length) out[out.length - 1].text += `\n${line.trim()}`;
    else if (line.trim()) out.push({ file: undefined, line: 0, code: 0, text: `unparsed tsc output: ${line}` });
  }
  if (run.status !== 0 && out.length === 0) throw new Error(`TS 7 tsc exited ${run.status} without diagnostics:\n${run.stderr}`);
  return out;
}

/** Compares diagnostics with the annotations; gives the failures, each { file, line, kind, message }. */
export function compare(expectations, diags) {
  const failures = [];
  const byLine = new Map();
  for (const d of diags) {
    if (!d.file || !expectations.files.has(d.file)) {
      failures.push({ file: d.file, line: d.line, kind: "outside", message: `error outside the checked files: ${d.text}` });
      continue;
    }
    const key = `${d.file}:${d.line}`;
    byLine.set(key, [...(byLine.get(key) ?? []), d]);
  }
  let matched = 0;
  const matchedTexts = [];
  for (const [file, expected] of expectations.files) {
    for (const [line, substrings] of expected) {
      const found = byLine.get(`${file}:${line}`) ?? [];
      byLine.delete(`${file}:${line}`);
      if (found.length === 0) {
        failures.push({ file, line, kind: "missing", message: `expected an error containing ${JSON.stringify(substrings[0])}, but the line compiles` });
        continue;
      }
      const unused = [...found];
      for (const s of substrings) {
        const i = unused.findIndex((d) => normalize(d.text).includes(s) || d.text.includes(s));
        if (i >= 0) {
          matchedTexts.push(normalize(unused[i].text));
          unused.splice(i, 1);
          matched++;
        } else {
          failures.push({ file, line, kind: "wrong-text", message: `no error here contains ${JSON.stringify(s)}; got: ${found.map((d) => d.text.split("\n")[0]).join(" | ")}` });
        }
      }
      if (found.length > substrings.length) {
        failures.push({ file, line, kind: "count", message: `${found.length} errors on this line but ${substrings.length} annotated (one mistake, one error): ${unused.map((d) => d.text.split("\n")[0]).join(" | ")}` });
      }
    }
  }
  for (const ds of byLine.values()) for (const d of ds) failures.push({ file: d.file, line: d.line, kind: "unexpected", message: `unannotated error: ${d.text.split("\n")[0]}` });
  return { failures, matched, matchedTexts };
}

/**
 * The sentences the static algebra can produce (types in src/types/errors.ts that src/types or src/ops use)
 * that no matched error shows: each needs a case in type-tests/errors/. Runtime-only sentences are skipped.
 */
export function uncoveredSentences(matchedTexts) {
  const errors = readFileSync(path.join(root, "src/types/errors.ts"), "utf8");
  const users = ["src/types", "src/ops"]
    .flatMap((dir) => ts.sys.readDirectory(path.join(root, dir), [".ts"]))
    .filter((f) => !f.endsWith("/errors.ts"))
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  const out = [];
  for (const m of errors.matchAll(/export type (\w+)(?:<[^=]*>)?\s*=\s*(`[^`]*`|"[^"]*")\s*;/g)) {
    const [, name, literal] = m;
    if (!new RegExp(`\\b${name}\\b`).test(users)) continue;
    const pattern = new RegExp(literal.slice(1, -1).split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*?"));
    if (!matchedTexts.some((t) => pattern.test(t))) out.push({ line: errors.slice(0, m.index).split("\n").length, text: `${name}: ${literal}` });
  }
  return out;
}

export function check(project, versions = ["6", "7"]) {
  const expectations = readExpectations(project);
  const expectedCount = [...expectations.files.values()].reduce((n, m) => n + [...m.values()].reduce((k, s) => k + s.length, 0), 0);
  return versions.map((v) => {
    const diags = v === "6" ? diagnostics6(expectations) : diagnostics7(project);
    const label = v === "6" ? `TS ${ts.version}` : `TS ${tsc7Version()}`;
    return { version: label, files: expectations.files.size, expected: expectedCount, ...compare(expectations, diags) };
  });
}
let cached7;
function tsc7Version() {
  cached7 ??= spawnSync(process.execPath, [tsc7, "--version"], { encoding: "utf8" }).stdout.trim().replace(/^Version /, "");
  return cached7;
}

function report(results) {
  let ok = true;
  for (const r of results) {
    for (const f of r.failures) console.log(`  ✖ [${r.version}] ${f.file ? `${rel(f.file)}:${f.line}` : "(global)"}: ${f.kind}: ${f.message}`);
    const status = r.failures.length ? `${r.failures.length} FAILURE(S)` : "ok";
    console.log(`${r.version}: ${r.files} files, ${r.matched}/${r.expected} expected errors matched: ${status}`);
    ok &&= r.failures.length === 0;
  }
  return ok;
}

/**
 * Runs the harness on type-tests/errors-selftest/, whose lines marked `// selftest: <kind>` must be reported
 * with exactly that kind under both TS versions (a changed sentence, an unannotated error, a line that compiles,
 * two errors for one annotation), and checks the harness exits non-zero there.
 */
function selfTest() {
  const project = path.join(root, "type-tests/errors-selftest/tsconfig.json");
  const fixture = path.join(root, "type-tests/errors-selftest/fixture.ts");
  const want = new Set();
  readFileSync(fixture, "utf8").split(/\r?\n/).forEach((text, i) => {
    const m = /\/\/ selftest: ([a-z-]+)\s*$/.exec(text);
    if (m) want.add(`${i + 1}:${m[1]}`);
  });
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--project", project, "--json"], { cwd: root, encoding: "utf8" });
  let problems = [];
  if (run.status !== 1) problems.push(`expected exit code 1 on the fixture, got ${run.status}: ${run.stderr}`);
  const results = run.stdout ? JSON.parse(run.stdout) : [];
  if (results.length !== 2) problems.push(`expected results for two TS versions, got ${results.length}`);
  for (const r of results) {
    const got = new Set(r.failures.map((f) => `${f.line}:${f.kind}`));
    for (const w of want) if (!got.has(w)) problems.push(`[${r.version}] line ${w.split(":")[0]}: expected a "${w.split(":")[1]}" failure, got none`);
    for (const g of got) if (!want.has(g)) problems.push(`[${r.version}] line ${g.split(":")[0]}: unexpected "${g.split(":")[1]}" failure`);
    if (r.matched < 2) problems.push(`[${r.version}] the fixture's correct annotations were not matched (${r.matched})`);
  }
  if (want.size < 4) problems.push(`the fixture marks only ${want.size} failures`);
  for (const p of problems) console.log(`  ✖ self-test: ${p}`);
  console.log(`check-type-errors self-test: ${problems.length ? "FAILED" : `ok (${want.size} planted mistakes caught under ${results.map((r) => r.version).join(" and ")})`}`);
  return problems.length === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  if (args.includes("--self-test")) process.exit(selfTest() ? 0 : 1);
  const project = path.resolve(root, opt("--project", "type-tests/tsconfig.errors.json"));
  const versions = args.includes("--ts") ? [opt("--ts")] : ["6", "7"];
  const results = check(project, versions);
  if (args.includes("--coverage")) {
    const missing = uncoveredSentences(results[0].matchedTexts);
    for (const m of missing) results[0].failures.push({ file: path.join(root, "src/types/errors.ts"), line: m.line, kind: "uncovered", message: `no case in type-tests/errors/ shows the sentence ${m.text}` });
    if (!missing.length) console.log("every sentence the static algebra uses has a compile-error case");
  }
  if (args.includes("--json")) {
    console.log(JSON.stringify(results));
    process.exit(results.every((r) => r.failures.length === 0) ? 0 : 1);
  }
  process.exit(report(results) ? 0 : 1);
}
