// Layer: src/onnx. The ONNX operators that compute: elementwise (numpy broadcasting by position, via `align`),
// activations, reductions, Softmax, LayerNormalization, BatchNormalization, MatMul and Gemm. Each entry builds its
// result with the library's public ops only; on constant inputs the elementwise ones fold in JavaScript. Imports
// the public surface and import-values.ts.
import { full } from "../ops/creation.js";
import { where } from "../ops/elementwise.js";
import { contract } from "../ops/contract.js";
import type { DType } from "../types/dims.js";
import {
  type NodeContext,
  type T,
  type Value,
  Const,
  align,
  asTensor,
  axisOf,
  broadcastAxes,
  conform,
  elementwise,
  foldElementwise,
  ints,
  keepDims,
  namesOf,
  intsAttr,
  need,
  numAttr,
  ordered,
  rankOf,
  relabel,
  sizesOf,
} from "./import-values.js";

/** One ONNX operator: its outputs (in order) from its inputs (`undefined` where an optional input is left out). */
export type OnnxOp = (inputs: readonly (Value | undefined)[], ctx: NodeContext) => Value[];

type F = T & { [k: string]: (...a: unknown[]) => T };
const m = (t: T | number): F => t as F;


/** An elementwise operator of one input: the tensor method, and its float64 meaning for folding constants. */
const unary =
  (f: (x: T) => T, fold?: (x: number) => number): OnnxOp =>
  ([x], ctx) => {
    const v = need(ctx, x, 0);
    if (v instanceof Const && fold) return [foldElementwise(ctx, [v], v.dtype, fold)];
    return [f(asTensor(v))];
  };

/** The dtype of an arithmetic result on constants. */
const commonType = (xs: readonly Const[]): DType => (xs.some((x) => x.dtype === "float32") ? "float32" : xs[0]!.dtype);

/** An elementwise operator of several inputs (broadcast by position), folding when every input is constant. */
const nary =
  (f: (...xs: (T | number)[]) => T, fold?: (...v: number[]) => number, dtype?: DType): OnnxOp =>
  (inputs, ctx) => {
    const vs = inputs.map((v, i) => need(ctx, v, i));
    if (fold && vs.every((v): v is Const => v instanceof Const)) return [foldElementwise(ctx, vs, dtype ?? commonType(vs), fold)];
    return [elementwise(ctx, vs, f)];
  };

/** The method of a binary op, with a scalar left operand turned into a tensor like the right one. */
const binary = (method: string) => (a: T | number, b: T | number) =>
  typeof a === "number" ? m(full((b as T).shapeDims.map((d) => [d.name, d.size]) as never, a, { dtype: (b as T).dtype } as never))[method]!(b) : m(a)[method]!(b);

const intDiv = (a: number, b: number): number => Math.trunc(a / b);

/** x^y, exact for the small integer exponents of normalisation layers (negative bases included). */
function power(x: T | number, y: T | number): T {
  if (typeof y === "number") {
    if (y === 1) return x as T;
    if (y === 2) return m(x).mul(x);
    if (y === 3) return m(m(x).mul(x)).mul(x);
    if (y === 0.5) return m(x).sqrt();
  }
  return binary("pow")(x, y);
}

/** Clip(x, min, max): the bounds are attributes before opset 11, optional inputs after. */
const clip: OnnxOp = ([x, lo, hi], ctx) => {
  const bound = (v: Value | undefined, attr: string, fallback: number): Value =>
    ctx.opset < 11 ? new Const([numAttr(ctx, attr, fallback)], [], "float32") : (v ?? new Const([fallback], [], "float32"));
  let y = asTensor(need(ctx, x, 0));
  const min = bound(lo, "min", -Infinity);
  const max = bound(hi, "max", Infinity);
  if (min instanceof Const && max instanceof Const && min.size === 1 && max.size === 1) return [y.clamp(min.data[0]!, max.data[0]!)];
  y = elementwise(ctx, [y, min], (a, b) => binary("maximum")(a, b));
  return [elementwise(ctx, [y, max], (a, b) => binary("minimum")(a, b))];
};

/** A reduction over named axes: a method of the tensor, or a function of it (ReduceL2, ReduceLogSum…). */
type Reduction = string | ((t: T, names: string[]) => T);

