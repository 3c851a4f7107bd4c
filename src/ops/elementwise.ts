// Layer: src/ops. Elementwise ops: arithmetic, comparisons, logic, unary functions, where, maskedFill, cast.
// Operands broadcast by name (the result has the left operand's dims, then the right's new ones); a
// JavaScript number takes the tensor's dtype. Imports src/types, src/shape, src/graph and the top layer.
import { binaryAlu, unaryAlu } from "../graph/alu.js";
import { binaryNode, castNode, fillNode, unaryNode, whereNode } from "../graph/build.js";
import type { BinaryFn, Node, UnaryFn } from "../graph/node.js";
import { and, le, lt, mul, scalar, select, sub } from "../graph/autodiff-build.js";
import { defineGradient } from "../graph/autodiff.js";
import { broadcastAll, broadcastShapes } from "../shape/broadcast.js";
import { type ShapeDim, describeValue } from "../shape/dims.js";
import { arithmeticType, conditionType, floatType, logicalType } from "../shape/dtype.js";
import { type AnyTensor, Tensor, defineMethods, fromDims, wrap } from "../tensor.js";
import type { Broadcast, BroadcastAll } from "../types/broadcast.js";
import type { DType, Ok, Shape } from "../types/dims.js";
import type { ArithmeticType, ConditionType, FloatType, LogicalType, OkType } from "../types/dtype.js";
import { ArgumentError, boolArithmetic, InternalError, intScalar, ShapeError } from "../types/errors.js";
import type { FirstFail, Guard } from "../types/guard.js";

/** A binary op's check: the broadcast and the dtype rule, first failure wins. */
type Check<S extends Shape, B extends Shape, T> = FirstFail<[Broadcast<S, B>, T]>;
/** Comparisons accept any numeric dtypes and bool only against bool (eq, ne). */
type EqualityType<A extends DType, B extends DType> = [A | B] extends ["bool"] ? "bool" : ArithmeticType<A, B> extends infer T ? (T extends DType ? "bool" : T) : never;
type OrderType<A extends DType, B extends DType> = ArithmeticType<A, B> extends infer T ? (T extends DType ? "bool" : T) : never;
/** Numeric (not bool) operand. */
type NumericType<D extends DType> = ArithmeticType<D, D>;

