// Layer: src/nn (above src/ops). Multi-head scaled dot-product attention written with names: the hidden dim
// is split into (heads, headDim), scores contract headDim, the softmax runs over the key dim, and the heads
// are stacked back into the hidden dim — so the output has exactly the queries' type. Optional causal mask.
// Imports the top layer and src/ops.
import "../ops/contract.js";
import "../ops/elementwise.js";
import "../ops/movement.js";
import "../ops/reduce.js";
import { arange } from "../ops/creation.js";
import { describeValue, showAllDims } from "../shape/dims.js";
import type { Tensor } from "../tensor.js";
import type { IsNatural } from "../types/arith.js";
import type { UnifySize } from "../types/broadcast.js";
import type { AnyFail, Fail, FindSize, Lookup, NameArg, Ok, Shape, ShowAllDims, ShowDims } from "../types/dims.js";
import { type AttentionMismatch, type BadOption, ShapeError, attentionMismatch, badOption, missingOptions, nameTaken, sizeMismatch } from "../types/errors.js";
import type { FirstFail, Guard, Unoffered } from "../types/guard.js";
import type { Split } from "../types/movement.js";
import type { Reduce } from "../types/reduce.js";
import { floatTensor } from "./checks.js";
import type { SameSet } from "./types.js";

/** Names of the dims attention works with (the per-head dims it makes inside get names none of q, k, v has). */
export interface AttentionOptions<H extends string, Q extends string, K extends string, Heads extends number> {
  /** The model dim of q, k and v, split into heads. */
  readonly hidden: H;
  /** The number of heads (must divide the hidden size). */
  readonly heads: Heads;
  /** The queries' sequence dim. */
  readonly query: Q;
  /** The keys' and values' sequence dim (a different name from the query's). */
  readonly key: K;
  /** Mask keys after the query position (key index > query index). */
  readonly causal?: boolean;
}

/** The options' check: heads is a positive integer, hidden and query are dims of q, and hidden splits into `heads` parts. */
export type AttentionCheck<QS extends Shape, H extends string, Q extends string, K extends string, Heads extends number> = FirstFail<[
  // a literal count that is not a positive integer: the sentence of readOptions (a `number` is checked at run time)
  number extends Heads ? "ok" : IsNatural<Heads> extends true ? (Heads extends 0 ? Fail<BadOption<"attention", "heads", "a positive integer", "0 (number)">> : "ok") : Fail<BadOption<"attention", "heads", "a positive integer", `${Heads} (number)`>>,
  Lookup<QS, Q>,
  // the split of the hidden dim alone: the per-head names are free inside whatever other dims q has
  Lookup<QS, H> extends infer Z ? (Z extends AnyFail ? Z : Z extends number ? Split<[[H, Z]], H, [["heads", Heads], "headDim"]> : never) : never,
  // both ways: while the editor completes one of the two, it is every name (NameArg), which must not fail here
  [K] extends [Q] ? ([Q] extends [K] ? Fail<AttentionMismatch<"the keys", ShowDims<QS>, K, "the same sequence name as the queries">> : "ok") : "ok",
]>;

/** The keys' (values') check: the queries' dims with the query dim replaced by the key dim. */
export type KeysCheck<What extends string, QS extends Shape, Q extends string, KS extends Shape, K extends string> =
  Lookup<QS, Q> extends AnyFail
    ? "ok"
    : Lookup<KS, K> extends AnyFail
      ? Lookup<KS, K>
      : SameSet<Ok<Reduce<QS, [Q]>>, Ok<Reduce<KS, [K]>>> extends true
        ? "ok"
        : Fail<AttentionMismatch<What, ShowAllDims<Ok<Reduce<QS, [Q]>>>, K, ShowAllDims<KS>>>;

/** The values' key dim has the keys' size (the sentence of the contraction over it), checked once both fit. */
export type ValuesKeyCheck<KS extends Shape, VS extends Shape, K extends string> = [FindSize<KS, K>, FindSize<VS, K>] extends [infer KZ extends number, infer VZ extends number]
  ? UnifySize<K, KZ, VZ> extends infer U extends AnyFail
    ? U
    : "ok"
  : "ok";

/**
 * Multi-head attention: softmax(q·k / sqrt(headDim)) · v per head, over names. `k` and `v` have the queries'
 * dims with `query` replaced by `key`; other dims (batch) broadcast; the result has q's type.
 * @example
 * const y = attention(x, x.rename({ seq: "key" }), x.rename({ seq: "key" }), { hidden: "hidden", heads: 4, query: "seq", key: "key", causal: true });
 */
