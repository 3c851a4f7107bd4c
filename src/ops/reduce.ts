// Layer: src/ops. Reductions and scans by name: sum mean max min prod, argmax argmin, logsumexp, variance,
// std, all, any, softmax, logSoftmax, cumsum, sort, topk. Reductions remove the named dims; the others keep
// their order. Each is a composition of the reduce/scan/argsort primitives; the fuser makes them one kernel.
import { binaryNode, castNode, fillNode, gatherNode, iotaNode, reduceNode, scanNode, unaryNode, viewNode, whereNode, argsortNode, identityMap } from "../graph/build.js";
import { mul, sub, sum } from "../graph/autodiff-build.js";
import { defineGradient } from "../graph/autodiff.js";
import { idxVar } from "../graph/index-expr.js";
import type { Node, ReduceFn } from "../graph/node.js";
import { checkName, describeValue, lookup } from "../shape/dims.js";
import { arithmeticType, floatType, logicalType } from "../shape/dtype.js";
import { reduceShape } from "../shape/reduce.js";
import { type AnyTensor, type Tensor, defineMethods, wrap } from "../tensor.js";
import type { DType, NameArg, NameList, Ok, Shape } from "../types/dims.js";
import type { ArithmeticType, FloatType, LogicalType, OkType } from "../types/dtype.js";
import { ArgumentError, emptyReduction, nameTaken, ShapeError, takesNot, topkRange } from "../types/errors.js";
import type { FirstFail, GuardName, GuardNames, OkNames } from "../types/guard.js";
import type { Along, Reduce, TopK } from "../types/reduce.js";

/** One name or a list of names. */
type Names<S extends Shape> = NameArg<S> | readonly NameArg<S>[];
type Reduced<S extends Shape, Ns> = Reduce<S, NameList<Ns>>;
type NumericType<D extends DType> = ArithmeticType<D, D>;

