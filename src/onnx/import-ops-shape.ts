// Layer: src/onnx. The ONNX operators that move data or compute shapes: Reshape, Flatten, Transpose, Squeeze,
// Unsqueeze, Concat, Split, Slice, Gather, Expand, Shape, Size, ConstantOfShape, Range, Cast, Identity. Each works
// on a tensor through the public movement and indexing ops, and on a Const (shape arithmetic) in JavaScript.
// Reshape is where positional data gets new names: axes kept from the input keep theirs, the rest are fresh.
// Imports the public surface and import-values.ts.
import { full, tensor } from "../ops/creation.js";
import { concat } from "../ops/movement.js";
import type { DType } from "../types/dims.js";
import { type NodeContext, type T, type Value, Const, asTensor, axisLength, intsAttr, need, numAttr, axisOf, flatAt, ints, namesOf, ordered, pick, rankOf, relabel, roundTo, shapeOf, sizesOf } from "./import-values.js";
import type { OnnxOp } from "./import-ops-math.js";

const product = (xs: readonly number[]): number => xs.reduce((a, b) => a * b, 1);
const int32Tensor = (data: readonly number[], names: readonly string[], sizes: readonly number[]): T =>
  (tensor as (d: unknown, s: unknown, o: unknown) => T)(Int32Array.from(data), names.map((n, i) => [n, sizes[i]]), { dtype: "int32" });

/** A Const with the same data and a new shape. */
const reshaped = (c: Const, shape: readonly number[]): Const => new Const(c.data, shape, c.dtype);

/** The ONNX target shape of Reshape: 0 copies the input's size (unless allowzero), -1 is inferred. */
function targetShape(ctx: NodeContext, from: readonly number[], spec: readonly number[]): number[] {
  const allowZero = numAttr(ctx, "allowzero", 0) === 1;
  const out = spec.map((s, i) => (s === 0 && !allowZero ? (from[i] ?? ctx.fail(`its shape copies axis ${i}, which the input lacks`)) : s));
  const unknown = out.filter((s) => s === -1).length;
  if (unknown > 1 || out.some((s) => s < -1 || !Number.isInteger(s))) ctx.fail(`its shape [${spec.join(", ")}] is not a valid target shape`);
  const known = product(out.filter((s) => s !== -1));
  const total = product(from);
  if (unknown === 1) {
    if (known === 0 || total % known !== 0) ctx.misfit(`cannot infer the -1 in [${spec.join(", ")}] for ${total} elements`);
    out[out.indexOf(-1)] = total / known;
  }
  if (product(out) !== total) ctx.misfit(`cannot reshape [${from.join(", ")}] (${total} elements) to [${out.join(", ")}]`);
  return out;
}

/**
 * A tensor reshaped to `sizes`: the axes equal at the front and at the back keep their names, the middle is
 * merged (`stack`) and split again into fresh names; size-1 axes are dropped and added (`squeeze`, `expand`).
 */
export function reshapeTensor(ctx: NodeContext, t: T, sizes: readonly number[]): T {
  const [names, from] = [namesOf(t), sizesOf(t)];
  let front = 0;
  while (front < from.length && front < sizes.length && from[front] === sizes[front]) front++;
  let back = 0;
  while (back < from.length - front && back < sizes.length - front && from[from.length - 1 - back] === sizes[sizes.length - 1 - back]) back++;
  const inMid = names.slice(front, names.length - back);
  const outMid = sizes.slice(front, sizes.length - back);
  if (inMid.length === 0 && outMid.length === 0) return t;
  const ones = inMid.filter((_, i) => from[front + i] === 1);
  let x = ones.length > 0 ? t.squeeze(...(ones as never[])) : t;
  const rest = inMid.filter((n) => !ones.includes(n));
  const outNames = outMid.map(() => ctx.names.fresh());
  const big = outMid.map((s, i) => ({ s, n: outNames[i]! })).filter(({ s }) => s !== 1);
  let merged: string | undefined = rest.length === 1 ? rest[0] : undefined;
  if (rest.length > 1) x = x.stack({ [(merged = ctx.names.fresh())]: rest } as never) as T;
  if (big.length === 1) x = x.rename({ [merged!]: big[0]!.n } as never) as T;
  if (big.length > 1) x = x.split(merged! as never, big.map(({ s, n }) => [n, s]) as never) as T;
  const unit = outMid.map((s, i) => ({ s, n: outNames[i]! })).filter(({ s }) => s === 1);
  if (unit.length > 0) x = x.expand(unit.map(({ n }) => [n, 1]) as never) as T;
  return ordered(x, [...names.slice(0, front), ...outNames, ...names.slice(names.length - back)]);
}

