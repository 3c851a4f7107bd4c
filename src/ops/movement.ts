// Layer: src/ops. Movement by name: transpose, rename, split, stack, pad, expand, squeeze and concat. Each is
// one view (an index map, src/graph/index-expr.ts) that composes with other views and folds into strides
// over a materialised buffer where the map is affine; concat is pads combined by `where`. No new primitive.
// Imports src/types, src/shape, src/graph and the top layer; nothing from src/backend.
import { binaryNode, castNode, fillNode, identityMap, iotaNode, viewNode, whereNode } from "../graph/build.js";
import { type IndexExpr, idxAdd, idxConst, idxDiv, idxMod, idxMul, idxVar } from "../graph/index-expr.js";
import type { Node } from "../graph/node.js";
import type { ShapeDim } from "../shape/dims.js";
import { arithmeticType } from "../shape/dtype.js";
import { concatShape, expandShape, padShape, renameShape, splitShape, squeezeShape, stackShape, transposeShape } from "../shape/movement.js";
import { type AnyTensor, Tensor, defineMethods, fromDims } from "../tensor.js";
import type { AnyFail, DType, Fail, Lookup, NameArg, Ok, Shape, VisibleNames } from "../types/dims.js";
import type { OkType } from "../types/dtype.js";
import { ArgumentError, type BoolArithmetic, ShapeError, boolArithmetic, intScalar, takesNot } from "../types/errors.js";
import type { FirstFail, Guard, GuardName, GuardNames, GuardSpec, OkNames } from "../types/guard.js";
import type { Concat, ExpandBy, ExpandSpec, Pad, PadSpec, Rename, RenameSpec, Split, SplitPart, Squeeze, Stack, StackSpec, Transpose } from "../types/movement.js";

/** The check of split's parts; "ok" when the name itself is wrong (that error is the name's). */
type SplitParts<S extends Shape, N, Ps extends readonly unknown[]> = Lookup<S, N> extends infer Z ? (Z extends AnyFail ? "ok" : Split<S, N, Ps>) : never;

declare module "../tensor.js" {
  interface Tensor<S extends Shape, D extends DType> {
    /**
     * Reorders the dims: list every visible name exactly once (private dims stay first). A free view.
     * @example x.transpose("width", "height") // Tensor<[["width", 64], ["height", 96]]>
     */
    transpose<S extends Shape, D extends DType, const Ns extends readonly NameArg<S>[]>(this: Tensor<S, D>, ...names: GuardNames<Transpose<S, Ns>, Ns, NameArg<S>>): Tensor<OkNames<Transpose<S, Ns>, Ns>, D>;
    /**
     * Renames dims in place; `{ a: "b", b: "a" }` swaps two names.
     * @example x.rename({ h: "height" }) // Tensor<[["height", 96], ["w", 64]]>
     */
    rename<S extends Shape, D extends DType, const R extends RenameSpec = {}>(this: Tensor<S, D>, mapping: GuardSpec<Rename<S, R>, R, { readonly [K in VisibleNames<S>]?: string }>): Tensor<Ok<Rename<S, R>>, D>;
    /**
     * Splits a dim in place into parts, the first outermost (`h = height·Q + q`); each part is `[name, size]`
     * or a bare name whose size is inferred (at most one). A free view.
     * @example x.split("h", [["height", 8], "q"]) // h: 96 becomes height: 8, q: 12
     */
    split<S extends Shape, D extends DType, const N extends NameArg<S>, const Ps extends readonly SplitPart[]>(
      this: Tensor<S, D>,
      name: GuardName<Lookup<S, N>, N>,
      parts: Guard<SplitParts<S, N, Ps>, Ps>,
    ): Tensor<Ok<Split<S, N, Ps>>, D>;
    /**
     * Merges dims into one, row-major in the listed order (`bh = b·H + h`), placed where the first listed dim
     * stood; several keys merge several groups.
     * @example x.stack({ bh: ["b", "h"] }) // b: 6, h: 96 become bh: 576
     */
    stack<S extends Shape, D extends DType, const M extends StackSpec = {}>(this: Tensor<S, D>, spec: GuardSpec<Stack<S, M>, M, { readonly [merged: string]: readonly NameArg<S>[] }>): Tensor<Ok<Stack<S, M>>, D>;
    /**
     * Pads dims with `value` (default 0): `{ name: [before, after] }`. A view with bounds: nothing is copied.
     * @example x.pad({ seq: [0, 3] }, -1) // seq grows by 3, filled with -1
     */
    pad<S extends Shape, D extends DType, const M extends PadSpec = {}>(this: Tensor<S, D>, widths: GuardSpec<Pad<S, M>, M, { readonly [K in VisibleNames<S>]?: readonly [before: number, after: number] }>, value?: number | boolean): Tensor<Ok<Pad<S, M>>, D>;
    /**
     * Adds broadcast dims in front (stride 0: the values are not copied): one `{ name: size }`, or several as
     * `[name, size]` pairs in the order they should have.
     * @example bias.expand({ batch: 4 }) // Tensor<[["batch", 4], ["feat", 3]]>
     * @example bias.expand([["batch", 4], ["beam", 2]]) // Tensor<[["batch", 4], ["beam", 2], ["feat", 3]]>
     */
    expand<S extends Shape, D extends DType, const P extends ExpandSpec>(this: Tensor<S, D>, dims: Guard<ExpandBy<S, P>, P>): Tensor<Ok<ExpandBy<S, P>>, D>;
    /**
     * Removes the named dims, each of size 1.
     * @example x.squeeze("one") // without the size-1 dim "one"
     */
    squeeze<S extends Shape, D extends DType, const Ns extends readonly NameArg<S>[]>(this: Tensor<S, D>, ...names: GuardNames<Squeeze<S, Ns>, Ns, NameArg<S>>): Tensor<OkNames<Squeeze<S, Ns>, Ns>, D>;
    /**
     * The same values in a new buffer laid out row-major in the logical order. Views (transpose, split, …)
     * are free index arithmetic; use this when a layout copy is wanted, e.g. before handing data to a
     * consumer that walks memory in logical order many times.
     * @example x.transpose("c", "a", "b").contiguous().materialize() // a real permute copy
     */
    contiguous<S extends Shape, D extends DType>(this: Tensor<S, D>): Tensor<S, D>;
  }
}

