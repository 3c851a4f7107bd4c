// Gradients of the elementwise primitives (unary, binary, where, cast) against float64 central differences on
// fresh random inputs: broadcasting by name in both orders, private (masked) dims passing through, no
// gradient into int32/bool values, and the documented tie rule of maximum/minimum.
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { grad, tensor, where } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { gradcheck, input, loose, scalarize } from "../helpers/gradcheck.js";
import { type Layout, expectClose } from "../helpers/naive.js";
import { randomBools, randomInts } from "../helpers/random.js";

const la: Layout = [["a", 3], ["b", 4]];

describe("unary gradients", () => {
  const cases: [string, (x: any) => any, number, number][] = [
    ["neg", (x) => x.neg(), -2, 2],
    ["abs", (x) => x.abs(), -2, 2],
    ["exp", (x) => x.exp(), -2, 2],
    ["log", (x) => x.log(), 0.2, 3],
    ["sqrt", (x) => x.sqrt(), 0.2, 3],
    ["rsqrt", (x) => x.rsqrt(), 0.2, 3],
    ["tanh", (x) => x.tanh(), -2, 2],
    ["sigmoid", (x) => x.sigmoid(), -3, 3],
    ["sin", (x) => x.sin(), -3, 3],
    ["cos", (x) => x.cos(), -3, 3],
    ["erf", (x) => x.erf(), -2, 2],
    ["gelu", (x) => x.gelu(), -3, 3],
    ["relu", (x) => x.relu(), -2, 2],
    ["clamp", (x) => x.clamp(-0.7, 0.9), -2, 2],
    ["reciprocal (1 / x)", (x) => x.pow(-1), 0.3, 2],
    ["x ** 3 (negative base)", (x) => x.pow(3), -2, 2],
  ];
  for (const [name, f, lo, hi] of cases) {
    it(name, async () => {
      await gradcheck((x) => scalarize(f(x)), [input(la, lo, hi)]);
    });
  }

  it("piecewise-constant functions (sign, floor, ceil, round) pass no gradient", async () => {
    for (const f of [(x: any) => x.sign(), (x: any) => x.floor(), (x: any) => x.ceil(), (x: any) => x.round()]) {
      const [g] = await gradcheck((x) => scalarize(loose(f(x)).add(x.mul(0))), [input(la)]);
      expect([...g!].every((v) => v === 0)).toBe(true);
    }
  });
});

describe("binary gradients broadcast by name", () => {
  const lx: Layout = [["a", 3], ["b", 4]];
  const ly: Layout = [["c", 2], ["b", 4]];
  const ops: [string, (x: any, y: any) => any, number, number][] = [
    ["add", (x, y) => x.add(y), -2, 2],
    ["sub", (x, y) => x.sub(y), -2, 2],
    ["mul", (x, y) => x.mul(y), -2, 2],
    ["div", (x, y) => x.div(y), 0.5, 2],
    ["pow", (x, y) => x.pow(y), 0.5, 2],
    ["maximum", (x, y) => x.maximum(y), -2, 2],
    ["minimum", (x, y) => x.minimum(y), -2, 2],
  ];
  for (const [name, f, lo, hi] of ops) {
    it(`${name}: each operand's gradient is summed over the other's dims`, async () => {
      await gradcheck((x, y) => scalarize(f(x, y)), [input(lx, lo, hi), input(ly, lo, hi)]);
      await gradcheck((x, y) => scalarize(f(y, x)), [input(lx, lo, hi), input(ly, lo, hi)]);
    });
  }

  it("a scalar operand and a 0-d tensor operand", async () => {
    await gradcheck((x, s) => scalarize(x.mul(s).add(3)), [input(lx), input([])]);
  });

  it("maximum/minimum split g evenly on ties", async () => {
    const x = input(lx);
    const [gx, gy] = grad((a: any, b: any) => scalarize(a.maximum(b)))(x, x.add(0)) as AnyTensor[];
    const [gx2] = grad((a: any) => scalarize(a))(x) as AnyTensor[];
    expectClose(evaluate(gx!.node), evaluate(gx2!.node).map((v) => v / 2));
    expectClose(evaluate(gy!.node), evaluate(gx2!.node).map((v) => v / 2));
  });

  it("the same tensor passed twice gets one gradient per argument (partial derivatives)", async () => {
    const x = input(lx);
    const [g1, g2] = grad((a: any, b: any) => scalarize(a.mul(b)))(x, x) as AnyTensor[];
    expectClose(evaluate(g1!.node), evaluate(g2!.node));
    await gradcheck((a, b) => scalarize(a.mul(b)), [x, x]);
  });
});

describe("where, maskedFill and cast", () => {
  const lc: Layout = [["b", 4], ["a", 3]];
  it("where routes g to the chosen operand; the condition gets none", async () => {
    const cond = loose(tensor(randomBools(12), lc, { dtype: "bool" }));
    await gradcheck((x, y, c) => scalarize(where(c, x, y)), [input(la), input([["b", 4]]), cond]);
    await gradcheck((x, c) => scalarize(x.maskedFill(c, 5)), [input(la), cond]);
  });

  it("int32 and bool inputs get zero gradients of their own dtype; float casts pass g", async () => {
    const k = loose(tensor(randomInts(4, -3, 4), [["b", 4]], { dtype: "int32" }));
    const m = loose(tensor(randomBools(4), [["b", 4]], { dtype: "bool" }));
    await gradcheck((x, i, b) => scalarize(x.mul(i.cast("float32")).add(b.cast("float32"))), [input(la), k, m]);
    const [g] = await gradcheck((x) => scalarize(x.cast("int32").cast("float32").add(x.mul(0))), [input(la)]);
    expect([...g!].every((v) => v === 0)).toBe(true);
  });
});

describe("private (masked) dims pass through untouched", () => {
  it("a function of { b } applied to a tensor with a hidden batch dim", async () => {
    const body = (x: any, w: any) => x.mul(w).tanh();
    const x = loose(input([["batch", 2], ["b", 4]])).mask("batch");
    const [gx] = await gradcheck((x, w) => scalarize(body(x, w)), [x, input([["b", 4]])]);
    expect(gx!.length).toBe(8);
  });
});
