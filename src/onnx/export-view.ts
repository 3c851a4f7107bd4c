// Layer: src/onnx. Views (index maps: transpose, rename, narrow, get, broadcast, split, merge, pad, and their
// compositions) as ONNX movement operators. Pads whose bounds are a dim's own range become Pad; an output dim read
// through div/mod (a merge) is split into digit dims so every index is affine; an input dim read as a compact sum
// of vars (a split) is reshaped; then Slice, Squeeze, Transpose, Unsqueeze/Expand and a final Reshape of the
// digits. Any other map (strided, diagonal, a bound that is not a pad) reads through a Gather at computed flat
// positions. Imports src/graph and src/onnx.
import { type IndexExpr, idxAdd, idxConst, idxMul, idxVar, indexVars, sameIndex, toAffine } from "../graph/index-expr.js";
import type { Node, NodeDim, ViewMap } from "../graph/node.js";
import { type Lowering, axisIota, expandTo, transposeTo } from "./export-context.js";

/** The ONNX value of a view node. */
export function lowerView(node: Node, map: ViewMap, cx: Lowering): string {
  return movement(node, map, cx) ?? gatherView(node, map, cx);
}

/** A digit range of an output var: (v div lo) mod (hi / lo). */
interface Digits {
  readonly v: string;
  readonly lo: number;
  readonly hi: number;
}

