// Layer: src/types (type-only). Reductions by name remove the named dims; the others keep their order
// (DESIGN §2b rule 5). Every name must be a visible dim, named once. Runtime twin: src/shape/reduce.ts.
import type { Less } from "./arith.js";
import type { AllNames, AnyFail, CheckName, CheckNameList, Dim, Fail, IsDynamic, Lookup, RemoveDims, Shape } from "./dims.js";
import type { NameTaken, TopKRange } from "./errors.js";

/**
 * The shape after reducing `Names` away, or a Fail.
 * @example type R = Reduce<[["batch", 6], ["seq", 128]], ["seq"]>; // [["batch", 6]]
 */
export type Reduce<S extends Shape, Names extends readonly unknown[]> = IsDynamic<S> extends true
  ? Shape
  : CheckNameList<S, Names> extends infer C
    ? C extends AnyFail
      ? C
      : RemoveDims<S, Names[number]>
    : never;

/** The shape of an op along one name that keeps every dim (softmax, cumsum, sort): S itself, or a Fail. */
export type Along<S extends Shape, N> = Lookup<S, N> extends infer Z ? (Z extends AnyFail ? Z : S) : never;

/** The shape of `topk(N, K, New)`: N replaced in place by [New, K], with K <= N's size. Twin of `topkShape`. */
export type TopK<S extends Shape, N, K extends number, New> = IsDynamic<S> extends true
  ? Lookup<S, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : Shape
    : never
  : Lookup<S, N> extends infer Z
  ? Z extends AnyFail
    ? Z
    : CheckName<New> extends infer C
      ? C extends AnyFail
        ? C
        : New extends Exclude<AllNames<S>, N>
          ? Fail<NameTaken<New & string>>
          : Less<Z & number, K> extends true
            ? Fail<TopKRange<K, N & string, Z & number>>
            : ReplaceDim<S, N, [[New & string, K]]>
      : never
  : never;

/** S with the dim N replaced, in place, by the dims `New`. */
export type ReplaceDim<S extends Shape, N, New extends Dim[], Acc extends Dim[] = []> = S extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H[0] extends N
    ? [...Acc, ...New, ...T]
    : ReplaceDim<T, N, New, [...Acc, H]>
  : Acc;