declare module "../tensor.js" {
  interface Tensor<S extends Shape, D extends DType> {
    /** `this + other`, broadcasting by name. @example x.add(bias) // x's dims, then bias's new ones */
    add<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, ArithmeticType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, OkType<ArithmeticType<D, DB>>>;
    /** `this - other`, broadcasting by name. @example x.sub(x.mean("feat")) */
    sub<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, ArithmeticType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, OkType<ArithmeticType<D, DB>>>;
    /** `this * other`, broadcasting by name. @example im.mul(mask.cast("float32")) */
    mul<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, ArithmeticType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, OkType<ArithmeticType<D, DB>>>;
    /** `this / other` (true division: the result is float32). @example x.div(x.sum("feat")) */
    div<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, FloatType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, OkType<FloatType<D, DB>>>;
    /** `this ** other` (float32), with IEEE 754's special cases: `x.pow(0)` and `1 ** y` are 1 even for NaN, a negative base needs an integer exponent (else NaN). @example x.pow(2) */
    pow<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, FloatType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, OkType<FloatType<D, DB>>>;
    /** The angle of the point (other, this) in radians, in [-π, π] (float32): atan(this / other) in the right quadrant. @example y.atan2(x) */
    atan2<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, FloatType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, OkType<FloatType<D, DB>>>;
    /** `√(this² + other²)` without overflow or underflow in between (float32). @example re.hypot(im) */
    hypot<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, FloatType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, OkType<FloatType<D, DB>>>;
    /** The larger of the two, elementwise (NaN wins). @example x.maximum(0) */
    maximum<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, ArithmeticType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, OkType<ArithmeticType<D, DB>>>;
    /** The smaller of the two, elementwise (NaN wins). @example x.minimum(1) */
    minimum<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, ArithmeticType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, OkType<ArithmeticType<D, DB>>>;
    /** `this == other` as bool. @example labels.eq(3) */
    eq<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, EqualityType<D, DB>>, Tensor<B, DB> | number | boolean>): Tensor<Ok<Broadcast<S, B>>, "bool">;
    /** `this != other` as bool. @example x.ne(0) */
    ne<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, EqualityType<D, DB>>, Tensor<B, DB> | number | boolean>): Tensor<Ok<Broadcast<S, B>>, "bool">;
    /** `this < other` as bool. @example x.lt(0) */
    lt<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, OrderType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, "bool">;
    /** `this <= other` as bool. @example x.le(0) */
    le<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, OrderType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, "bool">;
    /** `this > other` as bool. @example x.gt(0) */
    gt<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, OrderType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, "bool">;
    /** `this >= other` as bool. @example x.ge(0) */
    ge<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, OrderType<D, DB>>, Tensor<B, DB> | number>): Tensor<Ok<Broadcast<S, B>>, "bool">;
    /** Logical and of two bool tensors. @example a.gt(0).logicalAnd(a.lt(1)) */
    logicalAnd<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, LogicalType<D, DB>>, Tensor<B, DB> | boolean>): Tensor<Ok<Broadcast<S, B>>, "bool">;
    /** Logical or of two bool tensors. @example a.lt(0).logicalOr(a.gt(1)) */
    logicalOr<S extends Shape, D extends DType, B extends Shape = [], DB extends DType = D>(this: Tensor<S, D>, other: Guard<Check<S, B, LogicalType<D, DB>>, Tensor<B, DB> | boolean>): Tensor<Ok<Broadcast<S, B>>, "bool">;
    /** Logical not of a bool tensor. @example mask.logicalNot() */
    logicalNot<S extends Shape, D extends DType>(this: Guard<LogicalType<D>, Tensor<S, D>>): Tensor<S, "bool">;

    /** `-this`. @example x.neg() */
    neg<S extends Shape, D extends DType>(this: Guard<NumericType<D>, Tensor<S, D>>): Tensor<S, D>;
    /** `|this|`. @example x.abs() */
    abs<S extends Shape, D extends DType>(this: Guard<NumericType<D>, Tensor<S, D>>): Tensor<S, D>;
    /** -1, 0 or 1 by sign (NaN stays NaN). @example x.sign() */
    sign<S extends Shape, D extends DType>(this: Guard<NumericType<D>, Tensor<S, D>>): Tensor<S, D>;
    /** Rounds down. @example x.floor() */
    floor<S extends Shape, D extends DType>(this: Guard<NumericType<D>, Tensor<S, D>>): Tensor<S, D>;
    /** Rounds up. @example x.ceil() */
    ceil<S extends Shape, D extends DType>(this: Guard<NumericType<D>, Tensor<S, D>>): Tensor<S, D>;
    /** Rounds to the nearest integer, ties to even. @example x.round() */
    round<S extends Shape, D extends DType>(this: Guard<NumericType<D>, Tensor<S, D>>): Tensor<S, D>;
    /** `max(this, 0)`; its gradient is 0 at 0. @example x.relu() */
    relu<S extends Shape, D extends DType>(this: Guard<NumericType<D>, Tensor<S, D>>): Tensor<S, D>;
    /** Limits to [min, max] (NaN stays NaN); the gradient passes where min ≤ x ≤ max. @example x.clamp(-1, 1) */
    clamp<S extends Shape, D extends DType>(this: Guard<NumericType<D>, Tensor<S, D>>, min: number, max: number): Tensor<S, D>;
    /** `e ** this`. @example x.exp() */
    exp<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;
    /** Natural logarithm. @example x.log() */
    log<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;
    /** Square root. @example x.sqrt() */
    sqrt<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;
    /** `1 / sqrt(this)`. @example variance.add(1e-5).rsqrt() */
    rsqrt<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;
    /** Hyperbolic tangent. @example x.tanh() */
    tanh<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;
    /** `1 / (1 + e ** -this)`. @example x.sigmoid() */
    sigmoid<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;
    /** Sine. @example x.sin() */
    sin<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;
    /** Cosine. @example x.cos() */
    cos<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;
    /** The error function. @example x.erf() */
    erf<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;
    /** GELU, `x · Φ(x)` with the exact (erf) form; -Infinity gives 0, its limit (PyTorch gives NaN). @example h.gelu() */
    gelu<S extends Shape, D extends DType>(this: Guard<FloatType<D>, Tensor<S, D>>): Tensor<S, "float32">;

    /** Converts the element type (to int32: truncates toward zero and saturates; to bool: `!= 0`). @example mask.cast("float32") */
    cast<S extends Shape, D extends DType, const To extends DType>(this: Tensor<S, D>, dtype: To): Tensor<S, To>;
    /** `value` where `mask` is true, this elsewhere; the mask broadcasts by name (a boolean value for bool tensors). @example scores.maskedFill(pad, -Infinity) */
    maskedFill<S extends Shape, D extends DType, B extends Shape, DB extends DType>(this: Tensor<S, D>, mask: Guard<Check<S, B, ConditionType<DB>>, Tensor<B, DB>>, value: number | boolean): Tensor<Ok<Broadcast<S, B>>, D>;
  }
}

