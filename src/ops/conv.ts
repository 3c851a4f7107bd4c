// Layer: src/ops. Convolution and pooling by name: `conv`, `convTranspose`, `maxPool`, `avgPool`. No new
// primitive and no conv kernel: each is a windowed VIEW of the input (output position × window position →
// input position, padding as bounds that read 0 or -Infinity) followed by the existing contraction (a sum of
// products over the channel and window dims) or reduction (max, sum), so the fuser and both code generators
// take it unchanged and the autodiff rules of views (src/graph/invert-view.ts `invertWindowView`) and
// contraction give its gradients. Imports src/types, src/shape, src/graph and the top layer.
import { binaryNode, castNode, fillNode, reduceNode, viewNode } from "../graph/build.js";
import { type IndexExpr, idxAdd, idxConst, idxDiv, idxMod, idxMul, idxVar } from "../graph/index-expr.js";
import { stridedSolve } from "../graph/invert-view.js";
import type { NodeDim, Node, ViewBound } from "../graph/node.js";
import { type ConvPlan, type SpatialDim, convShape, convTransposeShape, poolShape } from "../shape/conv.js";
import { describeValue } from "../shape/dims.js";
import { arithmeticType } from "../shape/dtype.js";
import { type AnyTensor, Tensor, fromDims } from "../tensor.js";
import type { Conv, ConvCompletions, ConvOptions, ConvTranspose, ConvTransposeOptions, Pool, PoolCompletions, PoolOptions } from "../types/conv.js";
import type { DType, Ok, Shape } from "../types/dims.js";
import type { ArithmeticType, FloatType, OkType } from "../types/dtype.js";

type NumericType<D extends DType> = ArithmeticType<D, D>;
import type { FirstFail, GuardOptions, Unfilled } from "../types/guard.js";
import { ArgumentError } from "../types/errors.js";

/** A grouped convolution's channel read by output channel: channel = (out div outPerGroup)·perGroup + channel. */
interface Grouping {
  readonly out: string;
  readonly outSize: number;
  readonly outPerGroup: number;
  readonly perGroup: number;
}
const groupChannel = (g: Grouping, channel: string): IndexExpr => idxAdd(idxMul(idxDiv(idxVar(g.out), g.outPerGroup), g.perGroup), idxVar(channel));

/**
 * x read through a window per spatial dim: dims in x's order with each spatial dim at its output size (and, for
 * a grouped convolution, the channel replaced by [out, channel per group], the channel read in out's group), then
 * the window dims. A spatial index reads `out·stride + window·dilation - before`, or for a transposed window the
 * `in` that solves `in·stride + window·dilation - before = out`; positions outside x read `fill`.
 */
function windowView(x: Node, spatial: readonly SpatialDim[], fill: number, transposed: boolean, channel?: string, group?: Grouping): Node {
  const dims: NodeDim[] = [];
  const index: Record<string, IndexExpr> = {};
  const bounds: ViewBound[] = [];
  for (const d of x.dims) {
    const s = spatial.find((p) => p.name === d.name);
    if (group && d.name === channel) {
      dims.push({ name: group.out, size: group.outSize }, { name: d.name, size: group.perGroup });
      index[d.name] = groupChannel(group, d.name);
    } else if (!s) {
      dims.push(d);
      index[d.name] = idxVar(d.name);
    } else if (!transposed) {
      dims.push({ name: d.name, size: s.out });
      const at = idxAdd(idxAdd(idxMul(idxVar(d.name), s.stride), idxMul(idxVar(s.window), s.dilation)), idxConst(-s.before));
      index[d.name] = at;
      if (padded(s)) bounds.push({ expr: at, lo: 0, hi: s.size });
    } else {
      dims.push({ name: d.name, size: s.out });
      const n = idxAdd(idxAdd(idxVar(d.name), idxConst(s.before)), idxMul(idxVar(s.window), -s.dilation));
      const solved = stridedSolve(n, s.stride, s.size, [s.before - (s.windowSize - 1) * s.dilation, s.out - 1 + s.before]);
      index[d.name] = solved.index;
      bounds.push(...solved.bounds);
    }
  }
  for (const s of spatial) dims.push({ name: s.window, size: s.windowSize });
  return viewNode(x, dims, { index, bounds, fill });
}

