// Layer: src/types (type-only). Contraction over names (DESIGN §2b rule 2): `a.dot(names, b)` sums the
// product over `names`, each a visible dim of both operands with one size; the other names broadcast
// (shared ones are batch-like). `contract(tensors, names)` is the n-operand form: each name must be a dim
// of at least one operand. Runtime twin: src/shape/contract.ts.
import type { Broadcast, BroadcastAll, UnifySize } from "./broadcast.js";
import type { AnyFail, CheckName, CheckUnique, FindSize, Fail, IsDynamic, Lookup, RemoveDims, Shape, ShowDims } from "./dims.js";
import type { NotInOperand } from "./errors.js";

type CheckOperand<S extends Shape, N, Side extends string> = CheckName<N> extends infer C extends AnyFail
  ? C
  : [FindSize<S, N>] extends [never]
  ? Lookup<S, N> extends infer L
    ? L extends AnyFail
      ? string extends N
        ? L
        : Fail<NotInOperand<N & string, Side, ShowDims<S>>>
      : L
    : never
  : Lookup<S, N>;

type CheckDot<A extends Shape, B extends Shape, Names> = Names extends readonly [infer N, ...infer Rest]
  ? CheckOperand<A, N, "left"> extends infer X
    ? X extends AnyFail
      ? X
      : CheckOperand<B, N, "right"> extends infer Y
        ? Y extends AnyFail
          ? Y
          : UnifySize<N & string, X & number, Y & number> extends infer U
            ? U extends AnyFail
              ? U
              : CheckDot<A, B, Rest>
            : never
        : never
    : never
  : "ok";

/**
 * The shape of `a.dot(names, b)`, or a Fail.
 * @example type R = Dot<[["height", 96], ["width", 96]], [["height", 96], ["width", 96]], ["height"]>; // [["width", 96]]
 */
export type Dot<A extends Shape, B extends Shape, Names extends readonly unknown[]> = true extends IsDynamic<A> | IsDynamic<B>
  ? Shape
  : CheckUnique<Names> extends infer U
    ? U extends AnyFail
      ? U
      : CheckDot<A, B, Names> extends infer C
        ? C extends AnyFail
          ? C
          : Broadcast<RemoveDims<A, Names[number]>, RemoveDims<B, Names[number]>>
        : never
    : never;

type CheckInUnion<R extends Shape, Names> = Names extends readonly [infer N, ...infer Rest]
  ? Lookup<R, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : CheckInUnion<R, Rest>
    : never
  : "ok";

/**
 * The shape of `contract(tensors, names)`: every operand broadcast together, then `names` summed away.
 * @example type R = Contract<[[["b", 2], ["q", 5], ["d", 4]], [["b", 2], ["k", 6], ["d", 4]]], ["d"]>; // [["b", 2], ["q", 5], ["k", 6]]
 */
export type Contract<Ss extends readonly Shape[], Names extends readonly unknown[]> = BroadcastAll<Ss> extends infer R
  ? R extends Shape
    ? IsDynamic<R> extends true
      ? Shape
      : CheckUnique<Names> extends infer U
        ? U extends AnyFail
          ? U
          : CheckInUnion<R, Names> extends infer C
            ? C extends AnyFail
              ? C
              : RemoveDims<R, Names[number]>
            : never
        : never
    : R
  : never;
