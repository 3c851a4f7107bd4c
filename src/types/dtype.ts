// Layer: src/types (type-only). Element-type rules (DESIGN §2b rule 13): float32 by default; arithmetic
// rejects bool; int32 with float32 gives float32; comparisons and logical ops give bool; division gives
// float32. A JavaScript number operand takes the tensor's dtype. Runtime twin: src/shape/dtype.ts.
import type { DType, Fail, IsUnion } from "./dims.js";
import type { BoolArithmetic, NeedsBool } from "./errors.js";

/**
 * True when a dtype is not known statically (the `DType` union, or `any` while tsc compares two tensor types):
 * dtype checks are then left to run time.
 */
// (Unconstrained parameters: with `extends DType` tsc does not see an `any` argument as any here.)
type Unknown<A, B> = true extends IsUnion<A> | IsUnion<B> | IsAny<A> | IsAny<B> ? true : false;
type IsAny<T> = 0 extends 1 & T ? true : false;

/** The dtype of a number-valued binary op, or a Fail for bool operands. */
export type ArithmeticType<A extends DType, B extends DType> = Unknown<A, B> extends true
  ? DType
  : "bool" extends A | B
  ? Fail<BoolArithmetic>
  : "float32" extends A | B
    ? "float32"
    : "int32";

/** The dtype of a true division or a float-only function: float32, and bool fails. */
export type FloatType<A extends DType, B extends DType = A> = Unknown<A, B> extends true
  ? "float32"
  : "bool" extends A | B
    ? Fail<BoolArithmetic>
    : "float32";

/** Logical ops need bool operands. */
export type LogicalType<A extends DType, B extends DType = A> = Unknown<A, B> extends true
  ? "bool"
  : [A | B] extends ["bool"]
  ? "bool"
  : Fail<NeedsBool<"a logical operand", Exclude<A | B, "bool">>>;

/** A bool condition (where, maskedFill). */
export type ConditionType<C extends DType> = Unknown<C, C> extends true
  ? "bool"
  : [C] extends ["bool"] ? "bool" : Fail<NeedsBool<"the condition", C>>;

/** A dtype step's result when it succeeded. */
export type OkType<R> = R extends DType ? R : never;