/** Reduce* operators: axes from an attribute (or, from opset 18 — 13 for ReduceSum — an input), keepdims. */
const reduce =
  (method: Reduction, inputAxesFrom: number): OnnxOp =>
  ([x, axesIn], ctx) => {
    const t = asTensor(need(ctx, x, 0));
    const r = rankOf(t);
    if (ctx.opset >= inputAxesFrom && ctx.attr("axes") !== undefined) ctx.fail(`its axes are an input from opset ${inputAxesFrom}, not an attribute`);
    const listed = ctx.opset >= inputAxesFrom ? (axesIn === undefined ? [] : ints(ctx, axesIn, "axes")) : (intsAttr(ctx, "axes") ?? []);
    if (listed.length === 0 && numAttr(ctx, "noop_with_empty_axes", 0) === 1) return [t];
    const axes = (listed.length === 0 ? [...Array(r).keys()] : listed.map((a) => axisOf(ctx, a, r))).sort((a, b) => a - b);
    const names = namesOf(t);
    const over = axes.map((a) => names[a]!);
    const y = typeof method === "string" ? m(t)[method]!(over) : method(t, over);
    return [numAttr(ctx, "keepdims", 1) === 1 ? keepDims(y, names, axes) : y];
  };

/** Softmax and LogSoftmax: one axis from opset 13; before, the input flattened to 2-D at `axis` (default 1). */
const softmax =
  (method: "softmax" | "logSoftmax"): OnnxOp =>
  ([x], ctx) => {
    const t = asTensor(need(ctx, x, 0));
    const r = rankOf(t);
    const names = namesOf(t);
    const axis = axisOf(ctx, numAttr(ctx, "axis", ctx.opset >= 13 ? -1 : 1), r);
    if (ctx.opset >= 13 || axis === r - 1) return [t[method](names[axis]! as never) as T];
    const inner = names.slice(axis);
    const merged = ctx.names.fresh();
    const y = t.stack({ [merged]: inner } as never)[method](merged as never) as T;
    return [y.split(merged as never, inner.map((n, i) => [n, sizesOf(t)[axis + i]!]) as never) as T];
  };

/** LayerNormalization: normalise over the axes from `axis` on, then scale and shift (broadcast on those axes). */
const layerNormalization: OnnxOp = ([x, scale, bias], ctx) => {
  const t = asTensor(need(ctx, x, 0));
  const names = namesOf(t);
  const axis = axisOf(ctx, numAttr(ctx, "axis", -1), names.length);
  const eps = numAttr(ctx, "epsilon", 1e-5);
  const over = names.slice(axis);
  const mean = t.mean(over as never) as T;
  const centered = t.sub(mean as never) as T;
  const variance = centered.mul(centered as never).mean(over as never) as T;
  const invStd = variance.add(eps as never).rsqrt() as T;
  let y = ordered(centered.mul(invStd as never) as T, names);
  const affine = (p: Value | undefined, method: "mul" | "add") => {
    if (p === undefined) return;
    y = elementwise(ctx, [y, p], (a, b) => m(a)[method]!(b));
  };
  affine(scale, "mul");
  affine(bias, "add");
  const kept = over.map((_, i) => axis + i);
  return [y, keepDims(mean, names, kept), keepDims(invStd, names, kept)];
};

/** BatchNormalization in inference mode: per-channel (axis 1) scale, shift, running mean and variance. */
const batchNormalization: OnnxOp = ([x, scale, bias, mean, variance], ctx) => {
  const t = asTensor(need(ctx, x, 0));
  if (numAttr(ctx, "training_mode", 0) === 1) ctx.fail("training_mode is not supported (inference only)");
  const eps = numAttr(ctx, "epsilon", 1e-5);
  const channel = namesOf(t)[1] ?? ctx.fail("its input needs a channel axis (axis 1)");
  const vec = (v: Value | undefined, i: number) => relabel(asTensor(need(ctx, v, i)), [channel]);
  const a = vec(scale, 1).mul(vec(variance, 4).add(eps as never).rsqrt() as never) as T;
  const b = vec(bias, 2).sub(vec(mean, 3).mul(a as never) as never) as T;
  return [ordered(t.mul(a as never).add(b as never) as T, namesOf(t))];
};

