// Layer: src/onnx. The ONNX operators over spatial axes: Conv, ConvTranspose, MaxPool, AveragePool,
// GlobalAveragePool, GlobalMaxPool, Resize and Upsample. Until the library has a conv op family, a sliding window
// is an `indexSelect` of the padded input with an [out, kernel] index per spatial axis (im2col as a gather the
// fuser reads in place), and a convolution is a `dot` over channel and kernel axes; when the conv family lands,
// `windows` and `convolve` are the two functions to replace. Imports the public surface and import-values.ts.
import { tensor } from "../ops/creation.js";
import "../ops/contract.js";
import { type NodeContext, type T, type Value, Const, asTensor, intsAttr, need, numAttr, strAttr, ints, keepDims, namesOf, ordered, relabel, sizesOf } from "./import-values.js";
import type { OnnxOp } from "./import-ops-math.js";

const listAttr = (ctx: NodeContext, name: string, n: number, fallback: number): number[] => {
  const a = ctx.attr(name);
  if (a === undefined) return new Array<number>(n).fill(fallback);
  if (!Array.isArray(a) || a.length !== n || a.some((x) => typeof x !== "number")) ctx.fail(`its attribute ${name} must list ${n} integers`);
  return a as number[];
};
const make = (data: ArrayLike<number>, names: readonly string[], sizes: readonly number[], dtype: "int32" | "float32"): T =>
  (tensor as (d: unknown, s: unknown, o: unknown) => T)(
    dtype === "int32" ? Int32Array.from(data) : Float32Array.from(data),
    names.map((n, i) => [n, sizes[i]]),
    { dtype },
  );

/** The geometry of a sliding window over the spatial axes (2..) of an N, C, spatial… input. */
interface Window {
  readonly kernel: number[];
  readonly strides: number[];
  readonly dilations: number[];
  readonly begin: number[];
  readonly end: number[];
  readonly out: number[];
}

/** Reads kernel_shape, strides, dilations, pads / auto_pad and ceil_mode into the output sizes. */
function windowOf(ctx: NodeContext, spatial: readonly number[], kernel: number[]): Window {
  const n = spatial.length;
  const strides = listAttr(ctx, "strides", n, 1);
  const dilations = listAttr(ctx, "dilations", n, 1);
  const pads = listAttr(ctx, "pads", 2 * n, 0);
  const autoPad = strAttr(ctx, "auto_pad", "NOTSET");
  const ceil = numAttr(ctx, "ceil_mode", 0) === 1;
  const begin = pads.slice(0, n);
  const end = pads.slice(n);
  const span = kernel.map((k, i) => dilations[i]! * (k - 1) + 1);
  if (autoPad === "SAME_UPPER" || autoPad === "SAME_LOWER") {
    spatial.forEach((z, i) => {
      const total = Math.max(0, (Math.ceil(z / strides[i]!) - 1) * strides[i]! + span[i]! - z);
      begin[i] = autoPad === "SAME_UPPER" ? Math.floor(total / 2) : Math.ceil(total / 2);
      end[i] = total - begin[i]!;
    });
  } else if (autoPad === "VALID") begin.fill(0), end.fill(0);
  else if (autoPad !== "NOTSET") ctx.fail(`its auto_pad ${autoPad} is not one of NOTSET, SAME_UPPER, SAME_LOWER, VALID`);
  const out = spatial.map((z, i) => {
    const room = z + begin[i]! + end[i]! - span[i]!;
    if (room < 0) ctx.fail(`its window (${span[i]}) is larger than the padded input (${z + begin[i]! + end[i]!}) on spatial axis ${i}`);
    const o = (ceil ? Math.ceil(room / strides[i]!) : Math.floor(room / strides[i]!)) + 1;
    // ceil_mode: a last window that starts in the right padding is dropped, as ONNX Runtime does.
    return ceil && (o - 1) * strides[i]! >= z + begin[i]! ? o - 1 : o;
  });
  return { kernel, strides, dilations, begin, end, out };
}