const graphDims = (dims: readonly ShapeDim[]): { name: string; size: number }[] => dims.map((d) => ({ name: d.name, size: d.size }));
/** A view of x over `dims` reading x's dims through `index` (identity for the names not given). */
function view(x: Node, dims: readonly ShapeDim[], index: Record<string, IndexExpr> = {}, bounds: { expr: IndexExpr; lo: number; hi: number }[] = [], fill = 0): Node {
  return viewNode(x, graphDims(dims), { index: { ...identityMap(x), ...index }, bounds, fill });
}
/** The row-major index over `parts` (the first outermost): Σ part·stride. */
function rowMajor(parts: readonly ShapeDim[]): IndexExpr {
  let expr: IndexExpr = idxConst(0);
  let stride = 1;
  for (let i = parts.length - 1; i >= 0; i--) {
    expr = idxAdd(idxMul(idxVar(parts[i]!.name), stride), expr);
    stride *= parts[i]!.size;
  }
  return expr;
}
/** A fill value as the tensor's dtype. */
function fillValue(value: number | boolean, dtype: DType): number {
  const v = Number(value);
  if (dtype === "bool" && v !== 0 && v !== 1) throw new ShapeError(boolArithmetic());
  if (dtype === "int32" && !Number.isInteger(v)) throw new ShapeError(intScalar(String(value)));
  return v;
}
/** x padded along `name` by [before, after] with `fill`, its dims in the order of `dims`. */
function padded(x: Node, dims: readonly ShapeDim[], name: string, before: number, fill: number): Node {
  const size = x.dims.find((d) => d.name === name)!.size;
  const expr = idxAdd(idxVar(name), idxConst(-before));
  return view(x, dims, { [name]: expr }, [{ expr, lo: 0, hi: size }], fill);
}

