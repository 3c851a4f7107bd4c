// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): helpers generic over the caller's
// private dims (docs/generic-helpers.md, pattern 3). Inside such a helper no op can name a private dim of the
// caller (nor the stand-in for them); a caller must put private dims where the helper takes them, and its
// visible dims must be the helper's.
import { type Masked, type Shape, type Tensor, attention, crossEntropy, layerNorm, linear, maskedLike, randn, zeros } from "../../src/index.js";

interface Params<H extends number = number> {
  readonly W: Tensor<[["inhid", H], ["outhid", H]]>;
  readonly w: Tensor<[["outhid", H]]>;
}

/** An attention-like helper, generic over the caller's private dims P. */
function attend<P extends Shape, L extends number, H extends number>(
  params: Params<H>,
  Y: Masked<P, [["seqlen", L], ["inhid", NoInfer<H>]]>,
  ht: Masked<P, [["inhid", NoInfer<H>]]>,
): { rt: Masked<P, [["inhid", H]]>; at: Masked<P, [["seqlen", L]]> } {
  const p: Params = params;
  const at = Y.dot("inhid", p.W).add(ht.dot("inhid", p.W)).tanh().dot("outhid", p.w).softmax("seqlen");
  return { rt: maskedLike(Y.dot("seqlen", at), ht), at: maskedLike(at, Y, ["seqlen"]) };
}

// ---- inside: the caller's private dims cannot be touched --------------------------------------------------------------
function touches<P extends Shape>(Y: Masked<P, [["seqlen", number], ["inhid", number]]>, ht: Masked<P, [["inhid", number]]>): void {
  // @error: "batch" is not a dimension of { seqlen: number, inhid: number }
  Y.mean("batch");
  // @error: "beam" is not a dimension of { inhid: number }
  ht.softmax("beam");
  // @error: "…" is not a valid dimension name
  Y.sum("…");
  // @error: "hidden" is not a dimension of { seqlen: number, inhid: number }
  Y.sum("hidden");
  // @error: cannot contract "seqlen": it is not a dimension of the right operand { inhid: number }
  Y.dot("seqlen", ht);
  // @error: Type '"seqlen"' is not assignable to type '"inhid"'
  maskedLike(Y.sum("inhid"), ht, ["seqlen"]);
}
void touches;

// ---- callers: wrong visible dims, private dims in the wrong place -------------------------------------------------------
const params: Params<7> = { W: randn([["inhid", 7], ["outhid", 7]], { seed: 1 }), w: randn([["outhid", 7]], { seed: 2 }) };
const Y = zeros([["batch", 3], ["beam", 2], ["seqlen", 5], ["inhid", 7]]).mask("batch", "beam");
const ht = zeros([["batch", 3], ["beam", 2], ["inhid", 7]]).mask("batch", "beam");

// @error: "batch" must be private (masked) here: this helper takes private dims followed by { seqlen: 5, inhid: 7 }
attend(params, zeros([["batch", 3], ["seqlen", 5], ["inhid", 7]]), zeros([["batch", 3], ["inhid", 7]]));
// @error: "sample" must be private (masked) here: this helper takes private dims followed by { seqlen: 5, inhid: 7 }
attend(params, zeros([["batch", 3], ["sample", 4], ["seqlen", 5], ["inhid", 7]]).mask("batch"), ht);
// @error: is not assignable to parameter of type 'Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["inhid", 7]], "float32">'
attend(params, Y, zeros([["batch", 3], ["beam", 2], ["sample", 4], ["inhid", 7]]).mask("batch", "beam"));
// @error: is not assignable to parameter of type 'Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["inhid", 7]], "float32">'
attend(params, Y, zeros([["batch", 3], ["beam", 2], ["inhid", 8]]).mask("batch", "beam"));
// @error: is not assignable to parameter of type 'Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["inhid", 7]], "float32">'
attend(params, Y, zeros([["beam", 2], ["inhid", 7]]).mask("beam"));
// @error: is not assignable to parameter of type 'Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["inhid", 7]], "float32">'
attend(params, Y, zeros([["beam", 2], ["batch", 3], ["inhid", 7]]).mask("batch", "beam"));
// @error: is not assignable to parameter of type 'Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["seqlen", 5], ["inhid", 7]], "float32">'
attend(params, zeros([["batch", 3], ["beam", 2], ["seqlen", 5], ["inhid", 8]]).mask("batch", "beam"), ht);
// @error: is not assignable to parameter of type 'Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["seqlen", 5], ["inhid", 7]], "float32">'
attend(params, zeros([["batch", 3], ["beam", 2], ["key", 5], ["inhid", 7]]).mask("batch", "beam"), ht);
// @error: is not assignable to parameter of type 'Tensor<[["seqlen", number], ["inhid", 7]], "float32">'
attend(params, zeros([["inhid", 7]]), zeros([["inhid", 7]]));
// The results keep the private dims: they are private outside too.
// @error: "beam" is private (masked)
attend(params, Y, ht).at.sum("beam");

// ---- the NN layers take any private dims, and cannot touch them either ----------------------------------------------
const x2 = zeros([["batch", 3], ["beam", 2], ["seq", 4], ["hidden", 8]]).mask("batch", "beam");
// @error: "beam" is private (masked)
layerNorm(x2, "beam");
// @error: "batch" is private (masked)
linear(x2, "batch", zeros([["batch", 3], ["out", 2]]));
// @error: dimension "hidden" is 8 in the left operand but 6 in the right
linear(x2, "hidden", zeros([["hidden", 6], ["out", 2]]));
// @error: "beam" is private (masked)
attention(x2, x2.rename({ seq: "key" }), x2.rename({ seq: "key" }), { hidden: "hidden", heads: 2, query: "beam", key: "key" });
// @error: the labels must have the dimensions of the logits other than "hidden", { batch (private): 3, beam (private): 2, seq: 4 }, not { seq: 4 }
crossEntropy(x2, zeros([["seq", 4]], { dtype: "int32" }), "hidden");
// @error: the keys must have the dimensions { batch (private): 3, beam (private): 2, hidden: 8 } of the queries and "key", not { key: 4, hidden: 8 }
attention(x2, zeros([["key", 4], ["hidden", 8]]), x2.rename({ seq: "key" }), { hidden: "hidden", heads: 2, query: "seq", key: "key" });
