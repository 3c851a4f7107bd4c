// Executes the documentation: every `@example` in the doc comments of the public API (what src/index.ts exports,
// with the members of exported classes and interfaces, the op methods merged onto Tensor included) is extracted,
// compiled with TS 7 against the built dist/ (strict), and run in Node. A trailing comment that is a value
// (`x.rank // 2`, `x.toArray() // [[1, 2, 3], [4, 5, 6]]`, `Float32Array [1, 2]`, `[W, b]`) is asserted; one
// that is a tensor type (`// Tensor<[["width", 64], ["height", 96]]>`) is asserted exactly at compile time and
// by names and sizes at run time; a line whose comment starts with `error:` must not compile (@ts-expect-error)
// and must throw. Other comments are prose. The free variables of an example (x, bias, logits…) come from its
// setup in test/examples/setups.mjs (default: x = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"])).
// Needs dist/ (node scripts/build.mjs) and, for the WebGPU examples, a WebGPU adapter (scripts/setup-vulkan.sh).
//   node scripts/check-examples.mjs [--list] [filter]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { defaultSetup, knownBroken, setups } from "../test/examples/setups.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const list = args.includes("--list");
const filter = args.find((a) => !a.startsWith("--"));
if (!fs.existsSync(path.join(root, "dist/index.d.ts"))) {
  console.error("✖ dist/ is not built (node scripts/build.mjs)");
  process.exit(1);
}

// 1. The public API's examples, from the sources (so that a failure names the src file and line).
function extract() {
  const options = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, skipLibCheck: true, noEmit: true, types: [] };
  const program = ts.createProgram([path.join(root, "src/index.ts")], options);
  const checker = program.getTypeChecker();
  const mod = checker.getSymbolAtLocation(program.getSourceFile(path.join(root, "src/index.ts")));
  const seen = new Set();
  const found = [];
  const values = [];
  const types = [];
  const visitDecl = (decl, name) => {
    for (const doc of ts.getJSDocCommentsAndTags(decl)) {
      for (const tag of ts.isJSDoc(doc) ? (doc.tags ?? []) : [doc]) {
        if (tag.tagName.text !== "example") continue;
        const file = tag.getSourceFile();
        const key = `${file.fileName}:${tag.pos}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const text = (typeof tag.comment === "string" ? tag.comment : (ts.getTextOfJSDocComment(tag.comment) ?? "")).trim();
        const line = file.getLineAndCharacterOfPosition(tag.getStart()).line + 1;
        found.push({ name, where: `${path.relative(root, file.fileName)}:${line}`, text });
      }
    }
  };
  for (const exported of checker.getExportsOfModule(mod)) {
    const name = exported.name;
    const typeOnly = exported.declarations?.some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly));
    (typeOnly ? types : values).push(name);
    const sym = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    for (const d of sym.declarations ?? []) visitDecl(d, name);
    if (sym.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) {
      const members = [...checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(sym))];
      if (sym.flags & ts.SymbolFlags.Class) members.push(...checker.getPropertiesOfType(checker.getTypeOfSymbol(sym)));
      for (const p of members) for (const d of p.declarations ?? []) visitDecl(d, `${name}.${p.name.replace(/^__@(\w+)@\d+$/, "[Symbol.$1]")}`);
    }
  }
  // One id per example: the API name, with #2, #3… for a name's later examples.
  const count = new Map();
  for (const e of found) {
    const n = (count.get(e.name) ?? 0) + 1;
    count.set(e.name, n);
    e.id = n === 1 ? e.name : `${e.name}#${n}`;
  }
  return { examples: found, values, types };
}

// 2. Each line's trailing comment: an assertion, an expected error, or prose.
const parseExpr = (text) => {
  const sf = ts.createSourceFile("c.ts", `(${text});`, ts.ScriptTarget.ES2022, true);
  if (sf.parseDiagnostics?.length || sf.statements.length !== 1) return undefined;
  const st = sf.statements[0];
  if (!ts.isExpressionStatement(st) || !ts.isParenthesizedExpression(st.expression)) return undefined;
  return st.expression.expression;
};
const literalLike = (n) =>
  ts.isNumericLiteral(n) || ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isIdentifier(n) ||
  n.kind === ts.SyntaxKind.TrueKeyword || n.kind === ts.SyntaxKind.FalseKeyword || n.kind === ts.SyntaxKind.NullKeyword ||
  (ts.isPrefixUnaryExpression(n) && n.operator === ts.SyntaxKind.MinusToken && literalLike(n.operand)) ||
  (ts.isArrayLiteralExpression(n) && n.elements.every(literalLike)) ||
  (ts.isObjectLiteralExpression(n) && n.properties.every((p) => ts.isPropertyAssignment(p) && literalLike(p.initializer)));
function classify(comment) {
  const c = comment.trim();
  if (/^error\b/.test(c)) return { kind: "error" };
  const typed = /^(Float32Array|Int32Array|Uint8Array)\s*(\[.*\])$/.exec(c);
  if (typed && parseExpr(typed[2]) && literalLike(parseExpr(typed[2]))) return { kind: "value", expr: `new ${typed[1]}(${typed[2]})` };
  if (/^Tensor<.*>$/.test(c)) {
    const sf = ts.createSourceFile("t.ts", `type T = ${c};`, ts.ScriptTarget.ES2022, true);
    const node = sf.statements[0]?.type;
    if (!sf.parseDiagnostics?.length && node && ts.isTypeReferenceNode(node) && node.typeArguments?.[0] && ts.isTupleTypeNode(node.typeArguments[0])) {
      const dims = node.typeArguments[0].getText(sf);
      const dtype = node.typeArguments[1]?.getText(sf);
      return { kind: "type", type: c, dims, dtype };
    }
  }
  const e = parseExpr(c);
  if (e && literalLike(e)) return { kind: "value", expr: c };
  return { kind: "prose" };
}
// The code and trailing `//` comment of a line (a `//` inside a string is not a comment).
function splitComment(line) {
  let quote;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if (ch === "/" && line[i + 1] === "/") return [line.slice(0, i).trimEnd(), line.slice(i + 2)];
  }
  return [line, undefined];
}
// `expr`, `expr;` or `const v = expr;`: what a check applies to.
function checkTarget(code) {
  const sf = ts.createSourceFile("s.ts", code, ts.ScriptTarget.ES2022, true);
  if (sf.parseDiagnostics?.length || sf.statements.length !== 1) return undefined;
  const st = sf.statements[0];
  if (ts.isExpressionStatement(st)) return { pre: "", expr: st.expression.getText(sf) };
  if (ts.isVariableStatement(st) && st.declarationList.declarations.length === 1 && ts.isIdentifier(st.declarationList.declarations[0].name))
    return { pre: code.replace(/;?\s*$/, ";"), expr: st.declarationList.declarations[0].name.text };
  return undefined;
}

