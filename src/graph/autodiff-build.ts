// Layer: src/graph. Small float32 node builders for the backward rules (autodiff-rules.ts): operands are
// read by name and may have fewer dims than the result (an upstream gradient that is constant along a dim
// keeps it implicit), so each builder takes the union of its operands' dims. Imports only src/graph.
import { binaryNode, castNode, fillNode, iotaNode, reduceNode, unaryNode, viewNode, whereNode } from "./build.js";
import { idxAdd, idxConst, idxMul, idxVar, type IndexExpr } from "./index-expr.js";
import type { BinaryFn, NodeDim, Node, UnaryFn } from "./node.js";

/** The dims of several operands: the first one's, then each next one's new names. @example union(g, w) // g.dims, then w's others */
export function union(...nodes: readonly Node[]): NodeDim[] {
  const out: NodeDim[] = [];
  for (const n of nodes) for (const d of n.dims) if (!out.some((o) => o.name === d.name)) out.push(d);
  return out;
}

/** A float32 scalar constant. @example mul(g, scalar(0.5)) */
export const scalar = (v: number): Node => fillNode(v, "float32");

const bin = (fn: BinaryFn, a: Node, b: Node): Node => binaryNode(fn, a, b, union(a, b), fn === "eq" || fn === "ne" || fn === "lt" || fn === "le" || fn === "and" || fn === "or" ? "bool" : a.dtype);

/** Elementwise arithmetic and comparisons over the union of the operands' dims. @example add(known, g) */
export const add = (a: Node, b: Node): Node => bin("add", a, b);
export const sub = (a: Node, b: Node): Node => bin("sub", a, b);
export const mul = (a: Node, b: Node): Node => bin("mul", a, b);
export const div = (a: Node, b: Node): Node => bin("div", a, b);
export const pow = (a: Node, b: Node): Node => bin("pow", a, b);
export const eq = (a: Node, b: Node): Node => bin("eq", a, b);
export const ne = (a: Node, b: Node): Node => bin("ne", a, b);
export const lt = (a: Node, b: Node): Node => bin("lt", a, b);
export const le = (a: Node, b: Node): Node => bin("le", a, b);
export const and = (a: Node, b: Node): Node => bin("and", a, b);
export const unary = (fn: UnaryFn, x: Node): Node => unaryNode(fn, x);
export const neg = (x: Node): Node => unaryNode("neg", x);
/** bool to float32 0/1. @example float(eq(x, y)) */
export const float = (x: Node): Node => castNode(x, "float32");
/** `cond ? a : b` over the union of the three. @example select(cond, g, scalar(0)) */
export const select = (cond: Node, a: Node, b: Node): Node => whereNode(cond, a, b, union(cond, a, b));
export const sum = (x: Node, names: readonly string[]): Node => reduceNode("sum", x, names.filter((n) => x.dims.some((d) => d.name === n)));

/**
 * Sums `x` over its dims that are not in `dims` (the adjoint of broadcasting). The dims it keeps come out in
 * `dims`' order (x is read through a reordering view first, free when x is computed inline): the sum is then
 * stored in its input's layout, not transposed by a copy after (a weighted sum's output contiguous along its
 * inner dim, as the fused attention backward's dv needs). `over` are the dims of the broadcast result x is a
 * gradient of: x may lack some of them (a gradient is constant along the dims it lacks), and each such dim
 * that `dims` lacks too counts into a scale by its size (0 for an empty dim). @example sumTo(mul(g, w), x.dims, y.dims)
 */
export function sumTo(x: Node, dims: readonly NodeDim[], over: readonly NodeDim[] = []): Node {
  const absent = over.filter((d) => !dims.some((o) => o.name === d.name) && !x.dims.some((o) => o.name === d.name));
  const scale = absent.reduce((p, d) => p * d.size, 1);
  if (scale !== 1) return mul(summedTo(x, dims), fillNode(scale, "float32"));
  return summedTo(x, dims);
}

function summedTo(x: Node, dims: readonly NodeDim[]): Node {
  const summed = x.dims.filter((d) => !dims.some((o) => o.name === d.name));
  if (!summed.length) return sum(x, []);
  const kept = dims.filter((d) => x.dims.some((o) => o.name === d.name));
  const ordered = kept.every((d, i) => x.dims.filter((o) => !summed.includes(o))[i]!.name === d.name);
  return sum(ordered ? x : conform(x, [...kept.map((d) => x.dims.find((o) => o.name === d.name)!), ...summed]), summed.map((d) => d.name));
}

/** `x` with exactly `dims`, in that order: a broadcast and/or reordering view (x's dims must be among them). @example conform(g, x.dims) */
export function conform(x: Node, dims: readonly NodeDim[]): Node {
  const index: Record<string, IndexExpr> = {};
  for (const d of x.dims) index[d.name] = idxVar(d.name);
  return viewNode(x, dims, { index, bounds: [], fill: 0 });
}

/** `x` read backwards along `dim` (a view). @example reverse(g, { name: "t", size: 5 }) */
export function reverse(x: Node, dim: NodeDim): Node {
  const index: Record<string, IndexExpr> = {};
  for (const d of x.dims) index[d.name] = d.name === dim.name ? idxAdd(idxConst(dim.size - 1), idxMul(idxVar(d.name), -1)) : idxVar(d.name);
  return viewNode(x, x.dims, { index, bounds: [], fill: 0 });
}

/** `x` shifted by one along `dim`: position i reads i - 1, and position 0 reads `fill`. @example shiftDown(y, t, NaN) */
export function shiftDown(x: Node, dim: NodeDim, fill: number): Node {
  const index: Record<string, IndexExpr> = {};
  for (const d of x.dims) index[d.name] = d.name === dim.name ? idxAdd(idxVar(d.name), idxConst(-1)) : idxVar(d.name);
  return viewNode(x, x.dims, { index, bounds: [{ expr: index[dim.name]!, lo: 0, hi: dim.size }], fill });
}

/** `x` with its dim `from` renamed `to` (same size, same place). @example renameDim(g, "t", "t_") */
export function renameDim(x: Node, from: string, to: string): Node {
  const index: Record<string, IndexExpr> = {};
  for (const d of x.dims) index[d.name] = idxVar(d.name === from ? to : d.name);
  return viewNode(
    x,
    x.dims.map((d) => (d.name === from ? { name: to, size: d.size } : d)),
    { index, bounds: [], fill: 0 },
  );
}

/** The positions 0…size-1 along a dim, as float32. @example positions({ name: "t", size: 5 }) // 0 1 2 3 4 */
export const positions = (dim: NodeDim): Node => iotaNode(dim.name, [dim], "float32");

/**
 * A dim name not among `taken`, derived from `base` deterministically (so a training step's backward graph
 * has the same structure, names included, every time it is built).
 * @example freshName("t", y, g) // "t_" unless y or g has a dim "t_"
 */
export function freshName(base: string, ...taken: readonly Node[]): string {
  let name = `${base}_`;
  while (taken.some((n) => n.dims.some((d) => d.name === name))) name += "_";
  return name;
}
