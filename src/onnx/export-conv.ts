// Layer: src/onnx. Convolution and pooling as ONNX's own operators (Conv, ConvTranspose, MaxPool, AveragePool), so
// that onnxruntime runs its conv kernels. Recognised by the graph's structure, not by a mark the ops leave: a
// `conv` is a sum over [channel, windows] of a product of a windowed VIEW of the input with the kernel, a pool a
// max or sum over the windows of a windowed view (src/ops/conv.ts). A windowed view reads each spatial input dim
// at `out·stride + window·dilation - before` (or, transposed, at the `in` solving `in·stride + window·dilation -
// before = out`), with bounds that are the dim's own range (padding, read as the view's fill) and possibly over
// a pad view of its own (conv's `padFirst`). The other dims pass through (batch) or are the contracted channel
// (read in the output channel's group when grouped). The operator runs in NCHW: Transposes around it put the
// named dims in order, several batch dims are merged by a Reshape. Anything else returns undefined and the
// caller lowers it generally (the view as a Gather, then Einsum / ReduceMax). Imports src/graph and src/onnx.
import { type Affine, type DivModTerm, type IndexExpr, linearTerms, toAffine } from "../graph/index-expr.js";
import type { Node, NodeDim, ViewMap } from "../graph/node.js";
import { type Lowering, transposeTo } from "./export-context.js";

/** One spatial dim of a windowed view. */
interface Spatial {
  /** The input dim (of the view's source) and its size there. */
  readonly dim: NodeDim;
  /** The output var (the dim of the result) and the window var. */
  readonly out: NodeDim;
  readonly window: NodeDim;
  readonly stride: number;
  readonly dilation: number;
  /** Padding before (ONNX `pads` begin); negative is a crop. */
  readonly before: number;
}

/** A windowed view taken apart. */
interface Windowed {
  /** The source the operator reads (a pad view below the window view is taken into `before`). */
  readonly source: Node;
  readonly spatial: Spatial[];
  /** Source dims read whole at their own var (the var named as in the view). */
  readonly pass: { dim: NodeDim; out: string }[];
  /** The contracted channel (conv): the source dim, the view var, and for grouped conv the output channel var. */
  readonly channel?: { dim: NodeDim; v: NodeDim; group?: { out: string; perOut: number } };
  readonly transposed: boolean;
  /** The value padding reads (undefined when nothing is padded). */
  readonly fill: number | undefined;
}

/** Splits an expression into an affine part and `coeff·(inner div c)` terms (no mod). */
function withDivs(e: IndexExpr): { affine: Affine; divs: DivModTerm[] } | undefined {
  const { affine, divmods } = linearTerms(e);
  return divmods.some((d) => d.kind === "mod") ? undefined : { affine, divs: divmods };
}

/** The outputs per group when `a + divs` reads a grouped conv's channel (see `windowed`), else undefined. */
function grouping(a: Affine, divs: readonly DivModTerm[], channel: string, out: string, perGroup: number): number | undefined {
  if (divs.length === 0) return a.coeffs.size === 2 && a.coeffs.get(out) === perGroup ? 1 : undefined;
  const [div] = divs;
  if (divs.length !== 1 || a.coeffs.size !== 1 || div!.coeff !== perGroup || div!.inner.op !== "var" || div!.inner.name !== out) return undefined;
  return div!.c;
}

/** `b - a` when the two affine forms differ by a constant only. */
function offset(a: Affine, b: Affine): number | undefined {
  if (a.coeffs.size !== b.coeffs.size) return undefined;
  for (const [v, c] of a.coeffs) if (b.coeffs.get(v) !== c) return undefined;
  return b.constant - a.constant;
}

/**
 * Takes a windowed view apart: `windows` are the vars summed or maxed over, `channel` (conv only) the var of the
 * contracted channel and `outChannel` the kernel's output channel var (for a grouped conv's channel read).
 */