function movement(node: Node, map: ViewMap, cx: Lowering): string | undefined {
  const g = cx.g;
  const x = node.inputs[0]!;
  const outSize = new Map(node.dims.map((d) => [d.name, d.size]));
  let X = cx.value(x);
  let xdims: NodeDim[] = x.dims.map((d) => ({ ...d }));
  const index: Record<string, IndexExpr> = { ...map.index };

  // Pads: each bound must be some input dim's own range [0, size) read at var + k.
  if (map.bounds.length) {
    const pads = new Array<number>(2 * xdims.length).fill(0);
    for (const b of map.bounds) {
      const i = xdims.findIndex((d) => sameIndex(index[d.name]!, b.expr) && b.lo === 0 && b.hi === d.size);
      const a = toAffine(b.expr);
      if (i < 0 || !a || a.coeffs.size !== 1) return undefined;
      const [v, c] = [...a.coeffs][0]!;
      if (c !== 1 || cx.isDynamic(xdims[i]!.name)) return undefined;
      const before = Math.max(0, -a.constant);
      const after = Math.max(0, a.constant + outSize.get(v)! - xdims[i]!.size);
      pads[i] = Math.max(pads[i]!, before);
      pads[i + xdims.length] = Math.max(pads[i + xdims.length]!, after);
    }
    X = g.node("Pad", [X, g.int64(pads), g.scalar(map.fill, x.dtype)]);
    xdims = xdims.map((d, i) => {
      index[d.name] = idxAdd(index[d.name]!, idxConst(pads[i]!));
      return { name: d.name, size: d.size + pads[i]! + pads[i + xdims.length]! };
    });
  }

  // Digits: every div/mod must be a digit range of one output var; each such var becomes its digit dims.
  const cuts = new Map<string, Set<number>>();
  const digitsOf = (e: IndexExpr): Digits | undefined => {
    if (e.op === "var") return outSize.has(e.name) ? { v: e.name, lo: 1, hi: outSize.get(e.name)! } : undefined;
    if (e.op !== "div" && e.op !== "mod") return undefined;
    const inner = digitsOf(e.a);
    if (!inner || (inner.hi / inner.lo) % e.c !== 0) return undefined;
    return e.op === "div" ? { v: inner.v, lo: inner.lo * e.c, hi: inner.hi } : { v: inner.v, lo: inner.lo, hi: inner.lo * e.c };
  };
  let ok = true;
  const collect = (e: IndexExpr): void => {
    if (e.op === "div" || e.op === "mod") {
      const d = digitsOf(e);
      if (!d) ok = false;
      else {
        const set = cuts.get(d.v) ?? cuts.set(d.v, new Set([1, outSize.get(d.v)!])).get(d.v)!;
        set.add(d.lo).add(d.hi);
      }
    } else if (e.op === "add") (collect(e.a), collect(e.b));
    else if (e.op === "mul") collect(e.a);
  };
  Object.values(index).forEach(collect);
  if (!ok) return undefined;
  // Digit j of v has weight cut[j] and size cut[j+1] / cut[j]; named `v#j`.
  const digitDims = new Map<string, { name: string; size: number; weight: number }[]>();
  for (const [v, set] of cuts) {
    const cut = [...set].sort((a, b) => a - b);
    if (cut.some((c, j) => j > 0 && c % cut[j - 1]! !== 0)) return undefined;
    if (cx.isDynamic(v)) cx.staticSize({ name: v, size: outSize.get(v)! }, "a view that merges or splits it");
    digitDims.set(
      v,
      cut.slice(0, -1).map((c, j) => ({ name: `${v}#${j}`, size: cut[j + 1]! / c, weight: c })).reverse(),
    );
  }
  const rewrite = (e: IndexExpr): IndexExpr => {
    const d = e.op === "var" || e.op === "div" || e.op === "mod" ? digitsOf(e) : undefined;
    if (d && digitDims.has(d.v)) {
      let sum: IndexExpr = idxConst(0);
      for (const digit of digitDims.get(d.v)!) if (digit.weight >= d.lo && digit.weight < d.hi) sum = idxAdd(sum, idxMul(idxVar(digit.name), digit.weight / d.lo));
      return sum;
    }
    if (e.op === "add") return idxAdd(rewrite(e.a), rewrite(e.b));
    if (e.op === "mul") return idxMul(rewrite(e.a), e.c);
    return e;
  };
  const virtual: NodeDim[] = node.dims.flatMap((d) => digitDims.get(d.name)?.map(({ name, size }) => ({ name, size })) ?? [d]);
  const vsize = new Map(virtual.map((d) => [d.name, d.size]));

  // Each input dim: a pick (const), a var + offset, or a compact sum of vars (a split); each var read once.
  const used = new Set<string>();
  const plan: { start: number; extent: number; axes: NodeDim[] }[] = [];
  for (const d of xdims) {
    const a = toAffine(rewrite(index[d.name]!));
    if (!a) return undefined;
    const terms = [...a.coeffs].sort((p, q) => q[1] - p[1]);
    for (const [v, c] of terms) {
      if (used.has(v) || c <= 0 || !vsize.has(v)) return undefined;
      used.add(v);
    }
    // Compact: the last coefficient is 1, each the next's times the next's size.
    if (terms.some(([, c], i) => c !== (i + 1 < terms.length ? terms[i + 1]![1] * vsize.get(terms[i + 1]![0])! : 1))) return undefined;
    const axes = terms.map(([v]) => ({ name: v, size: vsize.get(v)! }));
    const extent = terms.length ? terms[0]![1] * axes[0]!.size : 1;
    if (cx.isDynamic(d.name)) {
      // A dynamic dim passes through whole, under any name.
      if (terms.length !== 1 || a.constant !== 0 || !outSize.has(terms[0]![0])) return cx.staticSize(d, "a view that slices, splits or merges it"), undefined;
      cx.alias(axes[0]!.name, d.name);
    } else if (a.constant < 0 || a.constant + extent > d.size) return undefined;
    plan.push({ start: a.constant, extent, axes });
  }

  // Slice, split, squeeze the picks, transpose, broadcast, merge the digits.
  const sliced = plan.map((p, i) => i).filter((i) => !cx.isDynamic(xdims[i]!.name) && (plan[i]!.start !== 0 || plan[i]!.extent !== xdims[i]!.size));
  if (sliced.length) {
    const at = (f: (i: number) => number) => g.int64(sliced.map(f));
    X = g.node("Slice", [X, at((i) => plan[i]!.start), at((i) => plan[i]!.start + plan[i]!.extent), g.int64(sliced)]);
  }
  const pick: NodeDim = { name: "#pick", size: 1 };
  const axes: NodeDim[] = plan.flatMap((p) => (p.axes.length ? p.axes : [pick]));
  if (plan.some((p) => p.axes.length > 1)) X = g.node("Reshape", [X, cx.shape(axes)]);
  const picks = axes.map((a, i) => (a === pick ? i : -1)).filter((i) => i >= 0);
  if (picks.length) X = g.node("Squeeze", [X, g.int64(picks)]);
  const have = axes.filter((a) => a !== pick).map((a) => a.name);
  X = transposeTo(g, X, have, virtual.map((d) => d.name).filter((n) => used.has(n)));
  const missing = virtual.map((d, i) => (used.has(d.name) ? -1 : i)).filter((i) => i >= 0);
  if (missing.length) X = expandTo(cx, g.node("Unsqueeze", [X, g.int64(missing)]), new Set(missing.every((i) => virtual[i]!.size === 1 && !cx.isDynamic(virtual[i]!.name)) ? virtual.map((d) => d.name) : used), virtual);
  if (digitDims.size) X = g.node("Reshape", [X, cx.shape(node.dims)]);
  return X;
}

/**
 * Any view: Gather from the flattened input at the flat position of each output element, fill outside the
 * bounds. Dims the view passes through unchanged (read at their own index, in no bound: a convolution's batch)
 * are kept as leading axes of a batched Gather, so they may stay dynamic; the others are flattened.
 */