declare module "../tensor.js" {
  interface Tensor<S extends Shape, D extends DType> {
    /** Sums over one name or a list of names (an int32 sum stays int32 and wraps around on overflow, as int32 `add` does; NumPy and PyTorch widen to int64). @example ims.sum(["height", "width"]) */
    sum<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, NumericType<D>]>, Ns, NameArg<S>>): Tensor<OkNames<Reduced<S, Ns>, Ns>, OkType<NumericType<D>>>;
    /** The mean over the names (float32). @example named_ims.mean("batch") */
    mean<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, FloatType<D>]>, Ns, NameArg<S>>): Tensor<OkNames<Reduced<S, Ns>, Ns>, "float32">;
    /** The product over the names. @example x.prod("k") */
    prod<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, NumericType<D>]>, Ns, NameArg<S>>): Tensor<OkNames<Reduced<S, Ns>, Ns>, OkType<NumericType<D>>>;
    /** The maximum over the names (NaN if any is NaN). @example scores.max("key") */
    max<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, NumericType<D>]>, Ns, NameArg<S>>): Tensor<OkNames<Reduced<S, Ns>, Ns>, OkType<NumericType<D>>>;
    /** The minimum over the names (NaN if any is NaN). @example x.min("seq") */
    min<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, NumericType<D>]>, Ns, NameArg<S>>): Tensor<OkNames<Reduced<S, Ns>, Ns>, OkType<NumericType<D>>>;
    /** `log(sum(exp(x)))` over the names, computed without overflow. @example logits.logsumexp("class") */
    logsumexp<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, FloatType<D>]>, Ns, NameArg<S>>): Tensor<OkNames<Reduced<S, Ns>, Ns>, "float32">;
    /** The variance over the names; `correction: 1` gives the unbiased estimate (default 0). @example x.variance("feat") */
    variance<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, FloatType<D>]>, Ns, NameArg<S>>, options?: { readonly correction?: number }): Tensor<OkNames<Reduced<S, Ns>, Ns>, "float32">;
    /** The standard deviation over the names (see `variance`); its gradient is 0 where it is 0. @example x.std("feat") */
    std<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, FloatType<D>]>, Ns, NameArg<S>>, options?: { readonly correction?: number }): Tensor<OkNames<Reduced<S, Ns>, Ns>, "float32">;
    /** True where every value over the names is true (bool). @example mask.all("seq") */
    all<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, LogicalType<D>]>, Ns, NameArg<S>>): Tensor<OkNames<Reduced<S, Ns>, Ns>, "bool">;
    /** True where any value over the names is true (bool). @example mask.any("seq") */
    any<S extends Shape, D extends DType, const Ns extends Names<S>>(this: Tensor<S, D>, names: GuardNames<FirstFail<[Reduced<S, Ns>, LogicalType<D>]>, Ns, NameArg<S>>): Tensor<OkNames<Reduced<S, Ns>, Ns>, "bool">;
    /** The int32 position of the first maximum along a name (the first NaN, if any). @example logits.argmax("class") */
    argmax<S extends Shape, D extends DType, const N extends NameArg<S>>(this: Tensor<S, D>, name: GuardName<FirstFail<[Reduced<S, N>, NumericType<D>]>, N>): Tensor<Ok<Reduced<S, N>>, "int32">;
    /** The int32 position of the first minimum along a name (the first NaN, if any). @example d.argmin("centroid") */
    argmin<S extends Shape, D extends DType, const N extends NameArg<S>>(this: Tensor<S, D>, name: GuardName<FirstFail<[Reduced<S, N>, NumericType<D>]>, N>): Tensor<Ok<Reduced<S, N>>, "int32">;
    /** `exp(x) / sum(exp(x))` along a name (an all -Infinity row gives NaN). @example scores.softmax("key") */
    softmax<S extends Shape, D extends DType, const N extends NameArg<S>>(this: Tensor<S, D>, name: GuardName<FirstFail<[Along<S, N>, FloatType<D>]>, N>): Tensor<S, "float32">;
    /** `x - logsumexp(x)` along a name, computed as `(x - max) - log Σ exp(x - max)` (a row holding +Infinity or only -Infinity gives NaN, as softmax). @example logits.logSoftmax("class") */
    logSoftmax<S extends Shape, D extends DType, const N extends NameArg<S>>(this: Tensor<S, D>, name: GuardName<FirstFail<[Along<S, N>, FloatType<D>]>, N>): Tensor<S, "float32">;
    /** The running sum along a name (int32 wraps around on overflow, like `sum`). @example x.cumsum("time") */
    cumsum<S extends Shape, D extends DType, const N extends NameArg<S>>(this: Tensor<S, D>, name: GuardName<FirstFail<[Along<S, N>, NumericType<D>]>, N>): Tensor<S, OkType<NumericType<D>>>;
    /** Sorted values along a name and the int32 positions they came from (stable; NaN sorts as the largest). @example ex.sort("width") */
    sort<S extends Shape, D extends DType, const N extends NameArg<S>>(this: Tensor<S, D>, name: GuardName<FirstFail<[Along<S, N>, NumericType<D>]>, N>, options?: { readonly descending?: boolean }): { values: Tensor<S, D>; indices: Tensor<S, "int32"> };
    /**
     * The `k` largest values along a name, under a new name (largest first), with their int32 positions.
     * @example logits.topk("class", 5, "best") // values and indices with dims [..., best: 5]
     */
    topk<S extends Shape, D extends DType, const N extends NameArg<S>, const K extends number, const New extends string>(this: Tensor<S, D>, 
      name: GuardName<FirstFail<[TopK<S, N, K, New>, NumericType<D>]>, N>,
      k: K,
      newName: New,
    ): { values: Tensor<Ok<TopK<S, N, K, New>>, D>; indices: Tensor<Ok<TopK<S, N, K, New>>, "int32"> };
  }
}

const f32 = (v: number): Node => fillNode(v, "float32");
const bin = (fn: "add" | "sub" | "mul" | "div" | "eq" | "ne" | "or", a: Node, b: Node, dtype: DType = a.dtype): Node =>
  binaryNode(fn, a, b, a.dims.length >= b.dims.length ? a.dims : b.dims, fn === "eq" || fn === "ne" || fn === "or" ? "bool" : dtype);

