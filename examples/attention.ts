// Example: Rocktäschel's neural attention, the worked example of "Tensor Considered Harmful", with named tensors.
//   M_t = tanh(W^y Y + (W^h h_t + W^r r_{t-1}) ⊗ e_L),  α_t = softmax(w^T M_t),  r_t = Y α_t^T + tanh(W^t r_{t-1})
// The function is generic over whatever private (masked) dims its caller has — a batch, a batch and a beam, or
// none: the code below cannot name them (a compile error), yet they travel through every op and come back in
// the result type. Build: tsc -p tsconfig.examples.json; run: node dist-examples/examples/attention.js.
// Imports only the library's public entry point.
import { pathToFileURL } from "node:url";
import { type Masked, type Shape, ShapeError, type Tensor, maskedLike, randn } from "../src/index.js";

/** The memory Y: one `inhid`-vector per sequence position, after the caller's private dims P. */
export type Memory<P extends Shape, L extends number = number, H extends number = number> = Masked<P, [["seqlen", L], ["inhid", H]]>;
/** One `inhid`-vector per private entry (h_t, r_{t-1}, r_t). */
export type Hidden<P extends Shape, H extends number = number> = Masked<P, [["inhid", H]]>;

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
 * The essay's `namedtensor_attn`, line for line, for any private dims P of the caller (inferred from the
 * arguments: zero, one or several, any names). Inside, P reads as one private stand-in and the sizes as
 * `number` (checked at run time), so the compiler resolves every op and checks every name: a typo, a wrong
 * contraction or touching a private dim fails to compile. Broadcasting is by name (`tmp` has no seqlen and
 * spreads over it), the softmax is over "seqlen". L and H come back in the result type: all inputs must
 * agree on H at compile time (`NoInfer`: the parameters decide it), and `maskedLike` checks at run time that
 * the results have the promised dims.
 * @example
 * const { rt, at } = attention(params, Y, ht, rt1); // Y: [batch, beam (private), seqlen 5, inhid 7]
 * // rt: Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["inhid", 7]]>, at: … ["seqlen", 5]]>
 */
export function attention<P extends Shape, L extends number, H extends number>(
  params: AttentionParams<H>,
  Y: Memory<P, L, NoInfer<H>>,
  ht: Hidden<P, NoInfer<H>>,
  rt1: Hidden<P, NoInfer<H>>,
): { rt: Hidden<P, H>; at: Masked<P, [["seqlen", L]]> } {
  const p: AttentionParams = params; // sizes as `number` in the body, like the arguments'
  const tmp = ht.dot("inhid", p.Wh).add(rt1.dot("inhid", p.Wr));
  const at = Y.dot("inhid", p.WY).add(tmp).add(p.bM).tanh().dot("outhid", p.w).softmax("seqlen");
  // The essay's `.stack(inhid=('outhid',))` — a one-name stack, i.e. a rename — belongs on the tanh term, which
  // lives in outhid space; r_t is an inhid vector (the einsum version adds the two positionally since in = out).
  const rt = Y.dot("seqlen", at).add(rt1.dot("inhid", p.Wt).add(p.br).tanh().rename({ outhid: "inhid" }));
  return { rt: maskedLike(rt, ht), at: maskedLike(at, Y, ["seqlen"]) };
}

/** The essay's name for the same function (kept for callers of the earlier two-function version). */
export const attend = attention;

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
function mistakes<P extends Shape>(params: AttentionParams<7>, Y: Memory<P>): void {
  const Y3 = randn([["batch", 3], ["seqlen", 5], ["inhid", 7]], { seed: 10 });
  const ht = randn([["batch", 3], ["inhid", 7]], { seed: 11 }).mask("batch");
  // @ts-expect-error — the batch dim must be private: "batch" must be private (masked) here
  attention(params, Y3, ht, ht);
  // @ts-expect-error — inhid is 8 here but the parameters are for 7
  attention(params, Y3.mask("batch"), randn([["batch", 3], ["inhid", 8]], { seed: 1 }).mask("batch"), ht);
  // @ts-expect-error — the hidden state has the beam private too, the memory does not
  attention(params, Y3.mask("batch"), ht.expand({ beam: 2 }).mask("beam"), ht);
  // @ts-expect-error — inside a helper, the caller's private dims cannot be named: "batch" is not a dimension
  Y.mean("batch");
}

/** The essay's run: batch 3, sequence 5, hidden 7 — then a beam of 2 hidden as well, then nothing hidden. */
function main(): void {
  const params = randomParams(7, 0);
  const Y = randn([["batch", 3], ["seqlen", 5], ["inhid", 7]], { seed: 10 }).mask("batch");
  const ht = randn([["batch", 3], ["inhid", 7]], { seed: 11 }).mask("batch");
  const rt1 = randn([["batch", 3], ["inhid", 7]], { seed: 12 }).mask("batch");
  const { rt, at } = attention(params, Y, ht, rt1);
  console.log("r_t =", rt.toString());
  console.log("α_t =", at.toString());
  console.log("rows of α_t sum to", at.sum("seqlen").toArray().map((v) => v.toFixed(6)).join(", "));

  // The same function with two private dims, batch and beam: both come back in the result type.
  const beams = randn([["batch", 3], ["beam", 2], ["seqlen", 5], ["inhid", 7]], { seed: 13 }).mask("batch", "beam");
  const hb = randn([["batch", 3], ["beam", 2], ["inhid", 7]], { seed: 14 }).mask("batch", "beam");
  const beamed: Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["seqlen", 5]]> = attention(params, beams, hb, hb).at;
  console.log("with a beam, α_t =", beamed.toString().split("\n")[0]);
  // And with none: a single sequence.
  const single = attention(params, randn([["seqlen", 5], ["inhid", 7]], { seed: 15 }), randn([["inhid", 7]], { seed: 16 }), randn([["inhid", 7]], { seed: 17 }));
  console.log("with nothing private, r_t =", single.rt.toString().split("\n")[0]);

  // Trap 1 avoided: a function that reaches for a private dim does not compile, and fails at run time.
  const badFunction = <P extends Shape>(x: Memory<P>) =>
    // @ts-expect-error — "batch" is not a dimension of { seqlen: number, inhid: number }: it is the caller's, private
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