/** @internal A number operand as a 0-d tensor of the other operand's dtype. */
export function operand(x: AnyTensor | number | boolean, like: DType): AnyTensor {
  if (x instanceof Tensor) return x;
  if (typeof x === "boolean") return wrap(fillNode(x ? 1 : 0, "bool"));
  if (typeof x !== "number") throw new ArgumentError(`an operand must be a tensor or a number, not ${describeValue(x)}`);
  if (like === "int32" && !Number.isInteger(x)) throw new ShapeError(intScalar(String(x)));
  return wrap(fillNode(like === "bool" ? Number(x !== 0) : x, like));
}

const graphDims = (dims: readonly ShapeDim[]): { name: string; size: number }[] => dims.map((d) => ({ name: d.name, size: d.size }));

/**
 * @internal An elementwise binary op: broadcast (a's dims first), cast both operands to `inputType`, result of
 * `outType`. With `swap` the primitive reads (b, a), for `gt`/`ge` as `lt`/`le`.
 */
export function binary(fn: BinaryFn, a: AnyTensor, b: AnyTensor, inputType: DType, outType: DType, swap = false): AnyTensor {
  const dims = broadcastShapes(a.shapeDims, b.shapeDims);
  const [x, y] = swap ? [b, a] : [a, b];
  return fromDims(binaryNode(fn, castNode(x.node, inputType), castNode(y.node, inputType), graphDims(dims), outType), dims);
}

/** A binary method checked by its function's ALU dtype rule; `swap` reads (other, this), for gt/ge as lt/le. */
function binaryMethod(fn: BinaryFn, swap = false) {
  const rule = binaryAlu[fn].rule;
  switch (rule) {
    case "numeric":
      return arithmetic(fn);
    case "float":
      return floating(fn);
    case "equality":
    case "order":
      return comparison(fn, swap, rule === "equality");
    case "logical":
      return logical(fn);
    default:
      throw new InternalError(`internal: ${fn} is a kernel IR operation, not a method`);
  }
}
/** A unary method checked by its function's ALU dtype rule (float functions cast an int32 operand up). */
function unaryMethod(fn: UnaryFn) {
  switch (unaryAlu[fn].rule) {
    case "numeric":
      return numericUnary(un(fn));
    case "float":
      return floatUnary(un(fn));
    case "toBits":
    case "fromBits":
    case "bits":
      throw new InternalError(`internal: ${fn} is a kernel IR operation, not a method`);
    default:
      return function (this: AnyTensor): AnyTensor {
        logicalType(this.dtype);
        return wrap(unaryNode(fn, this.node), this.masked);
      };
  }
}

