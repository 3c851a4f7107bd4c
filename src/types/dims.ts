// Layer: src/types (type-only). The one representation of a shape in the type system, and lookups on it.
// A shape is an ordered tuple of [name, size] pairs in logical order; a private (masked) dim is
// [name, size, "masked"]. Ordered pairs were measured as the cheapest encoding (research/typelevel.md §2.1).
// Runtime twin: src/shape/dims.ts. Imports only src/types.
import type { IsNatural } from "./arith.js";
import type {
  BadName,
  BadSize,
  Duplicate,
  NotADimension,
  NotLiteral,
  NotLiteralList,
  Private,
  SizeText,
  UnionName,
} from "./errors.js";

/** Element types a tensor can hold. */
export type DType = "float32" | "int32" | "bool";

/** One dimension: its name, its size (a literal, or `number` when only known at run time), and a flag when private. */
export type Dim = readonly [name: string, size: number] | readonly [name: string, size: number, masked: "masked"];

/** A tensor's dims in logical order, e.g. `[["batch", 32], ["seq", 128]]`. */
export type Shape = readonly Dim[];

/** What an algebra step returns instead of a shape when the program is wrong; carries the sentence. */
export interface Fail<Message extends string> {
  readonly __fail: Message;
}
export type AnyFail = Fail<string>;

/** True when the rank is not known statically (`Tensor<Shape>`): every check is then left to run time. */
export type IsDynamic<S extends Shape> = number extends S["length"] ? true : false;

export type IsUnion<T, U = T> = T extends T ? ([U] extends [T] ? false : true) : never;

/** The unmasked names of S (what an op may name; also the editor's completions). */
export type VisibleNames<S extends Shape> = S[number] extends infer D ? (D extends readonly [infer N, number] ? N : never) : never;

/** Every name of S, masked or not (none known when the rank is dynamic: collisions are checked at run time). */
export type AllNames<S extends Shape> = IsDynamic<S> extends true ? never : S[number][0];

/** A name parameter: the visible names for completions, plus any string, which the algebra then checks. */
export type NameArg<S extends Shape> = VisibleNames<S> | (string & {});

type Lower = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z";
type IdentStart = Lower | Uppercase<Lower> | "_" | "$";
type IdentPart = IdentStart | "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type IsIdentRest<S extends string> = S extends `${infer C}${infer R}` ? (C extends IdentPart ? IsIdentRest<R> : false) : true;
/** Names are identifiers, like the JavaScript ones: never integer-like strings, never empty. */
export type IsIdentifier<N extends string> = N extends `${infer C}${infer R}` ? (C extends IdentStart ? IsIdentRest<R> : false) : false;

/**
 * Checks one name argument: a single string literal that is an identifier. Gives N or a Fail.
 * While the editor computes completions N is the whole `NameArg` union (which contains `string`), so a union
 * that contains `string` passes silently; a bare `string` fails.
 */
export type CheckName<N> = [N] extends [string]
  ? string extends N
    ? true extends IsUnion<N> // NameArg's `string & {}` member makes IsUnion boolean there, not true
      ? N
      : Fail<NotLiteral>
    : IsUnion<N> extends true
      ? Fail<UnionName>
      : IsIdentifier<N> extends true
        ? N
        : Fail<BadName<N>>
  : Fail<NotLiteral>;

type ShowEntries<S extends Shape, Acc extends string = ""> = S extends readonly [infer H, ...infer T extends Shape]
  ? H extends readonly [infer N extends string, infer Z extends number]
    ? ShowEntries<T, Acc extends "" ? `${N}: ${SizeText<Z>}` : `${Acc}, ${N}: ${SizeText<Z>}`>
    : ShowEntries<T, Acc>
  : Acc;
/** The visible dims as they read in a sentence: `{ batch: 32, seq: 128 }`. Twin of `showDims`. */
export type ShowDims<S extends Shape> = ShowEntries<S> extends infer E extends string ? (E extends "" ? "{}" : `{ ${E} }`) : never;

type ShowAllEntries<S extends Shape, Acc extends string = ""> = S extends readonly [infer H, ...infer T extends Shape]
  ? H extends readonly [infer N extends string, infer Z extends number, ...infer F]
    ? ShowAllEntries<T, `${Acc extends "" ? "" : `${Acc}, `}${N}${F extends ["masked"] ? " (private)" : ""}: ${SizeText<Z>}`>
    : ShowAllEntries<T, Acc>
  : Acc;
/** Every dim, private ones flagged: `{ batch (private): 3, seq: 5 }`. Twin of `showAllDims`. */
export type ShowAllDims<S extends Shape> = ShowAllEntries<S> extends infer E extends string ? (E extends "" ? "{}" : `{ ${E} }`) : never;

/** The size of the visible dim N of S, or a Fail naming why there is none. Twin of `lookup`. */
export type Lookup<S extends Shape, N, All extends Shape = S> =
  IsDynamic<S> extends true
    ? // names of a dynamic-rank tensor are checked at run time; a `string` name is fine there
      [N] extends [string]
      ? string extends N
        ? number
        : CheckName<N> extends infer C
          ? C extends AnyFail
            ? C
            : number
          : never
      : Fail<NotLiteral>
    : LookupStatic<S, N, All>;