/**
 * The input's sliding windows: each spatial axis replaced in place by [out, kernel] axes (names returned), read from
 * the input padded with `fill` (the end padded further when ceil_mode reaches past it).
 */
export function windows(ctx: NodeContext, x: T, w: Window, fill: number): { x: T; outs: string[]; taps: string[] } {
  const names = namesOf(x);
  const sizes = sizesOf(x);
  let y = x;
  const outs: string[] = [];
  const taps: string[] = [];
  w.kernel.forEach((k, i) => {
    const name = names[2 + i]!;
    const [o, s, d] = [w.out[i]!, w.strides[i]!, w.dilations[i]!];
    const [on, kn] = [ctx.names.fresh(), ctx.names.fresh()];
    outs.push(on);
    taps.push(kn);
    if (k === 1 && w.begin[i] === 0) {
      // A 1-wide window is a view: every s-th position (rows of an [out, s] split), with a size-1 tap axis.
      const size = sizesOf(y)[namesOf(y).indexOf(name)]!;
      if (size < o * s) y = y.pad({ [name]: [0, o * s - size] } as never, fill as never) as T;
      if (size > o * s) {
        const cut = ctx.names.fresh();
        y = y.narrow(name as never, 0 as never, (o * s) as never, cut as never).rename({ [cut]: name } as never) as T;
      }
      if (s > 1) {
        const z = ctx.names.fresh();
        y = y.split(name as never, [[on, o], [z, s]] as never).get(z as never, 0 as never) as T;
      } else y = y.rename({ [name]: on } as never) as T;
      y = y.expand([[kn, 1]] as never) as T; // in front: moved behind the batch and channel axes
      y = ordered(y, [...namesOf(y).slice(1), kn]);
      return;
    }
    const endPad = Math.max(w.end[i]!, (o - 1) * s + d * (k - 1) + 1 - sizes[2 + i]! - w.begin[i]!);
    if (w.begin[i]! > 0 || endPad > 0) y = y.pad({ [name]: [w.begin[i]!, endPad] } as never, fill as never) as T;
    const index = Array.from({ length: o * k }, (_, j) => Math.floor(j / k) * s + (j % k) * d);
    y = y.indexSelect(name as never, make(index, [on, kn], [o, k], "int32") as never) as T;
  });
  return { x: y, outs, taps };
}

/** Conv's contraction: windows [N, C, o…, k…] with weights [M, C/group, k…] into [N, M, o…] (groups split C and M). */
export function convolve(ctx: NodeContext, win: T, channel: string, outs: readonly string[], taps: readonly string[], weight: T, group: number): T {
  const [n] = namesOf(win);
  const wSizes = sizesOf(weight);
  const m = ctx.names.fresh();
  if (group === 1) {
    const w = relabel(weight, [m, channel, ...taps]);
    return ordered(win.dot([channel, ...taps] as never, w as never) as T, [n!, m, ...outs]);
  }
  const [g, cg, mg] = [ctx.names.fresh(), ctx.names.fresh(), ctx.names.fresh()];
  const cPer = wSizes[1]!;
  const x = win.split(channel as never, [[g, group], [cg, cPer]] as never) as T;
  const w = (relabel(weight, [m, cg, ...taps]).split(m as never, [[g, group], [mg, wSizes[0]! / group]] as never) as T);
  const y = x.dot([cg, ...taps] as never, w as never) as T;
  return ordered(y.stack({ [m]: [g, mg] } as never) as T, [n!, m, ...outs]);
}