/** Whether a window reads past either end of its dim (padding). */
const padded = (s: SpatialDim): boolean => s.before > 0 || (s.out - 1) * s.stride + (s.windowSize - 1) * s.dilation - s.before >= s.size;

/**
 * x padded with `fill` where its windows read past its ends, as a view node of its own (not composed into the
 * window view), so that where the windows would re-read it guarded for every output channel the planner writes
 * it padded once (to-index-notation.ts `guardedView`) and the contraction reads it with plain strides. The
 * spatial dims come back with their padding as `before` = 0.
 */
function padFirst(x: Node, spatial: readonly SpatialDim[], fill: number): { node: Node; spatial: SpatialDim[] } {
  if (!spatial.some(padded)) return { node: x, spatial: [...spatial] };
  const index: Record<string, IndexExpr> = {};
  const bounds: ViewBound[] = [];
  const dims = x.dims.map((d) => {
    index[d.name] = idxVar(d.name);
    const s = spatial.find((p) => p.name === d.name);
    if (!s || !padded(s)) return d;
    const at = idxAdd(idxVar(d.name), idxConst(-s.before));
    index[d.name] = at;
    bounds.push({ expr: at, lo: 0, hi: s.size });
    return { name: d.name, size: Math.max(s.size + s.before, (s.out - 1) * s.stride + (s.windowSize - 1) * s.dilation + 1) };
  });
  const node = viewNode(x, dims, { index, bounds, fill }, { copy: true });
  return { node, spatial: spatial.map((s) => (padded(s) ? { ...s, size: dims.find((d) => d.name === s.name)!.size, before: 0, after: 0 } : s)) };
}

/**
 * The contraction of the windowed input with the kernel, the output channels in the channel's place. Grouped:
 * the product runs over the output channel, reading the input's channel in that output's group (and, transposed,
 * the kernel's channel too), so no group dim appears and the epilogue fuses as for groups = 1.
 */
function convolve(x: AnyTensor, kernel: AnyTensor, plan: ConvPlan, transposed: boolean): Node {
  const dtype = arithmeticType(x.dtype, kernel.dtype);
  const { channel, spatial, groups, outputs } = plan;
  const perGroup = channel.size / groups;
  const group: Grouping | undefined =
    groups > 1 ? { out: outputs[0]!.name, outSize: outputs[0]!.size, outPerGroup: outputs[0]!.size / groups, perGroup } : undefined;
  const input = transposed ? { node: castNode(x.node, dtype), spatial: [...spatial] } : padFirst(castNode(x.node, dtype), spatial, 0);
  const xv = windowView(input.node, input.spatial, 0, transposed, channel.name, group);
  let kv = castNode(kernel.node, dtype);
  if (group && transposed) {
    // The kernel is [channel (all), out per group, window]: read it at (out's group channel, out mod per group).
    const dims = kv.dims.map((d) => (d.name === channel.name ? { name: d.name, size: perGroup } : d.name === group.out ? { name: d.name, size: group.outSize } : d));
    const index: Record<string, IndexExpr> = {};
    for (const d of kv.dims) index[d.name] = d.name === channel.name ? groupChannel(group, d.name) : d.name === group.out ? idxMod(idxVar(d.name), group.outPerGroup) : idxVar(d.name);
    kv = viewNode(kv, dims, { index, bounds: [], fill: 0 });
  }
  const windows = spatial.map((s) => s.window);
  const kernelOut = kv.dims.filter((d) => d.name !== channel.name && !windows.includes(d.name));
  const contracted = [channel.name, ...windows];
  const productDims: NodeDim[] = [];
  for (const d of xv.dims) {
    if (d.name === channel.name) {
      if (!group) productDims.push(...kernelOut);
    } else if (!windows.includes(d.name)) productDims.push(d);
  }
  productDims.push({ name: channel.name, size: perGroup }, ...spatial.map((s) => ({ name: s.window, size: s.windowSize })));
  return reduceNode("sum", binaryNode("mul", xv, kv, productDims, dtype), contracted);
}

