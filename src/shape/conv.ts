// Layer: src/shape. Runtime twin of src/types/conv.ts: the output sizes of convolution, transposed convolution
// and pooling over named spatial dims, `out = (size + before + after - dilation·(window - 1) - 1) / stride + 1`,
// with the same checks in the same order and the same sentences (thrown as ShapeError). Imports only src/types
// and src/shape.
import { ArgumentError, channelInWindow, emptyTransposed, groupedKernel, groupsIndivisible, kernelChannels, nameTaken, notInKernel, padWidth, ShapeError, windowParameter, windowTooLarge } from "../types/errors.js";
import { type ShapeDim, checkName, checkUnique, lookup, showDims } from "./dims.js";

/** One spatial dim of a windowed op: its input size, window, stride, dilation, padding and output size. */
export interface SpatialDim {
  readonly name: string;
  readonly size: number;
  /** The window dim's name (the kernel's for conv; an internal name for pooling) and its size. */
  readonly window: string;
  readonly windowSize: number;
  readonly stride: number;
  readonly dilation: number;
  readonly before: number;
  readonly after: number;
  readonly out: number;
}

/** Stride, padding and dilation, each one number for every spatial dim or a record by spatial name. */
export interface WindowOptions {
  readonly stride?: unknown;
  readonly padding?: unknown;
  readonly dilation?: unknown;
}

const isNatural = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

function perDim(value: unknown, name: string, fallback: number, what: "stride" | "dilation"): number {
  const v = value === undefined ? fallback : typeof value === "object" && value !== null ? ((value as Record<string, unknown>)[name] ?? fallback) : value;
  if (!isNatural(v) || v === 0) throw new ShapeError(windowParameter(what, name, String(v)));
  return v;
}

function padOf(padding: unknown, name: string): "same" | readonly [number, number] {
  if (padding === undefined || padding === "valid") return [0, 0];
  if (padding === "same") return "same";
  const v = typeof padding === "object" && padding !== null && !Array.isArray(padding) ? ((padding as Record<string, unknown>)[name] ?? 0) : padding;
  const [before, after] = Array.isArray(v) ? v : [v, v];
  for (const w of [before, after]) if (!isNatural(w)) throw new ShapeError(padWidth(name, String(w)));
  return [before as number, after as number];
}

/**
 * The output size of one windowed dim; "same" pads so that `out = ceil(size / stride)`, the odd cell after
 * (ONNX SAME_UPPER, TensorFlow). Twin of `WindowOut`.
 * @example windowDim("height", 96, "kh", 3, { stride: 2, padding: 1 }) // out: 48
 */
export function windowDim(name: string, size: number, window: string, windowSize: number, options: WindowOptions): SpatialDim {
  const stride = perDim(options.stride, name, 1, "stride");
  const dilation = perDim(options.dilation, name, 1, "dilation");
  const span = dilation * (windowSize - 1) + 1;
  const pad = padOf(options.padding, name);
  let before: number;
  let after: number;
  if (pad === "same") {
    const total = Math.max(0, (Math.ceil(size / stride) - 1) * stride + span - size);
    before = Math.floor(total / 2);
    after = total - before;
  } else [before, after] = pad;
  const padded = size + before + after;
  if (span > padded) throw new ShapeError(windowTooLarge(name, span, padded));
  return { name, size, window, windowSize, stride, dilation, before, after, out: Math.floor((padded - span) / stride) + 1 };
}

/** The options of `conv` and `convTranspose`. */
export interface ConvSpec extends WindowOptions {
  readonly channel?: unknown;
  readonly window?: unknown;
  readonly groups?: unknown;
  readonly outputPadding?: unknown;
}

/** What a convolution reads and writes: the contracted channel, the spatial dims, the kernel's output dims. */
export interface ConvPlan {
  /** The result's dims: the input's, with the channel replaced by the kernel's output dims and new spatial sizes. */
  readonly dims: ShapeDim[];
  readonly channel: ShapeDim;
  readonly spatial: SpatialDim[];
  /** The kernel dims that are neither the channel nor a window: the output channels. */
  readonly outputs: ShapeDim[];
  readonly groups: number;
}

function windowPairs(window: unknown): [string, string][] {
  if (typeof window !== "object" || window === null || Array.isArray(window)) {
    throw new ArgumentError("window takes an object from the input's spatial names to the kernel's window names, such as { height: \"kh\" }");
  }
  return Object.entries(window).map(([k, v]) => [checkName(k), checkName(v)]);
}

function kernelDim(kernel: readonly ShapeDim[], name: string): ShapeDim {
  const d = kernel.find((k) => k.name === name && !k.masked);
  if (!d) throw new ShapeError(notInKernel(name, showDims(kernel)));
  return d;
}

/** Checks the channel, the window names and the groups shared by conv and convTranspose. */
function convCommon(x: readonly ShapeDim[], kernel: readonly ShapeDim[], spec: ConvSpec) {
  const channel = lookup(x, spec.channel);
  const pairs = windowPairs(spec.window);
  const spatial = pairs.map(([s, w]) => ({ dim: lookup(x, s), window: kernelDim(kernel, w) }));
  if (pairs.some(([s, w]) => s === channel.name || w === channel.name)) throw new ShapeError(channelInWindow(channel.name));
  checkUnique(pairs.map(([, w]) => w));
  const kc = kernelDim(kernel, channel.name);
  const groups = spec.groups ?? 1;
  if (!isNatural(groups) || groups === 0) throw new ShapeError(windowParameter("group count", channel.name, String(groups)));
  const windowNames = pairs.map(([, w]) => w);
  const outputs = kernel.filter((d) => d.name !== channel.name && !windowNames.includes(d.name));
  for (const o of outputs) if (x.some((d) => d.name === o.name && d.name !== channel.name)) throw new ShapeError(nameTaken(o.name));
  for (const w of windowNames) if (x.some((d) => d.name === w)) throw new ShapeError(nameTaken(w));
  if (groups > 1 && outputs.length !== 1) throw new ShapeError(groupedKernel(showDims(outputs)));
  return { channel, spatial, kc, groups, outputs };
}