function reshapeValue(ctx: NodeContext, v: Value, sizes: readonly number[]): Value {
  return v instanceof Const ? reshaped(v, sizes) : reshapeTensor(ctx, v, sizes);
}

/** The axes of Squeeze / Unsqueeze: an attribute before opset 13, an input after. */
const axesOf = (ctx: NodeContext, input: Value | undefined): number[] | undefined =>
  ctx.opset >= 13 ? (input === undefined ? undefined : ints(ctx, input, "axes")) : intsAttr(ctx, "axes");

const squeeze: OnnxOp = ([x, axesIn], ctx) => {
  const v = need(ctx, x, 0);
  const shape = shapeOf(v);
  const listed = axesOf(ctx, axesIn);
  const axes = listed === undefined ? shape.map((s, i) => (s === 1 ? i : -1)).filter((i) => i >= 0) : listed.map((a) => axisOf(ctx, a, shape.length));
  for (const a of axes) if (shape[a] !== 1) ctx.fail(`cannot squeeze axis ${a} of size ${shape[a]}`);
  if (v instanceof Const) return [reshaped(v, shape.filter((_, i) => !axes.includes(i)))];
  const names = namesOf(v);
  return [axes.length === 0 ? v : v.squeeze(...(axes.map((a) => names[a]!) as never[]))];
};

const unsqueeze: OnnxOp = ([x, axesIn], ctx) => {
  const v = need(ctx, x, 0);
  const shape = shapeOf(v);
  const rank = shape.length + (axesOf(ctx, axesIn)?.length ?? 0);
  const axes = (axesOf(ctx, axesIn) ?? ctx.fail("it lists no axes")).map((a) => axisOf(ctx, a, rank));
  const out: number[] = [];
  let k = 0;
  for (let i = 0; i < rank; i++) out.push(axes.includes(i) ? 1 : shape[k++]!);
  if (v instanceof Const) return [reshaped(v, out)];
  const names = namesOf(v);
  const fresh = axes.map(() => ctx.names.fresh());
  const order: string[] = [];
  k = 0;
  for (let i = 0; i < rank; i++) order.push(axes.includes(i) ? fresh[axes.indexOf(i)]! : names[k++]!);
  return [ordered(v.expand(fresh.map((n) => [n, 1]) as never) as T, order)];
};

const transpose: OnnxOp = ([x], ctx) => {
  const v = need(ctx, x, 0);
  const r = rankOf(v);
  const perm = intsAttr(ctx, "perm") ?? [...Array(r).keys()].reverse();
  if (perm.length !== r || new Set(perm).size !== r || perm.some((p) => !(p >= 0 && p < r))) ctx.fail(`its perm [${perm.join(", ")}] is not a permutation of ${r} axes`);
  if (v instanceof Const) return [pick(v, perm.map((p) => v.shape[p]!), (i) => flatAt(v.shape, perm.map((_, q) => i[perm.indexOf(q)]!)))];
  const names = namesOf(v);
  return [ordered(v, perm.map((p) => names[p]!))];
};

/** Concat along `axis`: the other axes take the first input's names, the joined axis a fresh one. */
const concatOp: OnnxOp = (inputs, ctx) => {
  const vs = inputs.map((v, i) => need(ctx, v, i)).filter((v) => product(shapeOf(v)) > 0 || shapeOf(v).length === 0 || inputs.length === 1);
  const r = rankOf(vs[0]!);
  const axis = axisOf(ctx, numAttr(ctx, "axis", 0), r);
  for (const v of vs) if (rankOf(v) !== r) ctx.fail(`its inputs have ranks ${vs.map(rankOf).join(", ")}`);
  if (vs.every((v): v is Const => v instanceof Const)) {
    const shape = vs[0]!.shape.slice();
    shape[axis] = vs.reduce((a, c) => a + c.shape[axis]!, 0);
    const offsets = vs.map((_, i) => vs.slice(0, i).reduce((a, c) => a + c.shape[axis]!, 0));
    return [concatConsts(vs, shape, axis, offsets)];
  }
  const ts = vs.map(asTensor);
  const names = namesOf(ts[0]!).slice();
  names[axis] = ctx.names.fresh();
  return [concat(ts.map((t) => relabel(t, names)) as never, names[axis] as never) as T];
};

