// Layer: src/sparse. The unary functions of sparse tensors, as the dense tensors have them: a function that keeps
// zero (f(0) = 0: neg, abs, sqrt, relu, tanh, …) maps the stored values and keeps the pattern — its values are the
// dense function of `values`, so they stay on the device, fuse with the next elementwise op on them, and pass
// gradients to a values tensor (`withValues`); a function that does not (exp, cos, sigmoid, …) gives the dense
// result of the dense tensor. Which one is a property of the function in the table below, not a name branched
// on, so the types and the run time agree. `div` and `pow` by a number keep the pattern where they keep zero and
// refuse where they would not. `mean` by name is the sum over the names divided by their sizes. `mapValues`
// maps the stored values on the host by a function's float64 meaning (the ALU table's).
// Imports src/graph's ALU table, src/types and the top layer; SparseTensor's module calls installSparseElementwise once it is defined.
import { type AnyTensor, type Tensor, defineMethods } from "../tensor.js";
import { ArgumentError, takesNot } from "../types/errors.js";
import { unaryAlu } from "../graph/alu.js";
import type { UnaryFn } from "../graph/node.js";
import type { NameArg, NameList, Shape } from "../types/dims.js";
import type { GuardNames, OkNames } from "../types/guard.js";
import type { Reduce } from "../types/reduce.js";
import { SparseTensor } from "./tensor.js";

/** Whether each unary method gives 0 at 0 (the pattern is kept) or not (the result is dense): its f(0). */
const atZero = {
  neg: 0,
  abs: 0,
  sign: 0,
  floor: 0,
  ceil: 0,
  round: 0,
  relu: 0,
  sqrt: 0,
  tanh: 0,
  sin: 0,
  erf: 0,
  gelu: 0,
  exp: 1,
  cos: 1,
  sigmoid: 0.5,
  log: -Infinity,
  rsqrt: Infinity,
} as const;
type UnaryMethod = keyof typeof atZero;
/** The methods whose result keeps the pattern. */
type KeepsZero = { [F in UnaryMethod]: (typeof atZero)[F] extends 0 ? F : never }[UnaryMethod];

type Names<S extends Shape> = NameArg<S> | readonly NameArg<S>[];

declare module "./tensor.js" {
  interface SparseTensor<S extends Shape> {
    /** `-this`, in this tensor's pattern. @example A.neg().entries().values // Float32Array [-5, -6, -7] */
    neg<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** `|this|`, in this tensor's pattern. @example A.neg().abs().entries().values // Float32Array [5, 6, 7] */
    abs<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** -1, 0 or 1 by sign, in this tensor's pattern. @example A.neg().sign().entries().values // Float32Array [-1, -1, -1] */
    sign<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** Rounds down, in this tensor's pattern. @example A.mul(0.5).floor().entries().values // Float32Array [2, 3, 3] */
    floor<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** Rounds up, in this tensor's pattern. @example A.mul(0.5).ceil().entries().values // Float32Array [3, 3, 4] */
    ceil<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** Rounds to the nearest integer (ties to even), in this tensor's pattern. @example A.mul(0.5).round().entries().values // Float32Array [2, 3, 4] */
    round<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** `max(this, 0)`, in this tensor's pattern (a stored negative value becomes a stored 0). @example A.neg().relu().nnz // 3 */
    relu<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** Square root, in this tensor's pattern. @example A.mul(A).sqrt().entries().values // Float32Array [5, 6, 7] */
    sqrt<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** Hyperbolic tangent, in this tensor's pattern. @example A.tanh().format // [["row", "dense"], ["col", "compressed"]] */
    tanh<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** Sine, in this tensor's pattern. @example A.sin().nnz // 3 */
    sin<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** The error function, in this tensor's pattern. @example A.erf().nnz // 3 */
    erf<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** GELU (the exact, erf form), in this tensor's pattern. @example A.gelu().nnz // 3 */
    gelu<S extends Shape>(this: SparseTensor<S>): SparseTensor<S>;
    /** `e ** this`: not 0 at 0, so the result is dense. @example A.exp().shape // { row: 3, col: 4 } */
    exp<S extends Shape>(this: SparseTensor<S>): Tensor<S, "float32">;
    /** Cosine: not 0 at 0, so the result is dense. @example A.cos().shape // { row: 3, col: 4 } */
    cos<S extends Shape>(this: SparseTensor<S>): Tensor<S, "float32">;
    /** `1 / (1 + e ** -this)`: 0.5 at 0, so the result is dense. @example A.sigmoid().shape // { row: 3, col: 4 } */
    sigmoid<S extends Shape>(this: SparseTensor<S>): Tensor<S, "float32">;
    /** Natural logarithm: -Infinity at 0, so the result is dense. @example A.log().shape // { row: 3, col: 4 } */
    log<S extends Shape>(this: SparseTensor<S>): Tensor<S, "float32">;
    /** `1 / sqrt(this)`: Infinity at 0, so the result is dense. @example A.rsqrt().shape // { row: 3, col: 4 } */
    rsqrt<S extends Shape>(this: SparseTensor<S>): Tensor<S, "float32">;
    /**
     * `this / c` for a number c other than 0, in this tensor's pattern (0 / c is 0; dividing by 0 would make every
     * element NaN or infinite: an ArgumentError, use toDense() first). @example A.div(2).entries().values // Float32Array [2.5, 3, 3.5]
     */
    div<S extends Shape>(this: SparseTensor<S>, c: number): SparseTensor<S>;
    /**
     * `this ** p` for a number p > 0, in this tensor's pattern (0 ** p is 0; for p <= 0 it is not: an
     * ArgumentError, use toDense() first). @example A.pow(2).entries().values // Float32Array [25, 36, 49]
     */
    pow<S extends Shape>(this: SparseTensor<S>, p: number): SparseTensor<S>;
    /** The mean over one name or a list of names (the sum divided by their sizes); the result is dense. @example A.mean("col") // Tensor<[["row", 3]]> */
    mean<S extends Shape, const Ns extends Names<S>>(this: SparseTensor<S>, names: GuardNames<Reduce<S, NameList<Ns>>, Ns, NameArg<S>>): Tensor<OkNames<Reduce<S, NameList<Ns>>, Ns>, "float32">;
  }
}

