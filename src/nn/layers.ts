// Layer: src/nn (above src/ops). Layer norm, embedding lookup and dropout, each a composition of named ops
// (no new primitive), typed so that naming a wrong dim or passing a parameter of the wrong size is a compile
// error. Written with the generic-helper patterns of docs/generic-helpers.md: any dims, private ones of any
// names included, pass through; bodies run on `dynamic()` tensors and end with `shapedLike`. Imports the top
// layer and src/ops.
import "../ops/elementwise.js";
import "../ops/indexing.js";
import "../ops/reduce.js";
import { rand } from "../ops/creation.js";
import { describeValue } from "../shape/dims.js";
import { ShapeError, badOption } from "../types/errors.js";
import type { DimName, Tensor } from "../tensor.js";
import type { DType, NameArg, Ok, Shape } from "../types/dims.js";
import type { Guard } from "../types/guard.js";
import type { IndexSelect, SelectIndex } from "../types/indexing.js";
import { checkTensor, floatTensor, within } from "./checks.js";
import type { Within } from "./types.js";

/**
 * Normalises x over one dim to zero mean and unit variance, then scales by `gamma` and shifts by `beta`
 * (each with dims among x's, usually just that dim).
 * @example const h = layerNorm(x, "hidden", gamma, beta) // gamma, beta: Tensor<[["hidden", 64]]>
 */
export function layerNorm<S extends Shape, const N extends NameArg<S>, G extends Shape = [], B extends Shape = []>(
  x: Tensor<S, "float32">,
  name: DimName<S, N>,
  gamma?: Guard<Within<S, G>, Tensor<G, "float32">>,
  beta?: Guard<Within<S, B>, Tensor<B, "float32">>,
  options: { readonly eps?: number } = {},
): Tensor<S, "float32"> {
  const t = floatTensor("layerNorm", "x", x);
  const centered = t.sub(t.mean(name));
  const variance = centered.mul(centered).mean(name);
  let y = centered.mul(variance.add(options.eps ?? 1e-5).rsqrt());
  if (gamma !== undefined) y = within(t, y.mul(floatTensor("layerNorm", "gamma", gamma)));
  if (beta !== undefined) y = within(t, y.add(floatTensor("layerNorm", "beta", beta)));
  return y.shapedLike(x);
}

/**
 * Looks up rows of an embedding table: the int32 `ids` replace the table's `vocab` dim, in place.
 * @example embedding(ids, table, "vocab") // ids [batch, seq], table [vocab, embed] -> [batch, seq, embed]
 */
export function embedding<I extends Shape, DI extends DType, T extends Shape, const N extends NameArg<T>>(
  ids: Guard<SelectIndex<T, N, I, DI>, Tensor<I, DI>>,
  table: Tensor<T, "float32">,
  vocab: DimName<T, N>,
): Tensor<Ok<IndexSelect<T, N, I, DI>>, "float32"> {
  checkTensor("embedding", "the table", table);
  checkTensor("embedding", "the ids", ids);
  return table.indexSelect<T, "float32", N, I, DI>(vocab, ids);
}

/**
 * Zeroes each value with probability `p` and scales the rest by 1 / (1 - p) (inverted dropout), with a mask
 * drawn from `seed` (use a new seed each step; the same seed gives the same mask on every device).
 * @example const h2 = dropout(h, 0.1, step)
 */
export function dropout<S extends Shape>(x: Tensor<S, "float32">, p: number, seed: number): Tensor<S, "float32"> {
  const t = floatTensor("dropout", "x", x);
  if (!(typeof p === "number" && p >= 0 && p < 1)) throw new ShapeError(badOption("dropout", "p", "a number in [0, 1)", describeValue(p)));
  if (p === 0) return x;
  const keep = rand(t.node.dims.map((d): [string, number] => [d.name, d.size]), { seed }).ge(p);
  return t.mul(keep.cast("float32").mul(1 / (1 - p))).shapedLike(x);
}
