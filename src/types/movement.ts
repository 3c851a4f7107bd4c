// Layer: src/types (type-only). Movement over names: transpose, rename, split, stack, pad, expand, squeeze and
// concat's shape (DESIGN §2b rules 6, 7, 8, 9, 10). Each step gives the result shape or a Fail carrying the
// sentence; literal sizes stay literal (src/types/arith.ts), `number` flows through to the run-time check.
// Runtime twin: src/shape/movement.ts. Imports only src/types.
import type { Add, DivExact, IsNatural, Product } from "./arith.js";
import type { UnifySize } from "./broadcast.js";
import type {
  AllNames,
  AnyFail,
  CheckName,
  CheckNames,
  CheckShape,
  CheckUnique,
  Dim,
  Fail,
  FindSize,
  IsDynamic,
  IsUnion,
  Lookup,
  Plain,
  RemoveDims,
  Shape,
  ShowDims,
} from "./dims.js";
import type {
  BadSize,
  ConcatMissing,
  Duplicate,
  ExpandOneKey,
  NameTaken,
  NotADimension,
  NotSqueezable,
  PadWidth,
  SplitIndivisible,
  SplitProduct,
  SplitUnknowns,
  StackEmpty,
  TransposeMissing,
} from "./errors.js";
import type { ReplaceDim } from "./reduce.js";

