// Layer: src/backend/webgpu. The WGSL generator of the sparse kernel IR (src/backend/kernel/sparse/ir.ts), from
// the same statements the Wasm generator lowers: one storage binding per buffer (read-only for operands), every
// IR local a function variable, `loop` and `merge` as WGSL loops with a break test, i32 tests as 0/1 through
// select. A kernel with a parallel outermost loop runs one invocation per pass of it (row-parallel: SpMV, SpMM,
// SDDMM, CSR add/mul, row sums); any other runs as a single invocation. f32 functions are those WGSL has as
// built-ins; another is refused with a sentence naming it. Imports the kernel IR.
import { SparseDeviceError, type SparseKernel, type SparseStmt, type SparseValue } from "../../kernel/sparse/ir.js";

/** Invocations per workgroup of a row-parallel sparse kernel. */
export const SPARSE_WORKGROUP = 64;
/** The most workgroups along x (WebGPU's default maxComputeWorkgroupsPerDimension); more go along y. */
export const SPARSE_GROUPS_X = 65535;

const unaryFns: Partial<Record<string, (x: string) => string>> = {
  neg: (x) => `(-${x})`,
  abs: (x) => `abs(${x})`,
  sqrt: (x) => `sqrt(${x})`,
  floor: (x) => `floor(${x})`,
  ceil: (x) => `ceil(${x})`,
  round: (x) => `round(${x})`,
};
const binaryFns: Partial<Record<string, (a: string, b: string) => string>> = {
  add: (a, b) => `(${a} + ${b})`,
  sub: (a, b) => `(${a} - ${b})`,
  mul: (a, b) => `(${a} * ${b})`,
  div: (a, b) => `(${a} / ${b})`,
  min: (a, b) => `min(${a}, ${b})`,
  max: (a, b) => `max(${a}, ${b})`,
};

/** An IR name as a WGSL identifier: prefixed (dim names may be WGSL keywords such as `from`), `$` spelled out. */
const ident = (prefix: string, name: string): string => `${prefix}_${name.replace(/\$/g, "_S_")}`;

const f32Literal = (v: number): string => {
  if (Number.isNaN(v)) return "bitcast<f32>(0x7fc00000u)";
  if (v === Infinity) return "bitcast<f32>(0x7f800000u)";
  if (v === -Infinity) return "bitcast<f32>(0xff800000u)";
  const f = Math.fround(v);
  return `${Object.is(f, -0) ? "-0.0" : String(f).includes("e") || String(f).includes(".") ? String(f) : `${f}.0`}f`;
};

/**
 * The WGSL of a sparse kernel and its dispatch size (workgroups along x and y).
 * @example generateSparseWgsl(lowerSparse(spmv).kernels[0]).groups // [ceil(rows / 64), 1]
 */