function reduction(fn: ReduceFn, check: (d: DType) => unknown) {
  return function (this: AnyTensor, names: unknown): AnyTensor {
    const { reduced } = reduceShape(this.shapeDims, names);
    check(this.dtype);
    // An int32 max or min has no identity to give for an empty dim (a float one gives -Infinity or Infinity).
    if (this.dtype === "int32" && (fn === "max" || fn === "min")) notEmpty(fn, this, reduced);
    return wrap(reduceNode(fn, this.node, reduced), this.masked);
  };
}
const numeric = (d: DType): unknown => arithmeticType(d, d);

/** Throws when one of `names` has size 0: `what` has no answer there. */
function notEmpty(what: string, t: AnyTensor, names: readonly string[]): void {
  const empty = t.node.dims.find((d) => names.includes(d.name) && d.size === 0);
  if (empty) throw new ShapeError(emptyReduction(what, empty.name));
}
/** The `correction` option of variance and std: a non-negative number (0 by default). */
function correctionOf(options: { correction?: number } | undefined): number {
  const c = options?.correction ?? 0;
  if (typeof c !== "number" || !(c >= 0)) throw new ArgumentError(`correction must be a non-negative number, not ${describeValue(c)}`);
  return c;
}

/** The number of elements that a reduction over `names` combines. */
const countOf = (x: Node, names: readonly string[]): number => x.dims.filter((d) => names.includes(d.name)).reduce((n, d) => n * d.size, 1);

function meanNode(x: Node, names: readonly string[]): Node {
  return bin("mul", reduceNode("sum", x, names), f32(1 / countOf(x, names)));
}
function varianceNode(x: Node, names: readonly string[], correction: number): Node {
  const centered = bin("sub", x, meanNode(x, names));
  return bin("mul", reduceNode("sum", bin("mul", centered, centered), names), f32(1 / Math.max(0, countOf(x, names) - correction)));
}
/** max(x) with ±Infinity replaced by 0, so `x - m` stays finite-or-NaN-free for all-infinite rows. */
function safeMax(x: Node, names: readonly string[]): Node {
  const m = reduceNode("max", x, names);
  return whereNode(bin("eq", unaryNode("abs", m), f32(Infinity)), f32(0), m, m.dims);
}
function logsumexpNode(x: Node, names: readonly string[]): Node {
  const m = safeMax(x, names);
  return bin("add", unaryNode("log", reduceNode("sum", unaryNode("exp", bin("sub", x, m)), names)), m);
}
/** The first position along `name` where x equals its extreme (or is NaN). */
function argExtreme(fn: "max" | "min", x: Node, name: string): Node {
  const along = x.dims.find((d) => d.name === name)!;
  const extreme = reduceNode(fn, x, [name]);
  const hit = bin("or", bin("eq", x, extreme), bin("ne", x, x));
  const position = iotaNode(name, [along], "int32");
  return reduceNode("min", whereNode(hit, position, fillNode(along.size, "int32"), x.dims), [name]);
}