function transform(example) {
  const out = [];
  const checks = { value: 0, type: 0, error: 0 };
  for (const raw of example.text.split("\n")) {
    const [code, comment] = splitComment(raw);
    const c = comment === undefined || code.trim() === "" ? { kind: "prose" } : classify(comment);
    const target = c.kind === "value" || c.kind === "type" ? checkTarget(code) : undefined;
    const label = JSON.stringify(raw.trim());
    if (c.kind === "error") {
      checks.error++;
      out.push("// @ts-expect-error", `await __throws(async () => { ${code} }, ${label});`);
    } else if (c.kind === "value" && target) {
      checks.value++;
      out.push(`${target.pre} await __equal(${target.expr}, ${c.expr}, ${label});`);
    } else if (c.kind === "type" && target) {
      checks.type++;
      out.push(`${target.pre} __dims(__exactly<${c.type}>()(${target.expr}), ${c.dims}, ${c.dtype ?? "undefined"}, ${label});`);
    } else out.push(raw);
  }
  return { code: out.join("\n"), checks };
}

const { examples, values, types } = extract();
const selected = examples.filter((e) => !filter || e.id.includes(filter));
if (list) {
  for (const e of selected) console.log(`${e.id} (${e.where})\n  ${e.text.replace(/\n/g, "\n  ")}`);
  process.exit(0);
}
const problems = [];
for (const id of Object.keys(setups)) if (!examples.some((e) => e.id === id)) problems.push(`test/examples/setups.mjs has a setup for "${id}", which has no @example any more`);
for (const id of Object.keys(knownBroken)) if (!examples.some((e) => e.id === id)) problems.push(`test/examples/setups.mjs lists "${id}" as broken, which has no @example any more`);

