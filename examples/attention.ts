// Example: Rocktäschel's neural attention, the worked example of "Tensor Considered Harmful", with named tensors.
//   M_t = tanh(W^y Y + (W^h h_t + W^r r_{t-1}) ⊗ e_L),  α_t = softmax(w^T M_t),  r_t = Y α_t^T + tanh(W^t r_{t-1})
// The batch dim is private (masked): the code below cannot name it (a compile error), yet it travels through
// every op, so the same function serves any batch size. Build: tsc -p tsconfig.examples.json; run:
// node dist-examples/examples/attention.js. Imports only the library's public entry point.
import { pathToFileURL } from "node:url";
import { ShapeError, type Tensor, randn } from "../src/index.js";

/** A private batch dim of any size: it broadcasts and size-checks by name, but no op may name it. */
export type Batch = ["batch", number, "masked"];
/** The memory Y: one `inhid`-vector per sequence position. */
export type Memory<L extends number = number, H extends number = number> = Tensor<[Batch, ["seqlen", L], ["inhid", H]]>;
/** One `inhid`-vector per batch entry (h_t, r_{t-1}, r_t). */
export type Hidden<H extends number = number> = Tensor<[Batch, ["inhid", H]]>;

/** The parameters: four projections inhid → outhid and three outhid vectors. */
export interface AttentionParams<H extends number = number> {
  readonly WY: Tensor<[["inhid", H], ["outhid", H]]>;
  readonly Wh: Tensor<[["inhid", H], ["outhid", H]]>;
  readonly Wr: Tensor<[["inhid", H], ["outhid", H]]>;
  readonly Wt: Tensor<[["inhid", H], ["outhid", H]]>;
  readonly bM: Tensor<[["outhid", H]]>;
  readonly br: Tensor<[["outhid", H]]>;
  readonly w: Tensor<[["outhid", H]]>;
}

/**
 * The essay's `namedtensor_attn`, line for line. Sizes are typed `number` here (checked at run time), so the
 * compiler resolves every op and checks every name: a typo, a wrong contraction or touching "batch" fails to
 * compile. Broadcasting is by name (`tmp` has no seqlen and spreads over it), the softmax is over "seqlen".
 * @example const { rt, at } = attend(params, Y.mask("batch"), ht.mask("batch"), rt1.mask("batch"));
 */
export function attend(params: AttentionParams, Y: Memory, ht: Hidden, rt1: Hidden): { rt: Hidden; at: Tensor<[Batch, ["seqlen", number]]> } {
  const tmp = ht.dot("inhid", params.Wh).add(rt1.dot("inhid", params.Wr));
  const at = Y.dot("inhid", params.WY).add(tmp).add(params.bM).tanh().dot("outhid", params.w).softmax("seqlen");
  // The essay's `.stack(inhid=('outhid',))` — a one-name stack, i.e. a rename — belongs on the tanh term, which
  // lives in outhid space; r_t is an inhid vector (the einsum version adds the two positionally since in = out).
  const rt = Y.dot("seqlen", at).add(rt1.dot("inhid", params.Wt).add(params.br).tanh().rename({ outhid: "inhid" }));
  return { rt, at };
}

/**
 * The same attention with the caller's literal sizes: L and H are inferred from the memory and the parameters
 * (all inputs must agree on H at compile time), the body runs on `number` sizes (see `attend`), and
 * `shapedLike` checks at run time that the results have the promised dims before typing them with L and H.
 * @example
 * const { rt, at } = attention(params, Y, ht, rt1); // rt: Tensor<[Batch, ["inhid", 7]]>, at: Tensor<[Batch, ["seqlen", 5]]>
 */
export function attention<L extends number, H extends number>(
  params: AttentionParams<H>,
  Y: Memory<L, NoInfer<H>>,
  ht: Hidden<NoInfer<H>>,
  rt1: Hidden<NoInfer<H>>,
): { rt: Hidden<H>; at: Tensor<[Batch, ["seqlen", L]]> } {
  const { rt, at } = attend(params, Y, ht, rt1);
  return {
    rt: rt.shapedLike(ht),
    at: at.shapedLike([["batch", ht.shape.batch, "masked"], ["seqlen", Y.shape.seqlen]]),
  };
}

/**
 * Random parameters from seeded standard normals (the essay's `Param`), reproducible on every device.
 * @example const params = randomParams(7, 0);
 */
export function randomParams<H extends number>(hidden: H, seed: number): AttentionParams<H> {
  // A size that is a type parameter cannot be checked by the compiler: create with `number`, then type with H.
  const n: number = hidden;
  const matrix = (k: number) => randn([["inhid", n], ["outhid", n]], { seed: seed + k }).shapedLike([["inhid", hidden], ["outhid", hidden]]);
  const vector = (k: number) => randn([["outhid", n]], { seed: seed + k }).shapedLike([["outhid", hidden]]);
  return { WY: matrix(0), Wh: matrix(1), Wr: matrix(2), Wt: matrix(3), bM: vector(4), br: vector(5), w: vector(6) };
}

/** Mistakes the compiler rejects (checked by `tsc -p tsconfig.examples.json`); never called. */
function mistakes(params: AttentionParams<7>): void {
  const Y = randn([["batch", 3], ["seqlen", 5], ["inhid", 7]], { seed: 10 });
  const ht = randn([["batch", 3], ["inhid", 7]], { seed: 11 }).mask("batch");
  // @ts-expect-error — the batch dim must be private: an unmasked Y does not fit Memory
  attention(params, Y, ht, ht);
  // @ts-expect-error — inhid is 8 here but the parameters are for 7
  attention(params, Y.mask("batch"), randn([["batch", 3], ["inhid", 8]], { seed: 1 }).mask("batch"), ht);
  // @ts-expect-error — "seqlen" is not a dimension of the hidden state
  ht.softmax("seqlen");
}

/** The essay's run: batch 3, sequence 5, hidden 7, batch hidden from the function. */
function main(): void {
  const params = randomParams(7, 0);
  const Y = randn([["batch", 3], ["seqlen", 5], ["inhid", 7]], { seed: 10 }).mask("batch");
  const ht = randn([["batch", 3], ["inhid", 7]], { seed: 11 }).mask("batch");
  const rt1 = randn([["batch", 3], ["inhid", 7]], { seed: 12 }).mask("batch");
  const { rt, at } = attention(params, Y, ht, rt1);
  console.log("r_t =", rt.toString());
  console.log("α_t =", at.toString());
  console.log("rows of α_t sum to", at.sum("seqlen").toArray().map((v) => v.toFixed(6)).join(", "));

  // Trap 1 avoided: a function that reaches for the private batch dim does not compile, and fails at run time.
  const badFunction = (x: Memory) =>
    // @ts-expect-error — "batch" is private (masked)
    x.mean("batch");
  try {
    badFunction(Y);
  } catch (e) {
    if (!(e instanceof ShapeError)) throw e;
    console.log(`Error received: ${e.message}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
void mistakes;
