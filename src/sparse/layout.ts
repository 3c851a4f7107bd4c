// Layer: src/sparse. The same sparse tensor under another layout, on the host: `asFormat` repacks its entries
// into another format (level order, level kinds), `transposeSparse` and `renameSparse` change the logical order
// and the names (the storage is shared). The sparse ops convert operands whose storage orders conflict through
// asFormat; the methods transpose and rename call the other two. Imports src/types, src/shape and this folder.
import { checkName, checkUnique, lookup, showDims } from "../shape/dims.js";
import { checkFormat } from "../shape/sparse.js";
import type { Shape } from "../types/dims.js";
import { ArgumentError, ShapeError, takesNot } from "../types/errors.js";
import type { CheckFormat, FormatSpec, GuardFormat } from "../types/sparse.js";
import { movedValues } from "./graph-form.js";
import { forEachEntry, pack, sortAndSum } from "./storage.js";
import { SparseTensor } from "./tensor.js";

/**
 * The same tensor stored in another format (a new level order or level kinds), repacked on the host.
 * @example asFormat(A, csc("row", "col")) // CSR to CSC
 */
export function asFormat<S extends Shape, const F extends FormatSpec>(t: SparseTensor<S>, format: GuardFormat<CheckFormat<S, F>, S, F>): SparseTensor<S> {
  if (!(t instanceof SparseTensor)) throw new ArgumentError(takesNot("asFormat", "a sparse tensor", t));
  const levels = checkFormat(t.shapeDims, format);
  // Values held as a tensor are moved in the graph, never read back (gradients still reach them): the pattern
  // repacked with each entry's position + 1 as its value (exact in float64), 0 where a dense level adds an entry.
  if (t.valuesTensor && !t.pending) {
    const n = t.valuesTensor.numel;
    if (n >= 2 ** 24) throw new ArgumentError(`a sparse tensor of ${n} entries whose values are held as a tensor cannot be converted to another format (past 2^24 entries): convert it before withValues`);
    const positions = asFormat(new SparseTensor<S>(t.shapeDims, { levels: t.levels, vals: Float32Array.from({ length: n }, (_, p) => p + 1) }), format);
    const from = Int32Array.from(positions.storage.vals, (p) => p - 1);
    return new SparseTensor<S>(t.shapeDims, { levels: positions.levels }, movedValues(t as never, from));
  }
  const from = t.storage.levels.map((l) => l.name);
  const n = t.nnz;
  const coords = levels.map(() => new Int32Array(n));
  const values = new Float64Array(n);
  let k = 0;
  forEachEntry(t.storage, (c, p) => {
    levels.forEach((l, d) => (coords[d]![k] = c[from.indexOf(l.name)]!));
    values[k++] = t.storage.vals[p]!;
  });
  const sorted = sortAndSum(coords, values);
  return new SparseTensor<S>(t.shapeDims, pack(levels, sorted.coords, sorted.values));
}

/**
 * asFormat for the library's own conversions (an operand converted to another's order, COO to CSF): private
 * dims may be named there, and keep their marks.
 * @example reformat(A.mask("row"), csc("row", "col")).format // [["col", "dense"], ["row", "compressed"]], row still private
 */
export function reformat<S extends Shape>(t: SparseTensor<S>, format: readonly (readonly [string, string])[]): SparseTensor<S> {
  if (!t.shapeDims.some((d) => d.masked)) return asFormat(t, format as never);
  const open = new SparseTensor<S>(t.shapeDims.map((d) => ({ ...d, masked: false })), t.storage);
  return new SparseTensor<S>(t.shapeDims, asFormat(open, format as never).storage);
}

/**
 * The same tensor with its dims in another logical order (printing, toDense, the result order of ops); the
 * storage and its format are unchanged. Every name exactly once.
 * @example transposeSparse(A, "col", "row").dims // ["col", "row"]
 */
export function transposeSparse<S extends Shape>(t: SparseTensor<S>, ...names: string[]): SparseTensor<Shape> {
  if (!(t instanceof SparseTensor)) throw new ArgumentError(takesNot("transposeSparse", "a sparse tensor", t));
  checkUnique(names.map(checkName));
  const dims = names.map((n) => lookup(t.shapeDims, n));
  if (dims.length !== t.shapeDims.length) throw new ShapeError(`transpose lists every name once: ${showDims(t.shapeDims)} has ${t.shapeDims.length}, ${names.length} given`);
  return t.relabel(dims);
}

/**
 * The same tensor with dims renamed in place (levels too).
 * @example renameSparse(A, { row: "i" }).dims // ["i", "col"]
 */
export function renameSparse<S extends Shape>(t: SparseTensor<S>, renames: Readonly<Record<string, string>>): SparseTensor<Shape> {
  if (!(t instanceof SparseTensor)) throw new ArgumentError(takesNot("renameSparse", "a sparse tensor", t));
  if (typeof renames !== "object" || renames === null) throw new ArgumentError(takesNot("rename", "an object such as { row: \"i\" }", renames));
  for (const old of Object.keys(renames)) lookup(t.shapeDims, old);
  const to = (n: string): string => checkName(renames[n] ?? n);
  const dims = t.shapeDims.map((d) => ({ ...d, name: to(d.name) }));
  checkUnique(dims.map((d) => d.name));
  return t.relabel(dims, t.levels.map((l) => ({ ...l, name: to(l.name) })));
}

