// Arguments of the layers and optimizers from JavaScript or through `any`: each mistake is a ShapeError (the
// library's error class) with a sentence naming the function, the argument and what was passed — never a raw
// engine error, never silent acceptance. One table: the call, then the words of the sentence.
import { describe, expect, it } from "vitest";
import { ShapeError, adam, attention, crossEntropy, dropout, embedding, layerNorm, linear, linearParams, randn, sgd, tensor, variable, zeros } from "../../src/index.js";

const js: any = { adam, attention, crossEntropy, dropout, embedding, layerNorm, linear, linearParams, sgd };

const x = randn([["batch", 2], ["inhid", 3]], { seed: 1 });
const q = randn([["seq", 2], ["hidden", 4]], { seed: 2 });
const k = randn([["key", 2], ["hidden", 4]], { seed: 3 });
const W = randn([["inhid", 3], ["outhid", 2]], { seed: 4 });
const ids = zeros([["seq", 2]], { dtype: "int32" });

/** A variable that is disposed before the step. */
function disposedVariable() {
  const v = variable(randn([["w", 3]], { seed: 5 }));
  v.dispose();
  return v;
}

const cases: [string, () => unknown, string][] = [
  // optimizers: options
  ["sgd()", () => js.sgd(), "sgd needs its options { lr }, not undefined"],
  ["sgd({})", () => js.sgd({}), "sgd needs its options { lr }, not an object"],
  ['sgd({ lr: "x" })', () => js.sgd({ lr: "x" }), 'sgd option lr must be a positive number, not "x"'],
  ["sgd({ lr: -0.1 })", () => js.sgd({ lr: -0.1 }), "sgd option lr must be a positive number, not -0.1 (number)"],
  ["sgd({ lr: 0.1, momentum: NaN })", () => js.sgd({ lr: 0.1, momentum: NaN }), "sgd option momentum must be a non-negative number, not NaN (number)"],
  ["sgd({ lr: 0.1, nesterov: 1 })", () => js.sgd({ lr: 0.1, nesterov: 1 }), "sgd option nesterov must be true or false, not 1 (number)"],
  ["sgd({ lr: 0.1, decay: 0.1 })", () => js.sgd({ lr: 0.1, decay: 0.1 }), "sgd has no option decay (its options: lr, momentum, nesterov, weightDecay)"],
  ["adam({ beta1: 2 })", () => js.adam({ beta1: 2 }), "adam option beta1 must be a number in [0, 1), not 2 (number)"],
  ["adam({ beta2: 1 })", () => js.adam({ beta2: 1 }), "adam option beta2 must be a number in [0, 1), not 1 (number)"],
  ['adam({ lr: "fast" })', () => js.adam({ lr: "fast" }), 'adam option lr must be a positive number, not "fast"'],
  ["adam({ beta: 0.9 })", () => js.adam({ beta: 0.9 }), "adam has no option beta (its options: lr, beta1, beta2, eps, weightDecay)"],
  ["adam(null)", () => js.adam(null), "adam needs its options as an object, not null"],
  // optimizers: steps
  ["adam().step(5)", () => js.adam().step(5), "an optimizer step needs a function that builds the loss, not 5 (number)"],
  ["sgd({ lr: 0.1 }).step()", () => js.sgd({ lr: 0.1 }).step(), "an optimizer step needs a function that builds the loss, not undefined"],
  [
    "a step whose loss reads no variable",
    () => sgd({ lr: 0.1 }).step(() => tensor([1, 2], [["i", 2]]).mul(2).sum("i")),
    "the loss reads no trainable variable, so the step would change nothing: build it from variable(...) tensors",
  ],
  [
    "a step on a disposed variable",
    () => {
      const v = disposedVariable();
      return adam().step(() => v.mul(v).sum("w"), [v]);
    },
    "the variable { w: 3 } was disposed: an optimizer cannot update it",
  ],
  [
    "update of a disposed variable",
    () => {
      const v = disposedVariable();
      adam().update(v, zeros([["w", 3]]));
    },
    "the variable { w: 3 } was disposed: an optimizer cannot update it",
  ],
  [
    "update of an int32 variable",
    () => {
      const v = variable(zeros([["w", 3]], { dtype: "int32" }));
      sgd({ lr: 0.1 }).update(v, zeros([["w", 3]], { dtype: "int32" }));
    },
    "an optimizer needs a float32 tensor as the variable, not int32",
  ],
  ["update of a plain tensor", () => sgd({ lr: 0.1 }).update(x as any, x), "an optimizer updates variables (made with variable(...)), not a Tensor"],
  // layers
  ["attention(q, k, v) without options", () => js.attention(q, k, k), "attention needs its options { hidden, heads, query, key }, not undefined"],
  ["attention with heads 0", () => js.attention(q, k, k, { hidden: "hidden", heads: 0, query: "seq", key: "key" }), "attention option heads must be a positive integer, not 0 (number)"],
  ["attention without a key name", () => js.attention(q, k, k, { hidden: "hidden", heads: 2, query: "seq" }), "attention option key must be the name of a dimension, not undefined"],
  ["attention with an array as keys", () => js.attention(q, [1, 2], k, { hidden: "hidden", heads: 2, query: "seq", key: "key" }), "attention needs a tensor as the keys, not an array"],
  ["attention with int32 values", () => js.attention(q, k, zeros([["key", 2], ["hidden", 4]], { dtype: "int32" }), { hidden: "hidden", heads: 2, query: "seq", key: "key" }), "attention needs a float32 tensor as the values, not int32"],
  ["attention with values over another key size", () => js.attention(q, k, randn([["key", 3], ["hidden", 4]], { seed: 4 }), { hidden: "hidden", heads: 2, query: "seq", key: "key" }), 'dimension "key" is 2 in the left operand but 3 in the right'],
  ['linear(x, "inhid", "W")', () => js.linear(x, "inhid", "W"), 'linear needs a tensor as the weight, not "W"'],
  ['linear(x, "inhid", W, 1)', () => js.linear(x, "inhid", W, 1), "linear needs a tensor as the bias, not 1 (number)"],
  ["linearParams(7, ...)", () => js.linearParams(7, ["out", 2], { seed: 0 }), "linearParams option input must be a dimension [name, size], not 7 (number)"],
  ['layerNorm(5, "x")', () => js.layerNorm(5, "x"), "layerNorm needs a tensor as x, not 5 (number)"],
  ["layerNorm with gamma {}", () => js.layerNorm(x, "inhid", {}), "layerNorm needs a tensor as gamma, not an object"],
  ["dropout(x, 1.5, 0)", () => js.dropout(x, 1.5, 0), "dropout option p must be a number in [0, 1), not 1.5 (number)"],
  ['dropout(x, "0.1", 0)', () => js.dropout(x, "0.1", 0), 'dropout option p must be a number in [0, 1), not "0.1"'],
  ["dropout(undefined, 0.1, 0)", () => js.dropout(undefined, 0.1, 0), "dropout needs a tensor as x, not undefined"],
  ['embedding(ids, {}, "vocab")', () => js.embedding(ids, {}, "vocab"), "embedding needs a tensor as the table, not an object"],
  ['embedding([0, 1], table, "vocab")', () => js.embedding([0, 1], W, "inhid"), "embedding needs a tensor as the ids, not an array"],
  ['crossEntropy(logits, [1, 2], "outhid")', () => js.crossEntropy(x, [1, 2], "inhid"), "crossEntropy needs a tensor as the labels, not an array"],
  ['crossEntropy(ids, ids, "seq")', () => js.crossEntropy(ids, ids, "seq"), "crossEntropy needs a float32 tensor as the logits, not int32"],
];

describe("arguments from JavaScript: a ShapeError with a sentence", () => {
  it.each(cases)("%s", async (_, call, sentence) => {
    let thrown: unknown;
    try {
      await call(); // a step is async: its mistakes reject the promise
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ShapeError);
    expect((thrown as Error).message).toBe(sentence);
  });
});
