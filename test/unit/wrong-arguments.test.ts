// Public entry points called from JavaScript (or through `any`) with arguments of the wrong kind: each is the
// library's error class with a sentence naming the function and what it got — never an engine error such as
// "Cannot read properties of undefined". (The layers, the optimizers and the file formats have tables of their
// own: test/unit/nn-arguments.test.ts, test/unit/io-formats.test.ts.)
import { describe, expect, it } from "vitest";
import { expectError } from "../helpers/sentences.js";
import { ArgumentError, NamedTensorError, concat, explain, grad, keep, persistent, placeholder, scope, setDevice, tensor, toNpy, valueAndGrad, variable } from "../../src/index.js";

const t = tensor([1, 2], ["a"]);
const cases: [string, () => unknown, string][] = [
  ["concat with a number in its list", () => concat([t, 5] as never, "a"), "concat takes a tensor at position 1 of its list, not the number 5"],
  ["concat of a non-list", () => concat(t as never, "a"), "concat takes a list of tensors, not a Tensor"],
  ["variable(5)", () => variable(5 as never), "variable takes a tensor (its initial value), not the number 5"],
  ["persistent(null)", () => persistent(null as never), "persistent takes a tensor (its initial value), not null"],
  ["grad(5)", () => grad(5 as never), "grad takes a function returning a scalar tensor, not the number 5"],
  ["valueAndGrad(null)", () => valueAndGrad(null as never), "valueAndGrad takes a function returning a scalar tensor, not null"],
  ["explain(5)", () => explain(5 as never), "explain takes a tensor, not the number 5"],
  ['placeholder(shape, "float64")', () => placeholder([["a", 2]], "float64" as never), 'placeholder takes a dtype "float32", "int32" or "bool", not the string "float64"'],
  ["scope(5)", () => scope(5 as never), "scope takes a function, not the number 5"],
  ["keep({})", () => keep({} as never), "keep takes a tensor, not an Object"],
  ["setDevice(5)", () => setDevice(5 as never), 'setDevice takes a device name ("cpu", "webgpu") or a device, not the number 5'],
  ["toNpy(5)", () => toNpy(5 as never), "toNpy takes a tensor, not the number 5"],
];

describe("wrong arguments from JavaScript", () => {
  for (const [what, call, sentence] of cases) {
    it(`${what}: an ArgumentError (a NamedTensorError) with its sentence`, async () => {
      expect(ArgumentError.prototype).toBeInstanceOf(NamedTensorError);
      await expectError(call, ArgumentError, sentence);
    });
  }
});