/**
 * MatMul with numpy semantics: the last axis of A contracts with the second-last of B (a rank-1 operand gains and
 * then loses an axis), the batch axes before them broadcast by position.
 */
export function matmul(ctx: NodeContext, a: T, b: T): T {
  const [an, bn] = [namesOf(a), namesOf(b)];
  const [as, bs] = [sizesOf(a), sizesOf(b)];
  const aBatch = Math.max(0, an.length - 2);
  const bBatch = Math.max(0, bn.length - 2);
  const { out, renames } = broadcastAxes(ctx, [
    { names: an.slice(0, aBatch), sizes: as.slice(0, aBatch) },
    { names: bn.slice(0, bBatch), sizes: bs.slice(0, bBatch) },
  ]);
  const k = ctx.names.fresh();
  const taken = new Set(out.names);
  const pick = (n: string) => (taken.has(n) ? ctx.names.fresh() : (taken.add(n), n));
  const mName = an.length >= 2 ? pick(an[an.length - 2]!) : undefined;
  const nName = bn.length >= 2 ? pick(bn[bn.length - 1]!) : undefined;
  const kA = as[as.length - 1]!;
  const kB = bs[bn.length >= 2 ? bs.length - 2 : 0]!;
  if (kA !== kB) ctx.misfit(`A has ${kA} columns but B has ${kB} rows`);
  const a2 = conform(a, [...renames[0]!, ...(mName === undefined ? [] : [mName]), k]);
  const b2 = conform(b, [...renames[1]!, k, ...(nName === undefined ? [] : [nName])]);
  const y = a2.dot(k as never, b2 as never) as T;
  return ordered(y, [...out.names, ...(mName === undefined ? [] : [mName]), ...(nName === undefined ? [] : [nName])]);
}

/** Gemm: alpha·op(A)·op(B) + beta·C, op a transpose when transA / transB is 1, C broadcast to the result. */
const gemm: OnnxOp = ([a, b, c], ctx) => {
  const t2 = (v: Value | undefined, i: number, trans: string) => {
    const t = asTensor(need(ctx, v, i));
    if (rankOf(t) !== 2) ctx.fail(`its input ${i} must have rank 2, not ${rankOf(t)}`);
    return numAttr(ctx, trans, 0) === 1 ? t.transpose(...([...namesOf(t)].reverse() as never[])) : t;
  };
  let y = matmul(ctx, t2(a, 0, "transA"), t2(b, 1, "transB"));
  const alpha = numAttr(ctx, "alpha", 1);
  const beta = numAttr(ctx, "beta", 1);
  if (alpha !== 1) y = y.mul(alpha as never) as T;
  if (c === undefined || beta === 0) return [y];
  const bias = beta === 1 ? c : (asTensor(c).mul(beta as never) as T);
  return [elementwise(ctx, [y, bias], (p, q) => m(p).add(q))];
};

/**
 * Einsum: each letter of the equation is a dim name (a fresh one per letter); the operands are relabelled to their
 * letters and contracted over the letters the output lacks, in one `contract`. The implicit output is the ellipsis
 * dims then the letters used once, in alphabetical order. An ellipsis stands for an operand's leading dims beyond
 * its letters, aligned from the right across operands (numpy); where one operand has size 1 and another more, the
 * size-1 dim is dropped so that it broadcasts. Repeated letters in one operand (diagonals) are refused.
 */
