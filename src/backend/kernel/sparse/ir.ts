// Layer: src/backend/kernel/sparse. The sparse kernel IR: the loop forms taco's code generation (§6) emits, as
// a small structured language both code generators lower (cpu/wasm/sparse.ts, webgpu/wgsl/sparse.ts) and the
// float64 interpreter runs (interpret.ts). Statements: `loop` (a counter up to a bound: a dense level's
// coordinates, or a compressed level's pos[p]..pos[p+1] range, whose idx gives the coordinate), `merge` (taco's
// co-iteration: while every iterator has entries, the coordinate is the least of theirs, the first case whose
// iterators all sit on it runs, and those iterators advance — a lattice point with its dominated points as
// cases), `set` of a local, `if`, and `store` (or accumulate) into a buffer. Every local is an i32 or f32 named
// by the generator; buffers are typed arrays of i32 (pos, idx) or f32 (values). Imports src/graph types only.
import type { BinaryFn, UnaryFn } from "../../../graph/node.js";

export type SparseScalar = "i32" | "f32";

/** A sparse kernel a device cannot run (no generator, a function its generator lacks); the front end names the expression. */
export class SparseDeviceError extends Error {}
/** A kernel binding more buffers than the device allows: a fused chain's operands can be computed first instead. */
export class SparseBindingLimitError extends SparseDeviceError {}

export type SparseValue =
  | { readonly op: "const"; readonly type: SparseScalar; readonly value: number }
  | { readonly op: "local"; readonly type: SparseScalar; readonly name: string }
  | { readonly op: "load"; readonly type: SparseScalar; readonly buffer: number; readonly index: SparseValue }
  /** f32 arithmetic through the ALU (src/graph/alu.ts). */
  | { readonly op: "unary"; readonly type: "f32"; readonly fn: UnaryFn; readonly x: SparseValue }
  | { readonly op: "binary"; readonly type: "f32"; readonly fn: BinaryFn; readonly a: SparseValue; readonly b: SparseValue }
  /** i32 address arithmetic and tests (a test is 0 or 1). */
  | { readonly op: "int"; readonly type: "i32"; readonly fn: "add" | "mul" | "min" | "lt" | "eq" | "and"; readonly a: SparseValue; readonly b: SparseValue };

/** One iterator of a merge: its position local, the end of its range, its coordinate at the position. */
export interface MergeIterator {
  readonly pos: string;
  readonly end: SparseValue;
  readonly coord: SparseValue;
  /** For printing: "b.i", "U". */
  readonly label: string;
}
/** A case of a merge: the iterators that must sit on the merged coordinate, and what runs there. */
export interface MergeCase {
  readonly requires: readonly number[];
  readonly label: string;
  readonly body: readonly SparseStmt[];
}

export type SparseStmt =
  | { readonly kind: "set"; readonly name: string; readonly value: SparseValue }
  /**
   * `counter` runs from its current value while below `to`, one step per pass. `parallel`: the outermost loop of a
   * kernel whose passes write disjoint outputs; a launch gives each thread (invocation) a slice [start, end).
   */
  | { readonly kind: "loop"; readonly counter: string; readonly to: SparseValue; readonly body: readonly SparseStmt[]; readonly parallel?: boolean; readonly label: string }
  | { readonly kind: "merge"; readonly coord: string; readonly iterators: readonly MergeIterator[]; readonly cases: readonly MergeCase[] }
  | { readonly kind: "if"; readonly cond: SparseValue; readonly then: readonly SparseStmt[] }
  | { readonly kind: "store"; readonly buffer: number; readonly index: SparseValue; readonly value: SparseValue; readonly accumulate: boolean }
  /**
   * Sorts the i32 entries [from, to) of a buffer ascending (a workspace's touched coordinates). `scratch`: an i32
   * workspace at least as long, which a generator may merge through (the CPU's merge sort); else insertion sort.
   */
  | { readonly kind: "sort"; readonly buffer: number; readonly from: SparseValue; readonly to: SparseValue; readonly scratch?: number };

/** A buffer of a sparse kernel: a level's pos or idx (i32), values (f32), or an output part. */
export interface SparseBuffer {
  readonly name: string;
  readonly type: SparseScalar;
  readonly output: boolean;
  /**
   * A workspace (taco §6's dense accumulator row): not bound by the caller; the device gives each part of the
   * parallel loop (each thread) its own zeroed `workspace` elements.
   */
  readonly workspace?: number;
}

