// Layer: src/sparse (beside src/ops: the same import rule). The user-facing sparse tensor: its named dims (in
// its type exactly like a dense tensor's, so every compile-time shape check reads them unchanged), a format
// (a level kind per dim, in storage order) and the storage (storage.ts). Made from a dense tensor
// (`sparse`) or from coordinates per name (`fromCoo`: unsorted, duplicates summed, every coordinate checked).
// Values are float32. Imports src/types, src/shape, src/graph, the engine's upload and the top layer.
import { releaseResident, uploadNode } from "../backend/engine.js";
import { type ShapeDim, checkShape, numel, showDims } from "../shape/dims.js";
import { type CheckedLevel, checkFormat } from "../shape/sparse.js";
import { type AnyTensor, Tensor, fromDims, wrap, tensorArg } from "../tensor.js";
import type { CheckShape, Plain, Shape, ShapeRecord } from "../types/dims.js";
import { ArgumentError, ShapeError, cooLength, cooMissing, cooNotCoordinate, cooOutOfRange, takesNot } from "../types/errors.js";
import type { FirstFail, Guard } from "../types/guard.js";
import type { CheckFormat, FormatSpec, GuardFormat, Level } from "../types/sparse.js";
import { formatName } from "./format.js";
import { graphDense } from "./graph-form.js";
import { installSparseElementwise } from "./elementwise.js";
import { installSparseMethods } from "./ops.js";
import { type SparseStorage, forEachEntry, pack, sortAndSum } from "./storage.js";

declare const sparseShape: unique symbol;

/**
 * @internal What a sparse op's uncomputed result knows: how to add its expression to another op's assignment
 * (`inline`, so chains fuse into one kernel), and how to compute itself — synchronously where the device reads
 * synchronously (the CPU), else asynchronously.
 */
export interface PendingSparse {
  readonly inline: (into: unknown) => unknown;
  /** Whether its expression sums over names (a contraction): folded only into products, never into a sum. */
  readonly reduces?: boolean;
  /** Its own output order where it is not its first operand's (a contraction's). */
  readonly order?: readonly string[];
  readonly computeSync: () => SparseStorage;
  readonly compute: () => Promise<SparseStorage>;
}

/** How many entries `toString` lists before "…". */
const SHOWN = 12;

/**
 * A sparse tensor: named dims `S` (as in `Tensor<S>`), a format giving each dim a level kind in storage order,
 * and float32 values at the stored coordinates.
 * @example
 * const A = fromCoo([["row", 3], ["col", 4]], { coords: { row: [0, 2, 2], col: [1, 0, 3] }, values: [5, 6, 7] }, csr("row", "col"));
 * A.nnz;            // 3
 * A.format;         // [["row", "dense"], ["col", "compressed"]]
 * A.toDense().toArray(); // [[0, 5, 0, 0], [0, 0, 0, 0], [6, 0, 0, 7]]
 */
export class SparseTensor<S extends Shape = Shape> {
  declare readonly [sparseShape]: S;
  /** @internal The dims in logical order. */
  readonly shapeDims: readonly ShapeDim[];
  #levels: SparseStorage["levels"];
  #vals: Float32Array | undefined;
  /** @internal The values as a tensor over one dim (set by `withValues`): what gradients flow to. */
  readonly valuesTensor: AnyTensor | undefined;

  /** @internal Sparse tensors are made by `sparse`, `fromCoo`, `fromMtx`, the sparse ops and `withValues`. */
  constructor(dims: readonly ShapeDim[], storage: { readonly levels: SparseStorage["levels"]; readonly vals?: Float32Array }, valuesTensor?: AnyTensor) {
    this.shapeDims = dims;
    this.#levels = storage.levels;
    this.#vals = storage.vals;
    this.valuesTensor = valuesTensor;
  }

  #pending: PendingSparse | undefined;
  /** @internal The uncomputed result this tensor was materialised from (explainSparse reads its derivation). */
  origin: SparseTensor<S> | undefined;

