// Type tests (tsd, against dist/*.d.ts): helpers generic over the caller's private dims (docs/generic-helpers.md,
// pattern 3). One helper, written once, called with 0, 1, 2 and 3 private dims of different names, gives back
// exactly those private dims (with their sizes) and the visible dims with the literal sizes; wrong visible dims
// or private dims in the wrong place do not compile. The NN layers keep any private dims too. And the graph's
// copy of DType is the public one.
import { expectError, expectType } from "tsd";
import type { DType as GraphDType } from "../dist/graph/node.js";
import { type DType, type Masked, type Shape, type Tensor, attention, crossEntropy, dropout, embedding, layerNorm, linear, maskedLike, randn, zeros } from "../dist/index.js";

interface Params<H extends number = number> {
  readonly W: Tensor<[["inhid", H], ["outhid", H]]>;
  readonly w: Tensor<[["outhid", H]]>;
}

/** The essay's attention, reduced: written once, for any private dims P of the caller. */
function attend<P extends Shape, L extends number, H extends number>(
  params: Params<H>,
  Y: Masked<P, [["seqlen", L], ["inhid", NoInfer<H>]]>,
  ht: Masked<P, [["inhid", NoInfer<H>]]>,
): { rt: Masked<P, [["inhid", H]]>; at: Masked<P, [["seqlen", L]]> } {
  const W: Tensor<[["inhid", number], ["outhid", number]]> = params.W;
  const w: Tensor<[["outhid", number]]> = params.w;
  const p = { W, w };
  const at = Y.dot("inhid", p.W).add(ht.dot("inhid", p.W)).tanh().dot("outhid", p.w).softmax("seqlen");
  return { rt: maskedLike(Y.dot("seqlen", at), ht), at: maskedLike(at, Y, ["seqlen"]) };
}

/** A one-tensor helper: the result keeps the caller's private dims and the visible one. */
function center<P extends Shape>(x: Masked<P, [["feat", number]]>): Masked<P, [["feat", number]]> {
  return maskedLike(x.sub(x.mean("feat")), x);
}

const params: Params<7> = { W: randn([["inhid", 7], ["outhid", 7]], { seed: 1 }), w: randn([["outhid", 7]], { seed: 2 }) };

// ---- 0, 1, 2, 3 private dims of different names -----------------------------------------------------------------------
const r0 = attend(params, zeros([["seqlen", 5], ["inhid", 7]]), zeros([["inhid", 7]]));
expectType<Tensor<[["inhid", 7]], "float32">>(r0.rt);
expectType<Tensor<[["seqlen", 5]], "float32">>(r0.at);

const r1 = attend(params, zeros([["sample", 4], ["seqlen", 5], ["inhid", 7]]).mask("sample"), zeros([["sample", 4], ["inhid", 7]]).mask("sample"));
expectType<Tensor<[["sample", 4, "masked"], ["inhid", 7]], "float32">>(r1.rt);
expectType<Tensor<[["sample", 4, "masked"], ["seqlen", 5]], "float32">>(r1.at);

const Y2 = zeros([["batch", 3], ["beam", 2], ["seqlen", 5], ["inhid", 7]]).mask("batch", "beam");
const h2 = zeros([["batch", 3], ["beam", 2], ["inhid", 7]]).mask("batch", "beam");
const r2 = attend(params, Y2, h2);
expectType<Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["inhid", 7]], "float32">>(r2.rt);
expectType<Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["seqlen", 5]], "float32">>(r2.at);

const Y3 = zeros([["device", 2], ["batch", 3], ["beam", 4], ["seqlen", 6], ["inhid", 7]]).mask("device", "batch", "beam");
const h3 = zeros([["device", 2], ["batch", 3], ["beam", 4], ["inhid", 7]]).mask("device", "batch", "beam");
const r3 = attend(params, Y3, h3);
expectType<Tensor<[["device", 2, "masked"], ["batch", 3, "masked"], ["beam", 4, "masked"], ["inhid", 7]], "float32">>(r3.rt);
expectType<Tensor<[["device", 2, "masked"], ["batch", 3, "masked"], ["beam", 4, "masked"], ["seqlen", 6]], "float32">>(r3.at);

