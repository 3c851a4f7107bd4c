// Layer: src/onnx. THE lowering table: one entry per graph primitive (`Record` over Op kinds) and one per ALU
// function (unary, binary, reduction), so tsc lists every place a new primitive or function must go. Each entry
// turns one node into ONNX nodes (opset 18) whose value has the node's dims in the node's order; operands read by
// name are aligned with `cx.aligned`. Views are in export-view.ts, convolutions and pools (recognised by their
// windowed views) in export-conv.ts. A function without an ONNX form (the kernel IR's bit shifts and bit casts,
// never in a user's graph) is an ArgumentError naming it, never a wrong model.
// Imports src/graph, src/types (errors) and src/onnx.
import { type BinaryFn, type ReduceFn, type UnaryFn, reduceAlu } from "../graph/alu.js";
import type { DType, Node, Op, OpKind } from "../graph/node.js";
import { ArgumentError } from "../types/errors.js";
import type { GraphBuilder } from "./export-builder.js";
import { type Lowering, axisIota, cast, expandTo, transposeTo } from "./export-context.js";
import { lowerAveragePool, lowerConvOrPool } from "./export-conv.js";
import { lowerView } from "./export-view.js";

/** A unary function as ONNX nodes over x (of the node's dtype), or null when ONNX has no form for it. */
type UnaryLowering = ((g: GraphBuilder, x: string, dtype: DType) => string) | null;
const op1 = (op: string): UnaryLowering => (g, x) => g.node(op, [x]);
/** Floor, ceil and round are the identity on integers (ONNX defines them for floats only). */
const rounding = (op: string): UnaryLowering => (g, x, dtype) => (dtype === "float32" ? g.node(op, [x]) : x);

export const unaryOnnx: Readonly<Record<UnaryFn, UnaryLowering>> = {
  neg: op1("Neg"),
  abs: op1("Abs"),
  sign: op1("Sign"),
  floor: rounding("Floor"),
  ceil: rounding("Ceil"),
  // ONNX's Round rounds half to even, as ours does.
  round: rounding("Round"),
  exp: op1("Exp"),
  log: op1("Log"),
  tanh: op1("Tanh"),
  sin: op1("Sin"),
  cos: op1("Cos"),
  erf: op1("Erf"),
  sqrt: op1("Sqrt"),
  rsqrt: (g, x) => g.node("Reciprocal", [g.node("Sqrt", [x])]),
  recip: op1("Reciprocal"),
  not: op1("Not"),
  bitsOf: null,
  fromBits: null,
};

/** A binary function as ONNX nodes over aligned operands a and b (both of dtype `dtype`), or null. */
type BinaryLowering = ((g: GraphBuilder, a: string, b: string, dtype: DType) => string) | null;
const op2 = (op: string): BinaryLowering => (g, a, b) => g.node(op, [a, b]);

export const binaryOnnx: Readonly<Record<BinaryFn, BinaryLowering>> = {
  add: op2("Add"),
  sub: op2("Sub"),
  mul: op2("Mul"),
  max: op2("Max"),
  min: op2("Min"),
  div: op2("Div"),
  pow: op2("Pow"),
  // ONNX has no atan2: atan(y/x), moved by ±π when x < 0 (on y's side); x = 0 gives atan(±∞) = ±π/2.
  atan2: (g, y, x) => {
    const base = g.node("Atan", [g.node("Div", [y, x])]);
    const pi = g.node("Where", [g.node("Less", [y, g.scalar(0, "float32")]), g.scalar(-Math.PI, "float32"), g.scalar(Math.PI, "float32")]);
    return g.node("Where", [g.node("Less", [x, g.scalar(0, "float32")]), g.node("Add", [base, pi]), base]);
  },
  // √(a² + b²) scaled by the larger magnitude so that neither square overflows; 0 when both are 0.
  hypot: (g, a, b) => {
    const [ma, mb] = [g.node("Abs", [a]), g.node("Abs", [b])];
    const hi = g.node("Max", [ma, mb]);
    const ratio = g.node("Div", [g.node("Min", [ma, mb]), hi]);
    const scaled = g.node("Mul", [hi, g.node("Sqrt", [g.node("Add", [g.scalar(1, "float32"), g.node("Mul", [ratio, ratio])])])]);
    return g.node("Where", [g.node("Equal", [hi, g.scalar(0, "float32")]), g.scalar(0, "float32"), scaled]);
  },
  eq: op2("Equal"),
  ne: (g, a, b) => g.node("Not", [g.node("Equal", [a, b])]),
  lt: op2("Less"),
  le: op2("LessOrEqual"),
  and: op2("And"),
  or: op2("Or"),
  bitAnd: op2("BitwiseAnd"),
  bitOr: op2("BitwiseOr"),
  bitXor: op2("BitwiseXor"),
  shiftLeft: null,
  shiftRight: null,
  shiftRightLogical: null,
};