  /** @internal The levels and values (values given as a tensor are read on first use: CPU only). */
  get storage(): SparseStorage {
    this.#computeSync();
    this.#vals ??= this.valuesTensor!.dataSync() as Float32Array;
    return { levels: this.#levels, vals: this.#vals };
  }
  /** @internal The levels alone (no values read). */
  get levels(): SparseStorage["levels"] {
    this.#computeSync();
    return this.#levels;
  }
  /** @internal The expression of a result not computed yet: sparse ops fold it into their own kernel. */
  get pending(): PendingSparse | undefined {
    return this.#pending;
  }

  /** @internal A sparse op's result, computed when first read (or awaited): its expression can still fuse. */
  static lazy<S extends Shape>(dims: readonly ShapeDim[], pending: PendingSparse): SparseTensor<S> & PromiseLike<SparseTensor<S>> {
    const t = new SparseTensor<S>(dims, { levels: [] });
    t.#pending = pending;
    // Awaiting the result computes it (assembly reads counts back: asynchronous on WebGPU) and gives a computed tensor.
    const then: PromiseLike<SparseTensor<S>>["then"] = (done, failed) => t.materialize().then(done, failed);
    Object.defineProperty(t, "then", { value: then, enumerable: false });
    return t as SparseTensor<S> & PromiseLike<SparseTensor<S>>;
  }

  #adopt(storage: SparseStorage): void {
    this.#levels = storage.levels;
    this.#vals = storage.vals;
    this.#pending = undefined;
  }
  #computeSync(): void {
    if (this.#pending) this.#adopt(this.#pending.computeSync());
  }

