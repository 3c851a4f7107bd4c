// Layer: src/nn (above src/ops). Layer norm, embedding lookup and dropout, each a composition of named ops
// (no new primitive), typed so that naming a wrong dim or passing a parameter of the wrong size is a compile
// error. Imports the top layer and src/ops.
import "../ops/elementwise.js";
import "../ops/indexing.js";
import "../ops/reduce.js";
import { rand } from "../ops/creation.js";
import type { AnyTensor, Tensor } from "../tensor.js";
import type { DType, Lookup, NameArg, Ok, Shape } from "../types/dims.js";
import type { Guard, GuardName } from "../types/guard.js";
import type { IndexSelect, SelectIndex } from "../types/indexing.js";
import type { Within } from "./types.js";

/**
 * Normalises x over one dim to zero mean and unit variance, then scales by `gamma` and shifts by `beta`
 * (each with dims among x's, usually just that dim).
 * @example const h = layerNorm(x, "hidden", gamma, beta) // gamma, beta: Tensor<[["hidden", 64]]>
 */
export function layerNorm<S extends Shape, const N extends NameArg<S>, G extends Shape = [], B extends Shape = []>(
  x: Tensor<S, "float32">,
  name: GuardName<Lookup<S, N>, N>,
  gamma?: Guard<Within<S, G>, Tensor<G, "float32">>,
  beta?: Guard<Within<S, B>, Tensor<B, "float32">>,
  options: { readonly eps?: number } = {},
): Tensor<S, "float32"> {
  const t = x as unknown as AnyTensor;
  const centered = t.sub(t.mean(name as never) as never) as AnyTensor;
  const variance = centered.mul(centered as never).mean(name as never) as AnyTensor;
  let y = centered.mul(variance.add(options.eps ?? 1e-5).rsqrt() as never) as AnyTensor;
  if (gamma !== undefined) y = within(t, y.mul(gamma as never) as AnyTensor);
  if (beta !== undefined) y = within(t, y.add(beta as never) as AnyTensor);
  return y as never;
}

/** Checks at run time that a parameter did not add dims (the twin of Within's "not a dimension"). */
function within(x: AnyTensor, y: AnyTensor): AnyTensor {
  if (y.rank !== x.rank) {
    const extra = y.node.dims.find((d) => !x.node.dims.some((e) => e.name === d.name))!;
    return x.sum(extra.name as never) as never; // throws the "not a dimension" sentence
  }
  return y;
}

/**
 * Looks up rows of an embedding table: the int32 `ids` replace the table's `vocab` dim, in place.
 * @example embedding(ids, table, "vocab") // ids [batch, seq], table [vocab, embed] -> [batch, seq, embed]
 */
export function embedding<I extends Shape, DI extends DType, T extends Shape, const N extends NameArg<T>>(
  ids: Guard<SelectIndex<T, N, I, DI>, Tensor<I, DI>>,
  table: Tensor<T, "float32">,
  vocab: GuardName<Lookup<T, N>, N>,
): Tensor<Ok<IndexSelect<T, N, I, DI>>, "float32"> {
  return (table as unknown as AnyTensor).indexSelect(vocab as never, ids as never) as never;
}

/**
 * Zeroes each value with probability `p` and scales the rest by 1 / (1 - p) (inverted dropout), with a mask
 * drawn from `seed` (use a new seed each step; the same seed gives the same mask on every device).
 * @example const h2 = dropout(h, 0.1, step)
 */
export function dropout<S extends Shape>(x: Tensor<S, "float32">, p: number, seed: number): Tensor<S, "float32"> {
  if (!(p >= 0 && p < 1)) throw new RangeError(`dropout needs 0 <= p < 1, not ${p}`);
  if (p === 0) return x;
  const t = x as unknown as AnyTensor;
  const keep = (rand(t.node.dims.map((d) => [d.name, d.size]) as never, { seed }) as unknown as AnyTensor).ge(p) as AnyTensor;
  return t.mul(keep.cast("float32").mul(1 / (1 - p)) as never) as never;
}