const conv: OnnxOp = ([xIn, wIn, bIn], ctx) => {
  const x = asTensor(need(ctx, xIn, 0));
  const weight = asTensor(need(ctx, wIn, 1));
  const sizes = sizesOf(x);
  const group = numAttr(ctx, "group", 1);
  const kernel = sizesOf(weight).slice(2);
  if (sizes.length < 3 || sizesOf(weight).length !== sizes.length) ctx.fail(`its input (rank ${sizes.length}) and weight (rank ${sizesOf(weight).length}) do not fit`);
  if (sizes[1]! !== sizesOf(weight)[1]! * group || sizesOf(weight)[0]! % group !== 0) ctx.fail(`its ${sizes[1]} input channels and weight [${sizesOf(weight).join(", ")}] do not fit group ${group}`);
  const w = windowOf(ctx, sizes.slice(2), kernel);
  const win = windows(ctx, x, w, 0);
  let y = convolve(ctx, win.x, namesOf(x)[1]!, win.outs, win.taps, weight, group);
  if (bIn !== undefined) y = y.add(relabel(asTensor(bIn), [namesOf(y)[1]!]) as never) as T;
  return [relabel(y, [namesOf(x)[0]!, namesOf(y)[1]!, ...namesOf(x).slice(2)])];
};

/** ConvTranspose: the input spread out by the stride (zeros between), padded, and convolved with the flipped kernel. */
const convTranspose: OnnxOp = ([xIn, wIn, bIn], ctx) => {
  const x = asTensor(need(ctx, xIn, 0));
  const weight = asTensor(need(ctx, wIn, 1));
  const group = numAttr(ctx, "group", 1);
  const names = namesOf(x);
  const sizes = sizesOf(x);
  const ws = sizesOf(weight);
  const n = sizes.length - 2;
  const kernel = ws.slice(2);
  if (ctx.attr("output_shape") !== undefined) ctx.fail("its output_shape attribute is not supported (give pads)");
  if (ws[0] !== sizes[1]) ctx.fail(`its ${sizes[1]} input channels do not fit weight [${ws.join(", ")}]`);
  const strides = listAttr(ctx, "strides", n, 1);
  const dilations = listAttr(ctx, "dilations", n, 1);
  const pads = listAttr(ctx, "pads", 2 * n, 0);
  const outPad = listAttr(ctx, "output_padding", n, 0);
  let y = x;
  kernel.forEach((k, i) => {
    const name = names[2 + i]!;
    const [s, d] = [strides[i]!, dilations[i]!];
    if (s > 1) {
      const z = ctx.names.fresh();
      const spread = ctx.names.fresh();
      y = (y.expand([[z, 1]] as never).pad({ [z]: [0, s - 1] } as never).stack({ [spread]: [name, z] } as never) as T).narrow(spread as never, 0 as never, ((sizes[2 + i]! - 1) * s + 1) as never, name as never) as T;
    }
    const [before, after] = [d * (k - 1) - pads[i]!, d * (k - 1) - pads[n + i]! + outPad[i]!];
    if (before < 0 || after < 0) ctx.fail("pads larger than the dilated kernel are not supported");
    if (before > 0 || after > 0) y = y.pad({ [name]: [before, after] } as never) as T;
  });
  y = ordered(y, names);
  // The flipped kernel with input and output channels swapped: [C, M/g, k…] -> [M, C/g, k…].
  let w = weight;
  kernel.forEach((k, i) => {
    const name = namesOf(w)[2 + i]!;
    const f = ctx.names.fresh();
    w = w.indexSelect(name as never, make(Array.from({ length: k }, (_, j) => k - 1 - j), [f], [k], "int32") as never).rename({ [f]: name } as never) as T;
  });
  const [wn] = [namesOf(w)];
  const [g, cg, mg] = [ctx.names.fresh(), ctx.names.fresh(), ctx.names.fresh()];
  w = w.split(wn[0]! as never, [[g, group], [cg, ws[0]! / group]] as never).stack({ [mg]: [g, wn[1]!] } as never) as T;
  w = ordered(w, [mg, cg, ...wn.slice(2)]);
  const spatial = sizesOf(y).slice(2);
  const geometry: Window = {
    kernel,
    strides: kernel.map(() => 1),
    dilations,
    begin: kernel.map(() => 0),
    end: kernel.map(() => 0),
    out: spatial.map((z, i) => z - dilations[i]! * (kernel[i]! - 1)),
  };
  const win = windows(ctx, y, geometry, 0);
  let out = convolve(ctx, win.x, names[1]!, win.outs, win.taps, w, group);
  if (bIn !== undefined) out = out.add(relabel(asTensor(bIn), [namesOf(out)[1]!]) as never) as T;
  return [relabel(out, [names[0]!, namesOf(out)[1]!, ...names.slice(2)])];
};