  /**
   * Frees the device memory of this tensor's arrays now: the copies of its levels and values that kernels read
   * (on every device), which are otherwise freed when the garbage collector drops the arrays — a loop that makes
   * sparse tensors need not wait for it. The tensor stays usable: a later kernel copies its arrays again. A
   * result not computed yet holds nothing to free.
   * @example
   * const A = fromCoo([["row", 2], ["col", 2]], { coords: { row: [0, 1], col: [1, 0] }, values: [2, 3] }, csr("row", "col"));
   * const y = A.dot("col", tensor([1, 10], ["col"]));
   * y.toArray();    // [20, 3]
   * A.dispose();     // its arrays' device copies freed; A.dot(...) still works
   */
  dispose(): void {
    if (this.#pending) return;
    const arrays: (Int32Array | Float32Array)[] = this.#levels.flatMap((l) => [l.pos, l.idx].filter((a): a is Int32Array => a !== undefined));
    if (this.#vals) arrays.push(this.#vals);
    releaseResident(arrays);
  }

  /**
   * Computes a sparse op's result now, on any device (its sparse storage is assembled by kernels whose counts
   * are read back); a computed tensor is returned as it is. `await result` does the same.
   * @example const C = await A.add(B).materialize(); C.nnz
   */
  async materialize(): Promise<SparseTensor<S>> {
    if (this.#pending) this.#adopt(await this.#pending.compute());
    // values held as a tensor (a product with a dense tensor that carries gradients) are read here, on any device
    const vals = this.#vals ?? (this.valuesTensor ? ((await this.valuesTensor.data()) as Float32Array) : undefined);
    const computed = new SparseTensor<S>(this.shapeDims, { levels: this.#levels, vals }, this.valuesTensor);
    computed.origin = this;
    return computed;
  }

  /**
   * The stored values as a tensor over one dim, in storage order (what `withValues` replaces).
   * @example A.values.shape // { nnz: 3 }
   */
  get values(): Tensor<[["nnz", number]], "float32"> {
    if (this.valuesTensor) return this.valuesTensor as unknown as Tensor<[["nnz", number]], "float32">;
    return wrap(uploadNode(this.storage.vals, "float32", [{ name: "nnz", size: this.nnz }]));
  }

  /**
   * The same pattern with other values: a float32 tensor over one dim of length nnz, in storage order. Sparse
   * ops read them from the tensor, so gradients flow to it (grad of SpMM w.r.t. the values is an SDDMM; through
   * SpGEMM and add/sub/mul of two sparse tensors, to both operands' values: such a result is computed at once;
   * through mul with a dense tensor or a number, to the values and the dense operand).
   * @example const f = (v: Tensor<[["nnz", number]]>) => A.withValues(v).dot("col", x).sum("row"); grad(f)(A.values)
   */
  withValues(values: Tensor<[[string, number]], "float32">): SparseTensor<S> {
    const v = values as unknown as AnyTensor;
    if (!(v instanceof Tensor) || v.rank !== 1 || v.dtype !== "float32" || v.numel !== this.nnz)
      throw new ArgumentError(takesNot("withValues", `a float32 tensor over one dim of ${this.nnz} values`, v instanceof Tensor ? `${showDims(v.shapeDims)} ${v.dtype}` : v));
    return new SparseTensor<S>(this.shapeDims, { levels: this.#levels }, v);
  }

  /**
   * @internal The same values under other dims (and levels, for a rename): transpose, rename, mask and unmask
   * share the storage, and a values tensor stays the values (gradients still reach it; nothing is read back).
   */
  relabel(dims: readonly ShapeDim[], levels: SparseStorage["levels"] = this.levels): SparseTensor<Shape> {
    this.#computeSync();
    return new SparseTensor<Shape>(dims, { levels, vals: this.#vals }, this.valuesTensor);
  }

  /** The sizes by name. @example A.shape.row // 3 */
  get shape(): ShapeRecord<S> {
    return Object.freeze(Object.fromEntries(this.shapeDims.map((d) => [d.name, d.size]))) as ShapeRecord<S>;
  }
  /** The names in logical order. @example A.dims // ["row", "col"] */
  get dims(): string[] {
    return this.shapeDims.map((d) => d.name);
  }
  /** The element type (always float32). @example A.dtype // "float32" */
  get dtype(): "float32" {
    return "float32";
  }
  /** The format: each dim with its level kind, in storage order. @example A.format // [["row", "dense"], ["col", "compressed"]] */
  get format(): Level[] {
    return this.levels.map((l) => [l.name, l.kind] as const) as unknown as Level[];
  }
  /** The number of stored values (block formats store the zeros of a tile too). @example A.nnz // 3 */
  get nnz(): number {
    this.#computeSync();
    return this.#vals?.length ?? this.valuesTensor!.numel;
  }
  /** Stored values over all elements, in [0, 1] (0 for a tensor with no elements). @example A.density // 0.25 */
  get density(): number {
    const n = numel(this.shapeDims);
    return n === 0 ? 0 : this.nnz / n;
  }

  /**
   * The dense tensor with the same names, sizes and values (zeros where nothing is stored).
   * @example A.toDense().shape // { row: 3, col: 4 }
   */
  toDense(): Tensor<S, "float32"> {
    // Values held as a tensor (withValues, a unary map, a result whose gradients reach its operands' values) are
    // scattered where they are, on any device, and gradients reach them; never read back (even where a copy of
    // them was read: that copy is a constant).
    if (this.valuesTensor && !this.#pending) return graphDense(this as never) as unknown as Tensor<S, "float32">;
    const dims = this.shapeDims;
    const strides = logicalStrides(dims, this.storage.levels);
    const out = new Float32Array(numel(dims));
    forEachEntry(this.storage, (coords, p) => {
      let at = 0;
      for (let l = 0; l < coords.length; l++) at += coords[l]! * strides[l]!;
      out[at] = this.storage.vals[p]!;
    });
    // (private dims stay private: fromDims keeps their marks)
    return fromDims(uploadNode(out, "float32", dims.map((d) => ({ name: d.name, size: d.size }))), dims);
  }

  /**
   * The stored entries as coordinates per name (logical order) and values, in storage order.
   * @example A.entries() // { coords: { row: Int32Array [0, 2, 2], col: Int32Array [1, 0, 3] }, values: Float32Array [5, 6, 7] }
   */
  entries(): { coords: Record<string, Int32Array>; values: Float32Array } {
    const levels = this.storage.levels;
    const coords = levels.map(() => new Int32Array(this.nnz));
    const values = new Float32Array(this.nnz);
    let k = 0;
    forEachEntry(this.storage, (c, p) => {
      c.forEach((x, l) => (coords[l]![k] = x));
      values[k++] = this.storage.vals[p]!;
    });
    return { coords: Object.fromEntries(this.shapeDims.map((d) => [d.name, coords[levels.findIndex((l) => l.name === d.name)]!])), values };
  }

  /**
   * A readable print: dims, format, nnz and density, then the first entries by name.
   * @example String(A) // a header (SparseTensor { row: 3, col: 4 } float32 csr(row → col), nnz 3 (25%)) and a line per entry
   */
  toString(): string {
    const header = `SparseTensor ${showDims(this.shapeDims)} float32 ${formatName(this.format, this.dims)}, nnz ${this.nnz} (${percent(this.density)})`;
    const lines: string[] = [header];
    const levels = this.storage.levels;
    const order = this.shapeDims.map((d) => levels.findIndex((l) => l.name === d.name));
    forEachEntry(this.storage, (c, p) => {
      if (lines.length <= SHOWN) lines.push(`  (${this.shapeDims.map((d, i) => `${d.name} ${c[order[i]!]}`).join(", ")})  ${this.storage.vals[p]}`);
      else if (lines.length === SHOWN + 1) lines.push(`  … ${this.nnz - SHOWN} more`);
    });
    return lines.join("\n");
  }
}
installSparseMethods();
installSparseElementwise();

const percent = (x: number): string => `${Number((x * 100).toPrecision(3))}%`;

/** Per level (storage order), the row-major stride over the logical order of its dim. */
function logicalStrides(dims: readonly ShapeDim[], levels: readonly CheckedLevel[]): number[] {
  const strideOf = new Map<string, number>();
  let s = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    strideOf.set(dims[i]!.name, s);
    s *= dims[i]!.size;
  }
  return levels.map((l) => strideOf.get(l.name)!);
}

/**
 * A sparse tensor holding the non-zero values of a dense one, in `format` (csr/csc/dcsr/coo/csf/bcsr or any
 * list of [name, level kind]); reads the values, so it is async on every device.
 * @example const A = await sparse(tensor([[0, 2], [3, 0]], ["row", "col"]), csr("row", "col")); // nnz 2
 */
export async function sparse<S extends Shape, const F extends FormatSpec>(t: Tensor<S, "float32">, format: GuardFormat<CheckFormat<S, F>, S, F>): Promise<SparseTensor<S>> {
  tensorArg("sparse", t, "a float32 tensor");
  const x = t as unknown as AnyTensor;
  if (x.dtype !== "float32") throw new ArgumentError(takesNot("sparse", "a float32 tensor", `a ${x.dtype} tensor`));
  const dims = x.shapeDims;
  const levels = checkFormat(dims, format);
  const values = (await x.data()) as Float32Array;
  const sizes = dims.map((d) => d.size);
  const logical = levels.map((l) => dims.findIndex((d) => d.name === l.name));
  let count = 0;
  for (const v of values) if (v !== 0) count++;
  const coords = levels.map(() => new Int32Array(count));
  const nonzero = new Float64Array(count);
  const at = new Int32Array(sizes.length);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i] !== 0) {
      logical.forEach((d, l) => (coords[l]![k] = at[d]!));
      nonzero[k++] = values[i]!;
    }
    for (let d = sizes.length - 1; d >= 0; d--) {
      if (++at[d]! < sizes[d]!) break;
      at[d] = 0;
    }
  }
  // Row-major order over the logical dims is already sorted when the storage order is the logical one.
  const sorted = logical.every((d, l) => d === l) ? { coords, values: nonzero } : sortAndSum(coords, nonzero);
  return new SparseTensor<S>(dims, pack(levels, sorted.coords, sorted.values));
}

/** Coordinates per name and one value per entry: `{ coords: { row: [...], col: [...] }, values: [...] }`. */
export interface CooData<Names extends string> {
  readonly coords: { readonly [N in Names]: ArrayLike<number> };
  readonly values: ArrayLike<number>;
}

/**
 * A sparse tensor from coordinate lists (COO): one coordinate per name for each value, in any order;
 * duplicate coordinates are summed. A coordinate outside its dim, a non-integer, or lists of different
 * lengths are a `ShapeError` naming the dim, its size and the entry.
 * @example
 * const A = fromCoo([["row", 2], ["col", 3]], { coords: { row: [1, 0, 1], col: [2, 0, 2] }, values: [1, 2, 3] }, csr("row", "col"));
 * A.toDense().toArray(); // [[2, 0, 0], [0, 0, 4]]
 */
export function fromCoo<const Spec extends readonly (readonly [string, number])[], const F extends FormatSpec>(
  shape: Guard<CheckShape<Spec>, Spec>,
  data: CooData<Spec[number][0]>,
  format: GuardFormat<FirstFail<[CheckShape<Spec>, CheckFormat<Plain<Spec>, F>]>, Plain<Spec>, F>,
): SparseTensor<Plain<Spec>> {
  const dims = checkShape(shape);
  const levels = checkFormat(dims, format);
  if (typeof data !== "object" || data === null || typeof data.coords !== "object" || data.coords === null)
    throw new ArgumentError(takesNot("fromCoo", "{ coords: { name: [...] }, values: [...] }", data));
  const values = data.values;
  if (values === null || typeof values !== "object" || typeof values.length !== "number") throw new ArgumentError(takesNot("fromCoo", "values as an array of numbers", values));
  const n = values.length;
  const given = data.coords as Record<string, ArrayLike<number> | undefined>;
  const coords = levels.map((level) => {
    const list = given[level.name];
    if (list === undefined || list === null || typeof list.length !== "number") throw new ShapeError(cooMissing(level.name, showDims(dims)));
    if (list.length !== n) throw new ShapeError(cooLength(level.name, list.length, n));
    const out = new Int32Array(n);
    for (let e = 0; e < n; e++) {
      const c = list[e] as unknown;
      if (typeof c !== "number" || !Number.isInteger(c)) throw new ShapeError(cooNotCoordinate(level.name, e, String(c)));
      if (c < 0 || c >= level.size) throw new ShapeError(cooOutOfRange(level.name, level.size, e, String(c)));
      out[e] = c;
    }
    return out;
  });
  const sorted = sortAndSum(coords, values);
  return new SparseTensor<Plain<Spec>>(dims, pack(levels, sorted.coords, sorted.values));
}

/** @internal A sparse tensor over given storage (the file readers and the sparse kernels build them). */
export const sparseFromStorage = <S extends Shape>(dims: readonly ShapeDim[], storage: SparseStorage): SparseTensor<S> => new SparseTensor<S>(dims, storage);