function windowed(view: Node, windows: ReadonlySet<string>, channel?: string, outChannel?: NodeDim): Windowed | undefined {
  if (view.op.kind !== "view") return undefined;
  const map: ViewMap = view.op.map;
  const x = view.inputs[0]!;
  const vsize = new Map(view.dims.map((d) => [d.name, d.size]));
  const spatial: Spatial[] = [];
  const pass: { dim: NodeDim; out: string }[] = [];
  let ch: Windowed["channel"];
  let transposed: boolean | undefined;
  const read = new Set<string>();
  const use = (v: string): boolean => !read.has(v) && vsize.has(v) && (read.add(v), true);
  /** How a spatial dim's in-range condition reads, to match the bounds against. */
  const ranges: { base: Affine; lo: number; hi: number; mod?: number }[] = [];
  for (const d of x.dims) {
    const e = withDivs(map.index[d.name]!);
    if (!e) return undefined;
    const { affine: a, divs } = e;
    const vars = [...a.coeffs];
    if (divs.length === 0 && vars.length === 1 && vars[0]![1] === 1 && a.constant === 0 && !windows.has(vars[0]![0]) && vars[0]![0] !== channel) {
      const v = vars[0]![0];
      if (vsize.get(v) !== d.size || !use(v)) return undefined;
      pass.push({ dim: d, out: v });
    } else if (divs.length === 0 && vars.length === 1 && vars[0]![0] === channel && vars[0]![1] === 1 && a.constant === 0) {
      if (ch || vsize.get(channel) !== d.size || !use(channel)) return undefined;
      ch = { dim: d, v: { name: channel, size: d.size } };
    } else if (channel && outChannel && a.coeffs.get(channel) === 1 && a.constant === 0 && grouping(a, divs, channel, outChannel.name, vsize.get(channel)!)) {
      // grouped: channel + (out div perOut)·perGroup, or with one output per group channel + out·perGroup
      const perOut = grouping(a, divs, channel, outChannel.name, vsize.get(channel)!)!;
      const perGroup = vsize.get(channel)!;
      if (ch || outChannel.size % perOut !== 0 || (outChannel.size / perOut) * perGroup !== d.size || !use(channel) || !use(outChannel.name)) return undefined;
      ch = { dim: d, v: { name: channel, size: perGroup }, group: { out: outChannel.name, perOut } };
    } else {
      // spatial: out·s + w·dil - before; transposed: (out - w·dil + before + k·s) div s - k, or with s = 1 affine
      const inner = divs.length === 1 && divs[0]!.coeff === 1 && vars.length === 0 ? toAffine(divs[0]!.inner) : divs.length === 0 ? a : null;
      if (!inner) return undefined;
      const s = divs.length ? divs[0]!.c : undefined;
      const terms = [...inner.coeffs];
      const w = terms.find(([v]) => windows.has(v));
      const o = terms.find(([v]) => !windows.has(v));
      if (!w || !o || terms.length !== 2 || o[0] === channel) return undefined;
      const isT = s !== undefined || (o[1] === 1 && w[1] < 0);
      if (transposed !== undefined && transposed !== isT) return undefined;
      transposed = isT;
      if (!use(o[0]) || !use(w[0])) return undefined;
      const out = { name: o[0], size: vsize.get(o[0])! };
      const window = { name: w[0], size: vsize.get(w[0])! };
      if (!isT) {
        if (o[1] < 1 || w[1] < 1) return undefined;
        spatial.push({ dim: d, out, window, stride: o[1], dilation: w[1], before: -a.constant });
        ranges.push({ base: a, lo: 0, hi: d.size });
      } else {
        if (o[1] !== 1 || w[1] >= 0) return undefined;
        const stride = s ?? 1;
        const k = s ? a.constant : 0; // the constant outside the div
        spatial.push({ dim: d, out, window, stride, dilation: -w[1], before: inner.constant + k * stride });
        ranges.push({ base: inner, lo: -k * stride, hi: -k * stride + stride * (d.size - 1) + 1, ...(s ? { mod: s } : {}) });
      }
    }
  }
  if (spatial.length === 0 || spatial.length > 3 || read.size !== view.dims.length) return undefined;
  if (channel !== undefined && !ch) return undefined;
  // Every bound is a spatial dim's own range (its padding); a strided transposed read needs its divisibility bound.
  const needMod = new Set(ranges.filter((r) => r.mod !== undefined));
  for (const b of map.bounds) {
    if (b.expr.op === "mod") {
      const inner = toAffine(b.expr.a);
      const c = b.expr.c;
      const r = ranges.find((r) => r.mod === c && inner && offset(r.base, inner) !== undefined && offset(r.base, inner)! % c === 0);
      if (!r || b.lo !== 0 || b.hi !== 1) return undefined;
      needMod.delete(r);
      continue;
    }
    const e = toAffine(b.expr);
    if (!e || !ranges.some((r) => offset(r.base, e) !== undefined && b.lo - offset(r.base, e)! === r.lo && b.hi - offset(r.base, e)! === r.hi)) return undefined;
  }
  if (needMod.size) return undefined;
  const w: Windowed = { source: x, spatial, pass, ...(ch ? { channel: ch } : {}), transposed: transposed!, fill: map.bounds.length ? map.fill : undefined };
  return transposed ? w : underPad(w);
}

