// Error texts (checked by scripts/check-type-errors.mjs under TS 6 and TS 7): differentiation, tensor kinds,
// optimizers and the NN helpers. A function to differentiate must return a float32 scalar; an update
// (assign, feed, an optimizer's gradient) must have exactly the target's dims and dtype; NN helpers check
// their dims by name.
import { adam, attention, crossEntropy, embedding, grad, layerNorm, linear, placeholder, randn, valueAndGrad, variable, zeros } from "../../src/index.js";

const W = variable(randn([["inhid", 7], ["outhid", 5]], { seed: 0 }));
const b = variable(zeros([["outhid", 5]]));
const x = randn([["batch", 3], ["inhid", 7]], { seed: 1 });

// ---- the differentiated function must return a float32 scalar -----------------------------------------------
// @error: the function to differentiate must return a float32 scalar (no dimensions), not { batch: 3, outhid: 5 } float32
grad((w: typeof W) => x.dot("inhid", w));
// @error: the function to differentiate must return a float32 scalar (no dimensions), not {} int32
valueAndGrad(() => x.sum(["batch", "inhid"]).cast("int32"));
// @error: the function to differentiate must return a float32 scalar (no dimensions), not { batch (private): 3 } float32
grad(() => x.mask("batch").sum("inhid"));

// ---- an update must have the target's dims and dtype ----------------------------------------------------------
// @error: the new value must have the dimensions and dtype { inhid: 7, outhid: 5 } float32, not { outhid: 5, inhid: 7 } float32
W.assign(W.transpose("outhid", "inhid"));
// @error: the new value must have the dimensions and dtype { inhid: 7, outhid: 5 } float32, not { inhid: 7, outhid: 4 } float32
W.assign(zeros([["inhid", 7], ["outhid", 4]]));
// @error: the new value must have the dimensions and dtype { outhid: 5 } float32, not { outhid: 5 } int32
b.assign(zeros([["outhid", 5]], { dtype: "int32" }));
const ids = placeholder([["batch", 3], ["seq", 4]], "int32");
// @error: the new value must have the dimensions and dtype { batch: 3, seq: 4 } int32, not { batch: 3, seq: 4 } float32
ids.feed(zeros([["batch", 3], ["seq", 4]]));
const opt = adam({ lr: 0.01 });
const { variables } = valueAndGrad(() => x.dot("inhid", W).add(b).sum(["batch", "outhid"]))();
// @error: the new value must have the dimensions and dtype { inhid: 7, outhid: 5 } float32, not { outhid: 5 } float32
opt.update(W, variables.get(b));
// @error: the function to differentiate must return a float32 scalar (no dimensions), not { batch: 3, outhid: 5 } float32
void opt.step(() => x.dot("inhid", W));
// @error: the function to differentiate must return a float32 scalar (no dimensions), not {} int32
void opt.step(() => x.dot("inhid", W).sum(["batch", "outhid"]).cast("int32"), [W]);

// ---- NN helpers check names and sizes ----------------------------------------------------------------------------
// @error: cannot contract "hidden": it is not a dimension of the left operand { batch: 3, inhid: 7 }
linear(x, "hidden", W);
// @error: dimension "outhid" is 5 in the left operand but 6 in the right
linear(x, "inhid", W, zeros([["outhid", 6]]));
// @error: "feat" is not a dimension of { batch: 3, inhid: 7 }
layerNorm(x, "feat");
// @error: dimension "inhid" is 7 in the left operand but 8 in the right
layerNorm(x, "inhid", zeros([["inhid", 8]]));
// @error: "vocab" is not a dimension of { vocab_: 10, embed: 4 }
embedding(ids, zeros([["vocab_", 10], ["embed", 4]]), "vocab");
// @error: the index must be int32, not float32
embedding(zeros([["batch", 3]]), zeros([["vocab", 10], ["embed", 4]]), "vocab");
const logits = randn([["batch", 3], ["seq", 4], ["vocab", 10]], { seed: 2 });
// @error: the labels must have the dimensions of the logits other than "vocab", { batch: 3, seq: 4 }, not { batch: 3 }
crossEntropy(logits, zeros([["batch", 3]], { dtype: "int32" }), "vocab");
// @error: the labels must be int32, not float32
crossEntropy(logits, zeros([["seq", 4], ["batch", 3]]), "vocab");
const q = randn([["batch", 2], ["seq", 5], ["hidden", 8]], { seed: 3 });
const k = randn([["batch", 2], ["key", 5], ["hidden", 8]], { seed: 4 });
// @error: the keys must have the dimensions { batch: 2, hidden: 8 } of the queries and "key", not { key: 5, hidden: 8 }
attention(q, zeros([["key", 5], ["hidden", 8]]), k, { hidden: "hidden", heads: 2, query: "seq", key: "key" });
// @error: cannot split "hidden" (8) into pieces of 3
attention(q, k, k, { hidden: "hidden", heads: 3, query: "seq", key: "key" });
// @error: dimension "key" is 5 in the left operand but 6 in the right
attention(q, k, zeros([["batch", 2], ["key", 6], ["hidden", 8]]), { hidden: "hidden", heads: 2, query: "seq", key: "key" });
// @error: attention option heads must be a positive integer, not 0 (number)
attention(q, k, k, { hidden: "hidden", heads: 0, query: "seq", key: "key" });
// @error: attention option heads must be a positive integer, not 1.5 (number)
attention(q, k, k, { hidden: "hidden", heads: 1.5, query: "seq", key: "key" });
// @error: the same sequence name as the queries
attention(q, q, q, { hidden: "hidden", heads: 2, query: "seq", key: "seq" });
// @error: "nope" is not a dimension of { batch: 2, seq: 5, hidden: 8 }
attention(q, k, k, { hidden: "nope", heads: 2, query: "seq", key: "key" });