function arithmetic(fn: BinaryFn) {
  return function (this: AnyTensor, other: AnyTensor | number): AnyTensor {
    const b = operand(other, this.dtype);
    const t = arithmeticType(this.dtype, b.dtype);
    return binary(fn, this, b, t, t);
  };
}
function floating(fn: BinaryFn) {
  return function (this: AnyTensor, other: AnyTensor | number): AnyTensor {
    const b = operand(other, this.dtype);
    const t = floatType(this.dtype, b.dtype);
    return binary(fn, this, b, t, t);
  };
}
function comparison(fn: BinaryFn, swap: boolean, equality: boolean) {
  return function (this: AnyTensor, other: AnyTensor | number | boolean): AnyTensor {
    const b = operand(other, this.dtype);
    const t = equality && this.dtype === "bool" && b.dtype === "bool" ? "bool" : arithmeticType(this.dtype, b.dtype);
    return binary(fn, this, b, t, "bool", swap);
  };
}
function logical(fn: BinaryFn) {
  return function (this: AnyTensor, other: AnyTensor | boolean): AnyTensor {
    const b = operand(other, "bool");
    logicalType(this.dtype, b.dtype);
    return binary(fn, this, b, "bool", "bool");
  };
}
function numericUnary(build: (x: Node) => Node) {
  return function (this: AnyTensor): AnyTensor {
    arithmeticType(this.dtype, this.dtype);
    return wrap(build(this.node), this.masked);
  };
}
function floatUnary(build: (x: Node) => Node) {
  return function (this: AnyTensor): AnyTensor {
    floatType(this.dtype);
    return wrap(build(castNode(this.node, "float32")), this.masked);
  };
}
const un = (fn: UnaryFn) => (x: Node) => unaryNode(fn, x);
const scalarOp = (fn: BinaryFn, x: Node, v: number): Node => binaryNode(fn, x, fillNode(v, x.dtype), x.dims, x.dtype);
/** `y` (a function of x) with the gradient `backward(g)` to x, for a float x (ints carry no gradient). */
function passWhere(y: Node, x: Node, backward: (g: Node) => Node): Node {
  if (x.dtype === "float32") defineGradient(y, [x], (g) => [backward(g)]);
  return y;
}

defineMethods({
  add: binaryMethod("add"),
  sub: binaryMethod("sub"),
  mul: binaryMethod("mul"),
  div: binaryMethod("div"),
  pow: binaryMethod("pow"),
  atan2: binaryMethod("atan2"),
  hypot: binaryMethod("hypot"),
  maximum: binaryMethod("max"),
  minimum: binaryMethod("min"),
  eq: binaryMethod("eq"),
  ne: binaryMethod("ne"),
  lt: binaryMethod("lt"),
  le: binaryMethod("le"),
  gt: binaryMethod("lt", true),
  ge: binaryMethod("le", true),
  logicalAnd: binaryMethod("and"),
  logicalOr: binaryMethod("or"),
  logicalNot: unaryMethod("not"),
  neg: unaryMethod("neg"),
  abs: unaryMethod("abs"),
  sign: unaryMethod("sign"),
  floor: numericUnary((x) => (x.dtype === "int32" ? x : unaryNode("floor", x))),
  ceil: numericUnary((x) => (x.dtype === "int32" ? x : unaryNode("ceil", x))),
  round: numericUnary((x) => (x.dtype === "int32" ? x : unaryNode("round", x))),
  // the gradient is 0 at 0 (PyTorch, JAX), not maximum's half-and-half tie
  relu: numericUnary((x) => passWhere(scalarOp("max", x, 0), x, (g) => select(lt(scalar(0), x), g, scalar(0)))),
  clamp(this: AnyTensor, min: number, max: number) {
    arithmeticType(this.dtype, this.dtype);
    for (const bound of [min, max]) if (typeof bound !== "number") throw new ArgumentError(`clamp needs numbers for min and max, not ${describeValue(bound)}`);
    if (!(min <= max)) throw new ArgumentError(`clamp needs min <= max, not ${min} and ${max}`);
    if (this.dtype === "int32" && !(Number.isInteger(min) && Number.isInteger(max))) throw new ShapeError(intScalar(`${min} and ${max}`));
    // the gradient passes on [min, max] bounds included (PyTorch), not maximum/minimum's half at a tie
    const x = this.node;
    return wrap(passWhere(scalarOp("max", scalarOp("min", x, max), min), x, (g) => select(and(le(scalar(min), x), le(x, scalar(max))), g, scalar(0))), this.masked);
  },
  exp: unaryMethod("exp"),
  log: unaryMethod("log"),
  sqrt: unaryMethod("sqrt"),
  rsqrt: unaryMethod("rsqrt"),
  tanh: unaryMethod("tanh"),
  // the gradient y·(1 − y), not the chain through 1 / (1 + e^-x): below x ≈ -88 e^-x overflows and the chain's
  // ∞·0 gave NaN where the derivative is 0 (PyTorch's rule)
  sigmoid: floatUnary((x) => {
    const y = unaryNode("recip", scalarOp("add", unaryNode("exp", unaryNode("neg", x)), 1));
    return passWhere(y, x, (g) => mul(g, mul(y, sub(scalar(1), y))));
  }),
  sin: unaryMethod("sin"),
  cos: unaryMethod("cos"),
  erf: unaryMethod("erf"),
  // x · Φ(x), with x clamped below at -20 (where gelu is 0 in float32) so that -Infinity gives 0, not -Infinity · 0.
  gelu: floatUnary((input) => {
    const x = scalarOp("max", input, -20);
    return binaryNode("mul", x, scalarOp("mul", scalarOp("add", unaryNode("erf", scalarOp("mul", x, Math.SQRT1_2)), 1), 0.5), x.dims, "float32");
  }),
  cast(this: AnyTensor, dtype: DType) {
    if (dtype !== "float32" && dtype !== "int32" && dtype !== "bool") throw new ArgumentError(`unknown dtype ${describeValue(dtype)}: use "float32", "int32" or "bool"`);
    return wrap(castNode(this.node, dtype), this.masked);
  },
  maskedFill(this: AnyTensor, mask: AnyTensor, value: number | boolean) {
    if (!(mask instanceof Tensor)) throw new ArgumentError(`maskedFill needs a bool tensor as its mask, not ${describeValue(mask)}`);
    conditionType(mask.dtype);
    if (this.dtype === "bool" && typeof value !== "boolean" && value !== 0 && value !== 1) throw new ShapeError(boolArithmetic());
    return whereOf(mask, operand(value, this.dtype), this, broadcastShapes(this.shapeDims, mask.shapeDims));
  },
});