/** The method of every function: the values mapped in the pattern when it keeps zero, else the dense result. */
function unary(fn: UnaryMethod) {
  const call = (t: AnyTensor): AnyTensor => (t[fn] as () => AnyTensor).call(t);
  if (atZero[fn] !== 0) return function (this: SparseTensor<Shape>): AnyTensor {
    return call(this.toDense() as unknown as AnyTensor);
  };
  return function (this: SparseTensor<Shape>): SparseTensor<Shape> {
    return this.withValues(call(this.values as unknown as AnyTensor) as unknown as Tensor<[["nnz", number]], "float32">);
  };
}

/**
 * Puts the unary methods and `mean` on SparseTensor's prototype (their types are declared above); called by
 * sparse/tensor.ts once SparseTensor is defined, as installSparseMethods is.
 * @example installSparseElementwise() // A.neg, A.exp … are defined
 */
export function installSparseElementwise(): void {
  const methods: Record<string, (this: SparseTensor<Shape>, ...args: never[]) => unknown> = Object.fromEntries(Object.keys(atZero).map((fn) => [fn, unary(fn as UnaryMethod)]));
  const scalar = (name: "div" | "pow", keeps: (c: number) => boolean, why: string) =>
    function (this: SparseTensor<Shape>, c: number): SparseTensor<Shape> {
      if (typeof c !== "number") throw new ArgumentError(takesNot(`${name} of a sparse tensor`, "a number", c));
      if (!keeps(c)) throw new ArgumentError(`${name}(${c}) of a sparse tensor ${why}, so the result is dense: use toDense().${name}(${c})`);
      const values = this.values as unknown as AnyTensor;
      return this.withValues(values[name](c) as unknown as Tensor<[["nnz", number]], "float32">);
    };
  methods.div = scalar("div", (c) => c !== 0 && !Number.isNaN(c), "makes 0 / 0 of every element not stored (NaN)");
  methods.pow = scalar("pow", (p) => p > 0, "does not keep zero (0 ** p is not 0 for p <= 0)");
  methods.mean = function (this: SparseTensor<Shape>, names: unknown): AnyTensor {
    const total = (this.sum as (n: unknown) => AnyTensor)(names);
    const kept = new Set(total.dims);
    const count = this.shapeDims.filter((d) => !kept.has(d.name)).reduce((n, d) => n * d.size, 1);
    return total.div(count) as AnyTensor;
  };
  defineMethods(methods, SparseTensor.prototype);
}

/**
 * A function of every stored value that keeps zero (neg, abs, sqrt, relu-like maps): the pattern is kept. A
 * function that does not keep zero (exp) would make every element non-zero: use `toDense()` first.
 * @example mapValues(A, "abs") // |A| in A's format
 */
export function mapValues<S extends Shape>(t: SparseTensor<S>, fn: UnaryFn): SparseTensor<S> {
  const info = unaryAlu[fn];
  if (!info) throw new ArgumentError(takesNot("mapValues", "a function name such as \"abs\"", fn));
  if (info.float64(0) !== 0) throw new ArgumentError(`mapValues(${fn}) does not keep zero (${fn}(0) = ${info.float64(0)}), so the result is dense: use toDense().${fn}()`);
  return new SparseTensor<S>(t.shapeDims, { levels: t.storage.levels, vals: t.storage.vals.map((v) => info.float64(v)) });
}

/** @internal For the tests: the functions that keep the pattern. */
export const keepsZero: readonly KeepsZero[] = (Object.keys(atZero) as UnaryMethod[]).filter((f): f is KeepsZero => atZero[f] === 0);
