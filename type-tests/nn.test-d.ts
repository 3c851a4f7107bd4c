// Type tests (tsd, against dist/*.d.ts): NN helpers. linear contracts a named input dim; layerNorm and dropout
// keep the type; embedding replaces the vocab dim by the ids' dims; crossEntropy gives a scalar (keeping
// private dims); attention gives the queries' type. A wrong dim or size is a compile error.
import { expectError, expectType } from "tsd";
import {
  type Tensor,
  type Variable,
  attention,
  crossEntropy,
  dropout,
  embedding,
  layerNorm,
  linear,
  linearParams,
  randn,
  zeros,
} from "../dist/index.js";

const x = randn([["batch", 3], ["inhid", 7]], { seed: 1 });
const { weight, bias } = linearParams(["inhid", 7], ["outhid", 5], { seed: 0 });
expectType<Variable<[["inhid", 7], ["outhid", 5]], "float32">>(weight);
expectType<Variable<[["outhid", 5]], "float32">>(bias);

// ---- linear --------------------------------------------------------------------------------------------------------
expectType<Tensor<[["batch", 3], ["outhid", 5]], "float32">>(linear(x, "inhid", weight, bias));
expectType<Tensor<[["batch", 3], ["outhid", 5]], "float32">>(linear(x, "inhid", weight));
expectError(linear(x, "outhid", weight));
expectError(linear(x, "inhid", weight, zeros([["outhid", 4]])));
expectError(linear(x, "inhid", weight, zeros([["other", 5]])));
expectError(linear(x, "inhid", zeros([["inhid", 6], ["outhid", 5]])));

// ---- layerNorm, dropout ----------------------------------------------------------------------------------------------
const h = randn([["batch", 3], ["seq", 4], ["hidden", 8]], { seed: 2 });
expectType<Tensor<[["batch", 3], ["seq", 4], ["hidden", 8]], "float32">>(layerNorm(h, "hidden", zeros([["hidden", 8]]), zeros([["hidden", 8]])));
expectType<Tensor<[["batch", 3], ["seq", 4], ["hidden", 8]], "float32">>(layerNorm(h, "seq"));
expectType<Tensor<[["batch", 3], ["seq", 4], ["hidden", 8]], "float32">>(dropout(h, 0.1, 7));
expectError(layerNorm(h, "hiden"));
expectError(layerNorm(h, "hidden", zeros([["hidden", 9]])));
expectError(layerNorm(h, "hidden", zeros([["hidden", 8]]), zeros([["width", 8]])));

// ---- embedding ------------------------------------------------------------------------------------------------------
const ids = zeros([["batch", 3], ["seq", 4]], { dtype: "int32" });
const table = randn([["vocab", 28], ["hidden", 8]], { seed: 3 });
expectType<Tensor<[["batch", 3], ["seq", 4], ["hidden", 8]], "float32">>(embedding(ids, table, "vocab"));
expectError(embedding(ids, table, "vocabulary"));
expectError(embedding(zeros([["batch", 3], ["seq", 4]]), table, "vocab"));

// ---- crossEntropy ---------------------------------------------------------------------------------------------------
const logits = randn([["batch", 3], ["seq", 4], ["vocab", 28]], { seed: 4 });
expectType<Tensor<[], "float32">>(crossEntropy(logits, ids, "vocab"));
expectType<Tensor<[], "float32">>(crossEntropy(logits, zeros([["seq", 4], ["batch", 3]], { dtype: "int32" }), "vocab"));
expectType<Tensor<[["batch", 3, "masked"]], "float32">>(crossEntropy(logits.mask("batch"), ids.mask("batch"), "vocab"));
expectError(crossEntropy(logits, zeros([["batch", 3]], { dtype: "int32" }), "vocab"));
expectError(crossEntropy(logits, zeros([["batch", 3], ["seq", 5]], { dtype: "int32" }), "vocab"));
expectError(crossEntropy(logits, zeros([["batch", 3], ["seq", 4]]), "vocab"));
expectError(crossEntropy(logits, ids, "class"));

// ---- attention ------------------------------------------------------------------------------------------------------
const k = randn([["key", 4], ["batch", 3], ["hidden", 8]], { seed: 5 });
const opts = { hidden: "hidden", heads: 2, query: "seq", key: "key", causal: true } as const;
expectType<Tensor<[["batch", 3], ["seq", 4], ["hidden", 8]], "float32">>(attention(h, k, k, opts));
expectType<Tensor<[["batch", 3], ["seq", 4], ["hidden", 8]], "float32">>(attention(h, k, k, { hidden: "hidden", heads: 4, query: "seq", key: "key" }));
expectError(attention(h, zeros([["key", 4], ["hidden", 8]]), k, opts));
expectError(attention(h, k, zeros([["key", 4], ["batch", 3], ["hidden", 6]]), opts));
expectError(attention(h, k, zeros([["key", 5], ["batch", 3], ["hidden", 8]]), opts));
expectError(attention(h, k, k, { hidden: "hidden", heads: 0, query: "seq", key: "key" }));
expectError(attention(h, k, k, { hidden: "hidden", heads: 3, query: "seq", key: "key" }));
expectError(attention(h, k, k, { hidden: "hiden", heads: 2, query: "seq", key: "key" }));
expectError(attention(h, k, k, { hidden: "hidden", heads: 2, query: "sequence", key: "key" }));

// a caller's dim named like attention's inner per-head dims is an ordinary batch-like dim
const hh = randn([["heads", 3], ["seq", 4], ["hidden", 8]], { seed: 9 });
const kh = hh.rename({ seq: "key" });
expectType<Tensor<[["heads", 3], ["seq", 4], ["hidden", 8]], "float32">>(attention(hh, kh, kh, { hidden: "hidden", heads: 2, query: "seq", key: "key" }));
