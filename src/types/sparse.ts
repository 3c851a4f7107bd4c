// Layer: src/types (type-only). Sparse formats (taco §3): a format is the list of a tensor's dims in storage
// order, each with a level kind — `dense` (every coordinate, only the size stored), `compressed` (pos/idx
// segments: the coordinates present under each parent entry) or `singleton` (one coordinate per parent entry,
// COO's inner levels). CSR over (row, col) is `[["row", "dense"], ["col", "compressed"]]`, CSC the same with
// the dims swapped; DCSR, COO, CSF and block-sparse are other lists. `CheckFormat` is the static twin of
// src/shape/sparse.ts: every dim of the shape gets exactly one level. Imports only src/types.
import type { AllNames, AnyFail, CheckName, Fail, IsDynamic, Lookup, NameArg, RemoveDims, Shape, ShowDims } from "./dims.js";
import type { Guard } from "./guard.js";
import type { BadLevelKind, Duplicate, FormatMissingDim, SparseProductBroadcast, SparseUnionBroadcast } from "./errors.js";

/** How one dimension is stored (taco §3). */
export type LevelKind = "dense" | "compressed" | "singleton";
/** One level of a format: a dim name and its level kind. */
export type Level = readonly [name: string, kind: LevelKind];
/** A format: the levels in storage order (outermost first). */
export type Format = readonly Level[];
/**
 * What a format argument may be written as before it is checked: a level kind is any string here (completions
 * still offer the three kinds), so that a misspelt kind gets its own sentence from `CheckFormat`.
 */
export type FormatSpec = readonly (readonly [name: string, kind: LevelKind | (string & {})])[];

type Names<F> = F extends readonly [infer H, ...infer T] ? (H extends readonly [infer N, unknown] ? N | Names<T> : Names<T>) : never;

type CheckLevels<S extends Shape, F, Seen = never> = F extends readonly [infer H, ...infer T]
  ? H extends readonly [infer N, infer K]
    ? CheckName<N> extends infer C extends AnyFail
      ? C
      : [N] extends [Seen]
        ? Fail<Duplicate<N & string>>
        : Lookup<S, N> extends infer Z extends AnyFail
          ? Z
          : [K] extends [LevelKind]
            ? CheckLevels<S, T, Seen | N>
            : Fail<BadLevelKind<N & string, K extends string ? K : "not a string">>
    : "ok"
  : "ok";

type CheckCovered<S extends Shape, Named, All extends Shape = S> = S extends readonly [infer H, ...infer T extends Shape]
  ? H extends readonly [infer N extends string, number] // a private (masked) dim needs no level
    ? [N] extends [Named]
      ? CheckCovered<T, Named, All>
      : Fail<FormatMissingDim<N, ShowDims<All>>>
    : "ok"
  : "ok";

/**
 * A format fits a shape when it names every visible dim exactly once with a level kind. Gives "ok" or the
 * Fail with the sentence of src/shape/sparse.ts `checkFormat`.
 */
export type CheckFormat<S extends Shape, F> = number extends S["length"]
  ? "ok"
  : F extends readonly unknown[]
    ? number extends F["length"]
      ? "ok" // a format in a variable typed `Format`: checked at run time
      : CheckTuple<S, F>
    : "ok";
type CheckTuple<S extends Shape, F> =
  CheckLevels<S, F> extends infer R extends AnyFail
    ? R
    : CheckCovered<S, Names<F>>;

/** What the editor offers in a format: the visible names, and the level kinds. */
type FormatCompletions<S extends Shape> = readonly (readonly [name: NameArg<S>, kind: LevelKind | (string & {})])[];
/**
 * A format parameter: `Guard<R, F>`, and the editor's completions. While the editor completes a name in the
 * format, TypeScript types that string `any` (see GuardNames in src/types/guard.ts) and the check fails; a
 * failing format naming an `any` is then checked against the visible names instead (a caller's `any` is
 * checked at run time).
 * @example format: GuardFormat<CheckFormat<S, F>, S, F>
 */
export type GuardFormat<R, S extends Shape, F> = [R] extends [AnyFail]
  ? F extends readonly (readonly [unknown, unknown])[]
    ? 0 extends 1 & F[number][0]
      ? FormatCompletions<S>
      : Guard<R, F>
    : Guard<R, F>
  : Guard<R, F>;

/** The visible dims of B that S lacks, as a sentence's `{ b: 2 }`, or never when there are none. */
type NewDims<S extends Shape, B extends Shape> = true extends IsDynamic<S> | IsDynamic<B>
  ? never
  : ShowDims<RemoveDims<B, AllNames<S>>> extends infer D
    ? D extends "{}"
      ? never
      : D
    : never;
/**
 * A sparse result keeps the sparse operand's dims: `A.mul(x)` (and a sparse `A.add(B)`) may not bring new
 * ones. "ok", or the Fail with the sentence of the run-time check in src/sparse/ops.ts.
 */
export type SparseKeepsDims<S extends Shape, B extends Shape, Fn extends string> = [NewDims<S, B>] extends [never]
  ? "ok"
  : Fail<Fn extends "product" ? SparseProductBroadcast<NewDims<S, B> & string> : SparseUnionBroadcast<Fn, NewDims<S, B> & string>>;
