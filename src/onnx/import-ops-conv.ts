// Layer: src/onnx. The ONNX operators over spatial axes: Conv, ConvTranspose, MaxPool, AveragePool,
// GlobalAveragePool, GlobalMaxPool, Resize and Upsample. Conv, ConvTranspose and the pools are the library's
// `conv`, `convTranspose`, `maxPool` and `avgPool` (windowed views); a pool with ceil_mode, whose last window
// hangs past the padding, is a gather (`windows`: an `indexSelect` with an [out, kernel] index per spatial axis).
// Imports the public surface and import-values.ts.
import { tensor } from "../ops/creation.js";
import { avgPool, conv as convOp, convTranspose as convTransposeOp, maxPool } from "../ops/conv.js";
import { type NodeContext, type T, type Value, Const, asTensor, axisLength, intsAttr, need, numAttr, strAttr, ints, keepDims, namesOf, ordered, relabel, sizesOf } from "./import-values.js";
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
    const index = Array.from({ length: axisLength(ctx, o * k, "its windows") }, (_, j) => Math.floor(j / k) * s + (j % k) * d);
    y = y.indexSelect(name as never, make(index, [on, kn], [o, k], "int32") as never) as T;
  });
  return { x: y, outs, taps };
}

/** The per-dim options of the library's windowed ops for an N, C, spatial… input: stride, dilation, padding. */
function windowOptions(spatial: readonly string[], w: Window) {
  const per = (vals: readonly number[]) => Object.fromEntries(spatial.map((n, i) => [n, vals[i]!]));
  return { stride: per(w.strides), dilation: per(w.dilations), padding: Object.fromEntries(spatial.map((n, i) => [n, [w.begin[i]!, w.end[i]!]])) };
}

/** Checks a Conv / ConvTranspose's input and weight ranks; the weight relabelled [a, b, window taps…]. */
function convOperands(ctx: NodeContext, xIn: Value | undefined, wIn: Value | undefined) {
  const x = asTensor(need(ctx, xIn, 0));
  const weight = asTensor(need(ctx, wIn, 1));
  const [sizes, ws] = [sizesOf(x), sizesOf(weight)];
  if (sizes.length < 3 || ws.length !== sizes.length) ctx.fail(`its input (rank ${sizes.length}) and weight (rank ${ws.length}) do not fit`);
  const names = namesOf(x);
  const taps = ws.slice(2).map(() => ctx.names.fresh());
  return { x, weight, sizes, ws, names, spatial: names.slice(2), taps, window: Object.fromEntries(names.slice(2).map((n, i) => [n, taps[i]!])) };
}

/** Adds a per-output-channel bias (ONNX's B) to an N, M, spatial… result. */
const withBias = (y: T, b: Value | undefined): T => (b === undefined ? y : (y.add(relabel(asTensor(b), [namesOf(y)[1]!]) as never) as T));

/** Conv: the library's `conv` (a windowed view and a contraction) over the input's spatial axes. */
const conv: OnnxOp = ([xIn, wIn, bIn], ctx) => {
  const { x, sizes, ws, weight, names, spatial, taps, window } = convOperands(ctx, xIn, wIn);
  const group = numAttr(ctx, "group", 1);
  if (sizes[1]! !== ws[1]! * group || ws[0]! % group !== 0) ctx.fail(`its ${sizes[1]} input channels and weight [${ws.join(", ")}] do not fit group ${group}`);
  const w = windowOf(ctx, sizes.slice(2), ws.slice(2));
  const m = ctx.names.fresh();
  const kernel = relabel(weight, [m, names[1]!, ...taps]);
  const y = convOp(x as never, kernel as never, { channel: names[1]!, window, groups: group, ...windowOptions(spatial, w) } as never) as unknown as T;
  return [withBias(ordered(y, [names[0]!, m, ...spatial]), bIn)];
};