function checkTensors(fn: string, x: unknown, kernel?: unknown, options?: unknown): void {
  if (!(x instanceof Tensor)) throw new ArgumentError(`${fn} needs a tensor as its input, not ${describeValue(x)}`);
  if (kernel !== undefined && !(kernel instanceof Tensor)) throw new ArgumentError(`${fn} needs a tensor as its kernel, not ${describeValue(kernel)}`);
  if (typeof options !== "object" || options === null) throw new ArgumentError(`${fn} needs options such as { window: … }, not ${describeValue(options)}`);
}

type ConvType<D extends DType, DK extends DType> = ArithmeticType<D, DK>;

/**
 * Convolution by name: slides `kernel` over the input's spatial dims and contracts the channel and the
 * window, `y[o, h, w] = Σ_{c, kh, kw} x[c, h·s + kh·d - p, w·s + kw·d - p] · k[o, c, kh, kw]`. `window` maps
 * each spatial dim of the input to the kernel's window dim (1, 2 or 3 of them, any names); the kernel's other
 * dims are the output channels and take the channel's place in the result, whose spatial dims keep their
 * names at their new sizes `(size + 2·pad - dilation·(window - 1) - 1) / stride + 1`. `padding` is `"valid"`
 * (the default), `"same"` (out = ceil(size / stride), the odd cell after), a number, or per dim a number or
 * `[before, after]`; `stride` and `dilation` are a number or per dim; `groups` splits the channel (and the
 * output) into groups, and `groups` = channels with a kernel channel of 1 is a depthwise convolution.
 * Lowered as a windowed view and a contraction: bias, activation and an affine batch norm after it fuse
 * into its kernel's epilogue.
 * @example
 * const x = randn([["batch", 8], ["channels", 3], ["height", 96], ["width", 96]], { seed: 1 });
 * const k = randn([["out", 16], ["channels", 3], ["kh", 3], ["kw", 3]], { seed: 2 });
 * conv(x, k, { channel: "channels", window: { height: "kh", width: "kw" }, stride: 2, padding: 1 });
 * // Tensor<[["batch", 8], ["out", 16], ["height", 48], ["width", 48]]>
 */
export function conv<S extends Shape, D extends DType, K extends Shape, DK extends DType, const O extends ConvOptions = ConvOptions & Unfilled>(
  x: Tensor<S, D>,
  kernel: Tensor<K, DK>,
  options: GuardOptions<FirstFail<[Conv<S, K, O>, ConvType<D, DK>]>, O, ConvCompletions<S, K>>,
): Tensor<Ok<Conv<S, K, O>>, OkType<ConvType<D, DK>>> {
  checkTensors("conv", x, kernel, options);
  const [xt, kt] = [x as unknown as AnyTensor, kernel as unknown as AnyTensor];
  const plan = convShape(xt.shapeDims, kt.shapeDims, options as ConvOptions);
  return fromDims(convolve(xt, kt, plan, false), plan.dims);
}

/**
 * Transposed convolution (the adjoint of `conv` in its input; "deconvolution"): each input position scatters
 * the kernel into the output, `y[o, h] = Σ_{c, kh} x[c, (h + p - kh·d) / s] · k[c, o, kh]` where the division is
 * exact. The kernel has the input's channel (contracted), the output channels per group and the window dims,
 * like ONNX ConvTranspose's C × M/group × kH × kW; each spatial size becomes
 * `(size - 1)·stride - before - after + dilation·(window - 1) + 1 + outputPadding`.
 * @example
 * const x = randn([["batch", 2], ["channels", 8], ["height", 12]], { seed: 1 });
 * const k = randn([["channels", 8], ["out", 4], ["kh", 4]], { seed: 2 });
 * convTranspose(x, k, { channel: "channels", window: { height: "kh" }, stride: 2, padding: 1 }); // height: 24
 */