// 3. One TS module: each example an async function with its setup, compiled against dist/ by TS 7.
const work = path.join(root, ".cache/examples");
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
const distUrl = "../../dist/index.js";
const parts = [
  `import { ${values.join(", ")} } from "${distUrl}";`,
  `import type { ${types.join(", ")} } from "${distUrl}";`,
  `import { readFileSync, writeFileSync } from "node:fs";`,
  `import { __equal, __dims, __exactly, __throws } from "./check.js";`,
  `void [readFileSync, writeFileSync];`,
  `export const examples: { id: string; where: string; gpu: boolean; run: () => Promise<unknown> }[] = [];`,
];
const lineOf = []; // generated line -> example id
const compileErrors = new Map();
let line = parts.length;
const transformed = [];
for (const e of selected) {
  const s = setups[e.id] ?? {};
  const { code, checks } = transform(e);
  const body = (s.template ?? "$").replace("$", () => code);
  const src = [
    `// ${e.id} (${e.where})`,
    `examples.push({ id: ${JSON.stringify(e.id)}, where: ${JSON.stringify(e.where)}, gpu: ${!!s.gpu}, run: async () => {`,
    ...(s.setup ?? defaultSetup).trim().split("\n"),
    "{",
    ...body.split("\n"),
    ...(s.after ? s.after.trim().split("\n") : []),
    "}",
    `} });`,
  ];
  // A syntax error stops tsc before type-checking anything: such an example is left out, as not compiling.
  const syntax = ts.createSourceFile("e.ts", `async () => {\n${src.slice(2, -1).join("\n")}\n}`, ts.ScriptTarget.ES2022, true).parseDiagnostics ?? [];
  if (syntax.length) {
    compileErrors.set(e.id, syntax.map((d) => `syntax: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`));
    transformed.push({ ...e, checks });
    continue;
  }
  for (let i = 0; i < src.length; i++) lineOf[line + i + 1] = e.id;
  line += src.length;
  parts.push(...src);
  transformed.push({ ...e, checks });
}
fs.writeFileSync(path.join(work, "examples.ts"), parts.join("\n") + "\n");
fs.writeFileSync(path.join(work, "package.json"), '{ "type": "module" }');
fs.copyFileSync(path.join(root, "test/examples/check.ts"), path.join(work, "check.ts"));
fs.writeFileSync(
  path.join(work, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      target: "ES2022", lib: ["ES2022", "DOM", "ESNext.Disposable"], module: "NodeNext", moduleResolution: "NodeNext", strict: true,
      skipLibCheck: true, types: ["node", "@webgpu/types"],
      noEmitOnError: false, pretty: false,
    },
    files: ["examples.ts", "check.ts"],
  }),
);
try {
  execFileSync(process.execPath, [path.join(root, "node_modules/typescript7/bin/tsc"), "-p", work], { cwd: work, stdio: "pipe" });
} catch (err) {
  const text = String(err.stdout) + String(err.stderr);
  let last;
  for (const l of text.split("\n")) {
    const m = /^examples\.ts\((\d+),\d+\): (.*)$/.exec(l);
    if (m) {
      last = lineOf[Number(m[1])] ?? "?";
      compileErrors.set(last, [...(compileErrors.get(last) ?? []), m[2]]);
    } else if (/^\s/.test(l) && last) compileErrors.get(last).push(l.trim());
    else if (l.trim()) problems.push(`tsc: ${l}`);
  }
}

// 4. Run them, one at a time, from a scratch directory (some write files), on the CPU unless they pick a device.
const scratch = path.join(work, "scratch");
fs.mkdirSync(scratch);
process.chdir(scratch);
const { examples: compiled } = await import(pathToFileURL(path.join(work, "examples.js")).href);
const { setDevice } = await import(pathToFileURL(path.join(root, "dist/index.js")).href);
const results = [];
const log = console.log;
for (const e of transformed) {
  const fn = compiled.find((c) => c.id === e.id);
  let error = compileErrors.has(e.id) ? `does not compile:\n      ${compileErrors.get(e.id).join("\n      ")}` : undefined;
  if (!error) {
    const printed = [];
    console.log = (...a) => printed.push(a.join(" "));
    try {
      await fn.run();
    } catch (err) {
      error = `${err?.name ?? "Error"}: ${err?.message ?? err}${printed.length ? `\n      (printed: ${printed.slice(0, 3).join(" | ")})` : ""}`;
    } finally {
      console.log = log;
      await setDevice("cpu");
    }
  }
  results.push({ ...e, error });
}

let failed = 0;
let passedBroken = 0;
for (const r of results) {
  const broken = knownBroken[r.id];
  if (broken && r.error) {
    log(`known  ${r.id} (${r.where}): ${broken}`);
    continue;
  }
  if (broken) {
    passedBroken++;
    log(`✖ ${r.id} (${r.where}) is listed as broken in test/examples/setups.mjs but passes now: remove it from knownBroken`);
    continue;
  }
  if (r.error) {
    failed++;
    log(`✖ ${r.id} (${r.where})\n    ${r.text.replace(/\n/g, "\n    ")}\n    ${r.error}`);
  }
}
for (const p of problems) log(`✖ ${p}`);
const sum = (k) => results.reduce((s, r) => s + r.checks[k], 0);
const ran = results.length - Object.keys(knownBroken).filter((id) => results.some((r) => r.id === id)).length;
log(
  `examples: ${results.length} @examples in the public API${filter ? ` matching "${filter}"` : ""}; ${ran - failed} compiled and ran ` +
    `(${results.filter((r) => setups[r.id]?.gpu).length} on WebGPU), ${failed} failed, ${results.length - ran} known broken; ` +
    `asserted: ${sum("value")} values, ${sum("type")} types, ${sum("error")} expected errors`,
);
process.exit(failed || passedBroken || problems.length ? 1 : 0);