/** ConvTranspose: the library's `convTranspose`; the weight is C × M/group × k…, as the library takes it. */
const convTranspose: OnnxOp = ([xIn, wIn, bIn], ctx) => {
  const { x, sizes, ws, weight, names, spatial, taps, window } = convOperands(ctx, xIn, wIn);
  const group = numAttr(ctx, "group", 1);
  if (ctx.attr("output_shape") !== undefined) ctx.fail("its output_shape attribute is not supported (give pads)");
  if (ws[0] !== sizes[1]) ctx.fail(`its ${sizes[1]} input channels do not fit weight [${ws.join(", ")}]`);
  const n = spatial.length;
  const strides = listAttr(ctx, "strides", n, 1);
  const dilations = listAttr(ctx, "dilations", n, 1);
  const outputPadding = listAttr(ctx, "output_padding", n, 0);
  const pads = listAttr(ctx, "pads", 2 * n, 0);
  const autoPad = strAttr(ctx, "auto_pad", "NOTSET");
  if (autoPad === "SAME_UPPER" || autoPad === "SAME_LOWER") {
    // The output is input × stride; the padding that takes away is split as onnxruntime splits it (the odd one at
    // the end for SAME_UPPER, at the start for SAME_LOWER).
    sizes.slice(2).forEach((z, i) => {
      const total = Math.max(0, (z - 1) * strides[i]! + outputPadding[i]! + (ws[2 + i]! - 1) * dilations[i]! + 1 - z * strides[i]!);
      const small = Math.floor(total / 2);
      [pads[i], pads[n + i]] = autoPad === "SAME_UPPER" ? [small, total - small] : [total - small, small];
    });
  } else if (autoPad === "VALID") pads.fill(0);
  else if (autoPad !== "NOTSET") ctx.fail(`its auto_pad ${autoPad} is not one of NOTSET, SAME_UPPER, SAME_LOWER, VALID`);
  const per = (vals: readonly number[]) => Object.fromEntries(spatial.map((d, i) => [d, vals[i]!]));
  const m = ctx.names.fresh();
  const kernel = relabel(weight, [names[1]!, m, ...taps]);
  const options = {
    channel: names[1]!,
    window,
    groups: group,
    stride: per(strides),
    dilation: per(dilations),
    padding: Object.fromEntries(spatial.map((d, i) => [d, [pads[i]!, pads[n + i]!]])),
    outputPadding: per(outputPadding),
  };
  const y = convTransposeOp(x as never, kernel as never, options as never) as unknown as T;
  return [withBias(ordered(y, [names[0]!, m, ...spatial]), bIn)];
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
    const names = namesOf(x);
    const kernel = intsAttr(ctx, "kernel_shape") ?? ctx.fail("it has no kernel_shape");
    const w = windowOf(ctx, sizes.slice(2), kernel.slice());
    const include = numAttr(ctx, "count_include_pad", 0) === 1;
    if (numAttr(ctx, "ceil_mode", 0) === 0) {
      // The library's maxPool / avgPool (a windowed view and a reduction).
      const options = { window: Object.fromEntries(names.slice(2).map((n, i) => [n, kernel[i]!])), ...windowOptions(names.slice(2), w), ...(kind === "average" ? { countPadding: include } : {}) };
      return [ordered((kind === "max" ? maxPool(x as never, options as never) : avgPool(x as never, options as never)) as unknown as T, names)];
    }
    // ceil_mode: a last window that hangs past the padding, which the library's pools do not take: a gather.
    const win = windows(ctx, x, w, kind === "max" ? -Infinity : 0);
    const spatial = sizes.slice(2);
    const y =
      kind === "max"
        ? (win.x.max(win.taps as never) as T)
        : (win.x.sum(win.taps as never).div((include ? paddedCounts(w, spatial, win.outs) : counts(w, spatial, win.outs)) as never) as T);
    return [relabel(ordered(y, [...names.slice(0, 2), ...win.outs]), names)];
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
    if (ctx.attr("axes") !== undefined) ctx.fail("its axes attribute is not supported (give scales or sizes for every axis)");
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
    const legacy = upsample || ctx.opset < 11;
    const nearestMode = legacy ? "simple" : strAttr(ctx, "nearest_mode", "round_prefer_floor");
    if (!Object.hasOwn(roundings, nearestMode) && nearestMode !== "simple") ctx.fail(`its nearest_mode ${nearestMode} is unknown`);
    if (!legacy && !["half_pixel", "asymmetric", "align_corners", "pytorch_half_pixel", "tf_half_pixel_for_nn"].includes(transform))
      ctx.fail(`its coordinate_transformation_mode ${transform} is not supported (half_pixel, asymmetric, align_corners, pytorch_half_pixel, tf_half_pixel_for_nn)`);
    if (numAttr(ctx, "antialias", 0) !== 0) ctx.fail("antialias is not supported");
    if (strAttr(ctx, "keep_aspect_ratio_policy", "stretch") !== "stretch") ctx.fail("its keep_aspect_ratio_policy is not supported (stretch only)");
    if (mode !== "nearest" && mode !== "linear" && mode !== "bilinear") ctx.fail(`its mode ${mode} is not supported (nearest or linear)`);
    let y = x;
    sizes.forEach((z, i) => {
      const o = outSizes[i]!;
      if (o === z && scales[i] === 1) return;
      const name = names[i]!;
      const f = ctx.names.fresh();
      const at = Array.from({ length: axisLength(ctx, o, "its output") }, (_, j) => sourceOf(transform, j, scales[i]!, z, o));
      const clampIndex = (c: number) => Math.min(Math.max(c, 0), z - 1);
      const gather = (index: number[]) => y.indexSelect(name as never, make(index, [f], [o], "int32") as never).rename({ [f]: name } as never) as T;
      // Before opset 11 (and Upsample) nearest truncates, or rounds up when the axis shrinks (onnxruntime's "simple").
      const rounding = nearestMode === "simple" ? (scales[i]! < 1 ? Math.ceil : Math.floor) : roundings[nearestMode]!;
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
