// Layer: src/types (type-only). Broadcasting by name: the result has the left operand's dims in its order,
// then the right operand's new dims in theirs (DESIGN §2b rule 1). Same name, same size: a size-1 dim does
// not stretch (rule 3); `number` unifies with anything and the literal wins. A dim masked in either operand
// stays masked. Runtime twin: src/shape/broadcast.ts.
import type { AnyFail, Dim, Fail, IsDynamic, RemoveDims, Shape } from "./dims.js";
import type { SizeMismatch } from "./errors.js";

/** The common size of one name in two operands, or a Fail naming both sizes. */
export type UnifySize<N extends string, X extends number, Y extends number> = number extends X
  ? Y
  : number extends Y
    ? X
    : [X] extends [Y]
      ? X
      : Fail<SizeMismatch<N, X, Y>>;

type FindEntry<S extends Shape, N> = S extends readonly [infer H, ...infer T extends Shape]
  ? H extends readonly [N, number, ...unknown[]]
    ? H
    : FindEntry<T, N>
  : never;

type MergeEntry<H extends Dim, Other> = [Other] extends [never]
  ? H
  : Other extends Dim
    ? UnifySize<H[0], H[1], Other[1]> extends infer Z
      ? Z extends AnyFail
        ? Z
        : Z extends number
          ? H extends readonly [string, number, "masked"]
            ? [H[0], Z, "masked"]
            : Other extends readonly [string, number, "masked"]
              ? [H[0], Z, "masked"]
              : [H[0], Z]
          : never
      : never
    : never;

type BroadcastLeft<A extends Shape, B extends Shape, Acc extends Dim[] = []> = A extends readonly [
  infer H extends Dim,
  ...infer T extends Shape,
]
  ? MergeEntry<H, FindEntry<B, H[0]>> extends infer E
    ? E extends Dim
      ? BroadcastLeft<T, B, [...Acc, E]>
      : E
    : never
  : Acc;

/**
 * The shape of an elementwise result, or a Fail. Twin of `broadcastShapes`.
 * @example type R = Broadcast<[["h", 96], ["w", 64]], [["c", 3], ["h", 96]]>; // [["h", 96], ["w", 64], ["c", 3]]
 */
export type Broadcast<A extends Shape, B extends Shape> = true extends IsDynamic<A> | IsDynamic<B>
  ? Shape
  : BroadcastLeft<A, B> extends infer L
    ? L extends Dim[]
      ? [...L, ...RemoveDims<B, A[number][0]>]
      : L
    : never;

/** Broadcast of a list of shapes, left to right. */
export type BroadcastAll<Ss extends readonly Shape[], Acc extends Shape = []> = Ss extends readonly [
  infer H extends Shape,
  ...infer T extends readonly Shape[],
]
  ? Broadcast<Acc, H> extends infer R
    ? R extends Shape
      ? BroadcastAll<T, R>
      : R
    : never
  : Acc;