export function convTranspose<S extends Shape, D extends DType, K extends Shape, DK extends DType, const O extends ConvTransposeOptions = ConvTransposeOptions & Unfilled>(
  x: Tensor<S, D>,
  kernel: Tensor<K, DK>,
  options: GuardOptions<FirstFail<[ConvTranspose<S, K, O>, ConvType<D, DK>]>, O, ConvCompletions<S, K>>,
): Tensor<Ok<ConvTranspose<S, K, O>>, OkType<ConvType<D, DK>>> {
  checkTensors("convTranspose", x, kernel, options);
  const [xt, kt] = [x as unknown as AnyTensor, kernel as unknown as AnyTensor];
  const plan = convTransposeShape(xt.shapeDims, kt.shapeDims, options as ConvTransposeOptions);
  return fromDims(convolve(xt, kt, plan, true), plan.dims);
}

/**
 * The maximum over a window sliding along named dims; each keeps its name at its output size. The stride
 * defaults to the window (non-overlapping); padding reads -Infinity.
 * @example
 * const x = randn([["batch", 4], ["channels", 8], ["height", 28], ["width", 28]], { seed: 1 });
 * maxPool(x, { window: { height: 2, width: 2 } }); // height: 14, width: 14
 */
export function maxPool<S extends Shape, D extends DType, const O extends PoolOptions = PoolOptions & Unfilled>(
  x: Tensor<S, D>,
  options: GuardOptions<FirstFail<[Pool<S, O>, NumericType<D>]>, O, PoolCompletions<S>>,
): Tensor<Ok<Pool<S, O>>, OkType<NumericType<D>>> {
  checkTensors("maxPool", x, undefined, options);
  const xt = x as unknown as AnyTensor;
  const { dims, spatial } = poolShape(xt.shapeDims, options as PoolOptions);
  const view = windowView(xt.node, spatial, xt.dtype === "float32" ? -Infinity : -2147483648, false);
  return fromDims(reduceNode("max", view, spatial.map((s) => s.window)), dims);
}

/**
 * The mean over a window sliding along named dims; each keeps its name at its output size. The stride
 * defaults to the window. Padded positions are left out of the mean (ONNX's default `count_include_pad = 0`)
 * unless `countPadding` is true. The global average pool is `x.mean(["height", "width"])`.
 * @example
 * const x = randn([["batch", 4], ["channels", 8], ["height", 28], ["width", 28]], { seed: 1 });
 * avgPool(x, { window: { height: 3, width: 3 }, stride: 1, padding: "same" }); // height: 28, width: 28
 */
export function avgPool<S extends Shape, D extends DType, const O extends PoolOptions & { readonly countPadding?: boolean } = PoolOptions & Unfilled>(
  x: Tensor<S, D>,
  options: GuardOptions<FirstFail<[Pool<S, O>, FloatType<D>]>, O, PoolCompletions<S>>,
): Tensor<Ok<Pool<S, O>>, "float32"> {
  checkTensors("avgPool", x, undefined, options);
  const xt = x as unknown as AnyTensor;
  const opts = options as PoolOptions & { readonly countPadding?: boolean };
  const { dims, spatial } = poolShape(xt.shapeDims, opts);
  const windows = spatial.map((s) => s.window);
  const total = reduceNode("sum", windowView(castNode(xt.node, "float32"), spatial, 0, false), windows);
  const padded = spatial.some((s) => s.before > 0 || (s.out - 1) * s.stride + (s.windowSize - 1) * s.dilation - s.before >= s.size);
  const outDims = total.dims;
  if (!padded || opts.countPadding) {
    const n = spatial.reduce((p, s) => p * s.windowSize, 1);
    return fromDims(binaryNode("mul", total, fillNode(1 / n, "float32"), outDims, "float32"), dims);
  }
  // The count of in-bounds positions of each window: the same windowed view over ones.
  const ones = fillNode(1, "float32", spatial.map((s) => ({ name: s.name, size: s.size })));
  const count = reduceNode("sum", windowView(ones, spatial, 0, false), windows);
  return fromDims(binaryNode("div", total, count, outDims, "float32"), dims);
}
