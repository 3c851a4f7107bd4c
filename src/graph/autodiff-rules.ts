// Layer: src/graph. One backward rule per primitive: given a node and the gradient g flowing into it, the
// gradient flowing into each of its inputs, written with the same primitives (so the backward graph fuses
// and compiles like the forward one). g and the results may lack dims they are constant along (they
// broadcast by name). Piecewise-constant functions, integer and bool values, indices and random numbers
// carry no gradient. Imports only src/graph.
import {
  add,
  and,
  conform,
  div,
  eq,
  float,
  freshName,
  le,
  lt,
  mul,
  ne,
  neg,
  positions,
  pow,
  renameDim,
  reverse,
  scalar,
  select,
  shiftDown,
  sub,
  sum,
  sumTo,
  unary,
} from "./autodiff-build.js";
import { gatherNode, reduceNode, scanNode, scatterAddNode, viewNode } from "./build.js";
import { type IndexExpr, idxVar, substitute } from "./index-expr.js";
import { invertView, invertWindowView } from "./invert-view.js";
import type { BinaryFn, NodeDim, Node, Op, UnaryFn } from "./node.js";

type Grads = (Node | undefined)[];

/**
 * The gradients for `node`'s inputs given `g`, the gradient of the output (dims ⊆ node's dims). `wants[i]` is
 * false for inputs that need none (constants, or not on a path to what is differentiated).
 * @example backwardRule(mulNode, g, [true, false]) // [g·b summed to a's dims, undefined]
 */
export function backwardRule(node: Node, g: Node, wants: readonly boolean[]): Grads {
  const op = node.op;
  const x = node.inputs;
  switch (op.kind) {
    case "source":
    case "fill":
    case "iota":
    case "random":
    case "argsort":
      return [];
    case "unary":
      return [unaryRule(op.fn, x[0]!, node, g)];
    case "binary":
      return binaryRule(op, node, g, wants);
    case "where":
      return [undefined, sumTo(select(x[0]!, g, scalar(0)), x[1]!.dims, node.dims), sumTo(select(x[0]!, scalar(0), g), x[2]!.dims, node.dims)];
    case "cast":
      return [x[0]!.dtype === "float32" && node.dtype === "float32" ? g : undefined];
    case "reduce":
      return [reduceRule(op, x[0]!, node, g)];
    case "view":
      return [viewRule(op, x[0]!, node, g)];
    case "gather":
      return [gatherRule(op.dim, x[0]!, x[1]!, node, g), undefined];
    case "scatterAdd":
      // Each value went to one place: its gradient is g read back there (a gather).
      return [gatherNode(conform(g, node.dims), op.dim, x[1]!, x[0]!.dims), undefined];
    case "scan":
      return [scanRule(op, x[0]!, node, g)];
    case "sparse":
      // (a sparse op's gradients are its own, hand-written with customGradient around the node: src/sparse/ops.ts)
      return x.map(() => undefined);
  }
}

/** d/dx of each unary function times g, given x and y = fn(x); undefined where it is zero almost everywhere. */
const unaryGradients: Readonly<Record<UnaryFn, ((x: Node, y: Node, g: Node) => Node) | undefined>> = {
  neg: (_x, _y, g) => neg(g),
  abs: (x, _y, g) => mul(g, unary("sign", x)),
  sign: undefined,
  exp: (_x, y, g) => mul(g, y),
  log: (x, _y, g) => div(g, x),
  sqrt: (_x, y, g) => div(mul(g, scalar(0.5)), y),
  rsqrt: (x, y, g) => mul(g, mul(scalar(-0.5), div(y, x))),
  tanh: (_x, y, g) => mul(g, sub(scalar(1), mul(y, y))),
  sin: (x, _y, g) => mul(g, unary("cos", x)),
  cos: (x, _y, g) => neg(mul(g, unary("sin", x))),
  recip: (_x, y, g) => neg(mul(g, mul(y, y))),
  erf: (x, _y, g) => mul(g, mul(scalar(2 / Math.sqrt(Math.PI)), unary("exp", neg(mul(x, x))))),
  floor: undefined,
  ceil: undefined,
  round: undefined,
  not: undefined,
  // Bit reinterpretations (kernel IR only) carry no gradient.
  bitsOf: undefined,
  fromBits: undefined,
};

function unaryRule(fn: UnaryFn, x: Node, y: Node, g: Node): Node | undefined {
  return unaryGradients[fn]?.(x, y, g);
}

/** The operands and result of a binary node, and the gradient flowing into it. */
interface BinaryGradArgs {
  readonly a: Node;
  readonly b: Node;
  readonly y: Node;
  readonly g: Node;
}
/**
 * d/da and d/db of each binary function times g (built only for the operands that want one); undefined for the
 * functions without a gradient (comparisons and logic give bool).
 */