const einsum: OnnxOp = (inputs, ctx) => {
  const equation = (typeof ctx.attr("equation") === "string" ? (ctx.attr("equation") as string) : ctx.fail("it has no equation")).replace(/\s/g, "");
  const [lhs, rhs] = equation.split("->") as [string, string | undefined];
  const terms = lhs.split(",");
  const valid = (t: string) => /^[A-Za-z]*(\.\.\.)?[A-Za-z]*$/.test(t);
  if (terms.length !== inputs.length || !terms.every(valid) || (rhs !== undefined && !valid(rhs))) ctx.fail(`its equation ${equation} does not fit its ${inputs.length} inputs`);
  const xs = terms.map((t, i) => asTensor(need(ctx, inputs[i], i)));
  // Symbols: letters, and "…k" for the k-th ellipsis dim counted over the widest ellipsis (right-aligned).
  const extra = terms.map((t, i) => (t.includes("...") ? rankOf(xs[i]!) - t.replace("...", "").length : 0));
  extra.forEach((k, i) => k < 0 && ctx.fail(`its term ${terms[i]} has ${terms[i]!.replace("...", "").length} letters but input ${i} has rank ${rankOf(xs[i]!)}`));
  const width = Math.max(0, ...extra);
  const ellipsis = (k: number) => Array.from({ length: k }, (_, e) => `…${width - k + e}`);
  const symbols = (t: string, k: number) => {
    const [before, after] = t.split("...") as [string, string | undefined];
    return after === undefined ? [...before] : [...before, ...ellipsis(k), ...after];
  };
  const sym = terms.map((t, i) => symbols(t, extra[i]!));
  const used = sym.flat();
  const once = [...new Set(used)].filter((l) => !l.startsWith("…") && used.indexOf(l) === used.lastIndexOf(l)).sort();
  const out = rhs !== undefined ? symbols(rhs, width) : [...ellipsis(width).filter((e) => used.includes(e)), ...once];
  const names = new Map([...new Set([...used, ...out])].map((l) => [l, ctx.names.fresh()]));
  // the size of each ellipsis dim: the largest over the operands (size 1 broadcasts)
  const sizes = new Map<string, number>();
  sym.forEach((ls, i) => ls.forEach((l, a) => l.startsWith("…") && sizes.set(l, Math.max(sizes.get(l) ?? 1, sizesOf(xs[i]!)[a]!))));
  const operands = sym.map((ls, i) => {
    if (new Set(ls).size !== ls.length) ctx.fail(`its term ${terms[i]} repeats a letter (a diagonal), which is not supported`);
    if (rankOf(xs[i]!) !== ls.length) ctx.fail(`its term ${terms[i]} has ${ls.length} letters but input ${i} has rank ${rankOf(xs[i]!)}`);
    const t = relabel(xs[i]!, ls.map((l) => names.get(l)!));
    const stretched = ls.filter((l, a) => l.startsWith("…") && sizesOf(xs[i]!)[a] === 1 && sizes.get(l)! > 1).map((l) => names.get(l)!);
    return stretched.length ? (t.squeeze(...(stretched as never[])) as unknown as T) : t;
  });
  if (out.some((l) => !names.has(l) || out.indexOf(l) !== out.lastIndexOf(l))) ctx.fail(`its output ${rhs} names a letter no input has, or one twice`);
  const summed = [...new Set(used)].filter((l) => !out.includes(l)).map((l) => names.get(l)!);
  const y = contract(operands as never, summed as never) as unknown as T;
  return [ordered(y, out.map((l) => names.get(l)!))];
};

/** ArgMax / ArgMin along one axis (the first extreme; select_last_index is refused), keepdims. */
const argExtreme =
  (method: "argmax" | "argmin"): OnnxOp =>
  ([x], ctx) => {
    const t = asTensor(need(ctx, x, 0));
    const names = namesOf(t);
    const a = axisOf(ctx, numAttr(ctx, "axis", 0), names.length);
    if (numAttr(ctx, "select_last_index", 0) !== 0) ctx.fail("select_last_index is not supported (the first extreme only)");
    const y = t[method](names[a]! as never) as T;
    return [numAttr(ctx, "keepdims", 1) === 1 ? keepDims(y, names, [a]) : y];
  };

/** InstanceNormalization: each (batch, channel) normalised over the spatial axes, then a per-channel scale and shift. */
const instanceNormalization: OnnxOp = ([x, scale, bias], ctx) => {
  const t = asTensor(need(ctx, x, 0));
  const names = namesOf(t);
  if (names.length < 3) ctx.fail(`its input must have rank 3 or more, not ${names.length}`);
  const eps = numAttr(ctx, "epsilon", 1e-5);
  const over = names.slice(2);
  const centered = t.sub(t.mean(over as never) as never) as T;
  const invStd = centered.mul(centered as never).mean(over as never).add(eps as never).rsqrt() as T;
  const vec = (v: Value | undefined, i: number) => relabel(asTensor(need(ctx, v, i)), [names[1]!]);
  return [ordered(centered.mul(invStd as never).mul(vec(scale, 1) as never).add(vec(bias, 2) as never) as T, names)];
};

/** x where `keep` holds, else `other(x)`, as one elementwise select. */
const select = (x: T, keep: T, other: T): T => where(keep as never, x as never, other as never) as T;