defineMethods({
  sum: reduction("sum", numeric),
  prod: reduction("prod", numeric),
  max: reduction("max", numeric),
  min: reduction("min", numeric),
  all: reduction("min", (d) => logicalType(d)),
  any: reduction("max", (d) => logicalType(d)),
  mean(this: AnyTensor, names: unknown) {
    const { reduced } = reduceShape(this.shapeDims, names);
    floatType(this.dtype);
    return wrap(meanNode(castNode(this.node, "float32"), reduced), this.masked);
  },
  variance(this: AnyTensor, names: unknown, options: { correction?: number } = {}) {
    const { reduced } = reduceShape(this.shapeDims, names);
    floatType(this.dtype);
    return wrap(varianceNode(castNode(this.node, "float32"), reduced, correctionOf(options)), this.masked);
  },
  std(this: AnyTensor, names: unknown, options: { correction?: number } = {}) {
    const { reduced } = reduceShape(this.shapeDims, names);
    floatType(this.dtype);
    const v = varianceNode(castNode(this.node, "float32"), reduced, correctionOf(options));
    const s = unaryNode("sqrt", v);
    // g / 2s, and 0 where s = 0 (a constant row; PyTorch too) rather than ∞ · 0 = NaN through the whole input
    defineGradient(s, [v], (g) => [whereNode(bin("eq", s, f32(0)), f32(0), bin("div", g, bin("mul", s, f32(2))), s.dims)]);
    return wrap(s, this.masked);
  },
  logsumexp(this: AnyTensor, names: unknown) {
    const { reduced } = reduceShape(this.shapeDims, names);
    floatType(this.dtype);
    return wrap(logsumexpNode(castNode(this.node, "float32"), reduced), this.masked);
  },
  argmax(this: AnyTensor, name: unknown) {
    const d = lookup(this.shapeDims, name);
    numeric(this.dtype);
    notEmpty("argmax", this, [d.name]);
    return wrap(argExtreme("max", this.node, d.name), this.masked);
  },
  argmin(this: AnyTensor, name: unknown) {
    const d = lookup(this.shapeDims, name);
    numeric(this.dtype);
    notEmpty("argmin", this, [d.name]);
    return wrap(argExtreme("min", this.node, d.name), this.masked);
  },
  softmax(this: AnyTensor, name: unknown) {
    const d = lookup(this.shapeDims, name);
    floatType(this.dtype);
    const x = castNode(this.node, "float32");
    const e = unaryNode("exp", bin("sub", x, reduceNode("max", x, [d.name])));
    const p = bin("div", e, reduceNode("sum", e, [d.name]));
    // the textbook gradient p · (g − Σ p · g): the max's share (zero in exact arithmetic) is left out, so the
    // gradient reads only p, which the planner recomputes from the stored row max and sum (attention's backward)
    defineGradient(p, [x], (g) => [mul(p, sub(g, sum(mul(p, g), [d.name])))]);
    return wrap(p, this.masked);
  },
  logSoftmax(this: AnyTensor, name: unknown) {
    const d = lookup(this.shapeDims, name);
    floatType(this.dtype);
    const x = castNode(this.node, "float32");
    // (x − max) − log Σ exp(x − max): x − logsumexp(x) would subtract two large, nearly equal float32 numbers
    // (a row of 1000s lost 2e-5); the shifted form subtracts small ones.
    // Only a -Infinity max is replaced (an all -Infinity row gives NaN, as softmax does): a row holding +Infinity
    // gives NaN throughout, like log(softmax(x)) and PyTorch, rather than x − logsumexp(x)'s NaN and −Infinity.
    const m = reduceNode("max", x, [d.name]);
    const shifted = bin("sub", x, whereNode(bin("eq", m, f32(-Infinity)), f32(0), m, m.dims));
    return wrap(bin("sub", shifted, unaryNode("log", reduceNode("sum", unaryNode("exp", shifted), [d.name]))), this.masked);
  },
  cumsum(this: AnyTensor, name: unknown) {
    const d = lookup(this.shapeDims, name);
    numeric(this.dtype);
    return wrap(scanNode("sum", this.node, d.name), this.masked);
  },
  sort(this: AnyTensor, name: unknown, options: { descending?: boolean } = {}) {
    if (typeof options !== "object" || options === null) throw new ArgumentError(takesNot("sort", "options such as { descending: true }", options));
    const d = lookup(this.shapeDims, name);
    numeric(this.dtype);
    const indices = argsortNode(this.node, d.name, options.descending ?? false);
    return { values: wrap(gatherNode(this.node, d.name, indices, this.node.dims), this.masked), indices: wrap(indices, this.masked) };
  },
  topk(this: AnyTensor, name: unknown, k: number, newName: unknown) {
    const d = lookup(this.shapeDims, name);
    numeric(this.dtype);
    const fresh = checkName(newName);
    if (fresh !== d.name && this.node.dims.some((x) => x.name === fresh)) throw new ShapeError(nameTaken(fresh));
    if (typeof k !== "number" || !Number.isInteger(k) || k < 0) throw new ArgumentError(`topk needs a non-negative integer k, not ${describeValue(k)}`);
    if (k > d.size) throw new ShapeError(topkRange(k, d.name, d.size));
    const order = argsortNode(this.node, d.name, true);
    const dims = this.node.dims.map((x) => (x.name === d.name ? { name: fresh, size: k } : x));
    const index = identityMap(order);
    index[d.name] = idxVar(fresh);
    const indices = viewNode(order, dims, { index, bounds: [], fill: 0 });
    return { values: wrap(gatherNode(this.node, d.name, indices, dims), this.masked), indices: wrap(indices, this.masked) };
  },
});