/**
 * A regular window over a pad view of its spatial dims only (`padFirst`), taken into `before`: the window then
 * reads the pad view's source, with the pad's fill.
 */
function underPad(w: Windowed): Windowed {
  const p = w.source;
  if (p.op.kind !== "view" || p.inputs.length !== 1 || p.op.map.bounds.length === 0) return w;
  if (w.fill !== undefined && w.fill !== p.op.map.fill) return w;
  const map = p.op.map;
  const src = p.inputs[0]!;
  const shift = new Map<string, number>();
  for (const d of src.dims) {
    const a = toAffine(map.index[d.name]!);
    if (!a || a.coeffs.size !== 1 || a.coeffs.get(d.name) !== 1 || p.dims.find((e) => e.name === d.name) === undefined) return w;
    if (a.constant !== 0 && !w.spatial.some((s) => s.dim.name === d.name)) return w;
    shift.set(d.name, -a.constant);
  }
  for (const b of map.bounds) {
    const a = toAffine(b.expr);
    const d = a && a.coeffs.size === 1 ? src.dims.find((e) => a.coeffs.get(e.name) === 1) : undefined;
    if (!d || b.lo !== 0 || b.hi !== d.size || a!.constant !== -shift.get(d.name)!) return w;
  }
  const dimOf = (n: NodeDim): NodeDim => src.dims.find((d) => d.name === n.name)!;
  return {
    ...w,
    source: src,
    spatial: w.spatial.map((s) => ({ ...s, dim: dimOf(s.dim), before: s.before + shift.get(s.dim.name)! })),
    pass: w.pass.map((q) => ({ ...q, dim: dimOf(q.dim) })),
    ...(w.channel ? { channel: { ...w.channel, dim: dimOf(w.channel.dim) } } : {}),
    fill: map.fill,
  };
}

/** ONNX pads (begins then ends), the crop of a negative `before`, and the output size the operator gives. */
function padsOf(spatial: readonly Spatial[], transposed: boolean): { pads: number[]; crop: number[]; opOut: number[]; outputPadding: number[] } {
  const pads: number[] = [];
  const ends: number[] = [];
  const crop: number[] = [];
  const opOut: number[] = [];
  const outputPadding: number[] = [];
  for (const s of spatial) {
    const extent = (s.window.size - 1) * s.dilation + 1;
    if (transposed) {
      const full = s.stride * (s.dim.size - 1) + extent - s.before;
      pads.push(s.before);
      ends.push(Math.max(0, full - s.out.size));
      outputPadding.push(Math.max(0, s.out.size - full));
      crop.push(0);
      opOut.push(s.out.size);
      continue;
    }
    const c = Math.max(0, -s.before);
    const before = Math.max(0, s.before);
    const size = s.dim.size - c;
    const after = Math.max(0, (s.out.size - 1) * s.stride + extent - before - size);
    crop.push(c);
    pads.push(before);
    ends.push(after);
    opOut.push(Math.floor((size + before + after - extent) / s.stride) + 1);
    outputPadding.push(0);
  }
  return { pads: [...pads, ...ends], crop, opOut, outputPadding };
}

/**
 * The operator's input: the source transposed to [lead…, spatial…] (lead = the batch dims then the channel), lead
 * dims merged (the first ones into one; at most one of them dynamic) or added so there are `nLead` of them,
 * cropped where `before` is negative; undefined when the merge would need two dynamic sizes.
 */
function nchw(cx: Lowering, w: Windowed, lead: readonly { dim: NodeDim; out: string }[], nLead: number, crop: readonly number[]): string | undefined {
  const g = cx.g;
  const src = w.source;
  // Merging: all but the last nLead - 1 lead dims into the first, which may be dynamic (a Reshape's -1), once.
  const keep = lead.length > nLead ? lead.slice(lead.length - (nLead - 1)) : [];
  if (lead.length > nLead && (lead.filter((l) => cx.isDynamic(l.dim.name)).length > 1 || keep.some((l) => cx.isDynamic(l.dim.name)))) return undefined;
  let x = transposeTo(
    g,
    cx.value(src),
    src.dims.map((d) => d.name),
    [...lead.map((l) => l.dim.name), ...w.spatial.map((s) => s.dim.name)],
  );
  for (const l of lead) if (l.out !== l.dim.name) cx.alias(l.out, l.dim.name);
  if (crop.some((c) => c > 0)) {
    const axes = w.spatial.map((_, i) => lead.length + i).filter((_, i) => crop[i]! > 0);
    x = g.node("Slice", [x, g.int64(crop.filter((c) => c > 0)), g.int64(axes.map(() => 2 ** 62)), g.int64(axes)]);
  }
  if (lead.length === nLead) return x;
  if (lead.length < nLead) return g.node("Unsqueeze", [x, g.int64(Array.from({ length: nLead - lead.length }, (_, i) => i))]);
  return g.node("Reshape", [x, g.int64([-1, ...keep.map((l) => l.dim.size), ...w.spatial.map((s, i) => s.dim.size - crop[i]!)])]);
}