/** The first opset of the functions whose ONNX operators are newer than opset 17. */
const binarySince: Partial<Record<BinaryFn, number>> = { bitAnd: 18, bitOr: 18, bitXor: 18 };

/** Each reduction's ONNX operator; on bool it is computed on int32, sum as any (max) and prod as all (min). */
export const reduceOnnx: Readonly<Record<ReduceFn, { readonly op: string; readonly onBool: ReduceFn }>> = {
  sum: { op: "ReduceSum", onBool: "max" },
  prod: { op: "ReduceProd", onBool: "min" },
  max: { op: "ReduceMax", onBool: "max" },
  min: { op: "ReduceMin", onBool: "min" },
};

/** The dims the aligned operands carry at full size (a fill is aligned as a scalar: it carries none). */
const carried = (operands: readonly Node[]): Set<string> =>
  new Set(operands.flatMap((x) => (x.op.kind === "fill" && !x.storage ? [] : x.dims.map((d) => d.name))));

const noLowering = (what: string): ArgumentError => new ArgumentError(`toOnnx: ${what} has no ONNX lowering`);

/** Primitives that read no input node: a materialised one with no inputs is a value, not a computation that lost them. */
export const sourceLike: Readonly<Record<OpKind, boolean>> = {
  source: true, fill: true, iota: true, random: true, unary: false, binary: false, where: false, cast: false,
  reduce: false, view: false, gather: false, scan: false, argsort: false, scatterAdd: false, sparse: false,
};

type LowerFn<K extends OpKind> = (node: Node, op: Extract<Op, { kind: K }>, cx: Lowering) => string;

/** How each primitive becomes ONNX nodes. */
export const primitiveOnnx: { readonly [K in OpKind]: LowerFn<K> } = {
  // Inputs and materialised values are handled by the exporter before the table; a source here has no value.
  source: (node) => {
    throw new ArgumentError(`toOnnx: the outputs read a placeholder [${node.dims.map((d) => d.name).join(", ")}] ${node.dtype} that is not among the inputs`);
  },
  fill: (node, op, cx) => (node.dims.length ? cx.g.node("Expand", [cx.g.scalar(op.value, node.dtype), cx.shape(node.dims)]) : cx.g.node("Identity", [cx.g.scalar(op.value, node.dtype)])),
  iota: (node, op, cx) => {
    const d = node.dims.find((x) => x.name === op.dim)!;
    return expandTo(cx, cast(cx.g, axisIota(cx, d, node.dims), "int64", node.dtype), new Set([d.name]), node.dims);
  },
  // Fixed at export: ONNX's random generators do not give our counter-based numbers.
  random: (node, _op, cx) => cx.fixed(node),
  unary: (node, op, cx) => {
    const f = unaryOnnx[op.fn];
    if (!f) throw noLowering(`the scalar function ${op.fn}`);
    return f(cx.g, cx.value(node.inputs[0]!), node.dtype);
  },
  binary: (node, op, cx) => {
    const f = binaryOnnx[op.fn];
    if (!f) throw noLowering(`the scalar function ${op.fn}`);
    if (cx.opset < (binarySince[op.fn] ?? 0)) throw noLowering(`the scalar function ${op.fn} before opset ${binarySince[op.fn]}`);
    const pooled = lowerAveragePool(node, cx);
    if (pooled) return pooled;
    const [a, b] = node.inputs as [Node, Node];
    const out = f(cx.g, cx.aligned(a, node.dims), cx.aligned(b, node.dims), a.dtype);
    return expandTo(cx, out, carried(node.inputs), node.dims);
  },
  where: (node, _op, cx) => {
    const out = cx.g.node(
      "Where",
      node.inputs.map((x) => cx.aligned(x, node.dims)),
    );
    return expandTo(cx, out, carried(node.inputs), node.dims);
  },
  cast: (node, _op, cx) => castValue(cx, node.inputs[0]!, node.dtype),
  reduce: (node, op, cx) => {
    const x = node.inputs[0]!;
    const contraction = lowerConvOrPool(node, op.fn, op.dims, cx) ?? einsum(node, op.fn, cx);
    if (contraction) return contraction;
    const axes = op.dims.map((n) => x.dims.findIndex((d) => d.name === n));
    const fn = x.dtype === "bool" ? reduceOnnx[op.fn].onBool : op.fn;
    const input = cast(cx.g, cx.value(x), x.dtype, x.dtype === "bool" ? "int32" : x.dtype);
    // Before opset 18 only ReduceSum takes its axes as an input.
    const out =
      cx.opset >= 18 || fn === "sum"
        ? cx.g.node(reduceOnnx[fn].op, [input, cx.g.int64(axes)], { keepdims: 0 })
        : cx.g.node(reduceOnnx[fn].op, [input], { axes, keepdims: 0 });
    return cast(cx.g, out, x.dtype === "bool" ? "int32" : x.dtype, node.dtype);
  },
  view: (node, op, cx) => lowerView(node, op.map, cx),
  gather: (node, op, cx) => lowerGather(node, op.dim, cx),
  scan: (node, op, cx) => lowerScan(node, op.fn, op.dim, cx),
  argsort: (node, op, cx) => {
    const x = node.inputs[0]!;
    const axis = x.dims.findIndex((d) => d.name === op.dim);
    const input = cast(cx.g, cx.value(x), x.dtype, x.dtype === "bool" ? "int32" : x.dtype);
    const [, indices] = cx.g.nodeN("TopK", [input, cx.size(x.dims[axis]!)], { axis, largest: op.descending ? 1 : 0, sorted: 1 }, 2);
    return cast(cx.g, indices!, "int64", "int32");
  },
  scatterAdd: (node, op, cx) => lowerScatterAdd(node, op.dim, cx),
  sparse: () => {
    throw noLowering("a generated sparse kernel (a sparse op inside a traced function)");
  },
};

