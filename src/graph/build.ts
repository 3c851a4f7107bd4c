// Layer: src/graph. Constructors for graph nodes, one per primitive. They assert internal invariants (names
// match, sizes agree) with plain Errors: user-facing checks and their sentences belong to src/shape, which
// runs before these. Views compose here: a view of a lazy view becomes one view of the base, and an affine
// view of a materialised node becomes a new storage over the same buffer (no copy). Imports only src/graph.
import { type IndexExpr, idxAdd, idxConst, idxMul, idxVar, substitute, toAffine } from "./index-expr.js";
import {
  type BinaryFn,
  type DType,
  type NodeDim,
  Node,
  type ReduceFn,
  type Storage,
  type UnaryFn,
  type ViewBound,
  type ViewMap,
} from "./node.js";
import { InternalError } from "../types/errors.js";

function assert(ok: boolean, what: string): asserts ok {
  if (!ok) throw new InternalError(`internal graph invariant: ${what}`);
}

/** Checks that every dim of `input` is a dim of `out` with the same size (index notation reads by name). */
function assertSubset(input: Node, out: readonly NodeDim[]): void {
  for (const d of input.dims) {
    const o = out.find((x) => x.name === d.name);
    assert(o !== undefined && o.size === d.size, `${d.name} of node ${input.id} is not in the output dims`);
  }
}

/** A materialised value. */
export const sourceNode = (dtype: DType, dims: readonly NodeDim[], storage: Storage): Node =>
  new Node({ kind: "source" }, [], dtype, dims, storage);

/** A constant broadcast over `dims` (`[]` for a scalar). */
export const fillNode = (value: number, dtype: DType, dims: readonly NodeDim[] = []): Node =>
  new Node({ kind: "fill", value }, [], dtype, dims);

/** The index along `dim`, over `dims`. */
export function iotaNode(dim: string, dims: readonly NodeDim[], dtype: DType): Node {
  assert(
    dims.some((d) => d.name === dim),
    `iota over absent ${dim}`,
  );
  return new Node({ kind: "iota", dim }, [], dtype, dims);
}

/** Uniform [0, 1) float32 values from a counter-based generator keyed by (seed, stream, row-major index). */
export const randomNode = (seed: number, stream: number, dims: readonly NodeDim[]): Node =>
  new Node({ kind: "random", seed: seed >>> 0, stream: stream >>> 0 }, [], "float32", dims);

export const unaryNode = (fn: UnaryFn, x: Node, dtype: DType = x.dtype): Node => new Node({ kind: "unary", fn }, [x], dtype, x.dims);

/** An elementwise binary op; each operand is read by name, so it may have any subset of `dims`. */
export function binaryNode(fn: BinaryFn, a: Node, b: Node, dims: readonly NodeDim[], dtype: DType): Node {
  assertSubset(a, dims);
  assertSubset(b, dims);
  return new Node({ kind: "binary", fn }, [a, b], dtype, dims);
}

/** `cond ? a : b`, elementwise and read by name. */
export function whereNode(cond: Node, a: Node, b: Node, dims: readonly NodeDim[]): Node {
  assert(cond.dtype === "bool" && a.dtype === b.dtype, "where operand types");
  for (const x of [cond, a, b]) assertSubset(x, dims);
  return new Node({ kind: "where" }, [cond, a, b], a.dtype, dims);
}

export const castNode = (x: Node, dtype: DType): Node => (x.dtype === dtype ? x : new Node({ kind: "cast" }, [x], dtype, x.dims));

/** Reduces the named dims away; the other dims keep their order. */
export function reduceNode(fn: ReduceFn, x: Node, names: readonly string[]): Node {
  for (const n of names)
    assert(
      x.dims.some((d) => d.name === n),
      `reduce over absent ${n}`,
    );
  if (names.length === 0) return x;
  return new Node(
    { kind: "reduce", fn, dims: [...names] },
    [x],
    x.dtype,
    x.dims.filter((d) => !names.includes(d.name)),
  );
}

/**
 * A view of `x` with dims `dims`, reading x's dim `n` at `map.index[n]`. Views of views compose into one;
 * an affine view of a materialised node without bounds shares its buffer under new strides. With `copy`
 * the view is always a node of its own, so materialising it writes a new contiguous buffer.
 */
/** Views made with `copy`: a later view reads them as they are instead of composing with their map. */
const copies = new WeakSet<Node>();
/** Whether `n` is a view made with `copy` (a value the caller wants written out as it is, e.g. padded). @example isCopy(x.contiguous().node) // true */
export const isCopy = (n: Node): boolean => copies.has(n);