/** Mod: the remainder with the divisor's sign (integers, fmod 0) or the dividend's (fmod 1, required for floats). */
const mod: OnnxOp = (inputs, ctx) => {
  const fmod = numAttr(ctx, "fmod", 0) === 1;
  const [a, b] = inputs.map((v, i) => need(ctx, v, i));
  const integer = a!.dtype !== "float32" && b!.dtype !== "float32";
  if (!integer && !fmod) ctx.fail("fmod must be 1 for floating-point inputs");
  const quotient = (p: T | number, q: T | number): T => {
    const d = binary("div")(p, q);
    return (fmod ? d.sign().mul(d.abs().floor() as never) : d.floor()) as T; // toward zero, or down
  };
  const f = (p: T | number, q: T | number): T => {
    const r = binary("sub")(p, binary("mul")(quotient(p, q), q));
    return integer ? (r.round().cast("int32") as T) : r;
  };
  const fold = (p: number, q: number) => (fmod ? p % q : p - q * Math.floor(p / q));
  return nary(f, fold, integer ? "int32" : "float32")(inputs, ctx);
};

/** Trilu: the upper (j − i ≥ k) or lower (j − i ≤ k) triangle of the last two axes, the rest zero. */
const trilu: OnnxOp = ([x, kIn], ctx) => {
  const v = need(ctx, x, 0);
  const shape = v instanceof Const ? v.shape : sizesOf(v);
  if (shape.length < 2) ctx.fail(`its input must have rank 2 or more, not ${shape.length}`);
  const k = kIn === undefined ? 0 : ints(ctx, kIn, "k")[0]!;
  const upper = numAttr(ctx, "upper", 1) === 1;
  const [rows, cols] = shape.slice(-2) as [number, number];
  const keep = (i: number, j: number) => (upper ? j - i >= k : j - i <= k);
  if (v instanceof Const) return [new Const(Array.from(v.data, (d, at) => (keep(Math.floor(at / cols) % rows, at % cols) ? d : 0)), v.shape, v.dtype)];
  const mask = new Const(Array.from({ length: rows * cols }, (_, at) => (keep(Math.floor(at / cols), at % cols) ? 1 : 0)), [rows, cols], "bool");
  const zero = new Const([0], [], v.dtype);
  return whereOp([mask, v, zero], ctx);
};

/** CumSum along a constant axis; exclusive shifts the sums by one (the first is 0), reverse sums from the end. */
const cumSum: OnnxOp = ([x, axisIn], ctx) => {
  const t = asTensor(need(ctx, x, 0));
  const names = namesOf(t);
  const axisList = ints(ctx, axisIn, "axis");
  if (axisList.length !== 1) ctx.fail(`its axis must hold one value, not ${axisList.length}`);
  const a = axisOf(ctx, axisList[0]!, names.length);
  const [name, n] = [names[a]!, sizesOf(t)[a]!];
  const flip = (v: T): T => {
    const f = ctx.names.fresh();
    const index = new Const(Array.from({ length: n }, (_, i) => n - 1 - i), [n], "int32").tensor();
    return ordered(v.indexSelect(name as never, relabel(index, [f]) as never).rename({ [f]: name } as never) as T, names);
  };
  const reverse = numAttr(ctx, "reverse", 0) === 1;
  let y = t.cumsum(name as never) as T;
  if (reverse) y = flip((flip(t).cumsum(name as never) as T));
  if (numAttr(ctx, "exclusive", 0) === 1) {
    const cut = ctx.names.fresh();
    const widths = reverse ? [0, 1] : [1, 0];
    y = ordered(y.pad({ [name]: widths } as never, 0 as never).narrow(name as never, widths[1]! as never, n as never, cut as never).rename({ [cut]: name } as never) as T, names);
  }
  return [y];
};

