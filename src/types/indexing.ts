// Layer: src/types (type-only). Indexing by name: get, narrow, unbind, indexSelect, gather (DESIGN §2b rules
// 5, 8, 14). Each step gives the result shape or a Fail carrying the sentence; bounds with literal values are
// checked here, with `number` values at run time. Runtime twin: src/shape/indexing.ts. Imports only src/types.
import type { Add, IsNatural, Less } from "./arith.js";
import type { UnifySize } from "./broadcast.js";
import type { AllNames, AnyFail, CheckName, DType, Dim, Fail, FindSize, IsDynamic, IsUnion, Lookup, RemoveDims, Shape } from "./dims.js";
import type { IndexRange, NameTaken, NarrowRange, NeedsInt } from "./errors.js";
import type { ReplaceDim } from "./reduce.js";

/** `[size of N]` when the lookup succeeds; "none" otherwise, and also when S is `never` (an earlier error). */
type SizeIfOk<S extends Shape, N> = [S] extends [never] ? "none" : Lookup<S, N> extends infer Z extends number ? [Z] : "none";
/** True for a literal that is not a non-negative integer (`number` passes: checked at run time). */
type NotNatural<Z extends number> = number extends Z ? false : IsNatural<Z> extends true ? false : true;

/**
 * The check of `get(N, I)`'s index: `0 <= I < size`, or "ok" when N itself is wrong (that error is N's).
 * @example type C = GetIndex<[["h", 4]], "h", 4>; // Fail<'index 4 is out of range for "h" (4)'>
 */
export type GetIndex<S extends Shape, N, I extends number> =
  SizeIfOk<S, N> extends [infer Z extends number]
    ? NotNatural<I> extends true
      ? Fail<IndexRange<I, N & string, Z>>
      : Less<I, Z> extends false
        ? Fail<IndexRange<I, N & string, Z>>
        : "ok"
    : "ok";

/**
 * The shape of `get(N, I)`: N removed, or a Fail. Twin of `getShape`.
 * @example type R = Get<[["b", 2], ["h", 4]], "h", 3>; // [["b", 2]]
 */
export type Get<S extends Shape, N, I extends number> = IsDynamic<S> extends true
  ? Shape
  : Lookup<S, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : GetIndex<S, N, I> extends infer C
        ? C extends AnyFail
          ? C
          : RemoveDims<S, N>
        : never
    : never;

/** The shape of `unbind(N)`'s elements: N removed. @example type R = Unbind<[["b", 2], ["h", 4]], "b">; // [["h", 4]] */
export type Unbind<S extends Shape, N> = IsDynamic<S> extends true ? Shape : Lookup<S, N> extends infer Z ? (Z extends AnyFail ? Z : RemoveDims<S, N>) : never;

/** The check of narrow's new name: an identifier that is not a dim yet (N itself included). */
export type NarrowName<S extends Shape, N, New> =
  SizeIfOk<S, N> extends [infer Z extends number]
    ? CheckName<New> extends infer C
      ? C extends AnyFail
        ? C
        : New extends AllNames<S>
          ? Fail<NameTaken<New & string>>
          : "ok"
      : never
    : "ok";
/** The check of narrow's start: a non-negative integer. */
export type NarrowStart<S extends Shape, N, St extends number, L extends number> =
  SizeIfOk<S, N> extends [infer Z extends number] ? (NotNatural<St> extends true ? Fail<NarrowRange<N & string, Z, St, L>> : "ok") : "ok";
/** The check of narrow's length: a non-negative integer with `start + length <= size`. */
export type NarrowLength<S extends Shape, N, St extends number, L extends number> =
  SizeIfOk<S, N> extends [infer Z extends number]
    ? NotNatural<St> extends true
      ? "ok"
      : NotNatural<L> extends true
        ? Fail<NarrowRange<N & string, Z, St, L>>
        : Less<Z, Add<St, L>> extends true
          ? Fail<NarrowRange<N & string, Z, St, L>>
          : "ok"
    : "ok";

/**
 * The shape of `narrow(N, St, L, New)`: N replaced in place by `[New, L]`, or a Fail. Twin of `narrowShape`.
 * @example type R = Narrow<[["seq", 128]], "seq", 0, 64, "prefix">; // [["prefix", 64]]
 */
export type Narrow<S extends Shape, N, St extends number, L extends number, New> = IsDynamic<S> extends true
  ? Shape
  : Lookup<S, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : [NarrowName<S, N, New>, NarrowStart<S, N, St, L>, NarrowLength<S, N, St, L>] extends infer Cs
        ? Extract<Cs[keyof Cs & number], AnyFail> extends infer F
          ? [F] extends [never]
            ? ReplaceDim<S, N, [[New & string, L]]>
            : F
          : never
        : never
    : never;

