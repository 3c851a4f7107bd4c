// Layer: src/types (type-only). Private (masked) dims: `mask` flags dims in place so that no name-taking op
// can touch them (they still broadcast and size-check by name); `unmask` shows them all again.
// Runtime twin: src/shape/mask.ts.
import type { AnyFail, CheckNameList, Dim, FindSize, IsDynamic, Shape, ShowDims } from "./dims.js";
import type { NotMaskedHere } from "./errors.js";

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

// ---- helpers generic over the caller's private dims (docs/generic-helpers.md, pattern 3) -------------------------

/** One private dim, `[name, size, "masked"]`. */
export type MaskedDim = readonly [name: string, size: number, masked: "masked"];

/**
 * Inside a helper generic over the caller's private dims: all of them, as one private dim that no op can name
 * (its name is not an identifier). It broadcasts and size-checks like any private dim.
 */
export type CallerMasked = ["…", number, "masked"];

/** The private dims a helper is generic over (the constraint of its `P`: any number, any names). */
export type MaskedDims = readonly MaskedDim[];

/** V with every size `number` (what a helper's body computes with; its sizes are checked at run time). */
export type WidenSizes<V extends Shape> = { -readonly [K in keyof V]: [V[K][0], number] };

/** The sentence for a visible dim where the caller's private dims are expected (P's first visible dim). */
export type NotMaskedPrefix<P extends Shape, V extends Shape> = NotMaskedHere<FirstVisible<P> & string, ShowDims<V>>;

/** The name of the first visible dim of P, or never. */
type FirstVisible<P extends Shape> = P extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H extends MaskedDim
    ? FirstVisible<T>
    : H[0]
  : never;

/** The dims of V named in Ns, in that order (each `[name, size]`; a name V lacks gives size never). */
export type PickDims<V extends Shape, Ns extends readonly string[]> = { -readonly [K in keyof Ns]: [Ns[K], FindSize<V, Ns[K]>] };