// ---- helpers ---------------------------------------------------------------------------------------------

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** One member of a union (the compiler's last); used to walk object keys one at a time. @example LastOf<"a" | "b"> // "b" */
type LastOf<U> = UnionToIntersection<U extends unknown ? () => U : never> extends () => infer R ? R : never;
/** A union as a tuple (its order is the compiler's; callers must not depend on it). @example UnionToTuple<"a" | "b"> // ["a", "b"] */
type UnionToTuple<U, Acc extends unknown[] = []> = [U] extends [never] ? Acc : LastOf<U> extends infer L ? UnionToTuple<Exclude<U, L>, [L, ...Acc]> : never;
/** One Fail out of a union of step results, or "ok" when there is none. @example OneFail<"ok" | Fail<"x">> // Fail<"x"> */
type OneFail<R> = [Extract<R, AnyFail>] extends [never] ? "ok" : LastOf<Extract<R, AnyFail>>;

/** The entry of dim N (masked or not). */
type FindDim<S extends Shape, N> = S extends readonly [infer H extends Dim, ...infer T extends Shape] ? (H[0] extends N ? H : FindDim<T, N>) : never;
/** The private dims of S, in order. */
type MaskedDims<S extends Shape, Acc extends Dim[] = []> = S extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? MaskedDims<T, H extends readonly [string, number, "masked"] ? [...Acc, H] : Acc>
  : Acc;
/** A literal width or size that is not a non-negative integer (`number` passes: checked at run time). */
type NotNatural<Z> = Z extends number ? (number extends Z ? false : IsNatural<Z> extends true ? false : true) : true;
/** The sizes of the named dims of S, in the listed order. */
type SizesOf<S extends Shape, Ns, Acc extends number[] = []> = Ns extends readonly [infer N, ...infer R] ? SizesOf<S, R, [...Acc, FindSize<S, N>]> : Acc;
/** The sum of a list of sizes. */
type Sum<L extends readonly number[], Acc extends number = 0> = L extends readonly [infer H extends number, ...infer T extends readonly number[]]
  ? Sum<T, Add<Acc, H>>
  : Acc;

// ---- transpose ---------------------------------------------------------------------------------------------

type PickDims<S extends Shape, Ns, Acc extends Dim[] = []> = Ns extends readonly [infer N, ...infer R] ? PickDims<S, R, [...Acc, FindDim<S, N>]> : Acc;
type FirstMissing<S extends Shape, Listed> = S extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H extends readonly [infer N extends string, number]
    ? N extends Listed
      ? FirstMissing<T, Listed>
      : Fail<TransposeMissing<N>>
    : FirstMissing<T, Listed>
  : "ok";

/**
 * The shape of `transpose(...Ns)`: private dims first (in order), then the listed ones; every visible name
 * exactly once. Twin of `transposeShape`.
 * @example type R = Transpose<[["a", 2], ["b", 3]], ["b", "a"]>; // [["b", 3], ["a", 2]]
 */
export type Transpose<S extends Shape, Ns extends readonly unknown[]> = IsDynamic<S> extends true
  ? Shape
  : CheckUnique<Ns> extends infer U
    ? U extends AnyFail
      ? U
      : CheckNames<S, Ns> extends infer C
        ? C extends AnyFail
          ? C
          : FirstMissing<S, Ns[number]> extends infer M
            ? M extends AnyFail
              ? M
              : [...MaskedDims<S>, ...PickDims<S, Ns>]
            : never
        : never
    : never;

// ---- rename ------------------------------------------------------------------------------------------------

/** `{ old: "new" }`. */
export type RenameSpec = { readonly [old: string]: string };
type OtherTargets<R, K> = { [J in Exclude<keyof R, K>]: R[J] }[Exclude<keyof R, K>];
type RenameOne<S extends Shape, R, K extends keyof R> =
  Lookup<S, K> extends infer Z
    ? Z extends AnyFail
      ? Z
      : CheckName<R[K]> extends infer C
        ? C extends AnyFail
          ? C
          : R[K] extends Exclude<AllNames<S>, keyof R>
            ? Fail<NameTaken<R[K] & string>>
            : R[K] extends OtherTargets<R, K>
              ? Fail<Duplicate<R[K] & string>>
              : "ok"
        : never
    : never;

/**
 * The shape of `rename(R)`: each key renamed in place. New names are identifiers that are not names of the
 * dims left (a swap `{ a: "b", b: "a" }` is fine). Twin of `renameShape`.
 * @example type R = Rename<[["a", 2], ["b", 3]], { a: "x" }>; // [["x", 2], ["b", 3]]
 */
export type Rename<S extends Shape, R> = IsDynamic<S> extends true
  ? Shape
  : OneFail<{ [K in keyof R]-?: RenameOne<S, R, K> }[keyof R]> extends infer F
    ? F extends AnyFail
      ? F
      : { -readonly [I in keyof S]: S[I] extends readonly [infer N, infer Z] ? (N extends keyof R ? [R[N], Z] : S[I]) : S[I] }
    : never;

// ---- split -------------------------------------------------------------------------------------------------

/** A part of a split: `[name, size]`, or a bare name whose size is inferred. */
export type SplitPart = string | readonly [name: string, size: number];
type PartName<P> = P extends readonly [infer N, unknown] ? N : P;
type CheckPart<S extends Shape, N, P, Seen> =
  CheckName<PartName<P>> extends infer C
    ? C extends AnyFail
      ? C
      : P extends readonly [infer PN extends string, infer PZ]
        ? NotNatural<PZ> extends true
          ? Fail<BadSize<PN, `${PZ & number}`>>
          : CheckPartName<S, N, PN, Seen>
        : CheckPartName<S, N, P, Seen>
    : never;
type CheckPartName<S extends Shape, N, PN, Seen> = [PN] extends [Seen]
  ? Fail<Duplicate<PN & string>>
  : PN extends Exclude<AllNames<S>, N>
    ? Fail<NameTaken<PN & string>>
    : "ok";
type CheckParts<S extends Shape, N, Ps, Seen = never> = Ps extends readonly [infer P, ...infer R]
  ? CheckPart<S, N, P, Seen> extends infer C
    ? C extends AnyFail
      ? C
      : CheckParts<S, N, R, Seen | PartName<P>>
    : never
  : "ok";
type KnownSizes<Ps, Acc extends number[] = []> = Ps extends readonly [infer P, ...infer R]
  ? KnownSizes<R, P extends readonly [string, infer Z extends number] ? [...Acc, Z] : Acc>
  : Acc;
type Unknowns<Ps, Acc extends 0[] = []> = Ps extends readonly [infer P, ...infer R] ? Unknowns<R, P extends string ? [...Acc, 0] : Acc> : Acc["length"];
/** The parts without a size, quoted and joined as the sentence names them: `"a", "q"`. */
type UnknownNames<Ps, Acc extends string = ""> = Ps extends readonly [infer P, ...infer R]
  ? UnknownNames<R, P extends string ? (Acc extends "" ? `"${P}"` : `${Acc}, "${P}"`) : Acc>
  : Acc;
/** The size of the inferred part (or Z when there is none), or a Fail. */
type SplitRest<N extends string, Z extends number, K extends number, U extends number, Ps> = U extends 0
  ? number extends Z | K
    ? Z
    : [Z] extends [K]
      ? Z
      : Fail<SplitProduct<N, Z, K>>
  : U extends 1
    ? [DivExact<Z, K>] extends [never]
      ? Fail<SplitIndivisible<N, Z, K>>
      : DivExact<Z, K>
    : Fail<SplitUnknowns<N, Z, UnknownNames<Ps>>>;
type PartDims<Ps, Q> = { -readonly [I in keyof Ps]: Ps[I] extends readonly [infer PN, infer PZ] ? [PN, PZ] : [Ps[I], Q] };

/**
 * The shape of `split(N, Ps)`: N replaced in place by the parts, the first outermost (`h = height·Q + q`).
 * At most one part has no size; the sizes must multiply to N's size. Twin of `splitShape`.
 * @example type R = Split<[["b", 2], ["h", 96]], "h", [["height", 8], "q"]>; // [["b", 2], ["height", 8], ["q", 12]]
 */
export type Split<S extends Shape, N, Ps extends readonly unknown[]> = IsDynamic<S> extends true
  ? Shape
  : Lookup<S, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : CheckParts<S, N, Ps> extends infer C
        ? C extends AnyFail
          ? C
          : SplitRest<N & string, Z & number, Product<KnownSizes<Ps>>, Unknowns<Ps>, Ps> extends infer Q
            ? Q extends AnyFail
              ? Q
              : PartDims<Ps, Q> extends infer New extends Dim[]
                ? ReplaceDim<S, N, New>
                : never
            : never
        : never
    : never;

// ---- stack -------------------------------------------------------------------------------------------------

/** `{ merged: ["a", "b"] }`. */
export type StackSpec = { readonly [merged: string]: readonly string[] };
type Listed<M> = { [K in keyof M]: M[K] extends readonly (infer N)[] ? N : never }[keyof M];
type ListedInOrder<M, Ks, Acc extends unknown[] = []> = Ks extends readonly [infer K extends keyof M, ...infer R]
  ? ListedInOrder<M, R, M[K] extends readonly unknown[] ? [...Acc, ...M[K]] : Acc>
  : Acc;
type CheckKeys<M, Ks> = Ks extends readonly [infer K extends keyof M, ...infer R]
  ? CheckName<K> extends infer C
    ? C extends AnyFail
      ? C
      : M[K] extends readonly []
        ? Fail<StackEmpty<K & string>>
        : CheckKeys<M, R>
    : never
  : "ok";
type CheckTargets<S extends Shape, M, Ks> = Ks extends readonly [infer K, ...infer R]
  ? K extends Exclude<AllNames<S>, Listed<M>>
    ? Fail<NameTaken<K & string>>
    : CheckTargets<S, M, R>
  : "ok";
type CheckStack<S extends Shape, M, Ks> =
  CheckKeys<M, Ks> extends infer A
    ? A extends AnyFail
      ? A
      : ListedInOrder<M, Ks> extends infer All
        ? CheckUnique<All> extends infer U
          ? U extends AnyFail
            ? U
            : CheckNames<S, All> extends infer C
              ? C extends AnyFail
                ? C
                : CheckTargets<S, M, Ks>
              : never
          : never
        : never
    : never;
type GroupStartingAt<M, N> = { [K in keyof M]: M[K] extends readonly [infer F, ...unknown[]] ? (F extends N ? K : never) : never }[keyof M];
type StackWalk<S extends Shape, All extends Shape, M, L, Acc extends Dim[] = []> = S extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H[0] extends L
    ? GroupStartingAt<M, H[0]> extends infer K
      ? [K] extends [never]
        ? StackWalk<T, All, M, L, Acc>
        : StackWalk<T, All, M, L, [...Acc, [K & string, Product<SizesOf<All, M[K & keyof M]>>]]>
      : never
    : StackWalk<T, All, M, L, [...Acc, H]>
  : Acc;

/**
 * The shape of `stack(M)`: for each key, the listed dims merged into one (row-major in the listed order,
 * `bh = b·H + h`) where the first listed dim stood; sizes multiply. Twin of `stackShape`.
 * @example type R = Stack<[["b", 6], ["h", 96], ["w", 4]], { bh: ["b", "h"] }>; // [["bh", 576], ["w", 4]]
 */
export type Stack<S extends Shape, M> = IsDynamic<S> extends true
  ? Shape
  : UnionToTuple<keyof M> extends infer Ks
    ? CheckStack<S, M, Ks> extends infer C
      ? C extends AnyFail
        ? C
        : StackWalk<S, S, M, Listed<M>>
      : never
    : never;

// ---- pad, expand, squeeze ---------------------------------------------------------------------------------------

/** `{ name: [before, after] }`. */
export type PadSpec = { readonly [name: string]: readonly [before: number, after: number] };
type PadOne<S extends Shape, W, K> =
  Lookup<S, K> extends infer Z
    ? Z extends AnyFail
      ? Z
      : W extends readonly [infer B, infer A]
        ? NotNatural<B> extends true
          ? Fail<PadWidth<K & string, `${B & number}`>>
          : NotNatural<A> extends true
            ? Fail<PadWidth<K & string, `${A & number}`>>
            : "ok"
        : never
    : never;
type PadSize<Z extends number, W> = W extends readonly [infer B extends number, infer A extends number] ? Add<Z, Add<B, A>> : number;

/**
 * The shape of `pad(M)`: each named dim grows by `before + after`. Twin of `padShape`.
 * @example type R = Pad<[["h", 5], ["w", 3]], { h: [1, 2] }>; // [["h", 8], ["w", 3]]
 */
export type Pad<S extends Shape, M> = IsDynamic<S> extends true
  ? Shape
  : OneFail<{ [K in keyof M]-?: PadOne<S, M[K], K> }[keyof M]> extends infer F
    ? F extends AnyFail
      ? F
      : { -readonly [I in keyof S]: S[I] extends readonly [infer N, infer Z extends number] ? (N extends keyof M ? [N, PadSize<Z, M[N]>] : S[I]) : S[I] }
    : never;

type CheckFresh<S extends Shape, P> = P extends readonly [infer H, ...infer R]
  ? H extends readonly [infer N, ...unknown[]]
    ? N extends AllNames<S>
      ? Fail<NameTaken<N & string>>
      : CheckFresh<S, R>
    : never
  : "ok";

/**
 * The shape of `expand(P)`: new broadcast dims in front, in the listed order. Twin of `expandShape`.
 * @example type R = Expand<[["w", 3]], [["batch", 4]]>; // [["batch", 4], ["w", 3]]
 */
export type Expand<S extends Shape, P extends Shape> = IsDynamic<S> extends true
  ? Shape
  : CheckShape<P> extends infer C
    ? C extends AnyFail
      ? C
      : CheckFresh<S, P> extends infer F
        ? F extends AnyFail
          ? F
          : [...Plain<P>, ...S]
        : never
    : never;

/** What `expand` takes: `[name, size]` pairs in order, or one `{ name: size }` (one key: its order is the only one). */
export type ExpandSpec = readonly (readonly [string, number])[] | { readonly [name: string]: number };

/** An expand spec as pairs; an object with other than one key fails (a type cannot see the order of keys). */
type ExpandPairs<P> = P extends readonly unknown[]
  ? P
  : [keyof P] extends [never]
    ? Fail<ExpandOneKey>
    : IsUnion<keyof P> extends true
      ? Fail<ExpandOneKey>
      : [[keyof P, P[keyof P]]];

/**
 * The shape of `expand(spec)`, pairs or a one-key object. @example type R = ExpandBy<[["w", 3]], { batch: 4 }>; // [["batch", 4], ["w", 3]]
 */
export type ExpandBy<S extends Shape, P> = ExpandPairs<P> extends infer Q ? (Q extends AnyFail ? Q : Q extends Shape ? Expand<S, Q> : never) : never;

type CheckOnes<S extends Shape, Ns> = Ns extends readonly [infer N, ...infer R]
  ? Lookup<S, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : number extends Z
        ? CheckOnes<S, R>
        : Z extends 1
          ? CheckOnes<S, R>
          : Fail<NotSqueezable<N & string, Z & number>>
    : never
  : "ok";

/**
 * The shape of `squeeze(...Ns)`: the named size-1 dims removed. Twin of `squeezeShape`.
 * @example type R = Squeeze<[["a", 1], ["b", 3]], ["a"]>; // [["b", 3]]
 */
export type Squeeze<S extends Shape, Ns extends readonly unknown[]> = IsDynamic<S> extends true
  ? Shape
  : CheckUnique<Ns> extends infer U
    ? U extends AnyFail
      ? U
      : CheckOnes<S, Ns> extends infer C
        ? C extends AnyFail
          ? C
          : RemoveDims<S, Ns[number]>
        : never
    : never;

// ---- concat ------------------------------------------------------------------------------------------------

type CheckConcatName<S extends Shape, N> = [FindSize<S, N>] extends [never]
  ? string extends N
    ? Lookup<S, N>
    : CheckName<N> extends infer C
      ? C extends AnyFail
        ? C
        : Fail<ConcatMissing<N & string>>
      : never
  : Lookup<S, N>;
/** Every dim of First but N is a dim of S with the same size, and S has no other. */
type CheckSameDims<First extends Shape, S extends Shape, N, F extends Shape = First> = F extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H[0] extends N
    ? CheckSameDims<First, S, N, T>
    : [FindSize<S, H[0]>] extends [never]
      ? Fail<NotADimension<H[0], ShowDims<S>>>
      : UnifySize<H[0], H[1], FindSize<S, H[0]>> extends infer U
        ? U extends AnyFail
          ? U
          : CheckSameDims<First, S, N, T>
        : never
  : CheckExtra<First, S, N>;
type CheckExtra<First extends Shape, S extends Shape, N> = S extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H[0] extends N | AllNames<First>
    ? CheckExtra<First, T, N>
    : Fail<NotADimension<H[0], ShowDims<First>>>
  : "ok";
type CheckConcat<First extends Shape, Ss, N> = Ss extends readonly [infer S extends Shape, ...infer R]
  ? CheckConcatName<S, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : CheckSameDims<First, S, N> extends infer C
        ? C extends AnyFail
          ? C
          : CheckConcat<First, R, N>
        : never
    : never
  : "ok";
type SizesAlong<Ss, N, Acc extends number[] = []> = Ss extends readonly [infer S extends Shape, ...infer R] ? SizesAlong<R, N, [...Acc, FindSize<S, N>]> : Acc;
type MaskedSomewhere<Ss, N> = Ss extends readonly [infer S extends Shape, ...infer R]
  ? FindDim<S, N> extends readonly [string, number, "masked"]
    ? true
    : MaskedSomewhere<R, N>
  : false;
type AnyDynamic<Ss> = Ss extends readonly [infer S extends Shape, ...infer R] ? (IsDynamic<S> extends true ? true : AnyDynamic<R>) : false;
type AnyNever<Ss> = Ss extends readonly [infer S, ...infer R] ? ([S] extends [never] ? true : AnyNever<R>) : false;

/**
 * The shape of `concat(tensors, N)`: the first operand's order, N's sizes added; the other operands are
 * matched by name and every other dim must agree in size. Twin of `concatShape`.
 * @example type R = Concat<[[["t", 2], ["f", 3]], [["f", 3], ["t", 5]]], "t">; // [["t", 7], ["f", 3]]
 */
export type Concat<Ss extends readonly Shape[], N> = Ss extends readonly [infer First extends Shape, ...Shape[]]
  ? AnyNever<Ss> extends true
    ? never
    : AnyDynamic<Ss> extends true
    ? Shape
    : CheckConcat<First, Ss, N> extends infer C
      ? C extends AnyFail
        ? C
        : {
            -readonly [I in keyof First]: First[I] extends readonly [infer D, infer Z]
              ? D extends N
                ? [D, Sum<SizesAlong<Ss, N>>]
                : MaskedSomewhere<Ss, D> extends true
                  ? [D, Z, "masked"]
                  : First[I]
              : First[I];
          }
      : never
  : Shape;