/** One generated sparse kernel: its buffers (the launch binds them in order), its locals, its statements. */
export interface SparseKernel {
  /** What it computes, for explain(): the assignment and, for assembly, which half (taco §6.3). */
  readonly title: string;
  /** The operands' formats ("A: i dense, k compressed; B: …"), for the sentences of a device that refuses it. */
  readonly formats?: string;
  readonly buffers: readonly SparseBuffer[];
  readonly locals: ReadonlyMap<string, SparseScalar>;
  readonly body: readonly SparseStmt[];
  /** The extent of the parallel outermost loop (0: the kernel runs as one pass). */
  readonly parallelExtent: number;
  /**
   * A buffer of parallelExtent + 1 nondecreasing i32 (the pos of a compressed level under the parallel one: a
   * CSR's row pointers) whose differences are the entries each pass visits: a device may split the parallel loop
   * so that each thread gets about as many entries, not as many passes.
   */
  readonly balance?: number;
}

const showValue = (v: SparseValue, k: SparseKernel): string => {
  switch (v.op) {
    case "const":
      return v.type === "f32" && Number.isInteger(v.value) ? `${v.value}.0` : String(v.value);
    case "local":
      return v.name;
    case "load":
      return `${k.buffers[v.buffer]!.name}[${showValue(v.index, k)}]`;
    case "unary":
      return `${v.fn}(${showValue(v.x, k)})`;
    case "binary":
    case "int": {
      const infix: Record<string, string> = { add: "+", sub: "-", mul: "*", div: "/", lt: "<", eq: "==", and: "&&" };
      const op = infix[v.fn];
      return op ? `(${showValue(v.a, k)} ${op} ${showValue(v.b, k)})` : `${v.fn}(${showValue(v.a, k)}, ${showValue(v.b, k)})`;
    }
  }
};

/**
 * A sparse kernel as C-like text: what explain() shows beside the generated Wasm or WGSL.
 * @example showSparseKernel(spmvKernel) // "// y(i) = Σ_j (A(i,j) * x(j))\nfor i in [start, min(8, end)) parallel { … }"
 */
export function showSparseKernel(k: SparseKernel): string {
  const lines = [`// ${k.title}`];
  const walk = (stmts: readonly SparseStmt[], indent: string): void => {
    for (const s of stmts) {
      switch (s.kind) {
        case "set":
          lines.push(`${indent}${s.name} = ${showValue(s.value, k)};`);
          break;
        case "loop":
          lines.push(`${indent}while (${s.counter} < ${showValue(s.to, k)})${s.parallel ? " parallel" : ""} {  // ${s.label}`);
          walk(s.body, `${indent}  `);
          lines.push(`${indent}  ${s.counter}++;`, `${indent}}`);
          break;
        case "merge":
          lines.push(`${indent}while (${s.iterators.map((i) => `${i.pos} < ${showValue(i.end, k)}`).join(" && ")}) {  // merge ${s.iterators.map((i) => i.label).join(", ")}`);
          lines.push(`${indent}  ${s.coord} = min(${s.iterators.map((i) => showValue(i.coord, k)).join(", ")});`);
          s.cases.forEach((c, n) => {
            lines.push(`${indent}  ${n ? "else if" : "if"} (${c.requires.map((r) => `${showValue(s.iterators[r]!.coord, k)} == ${s.coord}`).join(" && ") || "true"}) {  // ${c.label}`);
            walk(c.body, `${indent}    `);
            lines.push(`${indent}  }`);
          });
          for (const i of s.iterators) lines.push(`${indent}  ${i.pos} += (${showValue(i.coord, k)} == ${s.coord});`);
          lines.push(`${indent}}`);
          break;
        case "if":
          lines.push(`${indent}if (${showValue(s.cond, k)}) {`);
          walk(s.then, `${indent}  `);
          lines.push(`${indent}}`);
          break;
        case "store":
          lines.push(`${indent}${k.buffers[s.buffer]!.name}[${showValue(s.index, k)}] ${s.accumulate ? "+=" : "="} ${showValue(s.value, k)};`);
          break;
        case "sort":
          lines.push(`${indent}sort(${k.buffers[s.buffer]!.name}[${showValue(s.from, k)} .. ${showValue(s.to, k)}]);`);
          break;
      }
    }
  };
  walk(k.body, "");
  return lines.join("\n");
}