/** The NCHW input padded on its spatial axes with `fill` by a Pad node (`pads`: ONNX begins then ends). */
function explicitPad(cx: Lowering, x: string, pads: number[], fill: number, nLead: number): string {
  const n = pads.length / 2;
  const full = [...new Array<number>(nLead).fill(0), ...pads.slice(0, n), ...new Array<number>(nLead).fill(0), ...pads.slice(n)];
  return cx.g.node("Pad", [x, cx.g.int64(full), cx.g.scalar(fill, "float32")]);
}

/**
 * Brings an operator output [N, C, outs…] (N, C merged or added lead dims) back: Slice to the view's output
 * sizes, split or drop the lead, transpose to the node's dims.
 */
function fromNchw(cx: Lowering, y: string, leadDims: readonly NodeDim[], nLead: number, w: Windowed, opOut: readonly number[], node: Node): string {
  const g = cx.g;
  const cut = w.spatial.map((s, i) => (opOut[i]! > s.out.size ? i : -1)).filter((i) => i >= 0);
  if (cut.length) y = g.node("Slice", [y, g.int64(cut.map(() => 0)), g.int64(cut.map((i) => w.spatial[i]!.out.size)), g.int64(cut.map((i) => nLead + i))]);
  const outs = w.spatial.map((s) => s.out);
  if (leadDims.length < nLead) y = g.node("Squeeze", [y, g.int64(Array.from({ length: nLead - leadDims.length }, (_, i) => i))]);
  else if (leadDims.length > nLead) y = g.node("Reshape", [y, cx.shape([...leadDims, ...outs])]);
  return transposeTo(
    g,
    y,
    [...leadDims, ...outs].map((d) => d.name),
    node.dims.map((d) => d.name),
  );
}

const ints = (spatial: readonly Spatial[], f: (s: Spatial) => number): number[] => spatial.map(f);

/**
 * A reduce node as Conv / ConvTranspose (a float32 sum over [channel, windows] of a windowed view times a kernel)
 * or MaxPool (a float32 max over the windows of a windowed view); undefined when it is neither.
 * @example lowerConvOrPool(node, op.fn, op.dims, cx) ?? einsum(node, op.fn, cx) // export-ops.ts, reduce
 */
export function lowerConvOrPool(node: Node, fn: string, reduced: readonly string[], cx: Lowering): string | undefined {
  const p = node.inputs[0]!;
  if (node.dtype !== "float32") return undefined;
  if (fn === "max") return lowerMaxPool(node, p, new Set(reduced), cx);
  if (fn !== "sum" || p.op.kind !== "binary" || p.op.fn !== "mul" || p.inputs.length !== 2) return undefined;
  for (const [v, k] of [p.inputs, [...p.inputs].reverse()] as [Node, Node][]) {
    const y = lowerConv(node, v, k, reduced, cx);
    if (y) return y;
  }
  return undefined;
}