type LookupStatic<S extends Shape, N, All extends Shape> =
  CheckName<N> extends infer C
    ? C extends AnyFail
      ? C
      : string extends N
        ? number
        : S extends readonly [infer H, ...infer T extends Shape]
          ? H extends readonly [N, infer Z extends number]
            ? Z
            : H extends readonly [N, number, "masked"]
              ? Fail<Private<N & string>>
              : LookupStatic<T, N, All>
          : Fail<NotADimension<N & string, ShowDims<All>>>
    : never;

/** The size of dim N whether masked or not, or `never` when absent. */
export type FindSize<S extends Shape, N> = S extends readonly [infer H, ...infer T extends Shape]
  ? H extends readonly [N, infer Z extends number, ...unknown[]]
    ? Z
    : FindSize<T, N>
  : never;

/** The first Fail met while looking up each of the names, else "ok". */
export type CheckNames<S extends Shape, Names> = Names extends readonly [infer N, ...infer Rest]
  ? Lookup<S, N> extends infer Z
    ? Z extends AnyFail
      ? Z
      : CheckNames<S, Rest>
    : never
  : "ok";

/**
 * The first name that appears twice, as a Fail, else "ok". A list whose length or names the checker cannot see
 * (a `string[]` built at run time, a bare `string` in it) is a Fail too: the result's shape would be a guess.
 */
export type CheckUnique<Names, Seen = never> = Names extends readonly unknown[]
  ? number extends Names["length"]
    ? string extends Names[number]
      ? true extends IsUnion<Names[number]>
        ? "ok" // the editor's completion pass: a list of NameArg (see CheckName)
        : Fail<NotLiteralList>
      : Fail<NotLiteralList>
    : UniqueNames<Names, Seen>
  : "ok";
type UniqueNames<Names, Seen> = Names extends readonly [infer N, ...infer Rest]
  ? [N] extends [string]
    ? string extends N
      ? true extends IsUnion<N>
        ? UniqueNames<Rest, Seen> // the editor's completion pass (see CheckName)
        : Fail<NotLiteral>
      : [N] extends [Seen]
        ? Fail<Duplicate<N & string>>
        : UniqueNames<Rest, Seen | N>
    : UniqueNames<Rest, Seen | N>
  : "ok";

/** A list of names to act on: each named once and a visible dim of S. The first Fail, else "ok". */
export type CheckNameList<S extends Shape, Names> = CheckUnique<Names> extends infer U ? (U extends AnyFail ? U : CheckNames<S, Names>) : never;

/** S without the dims named in Names (masked or not), order kept. */
export type RemoveDims<S extends Shape, Names, Acc extends Dim[] = []> = S extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? RemoveDims<T, Names, H[0] extends Names ? Acc : [...Acc, H]>
  : Acc;

/** A name argument that is one name or a list of names, as a list. */
export type NameList<X> = [X] extends [string] ? [X] : X extends readonly string[] ? X : never;

/** A checked shape spelled by a user: names are literal identifiers, unique, sizes non-negative integers. */
export type CheckShape<S extends Shape, Seen = never> = S extends readonly [infer H, ...infer T extends Shape]
  ? H extends readonly [infer N, infer Z extends number, ...unknown[]]
    ? CheckName<N> extends infer C
      ? C extends AnyFail
        ? C
        : [N] extends [Seen]
          ? Fail<Duplicate<N & string>>
          : number extends Z
            ? CheckShape<T, Seen | N>
            : IsNatural<Z> extends true
              ? CheckShape<T, Seen | N>
              : Fail<BadSize<N & string, `${Z}`>>
      : never
    : never
  : "ok";

/**
 * A size as a shape holds it: one literal, or `number` for a union of literals (`n > 0 ? 2 : 3`), whose value
 * is only known at run time (a union would let `[["a", 2 | 3]]` pass as `[["a", 2]]` where it is 3).
 */
export type Whole<Z> = [Z] extends [number] ? (IsUnion<Z> extends true ? number : Z) : Z;

/** S with every entry a plain (non-readonly) pair, so hovers read `[["batch", 32], ["seq", 128]]`; union sizes are `number`. */
export type Plain<S extends Shape> = {
  -readonly [K in keyof S]: S[K] extends readonly [infer N, infer Z, "masked"]
    ? [N, Whole<Z>, "masked"]
    : S[K] extends readonly [infer N, infer Z]
      ? [N, Whole<Z>]
      : S[K];
};

/** A flat, readonly `{ name: size }` record of every dim, for `t.shape`. */
export type ShapeRecord<S extends Shape> = { readonly [D in S[number] as D[0]]: D[1] };

/** The result of an algebra step when it is a shape; a Fail becomes `never` (one mistake, one error). */
export type Ok<R> = R extends Shape ? R : never;