function concatConsts(vs: readonly Const[], shape: number[], axis: number, offsets: number[]): Const {
  const dtype: DType = vs.some((v) => v.dtype === "float32") ? "float32" : vs[0]!.dtype;
  const total = product(shape);
  const data = new Array<number>(total);
  const inner = product(shape.slice(axis + 1));
  for (let k = 0; k < total; k++) {
    const outer = Math.floor(k / (inner * shape[axis]!));
    const at = Math.floor(k / inner) % shape[axis]!;
    let which = offsets.length - 1;
    while (offsets[which]! > at) which--;
    const v = vs[which]!;
    const local = at - offsets[which]!;
    data[k] = v.data[(outer * v.shape[axis]! + local) * inner + (k % inner)]!;
  }
  return new Const(data, shape, dtype);
}

/** One axis cut to [start, start + length) with a step: a narrow (step 1) or an index select. */
function sliceAxis(ctx: NodeContext, v: Value, axis: number, start: number, count: number, step: number): Value {
  if (v instanceof Const) {
    const shape = v.shape.slice();
    shape[axis] = count;
    return pick(v, shape, (i) => flatAt(v.shape, i.map((x, p) => (p === axis ? start + x * step : x))));
  }
  const name = namesOf(v)[axis]!;
  const fresh = ctx.names.fresh();
  if (step === 1) return v.narrow(name as never, start as never, count as never, fresh as never).rename({ [fresh]: name } as never) as T;
  const idx = int32Tensor(
    Array.from({ length: count }, (_, i) => start + i * step),
    [fresh],
    [count],
  );
  return ordered(v.indexSelect(name as never, idx as never).rename({ [fresh]: name } as never) as T, namesOf(v));
}

/** Slice: starts, ends, axes and steps are inputs from opset 10 (attributes before), clamped as ONNX says. */
const slice: OnnxOp = ([x, s, e, a, st], ctx) => {
  let v = need(ctx, x, 0);
  const shape = shapeOf(v);
  const starts = ctx.opset >= 10 ? ints(ctx, s, "starts") : (intsAttr(ctx, "starts") ?? ctx.fail("it has no starts"));
  const ends = ctx.opset >= 10 ? ints(ctx, e, "ends") : (intsAttr(ctx, "ends") ?? ctx.fail("it has no ends"));
  const axes = (ctx.opset >= 10 ? (a === undefined ? undefined : ints(ctx, a, "axes")) : intsAttr(ctx, "axes")) ?? starts.map((_, i) => i);
  const steps = st === undefined ? starts.map(() => 1) : ints(ctx, st, "steps");
  if (ends.length !== starts.length || axes.length !== starts.length || steps.length !== starts.length) ctx.fail("its starts, ends, axes and steps differ in length");
  axes.forEach((ax, i) => {
    const axis = axisOf(ctx, ax, shape.length);
    const n = shape[axis]!;
    const step = steps[i]!;
    if (step === 0) ctx.fail("a step of 0 is not allowed");
    const clampTo = (x: number, lo: number, hi: number) => Math.min(Math.max(x < 0 ? x + n : x, lo), hi);
    const [lo, hi] = step > 0 ? [0, n] : [-1, n - 1];
    const start = clampTo(starts[i]!, lo, hi);
    const end = clampTo(ends[i]!, lo, hi);
    const count = Math.max(0, Math.ceil((end - start) / step));
    // an empty constant is fine (shape arithmetic: the dims after the last, joined by Concat); an empty tensor is not
    if (count === 0 && !(v instanceof Const)) ctx.fail(`it selects nothing on axis ${axis} (empty tensors are not supported)`);
    v = sliceAxis(ctx, v, axis, start, count, step);
  });
  return [v];
};