/**
 * A sum of a float32 product (a contraction: linear layers, attention scores, `dot`) as one Einsum, which
 * onnxruntime runs as a matrix product, instead of Mul then ReduceSum (which would materialise every product).
 */
function einsum(node: Node, fn: ReduceFn, cx: Lowering): string | undefined {
  const x = node.inputs[0]!;
  if (fn !== "sum" || x.op.kind !== "binary" || x.op.fn !== "mul" || x.dtype !== "float32" || x.inputs.length !== 2) return undefined;
  const [a, b] = x.inputs as [Node, Node];
  if (a.op.kind === "fill" || b.op.kind === "fill" || !x.dims.every((d) => [...a.dims, ...b.dims].some((e) => e.name === d.name))) return undefined;
  const letters = new Map<string, string>();
  const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const d of x.dims) if (!letters.has(d.name)) letters.set(d.name, LETTERS[letters.size] ?? "");
  if (letters.size > LETTERS.length) return undefined;
  const word = (n: Node) => n.dims.map((d) => letters.get(d.name)!).join("");
  return cx.g.node("Einsum", [cx.value(a), cx.value(b)], { equation: `${word(a)},${word(b)}->${word(node)}` });
}

/**
 * A cast with the library's meaning: to int32, truncation toward zero that saturates, NaN giving 0 (ONNX leaves
 * out-of-range casts undefined); to bool, `x != 0`.
 */
function castValue(cx: Lowering, x: Node, to: DType): string {
  const g = cx.g;
  const v = cx.value(x);
  if (!(x.dtype === "float32" && to === "int32")) return cast(g, v, x.dtype, to);
  // The largest float32 below 2³¹ is 2147483520; from 2³¹ up the result is 2147483647.
  const clipped = g.node("Clip", [v, g.scalar(-2147483648, "float32"), g.scalar(2147483520, "float32")]);
  const truncated = g.node("Cast", [clipped], { to: 6 });
  const high = g.node("Where", [g.node("GreaterOrEqual", [v, g.scalar(2147483648, "float32")]), g.scalar(2147483647, "int32"), truncated]);
  return g.node("Where", [g.node("IsNaN", [v]), g.scalar(0, "int32"), high]);
}

/** Row-major strides of dims with static sizes. */
function strides(cx: Lowering, dims: readonly { name: string; size: number }[], what: string): number[] {
  const out = new Array<number>(dims.length);
  let s = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    out[i] = s;
    s *= cx.staticSize(dims[i]!, what);
  }
  return out;
}