export function attention<QS extends Shape, KS extends Shape, VS extends Shape, const H extends NameArg<QS>, const Q extends NameArg<QS>, const K extends NameArg<KS>, const Heads extends number>(
  q: Tensor<QS, "float32">,
  k: Guard<KeysCheck<"the keys", QS, Q, KS, K>, Tensor<KS, "float32">>,
  v: Guard<FirstFail<[KeysCheck<"the values", QS, Q, VS, K>, KeysCheck<"the keys", QS, Q, KS, K> extends AnyFail ? "ok" : ValuesKeyCheck<KS, VS, K & string>]>, Tensor<VS, "float32">>,
  options: Guard<AttentionCheck<QS, H, Q, K, Heads>, AttentionOptions<H, Q, Unoffered<K>, Heads>>,
): Tensor<QS, "float32"> {
  const { hidden, heads, query, key, causal } = readOptions(options);
  const [qt, kt, vt] = [floatTensor("attention", "the queries", q), floatTensor("attention", "the keys", k), floatTensor("attention", "the values", v)];
  const qs = qt.shapeDims.find((d) => d.name === query);
  if (!qs) qt.sum(query); // the lookup's sentence
  if (key === query) throw new ShapeError(nameTaken(key));
  const rest = qt.shapeDims.filter((d) => d.name !== query);
  for (const [what, t] of [["the keys", kt], ["the values", vt]] as const) {
    const other = t.shapeDims.filter((d) => d.name !== key);
    const ok = t.shapeDims.length === other.length + 1 && other.length === rest.length && rest.every((d) => other.some((e) => e.name === d.name && e.size === d.size));
    if (!ok) throw new ShapeError(attentionMismatch(what, showAllDims(rest), key, showAllDims(t.shapeDims)));
  }
  const [keySize, valueSize] = [kt.shape[key]!, vt.shape[key]!];
  if (keySize !== valueSize) throw new ShapeError(sizeMismatch(key, keySize, valueSize));
  // The per-head dims get names none of q, k and v has (a caller's own "heads" dim is a batch-like dim).
  const taken = new Set([qt, kt, vt].flatMap((t) => t.shapeDims.map((d) => d.name)));
  const free = (base: string): string => {
    let name = base;
    while (taken.has(name)) name += "_";
    return name;
  };
  const [headsName, headDim] = [free("heads"), free("headDim")];
  const perHead = (t: Tensor<Shape, "float32">) => t.split(hidden, [[headsName, heads], headDim]);
  const [qh, kh, vh] = [perHead(qt), perHead(kt), perHead(vt)];
  let scores = qh.dot(headDim, kh).mul(1 / Math.sqrt(qh.shape[headDim]!));
  if (causal) {
    // Positions named like the key and query dims: created with fixed names, then renamed.
    const keys = arange("k", kt.shape[key]!, { dtype: "int32" }).dynamic().rename({ k: key });
    const queries = arange("q", qs!.size, { dtype: "int32" }).dynamic().rename({ q: query });
    scores = scores.maskedFill(keys.gt(queries), -Infinity);
  }
  const merged = scores.softmax(key).dot(key, vh).stack({ [hidden]: [headsName, headDim] });
  const order = qt.dims;
  const same = merged.dims.every((d, i) => d === order[i]);
  return (same ? merged : merged.transpose(...order)).shapedLike(q);
}

/**
 * The options read at run time (a caller from JavaScript or through `any`): a ShapeError for a missing or wrong
 * one. The names come back typed `string`: the body runs on `dynamic()` tensors, whose names are checked then.
 */
function readOptions(options: unknown): { hidden: string; heads: number; query: string; key: string; causal: boolean } {
  if (typeof options !== "object" || options === null) throw new ShapeError(missingOptions("attention", "{ hidden, heads, query, key }", describeValue(options)));
  const field = (k: keyof AttentionOptions<string, string, string, number>): unknown => Reflect.get(options, k);
  const [hidden, heads, query, key, causal = false] = [field("hidden"), field("heads"), field("query"), field("key"), field("causal")];
  const name = (what: string, value: unknown): string => {
    if (typeof value !== "string") throw new ShapeError(badOption("attention", what, "the name of a dimension", describeValue(value)));
    return value;
  };
  if (!(typeof heads === "number" && Number.isInteger(heads) && heads > 0)) throw new ShapeError(badOption("attention", "heads", "a positive integer", describeValue(heads)));
  if (typeof causal !== "boolean") throw new ShapeError(badOption("attention", "causal", "true or false", describeValue(causal)));
  return { hidden: name("hidden", hidden), heads, query: name("query", query), key: name("key", key), causal };
}