function gatherView(node: Node, map: ViewMap, cx: Lowering): string {
  const g = cx.g;
  const x = node.inputs[0]!;
  const what = "a view that reads it through a computed position";
  const boundVars = new Set(map.bounds.flatMap((b) => [...indexVars(b.expr)]));
  const passes = x.dims.filter((d) => {
    const e = map.index[d.name]!;
    const out = node.dims.find((o) => o.name === d.name);
    return e.op === "var" && e.name === d.name && out?.size === d.size && !boundVars.has(d.name);
  });
  const passNames = new Set(passes.map((d) => d.name));
  const rest = x.dims.filter((d) => !passNames.has(d.name));
  const outRest = node.dims.filter((d) => !passNames.has(d.name));
  // a computed index may not read a passed-through dim (it would not be one then)
  if (rest.some((d) => [...indexVars(map.index[d.name]!)].some((v) => passNames.has(v)))) return flatGather(node, map, cx);
  if (passes.length === 0) return flatGather(node, map, cx);
  for (const d of [...rest, ...outRest]) cx.staticSize(d, what);
  const iotas = new Map(outRest.map((d) => [d.name, axisIota(cx, d, outRest)]));
  const evalExpr = indexEvaluator(cx, iotas);
  let flat = g.int64([0], true);
  let stride = 1;
  for (let i = rest.length - 1; i >= 0; i--) {
    flat = g.node("Add", [flat, g.node("Mul", [evalExpr(map.index[rest[i]!.name]!), g.int64([stride], true)])]);
    stride *= rest[i]!.size;
  }
  const inside = insideBounds(map, cx, evalExpr);
  if (inside) flat = g.node("Where", [inside, flat, g.int64([0], true)]);
  flat = g.node("Expand", [flat, cx.shape(outRest)]);
  // [passes…, rest flattened]: 0 in a Reshape keeps that axis as it is (a dynamic size stays dynamic)
  const data = transposeTo(g, cx.value(x), x.dims.map((d) => d.name), [...passes, ...rest].map((d) => d.name));
  const flatData = g.node("Reshape", [data, g.int64([...passes.map(() => 0), -1])]);
  let read = g.node("Gather", [flatData, flat], { axis: passes.length });
  if (inside) read = g.node("Where", [inside, read, g.scalar(map.fill, x.dtype)]);
  return transposeTo(g, read, [...passes, ...outRest].map((d) => d.name), node.dims.map((d) => d.name));
}

/** An IndexExpr as an ONNX int64 value over the output vars' iotas. */
function indexEvaluator(cx: Lowering, iotas: ReadonlyMap<string, string>): (e: IndexExpr) => string {
  const g = cx.g;
  const evalExpr = (e: IndexExpr): string => {
    switch (e.op) {
      case "var":
        return iotas.get(e.name)!;
      case "const":
        return g.int64([e.value], true);
      case "add":
        return g.node("Add", [evalExpr(e.a), evalExpr(e.b)]);
      case "mul":
        return g.node("Mul", [evalExpr(e.a), g.int64([e.c], true)]);
      case "div":
        return g.node("Div", [evalExpr(e.a), g.int64([e.c], true)]);
      case "mod":
        return g.node("Mod", [evalExpr(e.a), g.int64([e.c], true)]);
    }
  };
  return evalExpr;
}

/** Where every bound of the view holds (undefined when it has none). */
function insideBounds(map: ViewMap, cx: Lowering, evalExpr: (e: IndexExpr) => string): string | undefined {
  const g = cx.g;
  let inside: string | undefined;
  for (const b of map.bounds) {
    const e = evalExpr(b.expr);
    const ok = g.node("And", [g.node("GreaterOrEqual", [e, g.int64([b.lo], true)]), g.node("Less", [e, g.int64([b.hi], true)])]);
    inside = inside ? g.node("And", [inside, ok]) : ok;
  }
  return inside;
}

/** The Gather over the whole flattened input (every dim at a static size). */
function flatGather(node: Node, map: ViewMap, cx: Lowering): string {
  const g = cx.g;
  const x = node.inputs[0]!;
  const what = "a view that reads it through a computed position";
  for (const d of [...x.dims, ...node.dims]) cx.staticSize(d, what);
  const iotas = new Map(node.dims.map((d) => [d.name, axisIota(cx, d, node.dims)]));
  const evalExpr = indexEvaluator(cx, iotas);
  let flat = g.int64([0], true);
  let stride = 1;
  for (let i = x.dims.length - 1; i >= 0; i--) {
    flat = g.node("Add", [flat, g.node("Mul", [evalExpr(map.index[x.dims[i]!.name]!), g.int64([stride], true)])]);
    stride *= x.dims[i]!.size;
  }
  const inside = insideBounds(map, cx, evalExpr);
  if (inside) flat = g.node("Where", [inside, flat, g.int64([0], true)]);
  flat = g.node("Expand", [flat, cx.shape(node.dims)]);
  const read = g.node("Gather", [g.node("Reshape", [cx.value(x), g.int64([-1])]), flat], { axis: 0 });
  return inside ? g.node("Where", [inside, read, g.scalar(map.fill, x.dtype)]) : read;
}