function lowerConv(node: Node, v: Node, k: Node, reduced: readonly string[], cx: Lowering): string | undefined {
  if (v.op.kind !== "view" || v.dtype !== "float32" || k.dtype !== "float32") return undefined;
  // The kernel: [out, channel, windows] in any order; which reduced var is the channel is tried (the rest are windows).
  const kOut = k.dims.filter((d) => !reduced.includes(d.name));
  if (kOut.length !== 1) return undefined;
  const out = kOut[0]!;
  for (const c of reduced.filter((r) => k.dims.some((d) => d.name === r))) {
    const ws = new Set(reduced.filter((r) => r !== c));
    const w = windowed(v, ws, c, out);
    if (!w || !w.channel || w.spatial.length !== ws.size) continue;
    if (w.spatial.some((s) => k.dims.find((d) => d.name === s.window.name)?.size !== s.window.size)) continue;
    if (k.dims.find((d) => d.name === c)!.size !== w.channel.v.size || k.dims.length !== 2 + ws.size) continue;
    const grouped = w.channel.group !== undefined;
    // the output channel is the kernel's, or (grouped) also the view's var that picks the group
    if (!grouped && v.dims.some((d) => d.name === out.name)) continue;
    if (w.fill !== undefined && w.fill !== 0) continue;
    // grouped and transposed: the kernel is a view of [channel (all), out per group, windows…], ONNX's own layout
    const kernel = w.transposed && grouped ? groupedTransposeKernel(k, c, out.name, w.channel.dim.size, w.channel.group!.perOut, ws) : k;
    if (!kernel) continue;
    if ([...w.spatial.map((s) => s.dim), w.channel.dim].some((d) => cx.isDynamic(d.name))) continue;
    const groups = grouped ? out.size / w.channel.group!.perOut : 1;
    const g = cx.g;
    const { pads, crop, opOut, outputPadding } = padsOf(w.spatial, w.transposed);
    const lead = [...w.pass, { dim: w.channel.dim, out: w.channel.dim.name }];
    const input = nchw(cx, w, lead, 2, crop);
    if (input === undefined) continue;
    const kernelOrder = w.transposed ? [c, out.name] : [out.name, c];
    const weight = transposeTo(
      g,
      cx.value(kernel),
      kernel.dims.map((d) => d.name),
      [...kernelOrder, ...w.spatial.map((s) => s.window.name)],
    );
    const attrs = {
      kernel_shape: ints(w.spatial, (s) => s.window.size),
      strides: ints(w.spatial, (s) => s.stride),
      dilations: ints(w.spatial, (s) => s.dilation),
      pads,
      group: groups,
      ...(w.transposed && outputPadding.some((o) => o > 0) ? { output_padding: outputPadding } : {}),
    };
    const y = g.node(w.transposed ? "ConvTranspose" : "Conv", [input, weight], attrs);
    const leadDims = [...w.pass.map((q) => ({ name: q.out, size: q.dim.size })), out];
    return fromNchw(cx, y, leadDims, 2, w, opOut, node);
  }
  return undefined;
}

/**
 * The source of a grouped transposed conv's kernel view (`convTranspose` reads the kernel [channel, out per group,
 * windows] at channel = (out div perOut)·perGroup + channel and out mod perOut): that source, with the channel at
 * its full size, is ONNX ConvTranspose's C × M/group × k… weight. Undefined for any other kernel.
 */
function groupedTransposeKernel(k: Node, channel: string, out: string, channels: number, perOut: number, windows: ReadonlySet<string>): Node | undefined {
  if (k.op.kind !== "view" || k.op.map.bounds.length || k.inputs.length !== 1) return undefined;
  const src = k.inputs[0]!;
  const perGroup = k.dims.find((d) => d.name === channel)!.size;
  const index = k.op.map.index;
  if (src.dims.length !== 2 + windows.size) return undefined;
  for (const d of src.dims) {
    const e = index[d.name];
    if (!e) return undefined;
    if (d.name === out) {
      // out mod perOut (the constant 0 when each group has one output)
      const read = perOut === 1 ? e.op === "const" && e.value === 0 : e.op === "mod" && e.c === perOut && e.a.op === "var" && e.a.name === out;
      if (d.size !== perOut || !read) return undefined;
    } else if (d.name === channel) {
      const parts = withDivs(e);
      if (d.size !== channels || !parts || parts.affine.constant !== 0 || parts.affine.coeffs.get(channel) !== 1 || grouping(parts.affine, parts.divs, channel, out, perGroup) !== perOut) return undefined;
    } else if (!windows.has(d.name) || e.op !== "var" || e.name !== d.name) return undefined;
  }
  return src;
}

function lowerMaxPool(node: Node, v: Node, windows: ReadonlySet<string>, cx: Lowering): string | undefined {
  const w = pool(v, windows, cx);
  if (!w) return undefined;
  return runPool(cx, "MaxPool", w, -Infinity, {}, node);
}

/** A windowed view over every reduced var, float32, no channel: a pool's window. */
function pool(v: Node, windows: ReadonlySet<string>, cx: Lowering): Windowed | undefined {
  if (v.op.kind !== "view" || v.dtype !== "float32") return undefined;
  const w = windowed(v, windows);
  if (!w || w.transposed || w.spatial.length !== windows.size) return undefined;
  if (w.spatial.some((s) => cx.isDynamic(s.dim.name))) return undefined;
  return w;
}