/** An operand of `where`: a tensor, or a JavaScript number or boolean. */
type WhereOperand = Tensor<Shape, DType> | number | boolean;
type OperandShape<X> = X extends Tensor<infer S, DType> ? S : [];
/** A tensor operand's dtype; a boolean is bool; a number takes the other operand's dtype (float32 if neither is a tensor). */
type OperandType<X, Other> = X extends Tensor<Shape, infer D> ? D : X extends boolean ? "bool" : Other extends Tensor<Shape, infer D> ? D : "float32";
/** The dtype of `where(c, a, b)`: the branches' common dtype (bool only with bool), or a Fail. */
type WhereType<X, Y> = [OperandType<X, Y>, OperandType<Y, X>] extends [infer A extends DType, infer B extends DType]
  ? [A, B] extends [B, A]
    ? A
    : ArithmeticType<A, B>
  : never;
type WhereShape<C extends Shape, X, Y> = BroadcastAll<[C, OperandShape<X>, OperandShape<Y>]>;

/**
 * `a` where `cond` is true, `b` elsewhere; all three broadcast by name (cond's dims first). A number takes
 * the other branch's dtype; int32 with float32 gives float32.
 * @example where(x.gt(0), x, x.mul(0.01)) // leaky relu
 */
export function where<C extends Shape, DC extends DType, const X extends WhereOperand, const Y extends WhereOperand>(
  cond: Guard<FirstFail<[ConditionType<DC>, WhereShape<C, X, Y>]>, Tensor<C, DC>>,
  a: X,
  b: Guard<WhereType<X, Y>, Y>,
): Tensor<Ok<WhereShape<C, X, Y>>, OkType<WhereType<X, Y>>> {
  const c = cond as unknown as AnyTensor;
  if (!(c instanceof Tensor)) throw new ArgumentError(`where needs a bool tensor as its condition, not ${describeValue(c)}`);
  conditionType(c.dtype);
  const at = a instanceof Tensor ? (a as AnyTensor) : undefined;
  const bt = b instanceof Tensor ? (b as AnyTensor) : undefined;
  const like = at?.dtype ?? bt?.dtype ?? "float32";
  const [x, y] = [operand(a as AnyTensor | number | boolean, like), operand(b as AnyTensor | number | boolean, like)];
  return whereOf(c, x, y, broadcastAll([c.shapeDims, x.shapeDims, y.shapeDims])) as never;
}

function whereOf(c: AnyTensor, a: AnyTensor, b: AnyTensor, dims: ShapeDim[]): AnyTensor {
  const t = a.dtype === b.dtype ? a.dtype : arithmeticType(a.dtype, b.dtype);
  return fromDims(whereNode(c.node, castNode(a.node, t), castNode(b.node, t), graphDims(dims)), dims);
}