/** Split into parts along `axis`: sizes from the `split` input (opset 13) or attribute, or num_outputs equal parts. */
const split: OnnxOp = ([x, sizesIn], ctx) => {
  const v = need(ctx, x, 0);
  const shape = shapeOf(v);
  const axis = axisOf(ctx, numAttr(ctx, "axis", 0), shape.length);
  const n = shape[axis]!;
  const outputs = numAttr(ctx, "num_outputs", 0) || ctx.outputs;
  const parts = (ctx.opset >= 13 ? (sizesIn === undefined ? undefined : ints(ctx, sizesIn, "split")) : intsAttr(ctx, "split")) ?? Array.from({ length: outputs }, (_, i) => Math.min(Math.ceil(n / outputs), n - i * Math.ceil(n / outputs)));
  if (parts.reduce((p, q) => p + q, 0) !== n) ctx.fail(`its parts [${parts.join(", ")}] do not add up to ${n}`);
  let at = 0;
  return parts.map((p) => sliceAxis(ctx, v, axis, (at += p) - p, p, 1));
};

/** Gather along `axis`: a scalar index drops the axis (`get`), an index tensor replaces it (`indexSelect`). */
const gather: OnnxOp = ([x, idx], ctx) => {
  const v = need(ctx, x, 0);
  const index = need(ctx, idx, 1);
  const shape = shapeOf(v);
  const axis = axisOf(ctx, numAttr(ctx, "axis", 0), shape.length);
  const n = shape[axis]!;
  const norm = (i: number) => (i < 0 ? i + n : i >= 0 && i < n ? i : ctx.fail(`index ${i} is out of range for axis ${axis} of size ${n}`));
  if (index instanceof Const) {
    const is = Array.from(index.data, (i) => norm(i));
    if (v instanceof Const) {
      const out = [...shape.slice(0, axis), ...index.shape, ...shape.slice(axis + 1)];
      const q = index.shape.length;
      return [pick(v, out, (i) => flatAt(shape, [...i.slice(0, axis), is[flatAt(index.shape, i.slice(axis, axis + q))]!, ...i.slice(axis + q)]))];
    }
    const name = namesOf(v)[axis]!;
    if (index.shape.length === 0) return [v.get(name as never, is[0]! as never) as T];
    const fresh = index.shape.map(() => ctx.names.fresh());
    return [v.indexSelect(name as never, int32Tensor(is, fresh, index.shape) as never) as T];
  }
  const t = asTensor(v);
  const fresh = namesOf(index).map(() => ctx.names.fresh());
  const cast = index.dtype === "int32" ? index : (index.cast("int32") as T);
  // a negative index counts from the end (ONNX): i + n where i < 0
  const i32 = relabel(cast.add(cast.lt(0 as never).cast("int32").mul(n as never) as never) as T, fresh);
  return [t.indexSelect(namesOf(t)[axis]! as never, i32 as never) as T];
};

/** Expand: broadcast to a shape by position (numpy rules, in both directions). */
const expand: OnnxOp = ([x, s], ctx) => {
  const t = asTensor(need(ctx, x, 0));
  const target = ints(ctx, s, "shape");
  const r = Math.max(target.length, rankOf(t));
  const sizes = sizesOf(t);
  const names = namesOf(t);
  const outSizes: number[] = [];
  const outNames: string[] = [];
  const drop: string[] = [];
  for (let p = 0; p < r; p++) {
    const a = p - (r - sizes.length);
    const b = p - (r - target.length);
    const [sa, sb] = [a >= 0 ? sizes[a]! : 1, b >= 0 ? target[b]! : 1];
    if (sa !== sb && sa !== 1 && sb !== 1) ctx.misfit(`cannot expand size ${sa} to ${sb}`);
    outSizes.push(Math.max(sa, sb));
    if (a >= 0 && !(sa === 1 && sb > 1)) outNames.push(names[a]!);
    else {
      if (a >= 0) drop.push(names[a]!);
      outNames.push(ctx.names.fresh());
    }
  }
  let y = drop.length > 0 ? t.squeeze(...(drop as never[])) : t;
  const added = outNames.map((n, i) => [n, outSizes[i]!] as [string, number]).filter(([n]) => !namesOf(y).includes(n));
  if (added.length > 0) y = y.expand(added as never) as T;
  return [ordered(y, outNames)];
};