export function generateSparseWgsl(k: SparseKernel): { code: string; groups: [number, number] } {
  const workspace = k.buffers.find((b) => b.workspace);
  if (workspace) throw new SparseDeviceError(`its WGSL generator has no per-invocation workspace (the dense ${workspace.name} row a sparse result summed over an inner variable is gathered in, as in SpGEMM): compute it on the CPU device`);
  const lines: string[] = [];
  const buffer = (n: number): string => ident("b", k.buffers[n]!.name);
  const name = (local: string): string => (local === "start" || local === "end" ? local : ident("v", local));
  k.buffers.forEach((b, n) => lines.push(`@group(0) @binding(${n}) var<storage, ${b.output ? "read_write" : "read"}> ${buffer(n)}: array<${b.type}>;`));
  const parallel = k.parallelExtent > 0;
  const groups = parallel ? Math.ceil(k.parallelExtent / SPARSE_WORKGROUP) : 1;
  const [gx, gy] = [Math.min(groups, SPARSE_GROUPS_X), Math.ceil(groups / SPARSE_GROUPS_X)];
  lines.push("", `@compute @workgroup_size(${parallel ? SPARSE_WORKGROUP : 1})`, "fn main(@builtin(global_invocation_id) gid: vec3<u32>) {");
  if (parallel) lines.push(`  let start = i32(gid.x + gid.y * ${gx * SPARSE_WORKGROUP}u);`, `  if (start >= ${k.parallelExtent}i) { return; }`, "  let end = start + 1i;");
  else lines.push("  if (gid.x != 0u) { return; }", "  let start = 0i;", "  let end = 1i;");
  for (const [local, type] of k.locals) if (local !== "start" && local !== "end") lines.push(`  var ${name(local)}: ${type};`);
  let merges = 0;

  const value = (v: SparseValue): string => {
    switch (v.op) {
      case "const":
        return v.type === "i32" ? `${v.value | 0}i` : f32Literal(v.value);
      case "local":
        return name(v.name);
      case "load":
        return `${buffer(v.buffer)}[${value(v.index)}]`;
      case "unary": {
        const f = unaryFns[v.fn];
        if (!f) throw new SparseDeviceError(`its WGSL generator has no form of ${v.fn} yet`);
        return f(value(v.x));
      }
      case "binary": {
        const f = binaryFns[v.fn];
        if (!f) throw new SparseDeviceError(`its WGSL generator has no form of ${v.fn} yet`);
        return f(value(v.a), value(v.b));
      }
      case "int": {
        const [a, b] = [value(v.a), value(v.b)];
        if (v.fn === "add") return `(${a} + ${b})`;
        if (v.fn === "mul") return `(${a} * ${b})`;
        if (v.fn === "min") return `min(${a}, ${b})`;
        if (v.fn === "lt") return `select(0i, 1i, ${a} < ${b})`;
        if (v.fn === "eq") return `select(0i, 1i, ${a} == ${b})`;
        return `select(0i, 1i, ${a} != 0i && ${b} != 0i)`;
      }
    }
  };
  const stmts = (list: readonly SparseStmt[], indent: string): void => {
    for (const s of list) {
      switch (s.kind) {
        case "set":
          lines.push(`${indent}${name(s.name)} = ${value(s.value)};`);
          break;
        case "loop":
          lines.push(`${indent}loop {  // ${s.label}`, `${indent}  if (${name(s.counter)} >= ${value(s.to)}) { break; }`);
          stmts(s.body, `${indent}  `);
          lines.push(`${indent}  ${name(s.counter)} = ${name(s.counter)} + 1i;`, `${indent}}`);
          break;
        case "merge": {
          const m = merges++;
          const c = (n: number): string => `m${m}_c${n}`;
          lines.push(`${indent}loop {  // merge ${s.iterators.map((i) => i.label).join(", ")}`);
          lines.push(`${indent}  if (!(${s.iterators.map((i) => `${name(i.pos)} < ${value(i.end)}`).join(" && ")})) { break; }`);
          s.iterators.forEach((it, n) => lines.push(`${indent}  let ${c(n)} = ${value(it.coord)};`));
          lines.push(`${indent}  ${name(s.coord)} = ${s.iterators.map((_, n) => c(n)).reduce((a, b) => `min(${a}, ${b})`)};`);
          s.cases.forEach((cs, n) => {
            const cond = cs.requires.map((r) => `${c(r)} == ${name(s.coord)}`).join(" && ") || "true";
            lines.push(`${indent}  ${n ? "} else if" : "if"} (${cond}) {  // ${cs.label}`);
            stmts(cs.body, `${indent}    `);
          });
          if (s.cases.length) lines.push(`${indent}  }`);
          s.iterators.forEach((it, n) => lines.push(`${indent}  ${name(it.pos)} = ${name(it.pos)} + select(0i, 1i, ${c(n)} == ${name(s.coord)});`));
          lines.push(`${indent}}`);
          break;
        }
        case "if":
          lines.push(`${indent}if (${value(s.cond)} != 0i) {`);
          stmts(s.then, `${indent}  `);
          lines.push(`${indent}}`);
          break;
        case "store": {
          const target = `${buffer(s.buffer)}[${value(s.index)}]`;
          lines.push(`${indent}${target} ${s.accumulate ? "+=" : "="} ${value(s.value)};`);
          break;
        }
        case "sort":
          throw new SparseDeviceError("its WGSL generator has no in-place sort of a segment's coordinates");
      }
    }
  };
  stmts(k.body, "  ");
  lines.push("}");
  return { code: lines.join("\n"), groups: [gx, gy] };
}
