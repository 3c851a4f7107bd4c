// Example: shape-generic helpers (docs/generic-helpers.md). `layerNorm` normalises over one named dim and is
// generic over the rest of the shape; `selfAttention` works on {seqlen, inhid} whatever private dims ride along.
// The pattern: the signature is precise (`Tensor<S>` in, `Tensor<S>` out, names checked with `DimName`), the
// body runs on `x.dynamic()` (shape checks at run time, same sentences), and `shapedLike(x)` checks the result
// and types it like the input. Build with tsconfig.examples.json; run node dist-examples/examples/layer-norm.js.
import { pathToFileURL } from "node:url";
import { type DimName, type NameArg, type Shape, type Tensor, ones, randn, zeros } from "../src/index.js";

/** Options of `layerNorm`: a learned scale and shift over the normalised dim `N`, and the variance floor. */
export interface LayerNormOptions<N extends string> {
  readonly gamma?: Tensor<[[N, number]]>;
  readonly beta?: Tensor<[[N, number]]>;
  readonly eps?: number;
}

/**
 * Layer normalisation over the dim `name`: `(x - mean) / sqrt(variance + eps)`, then `· gamma + beta` when
 * given (each a tensor over `name`, broadcast by name). Any other dims — visible or private, any number, any
 * order — pass through, and the result has exactly x's type.
 * @example
 * const h = randn([["batch", 4], ["seq", 9], ["feat", 16]], { seed: 0 });
 * layerNorm(h, "feat");          // Tensor<[["batch", 4], ["seq", 9], ["feat", 16]]>
 * layerNorm(h, "fest");          // compile error: "fest" is not a dimension of { batch: 4, seq: 9, feat: 16 }
 * layerNorm(h.mask("batch"), "batch"); // compile error: "batch" is private (masked)
 */
export function layerNorm<S extends Shape, const N extends NameArg<S>>(x: Tensor<S>, name: DimName<S, N>, options: LayerNormOptions<NoInfer<N>> = {}): Tensor<S> {
  const { gamma, beta, eps = 1e-5 } = options;
  const t = x.dynamic();
  const centered = t.sub(t.mean(name));
  let out = centered.mul(centered.mul(centered).mean(name).add(eps).rsqrt());
  if (gamma) out = out.mul(gamma);
  if (beta) out = out.add(beta);
  return out.shapedLike(x);
}

/**
 * Dot-product self-attention over the visible dims {seqlen, inhid}: every position attends to every position
 * (`key` is seqlen renamed), scaled by 1/sqrt(inhid). Private dims in front (batch, heads, … — as `mask`
 * leaves them after a transpose) are carried through untouched: the helper cannot name them, and the result is
 * typed exactly like x.
 * @example
 * const x = randn([["batch", 2], ["heads", 3], ["seqlen", 5], ["inhid", 8]], { seed: 1 }).mask("batch", "heads");
 * selfAttention(x); // same type as x
 */
export function selfAttention<S extends Shape>(x: Tensor<S>): Tensor<S> {
  const t = x.dynamic();
  const keys = t.rename({ seqlen: "key" });
  const scores = t.dot("inhid", keys).mul(1 / Math.sqrt(t.shape.inhid!));
  const mixed = scores.softmax("key").dot("key", keys); // [private…, seqlen, inhid]
  // Put seqlen and inhid back in x's order; shapedLike then checks everything else.
  const order = t.dims.filter((n) => n === "seqlen" || n === "inhid");
  return mixed.transpose(...order).shapedLike(x);
}

/** Mistakes the compiler rejects, with the sentence it prints (checked by `tsc -p tsconfig.examples.json`). */
function mistakes(): void {
  const h = randn([["batch", 4], ["seq", 9], ["feat", 16]], { seed: 0 });
  // @ts-expect-error — "fest" is not a dimension of { batch: 4, seq: 9, feat: 16 }
  layerNorm(h, "fest");
  // @ts-expect-error — "batch" is private (masked)
  layerNorm(h.mask("batch"), "batch");
  // @ts-expect-error — gamma must be a tensor over the normalised dim
  layerNorm(h, "feat", { gamma: ones([["seq", 9]]) });
  // @ts-expect-error — the result has h's type, not another
  const wrong: Tensor<[["seq", 9], ["feat", 16]]> = layerNorm(h, "feat");
  void wrong;
}

function main(): void {
  const h = randn([["batch", 2], ["seq", 3], ["feat", 6]], { seed: 0 }).mul(3).add(1);
  const normed = layerNorm(h.mask("batch"), "feat", { gamma: ones([["feat", 6]]), beta: zeros([["feat", 6]]) });
  console.log("layerNorm over feat =", normed.toString());
  console.log("means over feat ≈ 0:", normed.mean("feat").toString());
  console.log("variances over feat ≈ 1:", normed.variance("feat").toString());
  const x = randn([["batch", 2], ["seqlen", 4], ["inhid", 8]], { seed: 1 }).mask("batch");
  console.log("selfAttention keeps the type and dims:", selfAttention(x).dims.join(", "));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
void mistakes;
