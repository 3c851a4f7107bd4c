// Layer: src/sparse. Sparse ops with dense operands built from graph primitives over the stored entries (the
// COO view: a coordinate per dim and a value per entry): a dense operand is read at the entries (gather, pushed
// through lazy sums, products and maps as the sparse kernels' joins are, so S ⊙ (U·V) gathers rows of U and
// columns of V: O(nnz·K), never the dense product), the product with the values is summed back into the
// result's dims (scatter-add), and a sparse result keeps the pattern with its values as a graph node. Used,
// outside a trace, where gradients must flow through a sparse product with a dense tensor (autodiff differentiates gather and
// scatter-add: dX of A ⊙ X is the scatter of dC ⊙ A at A's entries, dvalues the gathered dC ⊙ X), and where
// the generated sparse kernels cannot serve a graph: over placeholders not fed yet outside a trace (a graph
// built for export) and on a device without sparse kernels or that interprets the graph. Inside a traced
// function on the CPU and WebGPU the kernels themselves are a step of the program (`kernelsInTrace`: a sparse
// node, src/backend/sparse-realize.ts). Imports src/graph, the engine, src/state (kinds, tracing) and the top
// layer.
import { getDefaultDevice, uploadNode } from "../backend/engine.js";
import { binaryNode, fillNode, gatherNode, reduceNode, scatterAddNode, unaryNode } from "../graph/build.js";
import type { Node, NodeDim } from "../graph/node.js";
import type { ShapeDim } from "../shape/dims.js";
import { nodeKind, unfedUnder } from "../state/kinds.js";
import { tracingNow } from "../state/trace.js";
import { type AnyTensor, fromDims, wrap } from "../tensor.js";
import { ArgumentError, StateError } from "../types/errors.js";
import { checkFormat } from "../shape/sparse.js";
import { forEachEntry, pack, sortAndSum } from "./storage.js";
import type { SparseTensor } from "./tensor.js";

/** The entries of a sparse tensor as graph nodes: the entry dim, a coordinate node per dim, the values. */
interface Entries {
  readonly e: NodeDim;
  readonly coords: ReadonlyMap<string, Node>;
  readonly host: ReadonlyMap<string, Int32Array>;
  readonly sizes: ReadonlyMap<string, number>;
  readonly values: Node;
  readonly taken: Set<string>;
}

/** Host coordinates per level (indexed by value position), kept per pattern (its levels array). */
const hostCoords = new WeakMap<object, Int32Array[]>();

