// Layer: src/types (type-only). Private (masked) dims: `mask` flags dims in place so that no name-taking op
// can touch them (they still broadcast and size-check by name); `unmask` shows them all again.
// Runtime twin: src/shape/mask.ts.
import type { AnyFail, CheckNameList, Dim, IsDynamic, Shape } from "./dims.js";

type MaskEntries<S extends Shape, Names, Acc extends Dim[] = []> = S extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? MaskEntries<T, Names, [...Acc, H[0] extends Names ? [H[0], H[1], "masked"] : H extends readonly [infer N, infer Z] ? [N, Z] : H]>
  : Acc;

/**
 * S with the named dims private, or a Fail (absent, already private, named twice).
 * @example type M = Mask<[["batch", 3], ["seq", 5]], ["batch"]>; // [["batch", 3, "masked"], ["seq", 5]]
 */
export type Mask<S extends Shape, Names extends readonly unknown[]> = IsDynamic<S> extends true
  ? Shape
  : CheckNameList<S, Names> extends infer C
    ? C extends AnyFail
      ? C
      : MaskEntries<S, Names[number]>
    : never;

/** S with every dim visible again, in place. */
export type Unmask<S extends Shape> = { -readonly [K in keyof S]: S[K] extends readonly [infer N, infer Z, ...unknown[]] ? [N, Z] : S[K] };