/**
 * Gather: with no dim shared between the values and the index, ONNX's Gather along the axis (then a transpose);
 * with shared dims (read pointwise), a Gather from the flattened values at computed flat positions.
 */
function lowerGather(node: Node, dim: string, cx: Lowering): string {
  const g = cx.g;
  const [x, index] = node.inputs as [Node, Node];
  const axis = x.dims.findIndex((d) => d.name === dim);
  const shared = index.dims.some((d) => x.dims.some((e) => e.name === d.name && e.name !== dim));
  if (!shared) {
    const out = g.node("Gather", [cx.value(x), cx.value(index)], { axis });
    const have = [...x.dims.slice(0, axis), ...index.dims, ...x.dims.slice(axis + 1)].map((d) => d.name);
    return transposeTo(g, out, have, node.dims.map((d) => d.name));
  }
  const s = strides(cx, x.dims, "a gather read pointwise");
  let flat = g.node("Mul", [cast(g, cx.aligned(index, node.dims), "int32", "int64"), g.int64([s[axis]!], true)]);
  x.dims.forEach((d, i) => {
    if (i === axis) return;
    flat = g.node("Add", [flat, g.node("Mul", [axisIota(cx, d, node.dims), g.int64([s[i]!], true)])]);
  });
  const covered = new Set([...index.dims.map((d) => d.name), ...x.dims.filter((d) => d.name !== dim).map((d) => d.name)]);
  return g.node("Gather", [g.node("Reshape", [cx.value(x), g.int64([-1])]), expandTo(cx, flat, covered, node.dims)], { axis: 0 });
}

/**
 * Inclusive scan: a sum is ONNX's CumSum; max, min and prod combine log₂(n) shifted copies (the shift padded
 * with the reduction's identity), Hillis–Steele. Bool scans run on int32 (sum as max).
 */
function lowerScan(node: Node, fn: ReduceFn, dim: string, cx: Lowering): string {
  const g = cx.g;
  const axis = node.dims.findIndex((d) => d.name === dim);
  const isBool = node.dtype === "bool";
  const work: DType = isBool ? "int32" : node.dtype;
  const f = isBool ? reduceOnnx[fn].onBool : fn;
  let y = cast(g, cx.value(node.inputs[0]!), node.dtype, work);
  if (f === "sum") return g.node("CumSum", [y, g.int64([axis], true)]);
  const n = cx.staticSize(node.dims[axis]!, `a ${fn} scan`);
  const combine = binaryOnnx[reduceAlu[f].combine]!;
  const rank = node.dims.length;
  for (let k = 1; k < n; k *= 2) {
    const pads = new Array<number>(2 * rank).fill(0);
    pads[axis] = k;
    const padded = g.node("Pad", [y, g.int64(pads), g.scalar(reduceAlu[f].identity[work], work)]);
    const shifted = g.node("Slice", [padded, g.int64([0]), g.int64([n]), g.int64([axis])]);
    y = combine(g, y, shifted, work);
  }
  return cast(g, y, work, node.dtype);
}

/** Scatter-add: ScatterElements (reduction add) into flat zeros at flat positions computed over the values' dims. */
function lowerScatterAdd(node: Node, dim: string, cx: Lowering): string {
  const g = cx.g;
  const [values, index] = node.inputs as [Node, Node];
  const s = strides(cx, node.dims, "a scatter-add");
  const at = node.dims.findIndex((d) => d.name === dim);
  let flat = g.node("Mul", [cast(g, cx.aligned(index, values.dims), "int32", "int64"), g.int64([s[at]!], true)]);
  node.dims.forEach((d, i) => {
    if (i === at) return;
    flat = g.node("Add", [flat, g.node("Mul", [axisIota(cx, d, values.dims), g.int64([s[i]!], true)])]);
  });
  const covered = new Set([...index.dims.map((d) => d.name), ...node.dims.filter((d) => d.name !== dim).map((d) => d.name)]);
  const positions = g.node("Reshape", [expandTo(cx, flat, covered, values.dims), g.int64([-1])]);
  const total = node.dims.reduce((a, d) => a * d.size, 1);
  const zeros = g.node("Expand", [g.scalar(0, "float32"), g.int64([total])]);
  const sums = g.node("ScatterElements", [zeros, positions, g.node("Reshape", [cx.value(values), g.int64([-1])])], { axis: 0, reduction: "add" });
  return g.node("Reshape", [sums, cx.shape(node.dims)]);
}