export function viewNode(x: Node, dims: readonly NodeDim[], map: ViewMap, options: { readonly copy?: boolean } = {}): Node {
  for (const d of x.dims) assert(map.index[d.name] !== undefined, `view does not index ${d.name}`);
  // A copy: a kernel that reads x through the map and writes a new, contiguous buffer.
  if (options.copy) {
    const copy = new Node({ kind: "view", map }, [x], x.dtype, dims);
    copies.add(copy);
    return copy;
  }
  if (x.op.kind === "view" && !x.storage && !copies.has(x)) {
    const inner = x.op.map;
    const env = new Map(Object.entries(map.index));
    const index: Record<string, IndexExpr> = {};
    for (const [name, e] of Object.entries(inner.index)) index[name] = substitute(e, env);
    const bounds: ViewBound[] = [...inner.bounds.map((b) => ({ ...b, expr: substitute(b.expr, env) })), ...map.bounds];
    // Two pads with different fills cannot merge; keep them apart.
    if (inner.bounds.length === 0 || map.bounds.length === 0 || inner.fill === map.fill) {
      return viewNode(x.inputs[0]!, dims, { index, bounds, fill: inner.bounds.length ? inner.fill : map.fill });
    }
  }
  if (x.storage && map.bounds.length === 0) {
    const folded = foldIntoStorage(x, dims, map);
    // Already materialised (same buffer, new strides), but still a view of x: autodiff and variablesOf follow it.
    if (folded) return new Node({ kind: "view", map }, [x], x.dtype, dims, folded);
  }
  if (isIdentity(x, dims, map)) return x;
  return new Node({ kind: "view", map }, [x], x.dtype, dims);
}

function isIdentity(x: Node, dims: readonly NodeDim[], map: ViewMap): boolean {
  if (map.bounds.length || dims.length !== x.dims.length) return false;
  return x.dims.every((d, i) => {
    const e = map.index[d.name]!;
    return dims[i]!.name === d.name && dims[i]!.size === d.size && e.op === "var" && e.name === d.name;
  });
}

function foldIntoStorage(x: Node, dims: readonly NodeDim[], map: ViewMap): Storage | undefined {
  const s = x.storage!;
  // The whole address Σ stride·index, folded at once: a stack of dims adjacent in memory reads
  // (m div B)·B·c + (m mod B)·c, which is affine only as a sum.
  let address: IndexExpr = idxConst(s.offset);
  x.dims.forEach((d, i) => (address = idxAdd(address, idxMul(map.index[d.name]!, s.strides[i]!))));
  const affine = toAffine(address);
  if (!affine) return undefined;
  const strides = dims.map((d) => affine.coeffs.get(d.name) ?? 0);
  for (const v of affine.coeffs.keys()) assert(dims.some((d) => d.name === v), `view index reads unknown ${v}`);
  return { buffer: s.buffer, strides, offset: affine.constant };
}

/** The identity map for `x` (every dim reads itself), to be edited by movement ops. */
export function identityMap(x: Node): Record<string, IndexExpr> {
  const index: Record<string, IndexExpr> = {};
  for (const d of x.dims) index[d.name] = idxVar(d.name);
  return index;
}

/**
 * Reads `x` along `dim` at the positions held in the int32 `index` node: the result has `dims`, where
 * `dim` is replaced by the index node's dims (shared names are matched pointwise).
 */
export function gatherNode(x: Node, dim: string, index: Node, dims: readonly NodeDim[]): Node {
  assert(index.dtype === "int32", "gather index dtype");
  assertSubset(index, dims);
  return new Node({ kind: "gather", dim }, [x, index], x.dtype, dims);
}

/**
 * Adds float32 `values` into zeros of `dims` along `dim` at the positions held in the int32 `index`: every
 * dim of `dims` but `dim` must be a dim of `values`, and the index's dims must be among the values' (the
 * values' other dims are summed over). A values dim named `dim` (a sort's gather, whose index has the
 * gathered dim) is an iteration dim like the others: the output position along `dim` comes from the index.
 * The adjoint of gatherNode, O(values) work.
 * @example scatterAddNode(g, "vocab", ids, table.dims) // g [batch, seq, embed], ids [batch, seq] -> [vocab, embed]
 */
export function scatterAddNode(values: Node, dim: string, index: Node, dims: readonly NodeDim[]): Node {
  assert(index.dtype === "int32" && values.dtype === "float32", "scatter-add dtypes");
  assertSubset(index, values.dims);
  assert(dims.every((d) => d.name === dim || values.dims.some((v) => v.name === d.name && v.size === d.size)), "scatter-add output dims");
  return new Node({ kind: "scatterAdd", dim }, [values, index], "float32", dims);
}

/** Inclusive scan (cumulative sum, product, max or min) along `dim`. */
export const scanNode = (fn: ReduceFn, x: Node, dim: string): Node => new Node({ kind: "scan", fn, dim }, [x], x.dtype, x.dims);

/** The int32 positions that sort `x` along `dim` (stable; NaN last). */
export const argsortNode = (x: Node, dim: string, descending: boolean): Node =>
  new Node({ kind: "argsort", dim, descending }, [x], "int32", x.dims);
