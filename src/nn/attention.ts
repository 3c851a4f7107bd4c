// Layer: src/nn (above src/ops). Multi-head scaled dot-product attention written with names: the hidden dim
// is split into (heads, headDim), scores contract headDim, the softmax runs over the key dim, and the heads
// are stacked back into the hidden dim — so the output has exactly the queries' type. Optional causal mask.
// Imports the top layer and src/ops.
import "../ops/contract.js";
import "../ops/elementwise.js";
import "../ops/movement.js";
import "../ops/reduce.js";
import { arange } from "../ops/creation.js";
import { showDims } from "../shape/dims.js";
import type { AnyTensor, Tensor } from "../tensor.js";
import type { AnyFail, Fail, Lookup, Ok, Shape, ShowDims } from "../types/dims.js";
import { type AttentionMismatch, ShapeError, attentionMismatch, nameTaken } from "../types/errors.js";
import type { FirstFail, Guard } from "../types/guard.js";
import type { Split } from "../types/movement.js";
import type { Reduce } from "../types/reduce.js";
import type { SameSet } from "./types.js";

/** Names of the dims attention works with; the per-head dims default to "heads" and "headDim". */
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

/** The options' check: hidden and query are dims of q, and hidden splits into `heads` parts. */
export type AttentionCheck<QS extends Shape, H extends string, Q extends string, K extends string, Heads extends number> = FirstFail<[
  Lookup<QS, Q>,
  Lookup<QS, H> extends infer Z ? (Z extends AnyFail ? Z : Split<QS, H, [["heads", Heads], "headDim"]>) : never,
  K extends Q ? Fail<AttentionMismatch<"the keys", ShowDims<QS>, K, "the same sequence name as the queries">> : "ok",
]>;

/** The keys' (values') check: the queries' dims with the query dim replaced by the key dim. */
export type KeysCheck<What extends string, QS extends Shape, Q extends string, KS extends Shape, K extends string> =
  Lookup<QS, Q> extends AnyFail
    ? "ok"
    : Lookup<KS, K> extends AnyFail
      ? Lookup<KS, K>
      : SameSet<Ok<Reduce<QS, [Q]>>, Ok<Reduce<KS, [K]>>> extends true
        ? "ok"
        : Fail<AttentionMismatch<What, ShowDims<Ok<Reduce<QS, [Q]>>>, K, ShowDims<KS>>>;

/**
 * Multi-head attention: softmax(q·k / sqrt(headDim)) · v per head, over names. `k` and `v` have the queries'
 * dims with `query` replaced by `key`; other dims (batch) broadcast; the result has q's type.
 * @example
 * const y = attention(x, x.rename({ seq: "key" }), x.rename({ seq: "key" }), { hidden: "hidden", heads: 4, query: "seq", key: "key", causal: true });
 */
export function attention<QS extends Shape, KS extends Shape, VS extends Shape, const H extends string, const Q extends string, const K extends string, const Heads extends number>(
  q: Tensor<QS, "float32">,
  k: Guard<KeysCheck<"the keys", QS, Q, KS, K>, Tensor<KS, "float32">>,
  v: Guard<KeysCheck<"the values", QS, Q, VS, K>, Tensor<VS, "float32">>,
  options: Guard<AttentionCheck<QS, H, Q, K, Heads>, AttentionOptions<H, Q, K, Heads>>,
): Tensor<QS, "float32"> {
  const { hidden, heads, query, key, causal = false } = options as AttentionOptions<H, Q, K, Heads>;
  const [qt, kt, vt] = [q, k, v] as unknown as AnyTensor[];
  const qs = qt!.shapeDims.find((d) => d.name === query);
  if (!qs) qt!.sum(query as never); // the lookup's sentence
  if (key === (query as string)) throw new ShapeError(nameTaken(key));
  const rest = qt!.shapeDims.filter((d) => d.name !== query);
  for (const [what, t] of [["the keys", kt!], ["the values", vt!]] as const) {
    const other = t.shapeDims.filter((d) => d.name !== key);
    const ok = t.shapeDims.length === other.length + 1 && other.length === rest.length && rest.every((d) => other.some((e) => e.name === d.name && e.size === d.size));
    if (!ok) throw new ShapeError(attentionMismatch(what, showDims(rest), key, showDims(t.shapeDims)));
  }
  const perHead = (t: AnyTensor): AnyTensor => t.split(hidden as never, [["heads", heads], "headDim"] as never) as AnyTensor;
  const [qh, kh, vh] = [perHead(qt!), perHead(kt!), perHead(vt!)];
  const headDim = (qh.shape as Record<string, number>).headDim!;
  let scores = qh.dot("headDim" as never, kh).mul(1 / Math.sqrt(headDim)) as AnyTensor;
  if (causal) {
    const later = (arange(key as never, (kt!.shape as Record<string, number>)[key]!, { dtype: "int32" }) as unknown as AnyTensor).gt(
      arange(query as never, qs!.size, { dtype: "int32" }) as never,
    ) as AnyTensor;
    scores = scores.maskedFill(later as never, -Infinity) as AnyTensor;
  }
  const out = (scores.softmax(key as never) as AnyTensor).dot(key as never, vh) as AnyTensor;
  const merged = out.stack({ [hidden]: ["heads", "headDim"] } as never) as AnyTensor;
  const order = qt!.node.dims.map((d) => d.name);
  const same = merged.node.dims.every((d, i) => d.name === order[i]);
  return (same ? merged : merged.transpose(...(order as never[]))) as never;
}