/** How many window taps of each output position fall inside the unpadded input, per spatial axis (outer product). */
function counts(w: Window, spatial: readonly number[], outs: readonly string[]): T {
  const per = spatial.map((z, i) =>
    Array.from({ length: w.out[i]! }, (_, o) => {
      let c = 0;
      for (let k = 0; k < w.kernel[i]!; k++) {
        const at = o * w.strides[i]! + k * w.dilations[i]! - w.begin[i]!;
        if (at >= 0 && at < z) c++;
      }
      return c;
    }),
  );
  const total = w.out.reduce((a, b) => a * b, 1);
  const data = new Float32Array(total);
  for (let j = 0; j < total; j++) {
    let rest = j;
    let c = 1;
    for (let i = spatial.length - 1; i >= 0; i--) {
      c *= per[i]![rest % w.out[i]!]!;
      rest = Math.floor(rest / w.out[i]!);
    }
    data[j] = c;
  }
  return make(data, outs, w.out, "float32");
}

/** How many taps reach into the input or its explicit pads (count_include_pad), not the ceil_mode overhang. */
function paddedCounts(w: Window, spatial: readonly number[], outs: readonly string[]): T {
  return counts({ ...w, begin: w.begin.map(() => 0) }, spatial.map((z, i) => z + w.begin[i]! + w.end[i]!), outs);
}

const pool =
  (kind: "max" | "average"): OnnxOp =>
  ([xIn], ctx) => {
    const x = asTensor(need(ctx, xIn, 0));
    const sizes = sizesOf(x);
    const kernel = intsAttr(ctx, "kernel_shape") ?? ctx.fail("it has no kernel_shape");
    const w = windowOf(ctx, sizes.slice(2), kernel.slice());
    const win = windows(ctx, x, w, kind === "max" ? -Infinity : 0);
    const spatial = sizes.slice(2);
    let y: T;
    if (kind === "max") y = win.x.max(win.taps as never) as T;
    else {
      const include = numAttr(ctx, "count_include_pad", 0) === 1;
      y = win.x.sum(win.taps as never).div((include ? paddedCounts(w, spatial, win.outs) : counts(w, spatial, win.outs)) as never) as T;
    }
    return [relabel(ordered(y, [...namesOf(x).slice(0, 2), ...win.outs]), namesOf(x))];
  };

const globalPool =
  (method: "mean" | "max"): OnnxOp =>
  ([xIn], ctx) => {
    const x = asTensor(need(ctx, xIn, 0));
    const names = namesOf(x);
    const axes = names.slice(2).map((_, i) => i + 2);
    return [keepDims(x[method](names.slice(2) as never) as T, names, axes)];
  };

/** The input coordinate of output position o on one axis, by coordinate_transformation_mode. */
function sourceOf(mode: string, o: number, scale: number, inSize: number, outSize: number): number {
  if (mode === "asymmetric") return o / scale;
  if (mode === "align_corners") return outSize === 1 ? 0 : (o * (inSize - 1)) / (outSize - 1);
  if (mode === "pytorch_half_pixel") return outSize > 1 ? (o + 0.5) / scale - 0.5 : 0;
  if (mode === "tf_half_pixel_for_nn") return (o + 0.5) / scale;
  return (o + 0.5) / scale - 0.5; // half_pixel
}

