// Layer: src/nn (type-only). Shape checks shared by the NN helpers: the same set of dims in any order, dims
// within a tensor's (parameters that broadcast), and the private dims a loss keeps. Sentences come from
// src/types/errors.ts. Imports only src/types.
import type { Dim, Fail, FindSize, IsDynamic, Lookup, AnyFail, Shape, ShowDims } from "../types/dims.js";
import type { SizeMismatch, NotADimension } from "../types/errors.js";

/** True when every dim of A is a dim of B with the same size. */
type AllIn<A extends Shape, B extends Shape> = A extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? [FindSize<B, H[0]>] extends [never]
    ? false
    : [FindSize<B, H[0]>] extends [H[1]]
      ? AllIn<T, B>
      : false
  : true;

/** True when A and B have the same dims (names and sizes), in any order. */
export type SameSet<A extends Shape, B extends Shape> = true extends IsDynamic<A> | IsDynamic<B>
  ? true
  : A["length"] extends B["length"]
    ? AllIn<A, B>
    : false;

/** "ok" when each dim of G is a visible dim of S with the same size (a parameter that broadcasts over S). */
export type Within<S extends Shape, G extends Shape> = true extends IsDynamic<S> | IsDynamic<G>
  ? "ok"
  : G extends readonly [infer H extends Dim, ...infer T extends Shape]
    ? Lookup<S, H[0]> extends infer Z
      ? Z extends AnyFail
        ? Fail<NotADimension<H[0], ShowDims<S>>>
        : [Z] extends [H[1]]
          ? Within<S, T>
          : Fail<SizeMismatch<H[0], Z & number, H[1]>>
      : never
    : "ok";

/** The private dims of S, in order: what is left of a loss after averaging over every visible dim. */
export type KeepMasked<S extends Shape, Acc extends Dim[] = []> = IsDynamic<S> extends true
  ? Shape
  : S extends readonly [infer H extends Dim, ...infer T extends Shape]
    ? KeepMasked<T, H extends readonly [string, number, "masked"] ? [...Acc, [H[0], H[1], "masked"]] : Acc>
    : Acc;