/** Positions read for one axis of size n grown by `before` and `after` (both ≥ 0) in a Pad mode other than constant. */
function padPositions(ctx: NodeContext, mode: string, n: number, before: number, after: number): number[] {
  return Array.from({ length: axisLength(ctx, n + before + after, "its output") }, (_, j) => {
    const i = j - before;
    if (mode === "edge") return Math.min(Math.max(i, 0), n - 1);
    if (mode === "wrap") return ((i % n) + n) % n;
    if (n === 1) return 0; // reflect of one element repeats it
    if (before >= n || after >= n) ctx.fail(`it reflects ${Math.max(before, after)} elements of an axis of size ${n} (at most ${n - 1})`);
    return i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i;
  });
}

/** Pad: pads as an input (opset 11; axes from 18) or attribute; constant, edge, reflect or wrap; negative pads crop. */
const pad: OnnxOp = ([x, p, c, a], ctx) => {
  let t = asTensor(need(ctx, x, 0));
  const r = rankOf(t);
  const mode = typeof ctx.attr("mode") === "string" ? (ctx.attr("mode") as string) : "constant";
  if (!["constant", "reflect", "edge", "wrap"].includes(mode)) ctx.fail(`its mode ${mode} is not one of constant, reflect, edge, wrap`);
  const pads = ctx.opset >= 11 ? ints(ctx, p, "pads") : (intsAttr(ctx, "pads") ?? ctx.fail("it has no pads"));
  const axes = (a === undefined ? [...Array(r).keys()] : ints(ctx, a, "axes")).map((ax) => axisOf(ctx, ax, r));
  if (pads.length !== 2 * axes.length) ctx.fail(`it has ${pads.length} pads for ${axes.length} axes`);
  let value = ctx.opset >= 11 ? 0 : numAttr(ctx, "value", 0);
  if (ctx.opset >= 11 && c !== undefined) {
    if (!(c instanceof Const) || c.size !== 1) ctx.fail("its constant_value must be a constant scalar");
    value = (c as Const).data[0]!;
  }
  const names = namesOf(t);
  axes.forEach((ax, k) => {
    const name = names[ax]!;
    let [before, after] = [pads[k]!, pads[axes.length + k]!];
    const n = sizesOf(t)[ax]!;
    if (before < 0 || after < 0) {
      const [cb, ca] = [Math.max(0, -before), Math.max(0, -after)];
      if (cb + ca >= n) ctx.fail(`its pads crop all ${n} elements of axis ${ax} (empty tensors are not supported)`);
      t = sliceAxis(ctx, t, ax, cb, n - cb - ca, 1) as T;
      [before, after] = [Math.max(0, before), Math.max(0, after)];
    }
    if (before === 0 && after === 0) return;
    axisLength(ctx, sizesOf(t)[ax]! + before + after, "its output");
    if (mode === "constant") {
      t = t.pad({ [name]: [before, after] } as never, (t.dtype === "bool" ? value !== 0 : value) as never) as T;
      return;
    }
    const fresh = ctx.names.fresh();
    const index = padPositions(ctx, mode, sizesOf(t)[ax]!, before, after);
    t = ordered(t.indexSelect(name as never, int32Tensor(index, [fresh], [index.length]) as never).rename({ [fresh]: name } as never) as T, names);
  });
  return [t];
};

/** Tile: each axis repeated `repeats` times (a gather of positions modulo the size). */
const tile: OnnxOp = ([x, rep], ctx) => {
  let t = asTensor(need(ctx, x, 0));
  const repeats = ints(ctx, rep, "repeats");
  const names = namesOf(t);
  if (repeats.length !== names.length || repeats.some((k) => !(Number.isInteger(k) && k >= 1))) ctx.fail(`its repeats [${repeats.join(", ")}] must be ${names.length} positive integers`);
  repeats.forEach((k, ax) => {
    if (k === 1) return;
    const n = sizesOf(t)[ax]!;
    const fresh = ctx.names.fresh();
    const index = Array.from({ length: axisLength(ctx, n * k, "its output") }, (_, j) => j % n);
    t = ordered(t.indexSelect(names[ax]! as never, int32Tensor(index, [fresh], [n * k]) as never).rename({ [fresh]: names[ax]! } as never) as T, names);
  });
  return [t];
};

