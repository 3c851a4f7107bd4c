// The differentiation API and tensor kinds: grad/valueAndGrad over arguments, objects and arrays of tensors,
// the gradients of the variables a loss reads, variablesOf, assign/feed with their sentences, placeholders,
// persistent state, constants, customGradient, and that a gradient is an ordinary lazy graph.
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/backend/cpu/reference.js";
import {
  constant,
  customGradient,
  grad,
  kindOf,
  materializeAll,
  persistent,
  placeholder,
  randn,
  tensor,
  valueAndGrad,
  variable,
  variablesOf,
  zeros,
} from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { gradcheck, input, loose, scalarize } from "../helpers/gradcheck.js";
import { expectClose } from "../helpers/naive.js";
import { expectSentence } from "../helpers/sentences.js";

const f64 = (t: unknown): Float64Array => evaluate((t as AnyTensor).node);
describe("grad and valueAndGrad", () => {
  it("differentiate objects and arrays of tensors, giving the same structure", async () => {
    const params = { w: input([["i", 3], ["o", 2]]), layers: [input([["o", 2]])] };
    const x = input([["n", 4], ["i", 3]]);
    const loss = (p: typeof params, scale: number) => loose(x).dot("i", p.w).add(p.layers[0]).tanh().sum(["n", "o"]).mul(scale);
    const [g] = loose(grad(loose(loss))(params, 2));
    expect(g.w.dims).toEqual(["i", "o"]);
    expect(g.layers[0].dims).toEqual(["o"]);
    // The same numbers as the positional form, which is checked against finite differences.
    const positional = (w: AnyTensor, b: AnyTensor, xs: AnyTensor) => loose(xs).dot("i", w).add(b).tanh().sum(["n", "o"]).mul(2);
    const [gw, gb] = await gradcheck(positional, [params.w, params.layers[0]!, x], { only: [0, 1] });
    expectClose(f64(g.w), gw!);
    expectClose(f64(g.layers[0]), gb!);
    expect(grad(loose(loss))(params, 2)[1]).toBeUndefined();
  });

  it("valueAndGrad gives the value with the gradients, lazily", async () => {
    const x = input([["a", 5]]);
    const { value, grads } = loose(valueAndGrad((t: any) => t.mul(t).sum("a")))(x);
    expect(value.isMaterialized).toBe(false);
    expect(grads[0].isMaterialized).toBe(false);
    const xv = f64(x);
    expect(value.item()).toBeCloseTo(xv.reduce((s, v) => s + v * v, 0), 4);
    expectClose(grads[0].dataSync(), xv.map((v) => 2 * v));
  });

  it("rejects a function that does not return a float32 scalar", async () => {
    const x = input([["a", 5]]);
    expectSentence(() => grad(loose((t: any) => t.mul(2)))(x), "the function to differentiate must return a float32 scalar (no dimensions), not { a: 5 } float32");
    expectSentence(() => grad(loose((t: any) => t.sum("a").cast("int32")))(x), "the function to differentiate must return a float32 scalar (no dimensions), not {} int32");
  });

  it("a gradient is an ordinary lazy graph: it can be differentiated again", async () => {
    const x = input([["a", 4]]);
    const first = (t: any) => (grad((u: any) => u.mul(u).mul(u).sum("a"))(t) as AnyTensor[])[0]!;
    const [g2] = grad((t: any) => loose(first(t)).mul(input([["a", 4]]).add(1)).sum("a"))(x) as AnyTensor[];
    expect(g2!.dims).toEqual(["a"]);
    await gradcheck((t) => scalarize(first(t)), [x]);
  });
});

