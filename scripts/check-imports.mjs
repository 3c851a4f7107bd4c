// Enforces the import direction of ARCHITECTURE.md over src/**/*.ts (type-only and dynamic imports count too):
//   src/types    imports nothing outside src/types (no packages either)
//   src/shape    imports only src/types and src/shape (no packages)
//   src/graph    nothing from src/ops, src/backend, src/shape or the top layer (tensor.ts, index.ts, …)
//   src/backend  nothing from src/ops (nor the public entry src/index.ts)
//   src/backend/cpu, src/backend/webgpu (the devices)  only their own folder, the kernel IR and passes
//                (src/backend/kernel), the device contract (src/backend/device-contract.ts), src/types, and the
//                index arithmetic the IR is written in (src/graph/index-expr.ts, a leaf); never the rest of
//                src/graph, the realize loop or engine, or the other device. The one exception is the float64
//                reference interpreter, src/backend/cpu/reference.ts, which evaluates the graph itself (the
//                spec); the shared realize loop (src/backend/realize.ts) is the one place that knows both.
//   src/ops      nothing from src/backend except src/backend/engine.ts (so too src/io, src/autodiff, src/state, src/sparse)
//   src/nn, src/optim  only the public ops: nothing from src/graph or src/backend
//   src/onnx     the export: only src/graph, src/types, src/shape, the Tensor (src/tensor.ts, to read initializer
//                values) and itself: an exporter walks the lazy graph like an interpreter, but must not depend on a
//                device or on the op front end (packages such as onnx-buf are fine)
//   src/onnx/import*  the import builds the named graph from the public ops, like src/nn: nothing from src/graph
//                or src/backend
//   node scripts/check-imports.mjs [--self-test]
import { readFileSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ts = createRequire(import.meta.url)(path.join(root, "node_modules/typescript"));

/** Files in a device folder that evaluate the graph themselves (the float64 reference interpreter). */
const GRAPH_LEVEL = new Set(["src/backend/cpu/reference.ts"]);

/** The layer of a path relative to the repository root: "types", "shape", "ops", "graph", "backend", "device" or "top". */
const layerOf = (rel) => {
  if (/^src\/backend\/(cpu|webgpu)\//.test(rel) && !GRAPH_LEVEL.has(rel)) return "device";
  const room = /^src\/(types|shape|ops|io|autodiff|state|sparse|graph|backend|nn|optim|onnx)\//.exec(rel)?.[1] ?? "top";
  if (room === "nn" || room === "optim") return "layers";
  if (room === "onnx" && /^src\/onnx\/import/.test(rel)) return "onnxImport";
  if (rel === "src/onnx/index.ts") return "top"; // the entry point named-tensor/onnx: export and import
  // File formats, user-facing autodiff, tensor kinds and sparse tensors sit beside the op families, under the same rule.
  return ["io", "autodiff", "state", "sparse"].includes(room) ? "ops" : room;
};

/** Each layer's rule: may it import `target` (a src-relative path, or a package name when `bare`)? */
const RULES = {
  types: { why: "src/types imports nothing outside src/types", allows: (t, bare) => !bare && layerOf(t) === "types" },
  shape: { why: "src/shape imports only src/types and src/shape", allows: (t, bare) => !bare && ["types", "shape"].includes(layerOf(t)) },
  graph: { why: "src/graph imports nothing from src/ops, src/backend, src/shape or the top layer", allows: (t, bare) => bare || ["types", "graph"].includes(layerOf(t)) },
  backend: { why: "src/backend imports nothing from src/ops or src/index.ts", allows: (t, bare) => bare || (layerOf(t) !== "ops" && t !== "src/index.ts") },
  layers: {
    why: "src/nn and src/optim are built only from the public ops (no src/graph, no src/backend)",
    allows: (t, bare) => bare || !["graph", "backend", "device"].includes(layerOf(t)),
  },
  ops: { why: "src/ops imports nothing from src/backend except src/backend/engine.ts", allows: (t, bare) => bare || !["backend", "device"].includes(layerOf(t)) || t === "src/backend/engine.ts" },
  device: {
    why: "a device (src/backend/cpu, src/backend/webgpu) imports only its own folder, src/backend/kernel, src/backend/device-contract.ts, src/types and src/graph/index-expr.ts",
    allows: (t, bare, from) =>
      bare ||
      t.startsWith(`${deviceFolder(from)}/`) ||
      t.startsWith("src/backend/kernel/") ||
      t === "src/backend/device-contract.ts" ||
      t === "src/graph/index-expr.ts" ||
      layerOf(t) === "types",
  },
  onnx: {
    why: "src/onnx imports only src/graph, src/types, src/shape, src/tensor.ts and src/onnx",
    allows: (t, bare) => bare || ["graph", "types", "shape", "onnx"].includes(layerOf(t)) || t === "src/tensor.ts",
  },
  onnxImport: {
    why: "src/onnx/import* builds graphs only from the public ops (no src/graph, no src/backend)",
    allows: (t, bare) => bare || !["graph", "backend", "device"].includes(layerOf(t)),
  },
  top: { why: "", allows: () => true },
};

/** "src/backend/cpu" or "src/backend/webgpu" for a file in a device folder. */
const deviceFolder = (rel) => /^src\/backend\/(cpu|webgpu)/.exec(rel)?.[0];

/** Every module specifier of a file: static, `export … from`, `import type`, side-effect and dynamic imports. */
function specifiersOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** The repository-relative .ts file a relative specifier names (`./x.js` is `./x.ts`), or the unresolved path. */
function resolve(fromRel, spec, exists) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec));
  const candidates = [base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".d.ts"), `${base}.ts`, `${base}/index.ts`, base];
  return candidates.find(exists) ?? base;
}