/**
 * The pool `op` over a window (`natural`: the value the operator pads with, -∞ for max, 0 for average). Padding with
 * another value, or as wide as the window (onnxruntime wants pads smaller than the window), is a Pad first.
 */
function runPool(cx: Lowering, op: string, w: Windowed, natural: number, attrs: Record<string, number>, node: Node): string | undefined {
  const g = cx.g;
  const { crop, opOut } = padsOf(w.spatial, false);
  let { pads } = padsOf(w.spatial, false);
  const n = w.spatial.length;
  const explicit = pads.some((p) => p > 0) && (w.fill !== natural || w.spatial.some((s, i) => pads[i]! >= s.window.size || pads[i + n]! >= s.window.size));
  // AveragePool has dilations from opset 19; one that does not count the padding cannot take it as a Pad
  if (op === "AveragePool" && ((cx.opset < 19 && w.spatial.some((s) => s.dilation > 1)) || (explicit && attrs.count_include_pad === 0))) return undefined;
  const lead = [...w.pass].sort((a, b) => Number(cx.isDynamic(b.dim.name)) - Number(cx.isDynamic(a.dim.name)));
  let x = nchw(cx, w, lead, 2, crop);
  if (x === undefined) return undefined;
  if (explicit) {
    x = explicitPad(cx, x, pads, w.fill ?? 0, 2);
    pads = pads.map(() => 0);
  }
  const dilated = w.spatial.some((s) => s.dilation > 1);
  const y = g.node(op, [x], {
    kernel_shape: ints(w.spatial, (s) => s.window.size),
    strides: ints(w.spatial, (s) => s.stride),
    ...(dilated ? { dilations: ints(w.spatial, (s) => s.dilation) } : {}),
    pads,
    ...attrs,
  });
  const leadDims = lead.map((q) => ({ name: q.out, size: q.dim.size }));
  // an explicit Pad moves the padding into the input: the output sizes stay those of padsOf
  return fromNchw(cx, y, leadDims, 2, w, opOut, node);
}

/**
 * A float32 sum over the windows of a windowed view, as AveragePool: times 1/n (`avgPool` without padding or
 * with `countPadding`) it is AveragePool counting the padding; divided by the same window's sum over ones it is
 * AveragePool not counting it. `node` is the mul or the div (undefined for anything else).
 * @example lowerAveragePool(node, cx) // export-ops.ts, binary: an avgPool's mul by 1/n or div by its count
 */
export function lowerAveragePool(node: Node, cx: Lowering): string | undefined {
  if (node.dtype !== "float32") return undefined;
  const sumPool = (n: Node): Windowed | undefined =>
    n.op.kind === "reduce" && n.op.fn === "sum" && n.inputs.length === 1 ? pool(n.inputs[0]!, new Set(n.op.dims), cx) : undefined;
  const windowSize = (w: Windowed) => w.spatial.reduce((p, s) => p * s.window.size, 1);
  if (node.op.kind === "binary" && node.op.fn === "mul" && node.inputs.length === 2) {
    for (const [s, f] of [node.inputs, [...node.inputs].reverse()] as [Node, Node][]) {
      const w = sumPool(s);
      if (w && f.op.kind === "fill" && !f.storage && f.dims.length === 0 && Math.fround(1 / windowSize(w)) === Math.fround(f.op.value))
        return runPool(cx, "AveragePool", w, 0, { count_include_pad: 1 }, node);
    }
  }
  if (node.op.kind === "binary" && node.op.fn === "div" && node.inputs.length === 2) {
    const [s, c] = node.inputs as [Node, Node];
    const w = sumPool(s);
    const wc = sumPool(c);
    if (w && wc && w.fill === 0 && wc.source.op.kind === "fill" && !wc.source.storage && wc.source.op.value === 1 && sameWindows(w, wc))
      return runPool(cx, "AveragePool", w, 0, { count_include_pad: 0 }, node);
  }
  return undefined;
}

/** The same spatial dims, windows, strides, dilations and padding (the count of in-range positions matches). */
function sameWindows(a: Windowed, b: Windowed): boolean {
  return (
    a.spatial.length === b.spatial.length &&
    a.spatial.every((s, i) => {
      const t = b.spatial[i]!;
      return s.dim.name === t.dim.name && s.dim.size === t.dim.size && s.out.name === t.out.name && s.window.size === t.window.size && s.stride === t.stride && s.dilation === t.dilation && s.before === t.before;
    })
  );
}