expectType<Tensor<[["feat", number]], "float32">>(center(zeros([["feat", 8]])));
expectType<Tensor<[["batch", 3, "masked"], ["feat", number]], "float32">>(center(zeros([["batch", 3], ["feat", 8]]).mask("batch")));
expectType<Tensor<[["a", 1, "masked"], ["b", 2, "masked"], ["feat", number]], "float32">>(center(zeros([["a", 1], ["b", 2], ["feat", 8]]).mask("a", "b")));

// ---- what must not compile --------------------------------------------------------------------------------------------
expectError(attend(params, zeros([["batch", 3], ["seqlen", 5], ["inhid", 7]]), zeros([["batch", 3], ["inhid", 7]]))); // batch not private
expectError(attend(params, Y2, zeros([["batch", 3], ["beam", 2], ["inhid", 8]]).mask("batch", "beam"))); // inhid 8, parameters 7
expectError(attend(params, Y2, zeros([["beam", 2], ["inhid", 7]]).mask("beam"))); // private dims differ
expectError(attend(params, Y2, zeros([["beam", 2], ["batch", 3], ["inhid", 7]]).mask("batch", "beam"))); // another order
expectError(attend(params, zeros([["batch", 3], ["beam", 2], ["key", 5], ["inhid", 7]]).mask("batch", "beam"), h2)); // seqlen missing
expectError(center(zeros([["feat", 8], ["batch", 3]]).mask("batch"))); // private dims after the visible ones
expectError(r2.at.sum("beam")); // still private outside
function inside<P extends Shape>(x: Masked<P, [["feat", number]]>): void {
  expectError(x.sum("batch"));
  expectError(x.sum("…"));
  expectType<Tensor<[["…", number, "masked"]], "float32">>(x.sum("feat"));
}
void inside;

// ---- the NN layers keep any private dims -----------------------------------------------------------------------------
const x2 = randn([["batch", 3], ["beam", 2], ["seq", 4], ["hidden", 8]], { seed: 1 }).mask("batch", "beam");
const W = randn([["hidden", 8], ["out", 5]], { seed: 2 });
expectType<Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["seq", 4], ["out", 5]], "float32">>(linear(x2, "hidden", W, zeros([["out", 5]])));
expectType<Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["seq", 4], ["hidden", 8]], "float32">>(layerNorm(x2, "hidden"));
expectType<Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["seq", 4], ["hidden", 8]], "float32">>(dropout(x2, 0.1, 1));
const keys = randn([["batch", 3], ["beam", 2], ["key", 4], ["hidden", 8]], { seed: 3 }).mask("batch", "beam");
expectType<Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["seq", 4], ["hidden", 8]], "float32">>(
  attention(x2, keys, keys, { hidden: "hidden", heads: 2, query: "seq", key: "key" }),
);
const ids = zeros([["batch", 3], ["beam", 2], ["seq", 4]], { dtype: "int32" }).mask("batch", "beam");
expectType<Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"], ["seq", 4], ["hidden", 8]], "float32">>(embedding(ids, randn([["vocab", 10], ["hidden", 8]], { seed: 4 }), "vocab"));
const logits = randn([["batch", 3], ["beam", 2], ["seq", 4], ["vocab", 10]], { seed: 5 }).mask("batch", "beam");
expectType<Tensor<[["batch", 3, "masked"], ["beam", 2, "masked"]], "float32">>(crossEntropy(logits, ids, "vocab"));
expectError(layerNorm(x2, "beam"));
expectError(linear(x2, "batch", W));

// ---- one DType: the graph re-exports the public one (src/types/dims.ts) ----------------------------------------
declare const graphDType: GraphDType;
declare const publicDType: DType;
expectType<DType>(graphDType);
expectType<GraphDType>(publicDType);