describe("tensor kinds", () => {
  it("variables are trainable: valueAndGrad(() => loss) gives the gradient of each one it reads", async () => {
    const W = variable(randn([["i", 3], ["o", 2]], { seed: 1 }));
    const b = variable(zeros([["o", 2]]));
    const unused = variable(zeros([["z", 2]]));
    const x = input([["n", 4], ["i", 3]]);
    const loss = () => loose(x).dot("i", W).add(b).tanh().sum(["n", "o"]);
    expect(variablesOf(loss())).toEqual([W, b]);
    const { value, variables } = valueAndGrad(loss)();
    expect(variables.variables).toEqual([W, b]);
    const [gw, gb] = await gradcheck((w, bb, xs) => loose(xs).dot("i", w).add(bb).tanh().sum(["n", "o"]), [loose(W), loose(b), x], { only: [0, 1] });
    expectClose(f64(variables.get(W)), gw!);
    expectClose(f64(variables.get(b)), gb!);
    expect([...variables.get(unused).dataSync()]).toEqual([0, 0]);
    expect(value.dims).toEqual([]);
    expect(kindOf(W)).toBe("variable");
    expect(W.kind).toBe("variable");
  });

  it("assign replaces a variable's value under the same graph node; a wrong shape is a sentence", async () => {
    const v = variable(tensor([1, 2, 3], [["a", 3]]));
    const node = loose(v).node;
    const lazyRead = loose(v).mul(2);
    v.assign(loose(v).add(10));
    expect([...v.dataSync()]).toEqual([11, 12, 13]);
    expect(loose(v).node).toBe(node);
    expect([...lazyRead.dataSync()]).toEqual([22, 24, 26]);
    expectSentence(() => v.assign(loose(tensor([1, 2], [["a", 2]]))), "the new value must have the dimensions and dtype { a: 3 } float32, not { a: 2 } float32");
    expectSentence(() => v.assign(loose(tensor([1, 2, 3], [["b", 3]]))), "the new value must have the dimensions and dtype { a: 3 } float32, not { b: 3 } float32");
    expectSentence(
      () => v.assign(loose(tensor([1, 2, 3], [["a", 3]], { dtype: "int32" }))),
      "the new value must have the dimensions and dtype { a: 3 } float32, not { a: 3 } int32",
    );
  });

  it("persistent state keeps its value across steps and is not trained", async () => {
    const count = persistent(zeros([]));
    const W = variable(tensor([1, 2], [["a", 2]]));
    for (let i = 0; i < 3; i++) count.assign(count.add(1));
    expect(count.item()).toBe(3);
    expect(kindOf(count)).toBe("persistent");
    expect(variablesOf(loose(W).mul(count).sum("a"))).toEqual([W]);
  });

  it("placeholders are typed inputs fed at run time; reading one unfed is an error", async () => {
    const ids = placeholder([["batch", 2], ["seq", 3]], "int32");
    expect(ids.dtype).toBe("int32");
    const doubled = loose(ids).mul(2);
    await expect(materializeAll([doubled])).rejects.toThrow("a placeholder { batch: 2, seq: 3 } int32 is read before it was fed: call feed(value) first");
    ids.feed(tensor([[1, 2, 3], [4, 5, 6]], ["batch", "seq"], { dtype: "int32" }));
    await materializeAll([doubled]);
    expect([...doubled.dataSync()]).toEqual([2, 4, 6, 8, 10, 12]);
    expectSentence(() => ids.feed(loose(tensor([[1, 2, 3]], ["batch", "seq"], { dtype: "int32" }))), "the new value must have the dimensions and dtype { batch: 2, seq: 3 } int32, not { batch: 1, seq: 3 } int32");
    expect(kindOf(ids)).toBe("placeholder");
  });

  it("constants are immutable values: numbers become 0-d fills, tensors are computed once", async () => {
    const c = constant(0.5);
    expect(loose(c).node.op).toEqual({ kind: "fill", value: 0.5 });
    const t = constant(loose(tensor([1, 2], [["a", 2]])).mul(3));
    expect(t.isMaterialized).toBe(true);
    expect([...t.dataSync()]).toEqual([3, 6]);
    expect(kindOf(t)).toBe("constant");
    expect(variablesOf(loose(t).mul(2))).toEqual([]);
  });
});

describe("customGradient", () => {
  it("replaces how autodiff differentiates a value", async () => {
    const x = input([["a", 4]]);
    // A straight-through estimator: round forward, identity backward.
    const ste = (t: any) => customGradient(t.round(), [t], (g) => [g]);
    const [g] = grad((t: any) => loose(ste(t)).mul(input([["a", 4]]).mul(0).add(3)).sum("a"))(x) as AnyTensor[];
    expect([...f64(g)]).toEqual([3, 3, 3, 3]);
    expect([...f64(ste(x))]).toEqual([...f64(x)].map((v) => Math.round(v)));
  });
});