/** The dtype check of an index tensor. */
export type IndexType<DI extends DType> = IsUnion<DI> extends true ? "ok" : [DI] extends ["int32"] ? "ok" : Fail<NeedsInt<"the index", DI>>;

type CheckSelectNames<S extends Shape, N, I extends Shape> = I extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H[0] extends Exclude<AllNames<S>, N>
    ? Fail<NameTaken<H[0]>>
    : CheckSelectNames<S, N, T>
  : "ok";

/**
 * The check of `indexSelect`'s index tensor: int32, and no name shared with x's other dims; "ok" when N
 * itself is wrong (that error is N's).
 */
export type SelectIndex<S extends Shape, N, I extends Shape, DI extends DType> = IndexCheck<S, N, I, DI, "select">;

/**
 * The shape of `indexSelect(N, index)`: the index tensor's dims, in its order, replace N in place.
 * Twin of `indexSelectShape`.
 * @example type R = IndexSelect<[["vocab", 100], ["embed", 8]], "vocab", [["batch", 4], ["seq", 5]]>; // [["batch", 4], ["seq", 5], ["embed", 8]]
 */
export type IndexSelect<S extends Shape, N, I extends Shape, DI extends DType> = true extends IsDynamic<S> | IsDynamic<I>
  ? Shape
  : Lookup<S, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : SelectIndex<S, N, I, DI> extends infer C
        ? C extends AnyFail
          ? C
          : ReplaceDim<S, N, [...I]>
        : never
    : never;

type CheckShared<S extends Shape, N, I extends Shape> = I extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H[0] extends Exclude<AllNames<S>, N>
    ? UnifySize<H[0], FindSize<S, H[0]>, H[1]> extends infer U
      ? U extends AnyFail
        ? U
        : CheckShared<S, N, T>
      : never
    : CheckShared<S, N, T>
  : "ok";

/**
 * The check of `gather`'s index tensor: int32, and the dims it shares with x's other dims agree in size;
 * "ok" when N itself is wrong (that error is N's).
 */
export type GatherIndex<S extends Shape, N, I extends Shape, DI extends DType> = IndexCheck<S, N, I, DI, "gather">;

/** The index checks of indexSelect (no shared names) and gather (shared names agree), after the dtype's. */
type IndexCheck<S extends Shape, N, I extends Shape, DI extends DType, Kind extends "select" | "gather"> =
  SizeIfOk<S, N> extends [number]
    ? IndexType<DI> extends infer T
      ? T extends AnyFail
        ? T
        : IsDynamic<I> extends true
          ? "ok"
          : Kind extends "select"
            ? CheckSelectNames<S, N, I>
            : CheckShared<S, N, I>
      : never
    : "ok";

type FindEntry<S extends Shape, N> = S extends readonly [infer H extends Dim, ...infer T extends Shape] ? (H[0] extends N ? H : FindEntry<T, N>) : never;
/** x's dim H matched pointwise with the index's dim of the same name, if any. */
type SharedEntry<H extends Dim, E> = [E] extends [never]
  ? H
  : E extends Dim
    ? true extends IsMasked<H> | IsMasked<E>
      ? [H[0], UnifySize<H[0], H[1], E[1]> & number, "masked"]
      : [H[0], UnifySize<H[0], H[1], E[1]> & number]
    : H;
type IsMasked<E extends Dim> = E extends readonly [string, number, "masked"] ? true : false;
type GatherWalk<S extends Shape, N, I extends Shape, New extends Dim[], Acc extends Dim[] = []> = S extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H[0] extends N
    ? GatherWalk<T, N, I, New, [...Acc, ...New]>
    : GatherWalk<T, N, I, New, [...Acc, SharedEntry<H, FindEntry<I, H[0]>>]>
  : Acc;

/**
 * The shape of `gather(N, index)`: the index's dims shared with x's other dims are matched pointwise; its
 * other dims replace N in place, in the index's order. Twin of `gatherShape`.
 * @example type R = Gather<[["batch", 4], ["class", 10]], "class", [["batch", 4]]>; // [["batch", 4]]
 */
export type Gather<S extends Shape, N, I extends Shape, DI extends DType> = true extends IsDynamic<S> | IsDynamic<I>
  ? Shape
  : Lookup<S, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : GatherIndex<S, N, I, DI> extends infer C
        ? C extends AnyFail
          ? C
          : GatherWalk<S, N, I, RemoveDims<I, Exclude<AllNames<S>, N>>>
        : never
    : never;