const onnxTypes: Record<number, DType> = { 1: "float32", 11: "float32", 2: "int32", 3: "int32", 4: "int32", 5: "int32", 6: "int32", 7: "int32", 12: "int32", 9: "bool" };

/** The operators of this file, by ONNX op type. */
export const shapeOps: Record<string, OnnxOp> = {
  Reshape: ([x, s], ctx) => {
    const v = need(ctx, x, 0);
    const spec = ctx.opset >= 5 ? ints(ctx, s, "shape") : (intsAttr(ctx, "shape") ?? ctx.fail("it has no shape"));
    return [reshapeValue(ctx, v, targetShape(ctx, shapeOf(v), spec))];
  },
  Flatten: ([x], ctx) => {
    const v = need(ctx, x, 0);
    const shape = shapeOf(v);
    const axis = numAttr(ctx, "axis", 1);
    const at = axis < 0 ? axis + shape.length : axis;
    if (!(at >= 0 && at <= shape.length)) ctx.fail(`axis ${axis} is out of range for a rank-${shape.length} input`);
    return [reshapeValue(ctx, v, [product(shape.slice(0, at)), product(shape.slice(at))])];
  },
  Transpose: transpose,
  Squeeze: squeeze,
  Unsqueeze: unsqueeze,
  Concat: concatOp,
  Split: split,
  Slice: slice,
  Gather: gather,
  Expand: expand,
  Pad: pad,
  Tile: tile,
  Identity: ([x], ctx) => [need(ctx, x, 0)],
  Dropout: ([x, , training], ctx) => {
    const v = need(ctx, x, 0);
    if (training !== undefined && (!(training instanceof Const) || training.data[0] !== 0)) ctx.fail("training_mode is not supported (inference only)");
    // before opset 10 the mask has the input's type and onnxruntime gives zeros: it is left out (refused when read)
    if (ctx.outputs < 2 || ctx.opset < 10) return [v];
    // inference: the input, and a mask that keeps everything
    const names = v instanceof Const ? v.shape.map(() => ctx.names.fresh()) : namesOf(v);
    return [v, full(names.map((n, i) => [n, shapeOf(v)[i]!]) as never, true as never, { dtype: "bool" } as never) as T];
  },
  Shape: ([x], ctx) => {
    const shape = shapeOf(need(ctx, x, 0));
    const r = shape.length;
    const clamp = (i: number) => Math.min(Math.max(i < 0 ? i + r : i, 0), r);
    const out = shape.slice(clamp(numAttr(ctx, "start", 0)), clamp(numAttr(ctx, "end", r)));
    return [new Const(out, [out.length], "int32")];
  },
  Size: ([x], ctx) => [new Const([product(shapeOf(need(ctx, x, 0)))], [], "int32")],
  ConstantOfShape: ([s], ctx) => {
    const shape = ints(ctx, s, "shape");
    const value = ctx.attr("value");
    const c = value instanceof Const ? value : new Const([0], [1], "float32");
    if (product(shape) <= 4096) return [new Const(new Array<number>(product(shape)).fill(c.data[0]!), shape, c.dtype)];
    return [full(shape.map((z) => [ctx.names.fresh(), z]) as never, c.data[0]! as never, { dtype: c.dtype } as never) as T];
  },
  Range: ([a, b, d], ctx) => {
    const [start, limit, delta] = [ints(ctx, a, "start")[0]!, ints(ctx, b, "limit")[0]!, ints(ctx, d, "delta")[0]!];
    const n = Math.max(Math.ceil((limit - start) / delta), 0);
    if (!(n <= 1 << 24)) ctx.fail(`its range of ${n} elements is too long`);
    return [new Const(Array.from({ length: n }, (_, i) => start + i * delta), [n], (a as Const).dtype)];
  },
  Cast: ([x], ctx) => {
    const v = need(ctx, x, 0);
    const to = onnxTypes[numAttr(ctx, "to", 1)] ?? ctx.fail(`it casts to ONNX type ${numAttr(ctx, "to", 1)}, which has no dtype here`);
    if (v instanceof Const) return [new Const(Array.from(v.data, (d) => roundTo(to, d)), v.shape, to)];
    return [v.dtype === to ? v : (v.cast(to) as T)];
  },
};

export { onnxTypes };