/** TopK along an axis: the k largest (or smallest) values, sorted, and their int indices, in a fresh axis. */
const topK: OnnxOp = ([x, kIn], ctx) => {
  const t = asTensor(need(ctx, x, 0));
  const names = namesOf(t);
  const k = (ctx.opset >= 10 ? ints(ctx, kIn, "K") : [numAttr(ctx, "k", -1)])[0]!;
  const a = axisOf(ctx, numAttr(ctx, "axis", -1), names.length);
  if (!(Number.isInteger(k) && k >= 1 && k <= sizesOf(t)[a]!)) ctx.fail(`its K ${k} is not between 1 and the axis size ${sizesOf(t)[a]}`);
  if (numAttr(ctx, "sorted", 1) !== 1) ctx.fail("sorted = 0 is not supported (the values come sorted)");
  const largest = numAttr(ctx, "largest", 1) === 1;
  const fresh = ctx.names.fresh();
  const order = names.map((n, i) => (i === a ? fresh : n));
  const { values, indices } = (largest ? t : (t.neg() as T)).topk(names[a]! as never, k as never, fresh as never) as unknown as { values: T; indices: T };
  return [ordered(largest ? values : (values.neg() as T), order), ordered(indices, order)];
};

/** Where(cond, x, y) with all three broadcast by position. */
const whereOp: OnnxOp = (inputs, ctx) => {
  const vs = inputs.map((v, i) => need(ctx, v, i));
  if (vs.every((v): v is Const => v instanceof Const)) return [foldElementwise(ctx, vs, vs[1]!.dtype, (c, x, y) => (c ? x : y))];
  const { operands, out } = align(ctx, vs.map(asTensor));
  return [ordered(where(operands[0]! as never, operands[1]! as never, operands[2]! as never) as T, out.names)];
};

const variadic = (method: string, fold: (a: number, b: number) => number): OnnxOp => (inputs, ctx) => {
  let acc: Value = need(ctx, inputs[0], 0);
  for (let i = 1; i < inputs.length; i++) acc = nary((p, q) => binary(method)(p, q), fold)([acc, inputs[i]], ctx)[0]!;
  return [acc];
};

const sq = (x: T) => x.mul(x as never) as T;
const cmp = (method: string, fold: (a: number, b: number) => boolean): OnnxOp =>
  nary((a, b) => (typeof a === "number" ? binary(method)(a, b) : m(a)[method]!(b)), (a, b) => (fold(a, b) ? 1 : 0), "bool");