const binaryGradients: Readonly<Record<BinaryFn, ((p: BinaryGradArgs) => readonly [() => Node, () => Node]) | undefined>> = {
  add: ({ g }) => [() => g, () => g],
  sub: ({ g }) => [() => g, () => neg(g)],
  mul: ({ a, b, g }) => [() => mul(g, b), () => mul(g, a)],
  div: ({ b, y, g }) => [() => div(g, b), () => neg(div(mul(g, y), b))],
  // PyTorch's conventions where the formulas give 0·∞: no gradient to the base when b = 0 (x^0 = 1 everywhere),
  // none to the exponent when a = 0 and b ≥ 0 (0^b is 0 or 1 whatever b is near there).
  pow: ({ a, b, y, g }) => [
    () => select(eq(b, scalar(0)), scalar(0), mul(g, mul(b, pow(a, sub(b, scalar(1)))))),
    () => select(and(eq(a, scalar(0)), le(scalar(0), b)), scalar(0), mul(g, mul(y, unary("log", a)))),
  ],
  // atan2(a, b) is the angle of (b, a): d/da = b/(a² + b²), d/db = −a/(a² + b²); 0 (and −0) where a² + b² is 0,
  // at the origin, PyTorch's choice (the formula's 0/0 gave NaN).
  atan2: ({ a, b, g }) => {
    const scaled = (): Node => {
      const r = add(mul(a, a), mul(b, b));
      return select(eq(r, scalar(0)), scalar(0), div(g, r));
    };
    return [() => mul(scaled(), b), () => neg(mul(scaled(), a))];
  },
  // hypot(a, b) = y: d/da = a/y, d/db = b/y.
  hypot: ({ a, b, y, g }) => [() => mul(g, div(a, y)), () => mul(g, div(b, y))],
  max: ({ a, b, g }) => [() => mul(g, share(a, b, a, b)), () => mul(g, share(b, a, a, b))],
  min: ({ a, b, g }) => [() => mul(g, share(b, a, a, b)), () => mul(g, share(a, b, a, b))],
  eq: undefined,
  ne: undefined,
  lt: undefined,
  le: undefined,
  and: undefined,
  or: undefined,
  bitAnd: undefined,
  bitOr: undefined,
  bitXor: undefined,
  shiftLeft: undefined,
  shiftRight: undefined,
  shiftRightLogical: undefined,
};

/** max/min: the larger (smaller) operand takes g, and on a tie each takes half. */
const share = (win: Node, lose: Node, a: Node, b: Node): Node => add(float(lt(lose, win)), mul(scalar(0.5), float(eq(a, b))));

function binaryRule(op: Extract<Op, { kind: "binary" }>, y: Node, g: Node, wants: readonly boolean[]): Grads {
  const [a, b] = y.inputs as [Node, Node];
  const rule = binaryGradients[op.fn];
  if (y.dtype !== "float32" || !rule) return [];
  const [da, db] = rule({ a, b, y, g });
  return [wants[0] ? sumTo(da(), a.dims, y.dims) : undefined, wants[1] ? sumTo(db(), b.dims, y.dims) : undefined];
}

function reduceRule(op: Extract<Op, { kind: "reduce" }>, x: Node, y: Node, g: Node): Node | undefined {
  if (y.dtype !== "float32") return undefined;
  switch (op.fn) {
    case "sum":
      return g;
    case "max":
    case "min": {
      // Every position that attains the extreme takes an equal share (all of g when it is unique).
      const hit = float(eq(x, y));
      return mul(g, div(hit, sum(hit, op.dims)));
    }
    case "prod": {
      // Zero-safe: with no zero in the slice, y / x; with one zero, only that position gets the product of
      // the others; with two or more, nothing.
      const zero = eq(x, scalar(0));
      const zeros = sum(float(zero), op.dims);
      const others = reduceNode("prod", select(zero, scalar(1), x), op.dims);
      const d = select(zero, select(eq(zeros, scalar(1)), others, scalar(0)), select(eq(zeros, scalar(0)), div(others, x), scalar(0)));
      return mul(g, d);
    }
  }
}

/**
 * The gradient g made ready to read back through an inverse view: the dims the view broadcast are summed out
 * of g (or, where g does not vary along them, counted into a scale), and each of g's dims gets its source index.
 */
function throughInverse(inv: { readonly summed: readonly string[]; readonly map: { readonly index: Readonly<Record<string, IndexExpr>> } }, y: Node, g: Node): { h: Node; index: Record<string, IndexExpr> } {
  let h = g;
  let scale = 1;
  for (const name of inv.summed) {
    if (h.dims.some((d) => d.name === name)) h = sum(h, [name]);
    else scale *= y.dims.find((d) => d.name === name)!.size;
  }
  if (scale !== 1) h = mul(h, scalar(scale));
  const index: Record<string, IndexExpr> = {};
  for (const d of h.dims) index[d.name] = inv.map.index[d.name]!;
  return { h, index };
}