defineMethods({
  contiguous(this: AnyTensor) {
    return fromDims(viewNode(this.node, this.node.dims, { index: identityMap(this.node), bounds: [], fill: 0 }, { copy: true }), this.shapeDims);
  },
  transpose(this: AnyTensor, ...names: unknown[]) {
    const dims = transposeShape(this.shapeDims, names);
    return fromDims(view(this.node, dims), dims);
  },
  rename(this: AnyTensor, mapping: unknown) {
    const dims = renameShape(this.shapeDims, mapping);
    const index: Record<string, IndexExpr> = {};
    this.node.dims.forEach((d, i) => (index[d.name] = idxVar(dims[i]!.name)));
    return fromDims(view(this.node, dims, index), dims);
  },
  split(this: AnyTensor, name: unknown, parts: readonly (string | readonly [string, number])[]) {
    const { dim, parts: out, dims } = splitShape(this.shapeDims, name, parts);
    return fromDims(view(this.node, dims, { [dim.name]: rowMajor(out) }), dims);
  },
  stack(this: AnyTensor, spec: unknown) {
    const { dims, groups } = stackShape(this.shapeDims, spec);
    const index: Record<string, IndexExpr> = {};
    for (const g of groups) {
      let stride = 1;
      for (let i = g.from.length - 1; i >= 0; i--) {
        const d = g.from[i]!;
        const at = idxDiv(idxVar(g.name), Math.max(stride, 1));
        index[d.name] = i === 0 ? at : idxMod(at, Math.max(d.size, 1));
        stride *= d.size;
      }
    }
    return fromDims(view(this.node, dims, index), dims);
  },
  pad(this: AnyTensor, widths: unknown, value: number | boolean = 0) {
    const { dims, widths: w } = padShape(this.shapeDims, widths);
    const fill = fillValue(value, this.dtype);
    const index: Record<string, IndexExpr> = {};
    const bounds: { expr: IndexExpr; lo: number; hi: number }[] = [];
    for (const [name, [before, after]] of w) {
      if (before === 0 && after === 0) continue;
      const expr = idxAdd(idxVar(name), idxConst(-before));
      index[name] = expr;
      bounds.push({ expr, lo: 0, hi: this.node.dims.find((d) => d.name === name)!.size });
    }
    return fromDims(view(this.node, dims, index, bounds, fill), dims);
  },
  expand(this: AnyTensor, pairs: unknown) {
    const { dims } = expandShape(this.shapeDims, pairs);
    return fromDims(view(this.node, dims), dims);
  },
  squeeze(this: AnyTensor, ...names: unknown[]) {
    const { removed, dims } = squeezeShape(this.shapeDims, names);
    return fromDims(view(this.node, dims, Object.fromEntries(removed.map((d) => [d.name, idxConst(0)]))), dims);
  },
});

type ShapesOf<Ts> = { [K in keyof Ts]: Ts[K] extends Tensor<infer S, DType> ? S : never };
type DTypeOf<T> = T extends Tensor<Shape, infer D> ? D : never;
type DTypesOf<Ts extends readonly unknown[]> = DTypeOf<Ts[number]>;
/** The dtype of a concat: the operands' one dtype, or int32 with float32 gives float32; bool mixes fail. */
type ConcatType<D extends DType> = [DType] extends [D]
  ? DType
  : [D] extends ["float32" | "int32"]
    ? "float32" extends D
      ? "float32"
      : D
    : [D] extends ["bool"]
      ? "bool"
      : Fail<BoolArithmetic>;
type ConcatCheck<Ts extends readonly unknown[], N> = FirstFail<[Concat<ShapesOf<Ts>, N>, ConcatType<DTypesOf<Ts>>]>;

/**
 * Joins tensors along `name`. The result has the first operand's logical order; the others are matched by
 * name (their order may differ) and every other dim must agree in size. Built from pad views and `where`.
 * @example concat([a, b], "time") // a: [time: 2, feat: 3], b: [feat: 3, time: 5] -> [time: 7, feat: 3]
 */
export function concat<const Ts extends readonly Tensor<Shape, DType>[], const N extends NameArg<ShapesOf<Ts>[number]>>(
  tensors: Ts,
  name: GuardName<ConcatCheck<Ts, N>, N>,
): Tensor<Ok<Concat<ShapesOf<Ts>, N>>, OkType<ConcatType<DTypesOf<Ts>>>> {
  if (!Array.isArray(tensors)) throw new ArgumentError(takesNot("concat", "a list of tensors", tensors));
  tensors.forEach((t, i) => {
    if (!(t instanceof Tensor)) throw new ArgumentError(takesNot("concat", `a tensor at position ${i} of its list`, t));
  });
  const operands = tensors as unknown as readonly AnyTensor[];
  const dims = concatShape(
    operands.map((t) => t.shapeDims),
    name,
  );
  const n = name as string;
  const dtype = operands.map((t) => t.dtype).reduce((a, b) => (a === b ? a : arithmeticType(a, b)));
  const total = dims.find((d) => d.name === n)!.size;
  const along = [{ name: n, size: total }];
  const position = iotaNode(n, along, "int32");
  let offset = 0;
  const pieces = operands.map((t) => {
    const piece = { node: padded(castNode(t.node, dtype), dims, n, offset, 0), start: offset };
    offset += t.node.dims.find((d) => d.name === n)!.size;
    return piece;
  });
  let out = pieces[pieces.length - 1]!.node;
  for (let i = pieces.length - 2; i >= 0; i--) {
    const before = binaryNode("lt", position, fillNode(pieces[i + 1]!.start, "int32"), along, "bool");
    out = whereNode(before, pieces[i]!.node, out, graphDims(dims));
  }
  return fromDims(out, dims) as unknown as Tensor<Ok<Concat<ShapesOf<Ts>, N>>, OkType<ConcatType<DTypesOf<Ts>>>>;
}
