// Layer: src/nn (above src/ops). Tools for shape-generic helpers (docs/generic-helpers.md), used by src/nn
// itself: `Masked<P, V>` and `maskedLike` for helpers generic over whatever private (masked) dims the caller
// has (pattern 3), `privateLike` for what is left after reducing every visible dim, and `checkedArg` for a
// guarded parameter. The conversions check at run time, like `shapedLike`. Imports the top layer, src/shape and
// src/types.
import { type ShapeDim, lookup, showAllDims } from "../shape/dims.js";
import { type Tensor, tensorArg } from "../tensor.js";
import type { DType, Shape } from "../types/dims.js";
import type { Guard } from "../types/guard.js";
import { ArgumentError, ShapeError, notShapedLike, takesNot } from "../types/errors.js";
import type { CallerMasked, MaskedDims, NotMaskedPrefix, PickDims, WidenSizes } from "../types/mask.js";
import type { KeepMasked } from "./types.js";

/**
 * A parameter (or result) of a helper generic over the caller's private dims `P`: a tensor with the private
 * dims P in front, then the visible dims V. Callers pass any number of private dims of any names (P is
 * inferred) and get them back in the result; a visible dim where a private one is expected is a sentence.
 * Inside the helper, P is unknown, so the parameter reads as `Tensor<[CallerMasked, ...V]>` with `number`
 * sizes: one private stand-in that no op can name, and visible dims the compiler checks by name.
 * @example
 * function center<P extends Shape>(x: Masked<P, [["feat", number]]>): Masked<P, [["feat", number]]> {
 *   return maskedLike(x.sub(x.mean("feat")), x);
 * }
 */
export type Masked<P extends Shape, V extends Shape, D extends DType = "float32"> = P extends Shape
  ? number extends P["length"]
    ? Tensor<[CallerMasked, ...WidenSizes<V>], D>
    : P extends MaskedDims
      ? Tensor<[...P, ...V], D>
      : ShapeError<NotMaskedPrefix<P, V>>
  : never;

/**
 * `x` typed with the private dims of `like` followed by its visible dims `names` (all of them, in order, when
 * left out), after checking at run time that x has exactly those dims: the way back from a helper's body,
 * where the caller's private dims are one stand-in, to the caller's own dims. The dtype stays x's own.
 * @example
 * return { rt: maskedLike(rt, ht), at: maskedLike(at, Y, ["seqlen"]) };
 */
export function maskedLike<P extends Shape, V extends Shape, DL extends DType, D extends DType, const Ns extends readonly V[number][0][] = NamesOfV<V>>(
  x: Tensor<Shape, D>,
  like: Masked<P, V, DL>,
  names?: Ns,
): Masked<P, PickDims<V, Ns>, D> {
  tensorArg("maskedLike", x, "a tensor first");
  const ref: Tensor<Shape, DType> = tensorArg("maskedLike", like, "a reference tensor second");
  const dims = ref.shapeDims;
  if (names !== undefined && !Array.isArray(names)) throw new ArgumentError(takesNot("maskedLike", "a list of names third", names));
  const visible = names === undefined ? dims.filter((d) => !d.masked) : names.map((n) => lookup(dims, n));
  checkDims([...dims.filter((d) => d.masked), ...visible], x.shapeDims);
  return x as unknown as Masked<P, PickDims<V, Ns>, D>;
}

type NamesOfV<V extends Shape> = { -readonly [K in keyof V]: V[K][0] };

/**
 * A guarded parameter (`Guard<R, T>`: T, or the sentence's `ShapeError` when the check failed) as T. A call
 * that compiled passed a T, so a helper's body may use it as one; callers from JavaScript are checked at run
 * time by the ops it reaches.
 * @example const [name, size] = checkedArg(input); // input: Guard<CheckShape<[I, O]>, I>
 */
export function checkedArg<R, T>(value: Guard<R, T>): T {
  return value as unknown as T;
}

/**
 * `y` typed with only the private dims of `like`, in order — what is left of a tensor after reducing every
 * visible dim (a loss) — after checking at run time that y has exactly those dims.
 * @example return privateLike(loss.sum(visibleNames), logits) // Tensor<[["batch", 3, "masked"]]> for masked batch logits
 */
export function privateLike<S extends Shape, D extends DType>(y: Tensor<Shape, D>, like: Tensor<S, DType>): Tensor<KeepMasked<S>, D> {
  checkDims(tensorArg("privateLike", like, "a reference tensor second").shapeDims.filter((d) => d.masked), tensorArg("privateLike", y, "a tensor first").shapeDims);
  return y as unknown as Tensor<KeepMasked<S>, D>;
}

/** Throws the `shapedLike` sentence unless `got` is exactly `want`: names, sizes, order and private flags. */
function checkDims(want: readonly ShapeDim[], got: readonly ShapeDim[]): void {
  const same = want.length === got.length && want.every((d, i) => d.name === got[i]!.name && d.size === got[i]!.size && d.masked === got[i]!.masked);
  if (!same) throw new ShapeError(notShapedLike(showAllDims(want), showAllDims(got)));
}