/** The operators of this file, by ONNX op type. */
export const mathOps: Record<string, OnnxOp> = {
  Add: nary(binary("add"), (a, b) => a + b),
  Sub: nary(binary("sub"), (a, b) => a - b),
  Mul: nary(binary("mul"), (a, b) => a * b),
  Div: (inputs, ctx) => {
    const [a, b] = inputs.map((v, i) => need(ctx, v, i));
    const integer = a!.dtype !== "float32" && b!.dtype !== "float32";
    // ONNX divides integers in integers, truncating toward zero (the library's div of int32 is a float).
    const divide = integer ? (p: T | number, q: T | number) => binary("div")(p, q).cast("int32") as T : binary("div");
    return nary(divide, integer ? intDiv : (p, q) => p / q)(inputs, ctx);
  },
  Pow: nary(power, (a, b) => a ** b),
  Max: variadic("maximum", Math.max),
  Min: variadic("minimum", Math.min),
  Sum: variadic("add", (a, b) => a + b),
  Equal: cmp("eq", (a, b) => a === b),
  Less: cmp("lt", (a, b) => a < b),
  LessOrEqual: cmp("le", (a, b) => a <= b),
  Greater: cmp("gt", (a, b) => a > b),
  GreaterOrEqual: cmp("ge", (a, b) => a >= b),
  And: nary((a, b) => m(a).logicalAnd(b as never), (a, b) => (a && b ? 1 : 0), "bool"),
  Or: nary((a, b) => m(a).logicalOr(b as never), (a, b) => (a || b ? 1 : 0), "bool"),
  Not: unary((x) => x.logicalNot() as T, (x) => (x ? 0 : 1)),
  Where: whereOp,
  Round: unary((x) => x.round() as T),
  IsNaN: unary((x) => x.ne(x as never) as T),
  Atan: unary((x) => x.atan2(1 as never) as T),
  CumSum: cumSum,
  TopK: topK,
  Mod: mod,
  Trilu: trilu,
  Neg: unary((x) => x.neg() as T, (x) => -x),
  Abs: unary((x) => x.abs() as T, Math.abs),
  Sqrt: unary((x) => x.sqrt() as T, Math.sqrt),
  Exp: unary((x) => x.exp() as T),
  Log: unary((x) => x.log() as T),
  Tanh: unary((x) => x.tanh() as T),
  Sin: unary((x) => x.sin() as T),
  Cos: unary((x) => x.cos() as T),
  Erf: unary((x) => x.erf() as T),
  Floor: unary((x) => x.floor() as T, Math.floor),
  Ceil: unary((x) => x.ceil() as T, Math.ceil),
  Sign: unary((x) => x.sign() as T, Math.sign),
  Reciprocal: unary((x) => binary("div")(1, x), (x) => 1 / x),
  Relu: unary((x) => x.relu() as T),
  Sigmoid: unary((x) => x.sigmoid() as T),
  LeakyRelu: (inputs, ctx) => {
    const alpha = numAttr(ctx, "alpha", 0.01);
    return unary((x) => where(x.gt(0 as never) as never, x as never, x.mul(alpha as never) as never) as T)(inputs, ctx);
  },
  HardSigmoid: (inputs, ctx) => {
    const [alpha, beta] = [numAttr(ctx, "alpha", 0.2), numAttr(ctx, "beta", 0.5)];
    return unary((x) => x.mul(alpha as never).add(beta as never).clamp(0, 1) as T)(inputs, ctx);
  },
  HardSwish: unary((x) => x.mul(x.mul((1 / 6) as never).add(0.5 as never).clamp(0, 1) as never) as T),
  Gelu: (inputs, ctx) => {
    if (ctx.attr("approximate") === "tanh") {
      const c = Math.sqrt(2 / Math.PI);
      return unary((x) => x.mul(0.5 as never).mul(x.add(x.mul(sq(x) as never).mul(0.044715 as never) as never).mul(c as never).tanh().add(1 as never) as never) as T)(inputs, ctx);
    }
    return unary((x) => x.gelu() as T)(inputs, ctx);
  },
  Elu: (inputs, ctx) => {
    const alpha = numAttr(ctx, "alpha", 1);
    return unary((x) => select(x, x.gt(0 as never) as T, x.exp().sub(1 as never).mul(alpha as never) as T))(inputs, ctx);
  },
  Selu: (inputs, ctx) => {
    const [alpha, gamma] = [numAttr(ctx, "alpha", 1.67326319217681884765625), numAttr(ctx, "gamma", 1.05070102214813232421875)];
    return unary((x) => select(x, x.gt(0 as never) as T, x.exp().sub(1 as never).mul(alpha as never) as T).mul(gamma as never) as T)(inputs, ctx);
  },
  // log(1 + e^x) = max(x, 0) + log(1 + e^-|x|), without overflow
  Softplus: unary((x) => x.relu().add(x.abs().neg().exp().add(1 as never).log() as never) as T),
  Softsign: unary((x) => x.div(x.abs().add(1 as never) as never) as T),
  ThresholdedRelu: (inputs, ctx) => {
    const alpha = numAttr(ctx, "alpha", 1);
    return unary((x) => select(x, x.gt(alpha as never) as T, x.mul(0 as never) as T))(inputs, ctx);
  },
  Clip: clip,
  ReduceMean: reduce("mean", 18),
  ReduceSum: reduce("sum", 13),
  ReduceMax: reduce("max", 18),
  ReduceMin: reduce("min", 18),
  ReduceProd: reduce("prod", 18),
  ReduceL1: reduce((t, over) => t.abs().sum(over as never) as T, 18),
  ReduceL2: reduce((t, over) => sq(t).sum(over as never).sqrt() as T, 18),
  ReduceSumSquare: reduce((t, over) => sq(t).sum(over as never) as T, 18),
  ReduceLogSum: reduce((t, over) => t.sum(over as never).log() as T, 18),
  ReduceLogSumExp: reduce((t, over) => t.logsumexp(over as never) as T, 18),
  ArgMax: argExtreme("argmax"),
  ArgMin: argExtreme("argmin"),
  InstanceNormalization: instanceNormalization,
  Softmax: softmax("softmax"),
  LogSoftmax: softmax("logSoftmax"),
  LayerNormalization: layerNormalization,
  BatchNormalization: batchNormalization,
  MatMul: ([a, b], ctx) => [matmul(ctx, asTensor(need(ctx, a, 0)), asTensor(need(ctx, b, 1)))],
  Gemm: gemm,
  Einsum: einsum,
};