/** A name not among `taken` (which it joins). */
function fresh(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/** A dense operand as the kernels take it: float32, no private dims. */
function checkOperand(x: AnyTensor, what: string): AnyTensor {
  if (x.dtype !== "float32") throw new ArgumentError(`a sparse op takes float32 operands, not ${x.dtype === "int32" ? "an int32" : "a bool"} tensor (cast it first)`);
  if (x.masked.size) throw new ArgumentError(`${what} of a sparse tensor cannot take private (masked) dims: unmask them first`);
  return x;
}

function entriesOf(t: SparseTensor<never>, what: string, names: Iterable<string>): Entries {
  const levels = t.levels;
  const dims = t.shapeDims;
  if (levels.length !== dims.length || !levels.every((l) => dims.some((d) => d.name === l.name)))
    throw new ArgumentError(`${what} of a block-format sparse tensor cannot be built from its entries (inside a traced function, or with gradients to a dense operand): convert it with asFormat to csr, csc, coo or csf first`);
  const nnz = t.valuesTensor ? t.valuesTensor.numel : t.storage.vals.length;
  let coords = hostCoords.get(levels);
  if (!coords) {
    const c = levels.map(() => new Int32Array(nnz));
    forEachEntry({ levels, vals: new Float32Array(0) }, (at, p) => at.forEach((x, l) => (c[l]![p] = x)));
    hostCoords.set(levels, (coords = c));
  }
  const taken = new Set([...dims.map((d) => d.name), ...names]);
  const e = { name: fresh("nnz", taken), size: nnz };
  const host = new Map(levels.map((l, n) => [l.name, coords[n]!]));
  const values = t.valuesTensor ? renamed(t.valuesTensor.node, e.name) : uploadNode(t.storage.vals, "float32", [e]);
  return {
    e,
    host,
    coords: new Map([...host].map(([name, c]) => [name, uploadNode(c, "int32", [e])])),
    sizes: new Map(dims.map((d) => [d.name, d.size])),
    values,
    taken,
  };
}

/** A one-dim node with its dim renamed. */
const renamed = (n: Node, name: string): Node => (n.dims[0]!.name === name ? n : (wrap(n) as AnyTensor).rename({ [n.dims[0]!.name]: name } as never).node as Node);

/** The row-major position of each entry over `names` (an int32 node over the entry dim) and the product of their sizes. */
function flatIndex(E: Entries, names: readonly string[]): { index: Node; size: number } {
  const size = names.reduce((n, d) => n * E.sizes.get(d)!, 1);
  if (size > 2 ** 31 - 1) throw new ArgumentError(`the sparse op's dims ${names.join(", ")} span ${size} points, past 2^31 - 1: use a sparse result (a sparse operand) or a smaller tensor`);
  const flat = new Int32Array(E.e.size);
  for (let p = 0; p < flat.length; p++) {
    let at = 0;
    for (const d of names) at = at * E.sizes.get(d)! + E.host.get(d)![p]!;
    flat[p] = at;
  }
  return { index: uploadNode(flat, "int32", [E.e]), size };
}

/** `dims` with the sparse dims replaced by the entry dim (where the first one stood). */
function atEntries(dims: readonly NodeDim[], E: Entries): NodeDim[] {
  const out: NodeDim[] = [];
  for (const d of dims) {
    if (!E.coords.has(d.name)) out.push(d);
    else if (!out.includes(E.e)) out.push(E.e);
  }
  return out;
}

/**
 * `x` read at the entries (its sparse dims become the entry dim): where there are fewer entries than points of
 * those dims (SDDMM's U·V over [row, col]), lazy sums over other dims, elementwise functions and products are
 * rebuilt over the gathered leaves, so only the entries' points are computed; with more entries than points (a
 * graph layer's X·W read at its nnz neighbours) x is computed once and read at the entries.
 */
function gatherAt(x: Node, E: Entries): Node {
  const hit = x.dims.filter((d) => E.coords.has(d.name)).map((d) => d.name);
  if (!hit.length) return x;
  const dims = atEntries(x.dims, E);
  // (no entries: nothing to read; a gather by an empty index into a dim of size 0 would still check index 0)
  if (E.e.size === 0) return fillNode(0, x.dtype, dims);
  const points = x.dims.reduce((n, d) => (E.coords.has(d.name) ? n * d.size : n), 1);
  if (!x.storage && E.e.size < points) {
    const op = x.op;
    if (op.kind === "reduce" && op.fn === "sum" && op.dims.every((d) => !E.coords.has(d))) return reduceNode("sum", gatherAt(x.inputs[0]!, E), op.dims);
    if (op.kind === "binary" && x.inputs.every((i) => i.dtype === "float32")) return binaryNode(op.fn, gatherAt(x.inputs[0]!, E), gatherAt(x.inputs[1]!, E), dims, x.dtype);
    if (op.kind === "unary" && x.inputs[0]!.dtype === x.dtype) return unaryNode(op.fn, gatherAt(x.inputs[0]!, E), x.dtype);
  }
  if (hit.length === 1) return gatherNode(x, hit[0]!, E.coords.get(hit[0]!)!, dims);
  const flat = fresh("flat", E.taken);
  const stacked = (wrap(x) as AnyTensor).stack({ [flat]: hit } as never).node as Node;
  return gatherNode(stacked, flat, flatIndex(E, hit).index, stacked.dims.map((d) => (d.name === flat ? E.e : d)));
}

/** `p` (over the entry dim and others) summed into `out`: the entries added at their coordinates of `out`'s sparse dims. */
function scatterTo(p: Node, E: Entries, out: readonly NodeDim[]): Node {
  // (no entries: zeros; its gradient, a gather by an empty index into a dim of size 0, would still check index 0)
  if (E.e.size === 0) return fillNode(0, p.dtype, out);
  const keep = out.filter((d) => E.coords.has(d.name)).map((d) => d.name);
  const extra = p.dims.filter((d) => d.name !== E.e.name && !out.some((o) => o.name === d.name)).map((d) => d.name);
  const x = reduceNode("sum", p, extra);
  const others = x.dims.filter((d) => d.name !== E.e.name);
  let r: Node;
  if (!keep.length) r = reduceNode("sum", x, [E.e.name]);
  else if (keep.length === 1) r = scatterAddNode(x, keep[0]!, E.coords.get(keep[0]!)!, [{ name: keep[0]!, size: E.sizes.get(keep[0]!)! }, ...others]);
  else {
    const flat = fresh("flat", E.taken);
    const { index, size } = flatIndex(E, keep);
    const scattered = scatterAddNode(x, flat, index, [{ name: flat, size }, ...others]);
    r = (wrap(scattered) as AnyTensor).split(flat, keep.map((k) => [k, E.sizes.get(k)!]) as never).node as Node;
  }
  const names = out.map((d) => d.name);
  return r.dims.every((d, i) => d.name === names[i]) ? r : ((wrap(r) as AnyTensor).transpose(...(names as never[])).node as Node);
}

/**
 * Whether a sparse op must be built from graph primitives: inside a traced function, or over a tensor computed
 * from a placeholder not fed yet (the kernels would need its values now).
 * @example symbolic(A, x) // true inside trace(fn) or opt.trace(loss)
 */
export function symbolic(t: SparseTensor<never>, other?: unknown): boolean {
  if (tracingNow()) return true;
  const nodes = [...(t.valuesTensor ? [t.valuesTensor.node] : []), ...(other && typeof other === "object" && "node" in other ? [(other as AnyTensor).node] : [])];
  return nodes.length > 0 && unfedUnder(nodes) !== undefined;
}

/**
 * Whether a sparse op runs as a node of generated sparse kernels (a step of the traced program) rather than its
 * graph form: inside a traced function, on a default device that has sparse kernels and compiles the graph (the
 * float64 reference interpreter, and a graph over unfed placeholders built for export, keep the graph form).
 * @example kernelsInTrace() // true inside opt.trace(loss) on the CPU or WebGPU
 */
export function kernelsInTrace(): boolean {
  if (!tracingNow()) return false;
  const device = getDefaultDevice();
  return device.sparse !== undefined && !device.interpretsGraph;
}

/**
 * Whether gradients may flow to `x` through a sparse op: it reads a variable, persistent state or placeholder,
 * or a value that keeps its inputs (an argument of grad, a value computed while differentiating). A tensor
 * uploaded or computed plainly (its inputs let go) is a constant.
 * @example mayNeedGradient(W.node) // true for a variable; false for tensor([...])
 */
export function mayNeedGradient(x: Node): boolean {
  const seen = new Set<Node>();
  const todo = [x];
  for (let n = todo.pop(); n; n = todo.pop()) {
    if (seen.has(n)) continue;
    seen.add(n);
    const kind = nodeKind(n);
    if (kind === "variable" || kind === "persistent" || kind === "placeholder") return true;
    if (n.storage && n.inputs.length) return true;
    todo.push(...n.inputs);
  }
  return false;
}

/** The refusal for ops between sparse tensors whose values are graph values inside a traced function. * @example throw cannotTrace("the sparse add")
 */
export function cannotTrace(what: string): StateError {
  return new StateError(`${what} between sparse tensors whose values carry gradients (withValues, or a sparse product with a dense tensor) cannot run inside a traced function: its pattern is assembled when called. Compute it outside the traced function (opt.step, valueAndGrad), or keep one operand dense`);
}

/** Σ_(names) t · other (a dense operand) as a graph: the dense result of `dims`. * @example graphDot(A, x, [{ name: "row", size: 3, masked: false }], "the sparse product dot") // Σ_col A(row,col) x(col) as gather, mul, scatter-add
 */
export function graphDot(t: SparseTensor<never>, other: AnyTensor, dims: readonly ShapeDim[], what: string): AnyTensor {
  checkOperand(other, what);
  const E = entriesOf(t, what, [...other.dims, ...dims.map((d) => d.name)]);
  const x = gatherAt(other.node, E);
  const union = [...atEntries(other.node.dims, E)];
  if (!union.includes(E.e)) union.push(E.e);
  const p = binaryNode("mul", E.values, x, union, "float32");
  return fromDims(scatterTo(p, E, dims.map((d) => ({ name: d.name, size: d.size }))), dims) as AnyTensor;
}

/** t summed into `kept` as a graph (a dense result). * @example graphSum(A, [{ name: "row", size: 3, masked: false }], "the sparse sum") // row sums, a scatter-add
 */
export function graphSum(t: SparseTensor<never>, kept: readonly ShapeDim[], what: string): AnyTensor {
  const E = entriesOf(t, what, []);
  return fromDims(scatterTo(E.values, E, kept.map((d) => ({ name: d.name, size: d.size }))), kept) as AnyTensor;
}

/**
 * t as a dense tensor built in the graph: its values scattered at their coordinates, on any device, gradients
 * reaching a values tensor (toDense of values held as a tensor).
 * @example graphDense(A.withValues(v)) // dense A; d/dv is the gradient at the entries
 */
export function graphDense(t: SparseTensor<never>): AnyTensor {
  const E = entriesOf(t, "toDense", []);
  return fromDims(scatterTo(E.values, E, t.shapeDims.map((d) => ({ name: d.name, size: d.size }))), t.shapeDims) as AnyTensor;
}

/** t ± other (dense) as a graph: the dense result of `dims`. * @example graphUnion(A, x, A.shapeDims, "add", "the sparse add") // A + x, dense
 */
export function graphUnion(t: SparseTensor<never>, other: AnyTensor, dims: readonly ShapeDim[], fn: "add" | "sub", what: string): AnyTensor {
  checkOperand(other, what);
  const E = entriesOf(t, what, other.dims);
  const a = wrap(scatterTo(E.values, E, t.shapeDims.map((d) => ({ name: d.name, size: d.size })))) as AnyTensor;
  const r = (a[fn] as (o: unknown) => AnyTensor)(other);
  const names = dims.map((d) => d.name);
  const ordered = r.dims.every((d, i) => d === names[i]) ? r : (r.transpose(...(names as never[])) as unknown as AnyTensor);
  return fromDims(ordered.node, dims) as AnyTensor;
}

/** The values of t ⊙ other (dense, its dims among t's, or a number) in t's pattern, as a node over t's entries. * @example A.withValues(graphMulValues(A, X, "the sparse product mul")) // A ⊙ X in A's pattern, gradients to X and A's values
 */
export function graphMulValues(t: SparseTensor<never>, other: AnyTensor | number, what: string): AnyTensor {
  if (typeof other === "number") return (wrap(entriesOf(t, what, []).values) as AnyTensor).mul(other as never) as unknown as AnyTensor;
  checkOperand(other, what);
  const E = entriesOf(t, what, other.dims);
  return wrap(binaryNode("mul", E.values, gatherAt(other.node, E), [E.e], "float32")) as AnyTensor;
}

/** Each entry's row-major position over `dims` (the logical order of the result), from its per-level coordinates. */
function keysOf(t: SparseTensor<never>, dims: readonly ShapeDim[]): Float64Array {
  const levels = t.levels;
  const nnz = t.valuesTensor ? t.valuesTensor.numel : t.storage.vals.length;
  const keys = new Float64Array(nnz);
  const at = levels.map((l) => dims.findIndex((d) => d.name === l.name));
  const strides = dims.map((_, i) => dims.slice(i + 1).reduce((n, d) => n * d.size, 1));
  forEachEntry({ levels, vals: new Float32Array(0) }, (c, p) => {
    let k = 0;
    c.forEach((x, l) => (k += x * strides[at[l]!]!));
    keys[p] = k;
  });
  return keys;
}

/** The inverse of a permutation. */
const invert = (p: Int32Array): Int32Array => {
  const out = new Int32Array(p.length);
  p.forEach((x, i) => (out[x] = i));
  return out;
};

/**
 * t ⊙ other (intersection) or t ± other (union) of two sparse tensors with the same dims, as a sparse tensor in
 * t's format whose values are a graph node (each operand's values gathered, or scatter-added, at the result's
 * entries): the pattern is assembled on the host from the patterns now, the values are recomputed by replays.
 * @example graphMerge(A.withValues(v), R, "sub", "the sparse sub") // A − R in A's format, gradients to v
 */
export function graphMerge(t: SparseTensor<never>, other: SparseTensor<never>, fn: "mul" | "add" | "sub", what: string): { levels: SparseTensor<never>["levels"]; values: AnyTensor } {
  const dims = t.shapeDims;
  if (other.shapeDims.length !== dims.length || t.levels.length !== dims.length || other.levels.length !== dims.length) throw cannotTrace(what);
  const [ka, kb] = [keysOf(t, dims), keysOf(other, dims)];
  const inB = new Map<number, number>();
  kb.forEach((k, p) => inB.set(k, p));
  const kept = fn === "mul" ? [...new Set(Array.from(ka).filter((k) => inB.has(k)))] : [...new Set([...ka, ...kb])];
  // the result's coordinates per level of t, packed (sorted) in t's format
  const strides = dims.map((_, i) => dims.slice(i + 1).reduce((n, d) => n * d.size, 1));
  const order = t.levels.map((l) => dims.findIndex((d) => d.name === l.name));
  const coords = order.map((d) => Int32Array.from(kept, (k) => Math.floor(k / strides[d]!) % dims[d]!.size));
  const sorted = sortAndSum(coords, new Float64Array(kept.length));
  const open = dims.map((d) => (d.masked ? { ...d, masked: false } : d));
  const packed = pack(checkFormat(open, t.levels.map((l) => [l.name, l.kind])), sorted.coords, sorted.values);
  const atC = new Map<number, number>();
  const levelStrides = order.map((d) => strides[d]!);
  forEachEntry(packed, (c, p) => {
    let k = 0;
    c.forEach((x, l) => (k += x * levelStrides[l]!));
    atC.set(k, p);
  });
  const taken = new Set<string>();
  const A = entriesOf(t, what, taken);
  const B = entriesOf(other, what, [A.e.name]);
  const eC: NodeDim = { name: fresh("nnz", new Set([A.e.name, B.e.name, ...dims.map((d) => d.name)])), size: packed.vals.length };
  const index = (values: Int32Array, dim: NodeDim): Node => uploadNode(values, "int32", [dim]);
  let values: Node;
  if (eC.size === 0) values = fillNode(0, "float32", [eC]); // (nothing stored: no index to read)
  else if (fn === "mul") {
    // the products at the shared coordinates, scattered into the result's entries: a format with dense levels
    // stores more entries than both share (those hold 0)
    const inA = new Map<number, number>();
    ka.forEach((k, p) => inA.set(k, p));
    const eK: NodeDim = { name: fresh("nnz", new Set([A.e.name, B.e.name, eC.name, ...dims.map((d) => d.name)])), size: kept.length };
    const [ia, ib, ic] = [Int32Array.from(kept, (k) => inA.get(k)!), Int32Array.from(kept, (k) => inB.get(k)!), Int32Array.from(kept, (k) => atC.get(k)!)];
    const products = binaryNode("mul", gatherNode(A.values, A.e.name, index(ia, eK), [eK]), gatherNode(B.values, B.e.name, index(ib, eK), [eK]), [eK], "float32");
    values = kept.length === eC.size ? gatherNode(products, eK.name, index(invert(ic), eC), [eC]) : kept.length ? scatterAddNode(products, eC.name, index(ic, eK), [eC]) : fillNode(0, "float32", [eC]);
  } else {
    const toC = (keys: Float64Array, E: Entries): Node => scatterAddNode(E.values, eC.name, index(Int32Array.from(keys, (k) => atC.get(k)!), E.e), [eC]);
    values = binaryNode(fn, toC(ka, A), toC(kb, B), [eC], "float32");
  }
  return { levels: packed.levels, values: wrap(renamed(values, "nnz")) as AnyTensor };
}

/**
 * t's values tensor (a graph node) read in another order of its entries: `order[p]` is the position in t of the
 * p-th entry. A gather in the graph, so gradients reach t's values and nothing is read (inside a traced function,
 * where they have no values yet, a format conversion moves the values this way).
 * @example gatheredValues(dC, order) // dC's values in dense…compressed order, for a sampled product's factor
 */
export function gatheredValues(t: SparseTensor<never>, order: Int32Array): AnyTensor {
  const values = t.valuesTensor!.node;
  const dim = values.dims[0]!;
  const to: NodeDim = { name: dim.name === "nnz" ? "nnz2" : "nnz", size: order.length };
  return wrap(renamed(gatherNode(values, dim.name, uploadNode(order, "int32", [to]), [to]), dim.name)) as AnyTensor;
}

/**
 * t's values tensor moved to another format's entries: `from[q]` is the position in t of the new q-th entry, or
 * -1 where the new format stores an entry t has not (a dense level's zeros). A gather (or, with such entries, a
 * scatter of t's values to their new positions) in the graph: nothing is read back, gradients reach t's values.
 * @example movedValues(A.withValues(v), Int32Array.from([1, 0, -1])) // [v1, v0, 0]
 */
export function movedValues(t: SparseTensor<never>, from: Int32Array): AnyTensor {
  const values = t.valuesTensor!.node;
  const dim = values.dims[0]!;
  const to: NodeDim = { name: dim.name === "nnz" ? "nnz2" : "nnz", size: from.length };
  // (no values to move: zeros; an empty index into a dim of size 0 would still be checked)
  if (dim.size === 0) return wrap(renamed(fillNode(0, "float32", [to]), dim.name)) as AnyTensor;
  if (from.every((p) => p >= 0)) return gatheredValues(t, from);
  const at = new Int32Array(dim.size);
  from.forEach((p, q) => p >= 0 && (at[p] = q));
  return wrap(renamed(scatterAddNode(values, to.name, uploadNode(at, "int32", [dim]), [to]), dim.name)) as AnyTensor;
}
