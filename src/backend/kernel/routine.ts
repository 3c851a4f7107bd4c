// Layer: src/backend/kernel. Routines: the operations that cannot be fused into a loop nest (one output element
// is not a function of a fixed set of input elements), described as plain data beside the kernel IR. Each
// device implements each routine once (CPU: a typed-array loop; WebGPU: a fixed WGSL shader). Operands are
// contiguous row-major buffers (the plan copies a strided input first), so a routine is a few numbers. One
// routine's code is generated rather than fixed: a sparse op's kernels (taco's loops, kernel/sparse), which a
// device compiles through its sparse part and runs as a step of the program like any other.
// Imports nothing from src/graph (devices read it); only the kernel IR's scalar types and the sparse IR.
import type { ScalarType } from "./ir.js";
import type { SparseKernel } from "./sparse/ir.js";

/**
 * Stable sort positions along one loop: out[…, i, …] = the position (int32) of the i-th smallest (largest when
 * `descending`) key of its row; NaN sorts after +Infinity ascending and before it descending. Input 0: the
 * keys, laid out like the output.
 */
export interface SortRoutine {
  readonly kind: "sort";
  readonly descending: boolean;
  readonly keyType: ScalarType;
  /** Elements per row (the sorted dim's size). */
  readonly n: number;
  /** Distance between neighbours of a row, in the keys and the output. */
  readonly stride: number;
  /** Elements in all. */
  readonly total: number;
}

/**
 * out = 0, then for every point p of the iteration space, out[Σ outStrides·p + axisStride·index[p]] += values[p].
 * Input 0: the values (f32, contiguous over `sizes`); input 1: the int32 indices, read at `indexStrides`
 * (0 along dims the index does not have). An index outside [0, limit) is an error naming `dim`, the index and
 * the position (row-major over the index's own dims) where it was read.
 */
export interface ScatterAddRoutine {
  readonly kind: "scatterAdd";
  /** The iteration space: the values' dims, outer first. */
  readonly sizes: readonly number[];
  readonly indexStrides: readonly number[];
  /** The output address of each iteration dim (0 for dims summed over). */
  readonly outStrides: readonly number[];
  /** The output's stride along the scattered dim. */
  readonly axisStride: number;
  /** The scattered dim's size and name. */
  readonly limit: number;
  readonly dim: string;
  /** Elements in the output. */
  readonly outLength: number;
}

/**
 * Generated sparse kernels run in order over one list of buffers: the kernels' bound buffers (level arrays,
 * values, dense operands; kernel/sparse/codegen.ts `sparseBuffers`) with the step's output at `output` and its
 * inputs, in order, at the other positions. Made by the sparse front end (sparse-realize.ts) as the primitive of
 * a graph node; `key` names the structure (the kernels' hashes and the output's position).
 */
export interface SparseRoutine {
  readonly kind: "sparse";
  readonly key: string;
  readonly kernels: readonly { readonly kernel: SparseKernel; readonly hash: string }[];
  readonly output: number;
  /** What it computes, for explain() and timings. */
  readonly title: string;
}

export type Routine = SortRoutine | ScatterAddRoutine | SparseRoutine;

/**
 * A sparse routine's buffers in the kernels' order: `out` at the routine's output position, the inputs around it.
 * @example sparseRoutineBuffers(r, out, [pos, idx, vals, x]) // [pos, idx, vals, x, out] when r.output is 4
 */
export function sparseRoutineBuffers<B>(r: SparseRoutine, out: B, inputs: readonly B[]): B[] {
  return [...inputs.slice(0, r.output), out, ...inputs.slice(r.output)];
}

/**
 * The routine in one line, as explain() and the debug dump show it.
 * @example showRoutine({ kind: "sort", descending: false, keyType: "f32", n: 8, stride: 1, total: 64 }) // "sort ascending: 8 keys per row, 8 rows"
 */
export function showRoutine(r: Routine): string {
  if (r.kind === "sparse") return `sparse kernel${r.kernels.length > 1 ? "s" : ""} for ${r.title}`;
  if (r.kind === "sort") return `sort ${r.descending ? "descending" : "ascending"}: ${r.n} keys per row, ${r.total / Math.max(1, r.n)} rows`;
  const points = r.sizes.reduce((a, b) => a * b, 1);
  return `scatter-add along "${r.dim}" (${r.limit}): ${points} values into ${r.outLength} elements`;
}
