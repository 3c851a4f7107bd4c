// Type-check budget fixture (scripts/type-budget.mjs): one pre-LN transformer block written as a user would,
// against the package's emitted .d.ts (imported by its own name, with skipLibCheck), never executed. Its
// instantiation count is recorded in limits.json; a 5-block variant with distinct sizes is generated from the
// part between the block markers (constants marked `budget:size` get new values per block).
import { type Tensor, arange, ones, randint, randn, zeros } from "named-tensor";

// budget:block-start
const BATCH = 8; // budget:size
const SEQ = 128; // budget:size
const HIDDEN = 768; // budget:size
const MLP = 3072; // budget:size
const HEADS = 12;
const VOCAB = 50257;
type Activations = Tensor<[["batch", typeof BATCH], ["seq", typeof SEQ], ["hidden", typeof HIDDEN]]>;

// ---- parameters ------------------------------------------------------------------------------------------------
const x: Activations = randn([["batch", BATCH], ["seq", SEQ], ["hidden", HIDDEN]], { seed: 0 });
const ln1 = { gain: ones([["hidden", HIDDEN]]), bias: zeros([["hidden", HIDDEN]]) };
const ln2 = { gain: ones([["hidden", HIDDEN]]), bias: zeros([["hidden", HIDDEN]]) };
const wq = randn([["hidden", HIDDEN], ["out", HIDDEN]], { seed: 1 });
const wk = randn([["hidden", HIDDEN], ["out", HIDDEN]], { seed: 2 });
const wv = randn([["hidden", HIDDEN], ["out", HIDDEN]], { seed: 3 });
const wo = randn([["hidden", HIDDEN], ["out", HIDDEN]], { seed: 4 });
const w1 = randn([["hidden", HIDDEN], ["mlp", MLP]], { seed: 5 });
const b1 = zeros([["mlp", MLP]]);
const w2 = randn([["mlp", MLP], ["out", HIDDEN]], { seed: 6 });
const b2 = zeros([["out", HIDDEN]]);
const wVocab = randn([["hidden", HIDDEN], ["vocab", VOCAB]], { seed: 7 });

// ---- layer norm 1 (8 ops) ---------------------------------------------------------------------------------------
const mu1 = x.mean("hidden");
const xc1 = x.sub(mu1);
const var1 = xc1.mul(xc1).mean("hidden");
const h1 = xc1.mul(var1.add(1e-5).rsqrt()).mul(ln1.gain).add(ln1.bias);

// ---- multi-head attention (22 ops) --------------------------------------------------------------------------------
const q = h1.dot("hidden", wq).split("out", [["heads", HEADS], "dh"]);
const k = h1.dot("hidden", wk).split("out", [["heads", HEADS], "dh"]).rename({ seq: "key" });
const v = h1.dot("hidden", wv).rename({ seq: "key", out: "hidden" }).split("hidden", [["heads", HEADS], "dh"]);
const causal = arange("seq", SEQ).lt(arange("key", SEQ));
const scores = q.dot("dh", k).mul(0.125).maskedFill(causal, -Infinity);
const probs = scores.softmax("key").transpose("batch", "heads", "seq", "key");
const context = probs.dot("key", v).stack({ hidden: ["heads", "dh"] });
const attn = context.transpose("batch", "seq", "hidden").dot("hidden", wo).rename({ out: "hidden" });
const r1 = x.add(attn);

// ---- layer norm 2 (8 ops) ---------------------------------------------------------------------------------------------
const mu2 = r1.mean("hidden");
const xc2 = r1.sub(mu2);
const var2 = xc2.mul(xc2).mean("hidden");
const h2 = xc2.mul(var2.add(1e-5).rsqrt()).mul(ln2.gain).add(ln2.bias);

// ---- MLP with gelu, residual (7 ops) --------------------------------------------------------------------------------
const mlp = h2.dot("hidden", w1).add(b1).gelu().dot("mlp", w2).add(b2).rename({ out: "hidden" });
const y: Activations = r1.add(mlp);

// ---- head, loss and a pooled summary (13 ops) -----------------------------------------------------------------------
const logp = y.dot("hidden", wVocab).logSoftmax("vocab");
const targets = randint([["batch", BATCH], ["seq", SEQ]], 0, VOCAB, { seed: 8 });
const oneHot = arange("vocab", VOCAB, { dtype: "int32" }).eq(targets).cast("float32");
const loss = logp.mul(oneHot).sum("vocab").neg().mean(["batch", "seq"]);
const pooled = y.mask("batch").mean("seq").unmask();
const lossValue: Tensor<[]> = loss;
const summary: Tensor<[["batch", typeof BATCH], ["hidden", typeof HIDDEN]]> = pooled;
// budget:block-end

export { lossValue, summary };