function viewRule(op: Extract<Op, { kind: "view" }>, x: Node, y: Node, g: Node): Node {
  const inv = invertView(x.dims, y.dims, op.map);
  if (!inv) return windowRule(op, x, y, g) ?? scatterView(op.map, x, y, conform(g, y.dims));
  const { h, index } = throughInverse(inv, y, g);
  const plain = inv.map.bounds.length === 0 && h.dims.every((d) => {
    const e = index[d.name]!;
    return e.op === "var" && e.name === d.name && x.dims.some((s) => s.name === d.name && s.size === d.size);
  });
  return plain ? h : viewNode(h, x.dims, { index, bounds: inv.map.bounds, fill: 0 });
}

/**
 * The adjoint of a windowed view (convolution, pooling): the gradient read back through the strided inverse of
 * each source index, over the source dims and the window, summed over the window. Linear in the view's size.
 */
function windowRule(op: Extract<Op, { kind: "view" }>, x: Node, y: Node, g: Node): Node | undefined {
  const inv = invertWindowView(x.dims, y.dims, op.map);
  if (!inv) return undefined;
  const { h, index } = throughInverse(inv, y, g);
  const read = viewNode(h, [...x.dims, ...inv.window], { index, bounds: inv.map.bounds, fill: 0 });
  return inv.window.length ? sum(read, inv.window.map((d) => d.name)) : read;
}

/**
 * The adjoint of any view, injective or not: Σ over view positions v of g[v]·[e(v) = x]·[v in bounds], as a
 * one-hot comparison reduced over the view's dims (renamed apart from x's). Quadratic; used only for maps
 * that invertView does not recognise.
 */
function scatterView(map: Extract<Op, { kind: "view" }>["map"], x: Node, y: Node, g: Node): Node {
  let h = g;
  const env = new Map<string, IndexExpr>();
  const renamed: NodeDim[] = [];
  for (const d of y.dims) {
    const name = freshName(d.name, x, y, h);
    h = renameDim(h, d.name, name);
    env.set(d.name, idxVar(name));
    renamed.push({ name, size: d.size });
  }
  const value = (e: IndexExpr): Node => indexNode(substitute(e, env), renamed);
  let hit: Node | undefined;
  const both = (m: Node): void => void (hit = hit ? and(hit, m) : m);
  for (const d of x.dims) both(eq(value(map.index[d.name]!), positions(d)));
  for (const b of map.bounds) {
    const v = value(b.expr);
    both(and(le(scalar(b.lo), v), lt(v, scalar(b.hi))));
  }
  const picked = hit ? select(hit, h, scalar(0)) : h;
  return sum(picked, renamed.map((d) => d.name));
}

/** An index expression evaluated as a float32 tensor over the dims it reads (exact below 2^24). */
function indexNode(e: IndexExpr, dims: readonly NodeDim[]): Node {
  switch (e.op) {
    case "var":
      return positions(dims.find((d) => d.name === e.name)!);
    case "const":
      return scalar(e.value);
    case "add":
      return add(indexNode(e.a, dims), indexNode(e.b, dims));
    case "mul":
      return mul(indexNode(e.a, dims), scalar(e.c));
    case "div":
      return unary("floor", div(indexNode(e.a, dims), scalar(e.c)));
    case "mod": {
      const a = indexNode(e.a, dims);
      return sub(a, mul(scalar(e.c), unary("floor", div(a, scalar(e.c)))));
    }
  }
}

/**
 * Gather's adjoint: g added back at the gathered positions by the scatter-add primitive, O(elements of g)
 * (a one-hot comparison of the index against every position of the dim would cost O(g · dim size)).
 */
function gatherRule(dim: string, x: Node, index: Node, node: Node, g: Node): Node | undefined {
  if (x.dtype !== "float32") return undefined;
  return scatterAddNode(conform(g, node.dims), dim, index, x.dims);
}

function scanRule(op: Extract<Op, { kind: "scan" }>, x: Node, y: Node, g: Node): Node | undefined {
  if (y.dtype !== "float32") return undefined;
  const along = y.dims.find((d) => d.name === op.dim)!;
  const full = conform(g, y.dims);
  // Σ over j >= i: a running sum read backwards.
  const suffixSum = (v: Node): Node => reverse(scanNode("sum", reverse(v, along), along.name), along);
  switch (op.fn) {
    case "sum":
      return suffixSum(full);
    case "prod":
      // d y_j / d x_i = y_j / x_i for j >= i (an exact zero in x gives a non-finite gradient).
      return div(suffixSum(mul(full, y)), x);
    case "max":
    case "min": {
      // y_j comes from the last position p_j <= j where the running extreme changed; g_j goes there.
      const changed = ne(shiftDown(y, along, NaN), y);
      const source = scanNode("max", select(changed, positions(along), scalar(-1)), along.name);
      const j = freshName(along.name, y, g);
      const hit = eq(renameDim(source, along.name, j), positions(along));
      return sum(select(hit, renameDim(full, along.name, j), scalar(0)), [j]);
    }
  }
}