/** The result's dims: x's, with the channel replaced in place by `outputs` and the spatial sizes replaced. */
function resultDims(x: readonly ShapeDim[], channel: string, outputs: readonly ShapeDim[], spatial: readonly SpatialDim[]): ShapeDim[] {
  return x.flatMap((d) => {
    if (d.name === channel) return outputs.map((o) => ({ ...o, masked: false }));
    const s = spatial.find((p) => p.name === d.name);
    return s ? [{ ...d, size: s.out }] : [d];
  });
}

/**
 * The plan of `conv(x, kernel, spec)`: the kernel has the channel (the input's channels per group), one window
 * dim per spatial dim, and its output dims, which take the channel's place. Twin of `Conv`.
 * @example convShape(x.shapeDims, w.shapeDims, { channel: "c", window: { h: "kh" }, padding: "same" })
 */
export function convShape(x: readonly ShapeDim[], kernel: readonly ShapeDim[], spec: ConvSpec): ConvPlan {
  const { channel, spatial, kc, groups, outputs } = convCommon(x, kernel, spec);
  if (channel.size % groups !== 0) throw new ShapeError(groupsIndivisible(channel.name, channel.size, groups));
  if (kc.size !== channel.size / groups) throw new ShapeError(kernelChannels(channel.name, channel.size / groups, kc.size));
  if (groups > 1 && outputs[0]!.size % groups !== 0) throw new ShapeError(groupsIndivisible(outputs[0]!.name, outputs[0]!.size, groups));
  const dims = spatial.map((s) => windowDim(s.dim.name, s.dim.size, s.window.name, s.window.size, spec));
  return { dims: resultDims(x, channel.name, outputs, dims), channel, spatial: dims, outputs, groups };
}

/**
 * The plan of `convTranspose(x, kernel, spec)`, the adjoint of conv: the kernel has the channel (the input's,
 * contracted), its output dims (per group) and the window dims, and each spatial dim grows to
 * `(size - 1)·stride - before - after + dilation·(window - 1) + 1 + outputPadding`. "same" padding is not
 * defined for it (give explicit padding). Twin of `ConvTranspose`.
 * @example convTransposeShape(x.shapeDims, w.shapeDims, { channel: "c", window: { h: "kh" }, stride: 2 })
 */
export function convTransposeShape(x: readonly ShapeDim[], kernel: readonly ShapeDim[], spec: ConvSpec): ConvPlan {
  const { channel, spatial, kc, groups, outputs } = convCommon(x, kernel, spec);
  if (channel.size % groups !== 0) throw new ShapeError(groupsIndivisible(channel.name, channel.size, groups));
  if (kc.size !== channel.size) throw new ShapeError(kernelChannels(channel.name, channel.size, kc.size));
  const grown = outputs.map((o) => (groups > 1 ? { ...o, size: o.size * groups } : o));
  const dims = spatial.map(({ dim, window }) => {
    const stride = perDim(spec.stride, dim.name, 1, "stride");
    const dilation = perDim(spec.dilation, dim.name, 1, "dilation");
    const pad = padOf(spec.padding === "same" ? undefined : spec.padding, dim.name) as readonly [number, number];
    const extra = spec.outputPadding === undefined ? 0 : typeof spec.outputPadding === "object" && spec.outputPadding !== null ? ((spec.outputPadding as Record<string, unknown>)[dim.name] ?? 0) : spec.outputPadding;
    if (!isNatural(extra)) throw new ShapeError(padWidth(dim.name, String(extra)));
    const out = (dim.size - 1) * stride - pad[0] - pad[1] + dilation * (window.size - 1) + 1 + extra;
    if (out <= 0) throw new ShapeError(emptyTransposed(dim.name));
    return { name: dim.name, size: dim.size, window: window.name, windowSize: window.size, stride, dilation, before: pad[0], after: pad[1], out };
  });
  return { dims: resultDims(x, channel.name, grown, dims), channel, spatial: dims, outputs: grown, groups };
}

/**
 * The plan of `maxPool`/`avgPool(x, { window: { name: size }, ... })`: each named dim keeps its name with its
 * output size; the stride defaults to the window (non-overlapping windows). Twin of `Pool`.
 * @example poolShape(x.shapeDims, { window: { height: 2, width: 2 } }) // height 28 → 14, width 28 → 14
 */
export function poolShape(x: readonly ShapeDim[], spec: WindowOptions & { readonly window?: unknown }): { dims: ShapeDim[]; spatial: SpatialDim[] } {
  const window = spec.window;
  if (typeof window !== "object" || window === null || Array.isArray(window)) throw new ArgumentError("window takes an object from names to window sizes, such as { height: 2 }");
  const spatial = Object.entries(window).map(([name, size]) => {
    const d = lookup(x, name);
    if (!isNatural(size) || size === 0) throw new ShapeError(windowParameter("window", d.name, String(size)));
    const taken = new Set(x.map((e) => e.name));
    let inner = `${d.name}_window`;
    while (taken.has(inner)) inner += "_";
    return windowDim(d.name, d.size, inner, size, { ...spec, stride: spec.stride ?? window });
  });
  return { dims: x.map((d) => ({ ...d, size: spatial.find((s) => s.name === d.name)?.out ?? d.size })), spatial };
}