/** The violations in `files` (Map of repository-relative path -> text), as readable lines. */
export function checkImports(files) {
  const problems = [];
  const exists = (p) => files.has(p);
  for (const [file, text] of files) {
    const rule = RULES[layerOf(file)];
    for (const spec of specifiersOf(text)) {
      const bare = !spec.startsWith(".");
      const target = bare ? spec : resolve(file, spec, exists);
      if (!bare && !exists(target)) problems.push(`${file}: imports "${spec}", which does not exist (${target})`);
      else if (!rule.allows(target, bare, file)) problems.push(`${file}: imports "${spec}"${bare ? "" : ` (${target})`}, but ${rule.why}`);
    }
  }
  return problems;
}

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(m?ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Plants one violation per rule and checks each is reported, and that the allowed imports are not. */
function selfTest() {
  const files = new Map([
    ["src/types/a.ts", 'import type { X } from "./b.js";\nimport "../shape/s.js";'],
    ["src/types/b.ts", 'import { readFileSync } from "node:fs";'],
    ["src/shape/s.ts", 'import type { X } from "../types/b.js";\nexport { y } from "../graph/g.js";'],
    ["src/graph/g.ts", 'import type { T } from "../tensor.js";\nimport { z } from "./h.js";\nimport type { A } from "../types/a.js";'],
    ["src/graph/h.ts", 'const m = await import("../ops/o.js");'],
    ["src/backend/engine.ts", 'import { g } from "../graph/g.js";\nimport type { O } from "../ops/o.js";'],
    ["src/backend/cpu/d.ts", 'import { e } from "../engine.js";'],
    ["src/ops/o.ts", 'import { e } from "../backend/engine.js";\nimport { d } from "../backend/cpu/d.js";\nimport { missing } from "./nope.js";'],
    ["src/tensor.ts", 'import { d } from "./backend/cpu/d.js";'],
    ["src/nn/l.ts", 'import { g } from "../graph/g.js";\nimport { o } from "../ops/o.js";\nimport { e } from "../backend/engine.js";'],
    ["src/backend/device-contract.ts", 'import type { N } from "../graph/node.js";'],
    ["src/backend/kernel/ir.ts", 'import type { N } from "../../graph/node.js";'],
    ["src/graph/index-expr.ts", ""],
    ["src/graph/node.ts", ""],
    ["src/backend/realize.ts", 'import { n } from "../graph/node.js";\nimport { r } from "./cpu/reference.js";\nimport { c } from "./device-contract.js";'],
    ["src/backend/webgpu/w.ts", 'import type { N } from "../../graph/node.js";\nimport { k } from "../kernel/ir.js";\nimport { c } from "../device-contract.js";\nimport { i } from "../../graph/index-expr.js";\nimport { e } from "../engine.js";'],
    ["src/backend/webgpu/wgsl/x.ts", 'import { w } from "../w.js";\nimport { d } from "../../cpu/d.js";\nimport type { S } from "../../../types/errors.js";'],
    ["src/backend/cpu/reference.ts", 'import type { N } from "../../graph/node.js";'],
    ["src/backend/cpu/interp.ts", 'import { r } from "./reference.js";\nimport { r2 } from "../realize.js";'],
    ["src/types/errors.ts", ""],
  ]);
  const want = [
    "src/types/a.ts: imports \"../shape/s.js\"",
    "src/types/b.ts: imports \"node:fs\"",
    "src/shape/s.ts: imports \"../graph/g.js\"",
    "src/graph/g.ts: imports \"../tensor.js\"",
    "src/graph/h.ts: imports \"../ops/o.js\"",
    "src/backend/engine.ts: imports \"../ops/o.js\"",
    "src/backend/cpu/d.ts: imports \"../engine.js\"",
    "src/backend/webgpu/w.ts: imports \"../../graph/node.js\"",
    "src/backend/webgpu/w.ts: imports \"../engine.js\"",
    "src/backend/webgpu/wgsl/x.ts: imports \"../../cpu/d.js\"",
    "src/backend/cpu/interp.ts: imports \"../realize.js\"",
    "src/ops/o.ts: imports \"../backend/cpu/d.js\"",
    "src/ops/o.ts: imports \"./nope.js\", which does not exist",
    "src/nn/l.ts: imports \"../graph/g.js\"",
    "src/nn/l.ts: imports \"../backend/engine.js\"",
  ];
  const got = checkImports(files);
  const problems = want.filter((w) => !got.some((g) => g.startsWith(w))).map((w) => `not reported: ${w}`);
  if (got.length !== want.length) problems.push(`expected ${want.length} violations, got ${got.length}:\n    ${got.join("\n    ")}`);
  for (const p of problems) console.log(`  ✖ self-test: ${p}`);
  console.log(`check-imports self-test: ${problems.length ? "FAILED" : `ok (${want.length} planted violations reported)`}`);
  return problems.length === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--self-test")) process.exit(selfTest() ? 0 : 1);
  const files = new Map(sourceFiles(path.join(root, "src")).map((f) => [path.relative(root, f).split(path.sep).join("/"), readFileSync(f, "utf8")]));
  const problems = checkImports(files);
  for (const p of problems) console.log(`  ✖ ${p}`);
  console.log(`check-imports: ${files.size} files in src/, ${problems.length ? `${problems.length} VIOLATION(S) of the import direction (ARCHITECTURE.md)` : "import direction ok"}`);
  process.exit(problems.length ? 1 : 0);
}