const roundings: Record<string, (c: number) => number> = {
  round_prefer_floor: (c) => (c - Math.floor(c) === 0.5 ? Math.floor(c) : Math.round(c)),
  round_prefer_ceil: (c) => Math.round(c),
  floor: Math.floor,
  ceil: Math.ceil,
};

/** Resize (opset 10+) and Upsample: nearest or (bi)linear, one gather (two for linear) per resized axis. */
const resize =
  (upsample: boolean): OnnxOp =>
  (inputs, ctx) => {
    const x = asTensor(need(ctx, inputs[0], 0));
    const sizes = sizesOf(x);
    const names = namesOf(x);
    const scaleIn = upsample ? (inputs[1] ?? undefined) : ctx.opset >= 11 ? inputs[2] : inputs[1];
    const sizesIn = upsample || ctx.opset < 11 ? undefined : inputs[3];
    let scales: number[];
    let outSizes: number[];
    if (sizesIn !== undefined && shapeLength(sizesIn) > 0) {
      outSizes = ints(ctx, sizesIn, "sizes");
      scales = outSizes.map((o, i) => o / sizes[i]!);
    } else {
      scales = scaleIn !== undefined && shapeLength(scaleIn) > 0 ? ints(ctx, scaleIn, "scales") : (intsAttr(ctx, "scales") ?? ctx.fail("it has neither scales nor sizes"));
      outSizes = sizes.map((z, i) => Math.floor(z * scales[i]!));
    }
    if (scales.length !== sizes.length) ctx.fail(`it has ${scales.length} scales for a rank-${sizes.length} input`);
    const mode = strAttr(ctx, "mode", "nearest");
    const transform = upsample || ctx.opset < 11 ? "asymmetric" : (strAttr(ctx, "coordinate_transformation_mode", "half_pixel"));
    const rounding = roundings[upsample || ctx.opset < 11 ? "floor" : (strAttr(ctx, "nearest_mode", "round_prefer_floor"))] ?? ctx.fail("its nearest_mode is unknown");
    if (mode !== "nearest" && mode !== "linear" && mode !== "bilinear") ctx.fail(`its mode ${mode} is not supported (nearest or linear)`);
    let y = x;
    sizes.forEach((z, i) => {
      const o = outSizes[i]!;
      if (o === z && scales[i] === 1) return;
      const name = names[i]!;
      const f = ctx.names.fresh();
      const at = Array.from({ length: o }, (_, j) => sourceOf(transform, j, scales[i]!, z, o));
      const clampIndex = (c: number) => Math.min(Math.max(c, 0), z - 1);
      const gather = (index: number[]) => y.indexSelect(name as never, make(index, [f], [o], "int32") as never).rename({ [f]: name } as never) as T;
      if (mode === "nearest") y = gather(at.map((c) => clampIndex(rounding(c))));
      else {
        const c = at.map(clampIndex);
        const lo = c.map(Math.floor);
        const weight = make(
          c.map((v, j) => v - lo[j]!),
          [name],
          [o],
          "float32",
        );
        const [a, b] = [gather(lo), gather(lo.map((v) => Math.min(v + 1, z - 1)))];
        y = a.add(b.sub(a as never).mul(weight as never) as never) as T;
      }
      y = ordered(y, names);
    });
    return [y];
  };

const shapeLength = (v: Value): number => (v instanceof Const ? v.size : sizesOf(v).reduce((a, b) => a * b, 1));

/** The operators of this file, by ONNX op type. */
export const convOps: Record<string, OnnxOp> = {
  Conv: conv,
  ConvTranspose: convTranspose,
  MaxPool: pool("max"),
  AveragePool: pool("average"),
  GlobalAveragePool: globalPool("mean"),
  GlobalMaxPool: globalPool("max"),
  Resize: resize(false),
  Upsample: resize(true),
};
