// Runtime suite for src/ops/contract.ts on every device: `a.dot(names, b)` and `contract(tensors, names)`
// against an einsum-style float64 loop, with batch-like shared names, several contracted names, the essay's
// `im.dot("height", im2)` shapes, the result order of DESIGN §2b rule 2, and the dot = mul + sum property.
import { beforeAll, describe, expect, it } from "vitest";
import { ShapeError, type Shape, type Tensor, contract, tensor } from "../../src/index.js";
import { notADimension, notInOperand, sizeMismatch } from "../../src/types/errors.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, expectClose, expectSame, naiveContract, naiveDot, sizeOf } from "../helpers/naive.js";
import { randomFloats, randomInts } from "../helpers/random.js";

type F = Tensor<Shape, "float32">;
const f = (values: Float32Array, l: Layout): F => tensor(values, l) as unknown as F;
const rand = (l: Layout): Float32Array => randomFloats(sizeOf(l));

// A contraction sums K products of inputs in [-2, 2), each ≤ 4 in size: a float32 device's accumulation error is
// about K·ε·4 (ε = 2^-24), so atol 1e-6·K; the CPU computes in float64 and rounds once.
const dotTol = (k: number): [number, number] => [1e-5, 1e-6 * k];

describe.each(deviceNames)("contraction on %s", (device) => {
  beforeAll(() => useDevice(device));

  it.each([
    [1, 1, 1],
    [7, 33, 1],
    [1, 257, 7],
    [33, 7, 33],
  ])("a.dot(\"k\", b) is a matrix product by name (i=%i, k=%i, j=%i)", async (i, k, j) => {
    const la: Layout = [["i", i], ["k", k]];
    const lb: Layout = [["k", k], ["j", j]];
    const [x, y] = [rand(la), rand(lb)];
    const c = f(x, la).dot("k", f(y, lb));
    expect(c.dims).toEqual(["i", "j"]);
    expect(c.shape).toEqual({ i, j });
    expectClose(await c.data(), naiveDot(x, la, y, lb, ["k"], [["i", i], ["j", j]]), ...dotTol(k));
    // Operands listing their names in other orders give the same numbers (names, not positions).
    const lbt: Layout = [["j", j], ["k", k]];
    const yt = new Float32Array(sizeOf(lbt));
    for (let p = 0; p < k; p++) for (let q = 0; q < j; q++) yt[q * k + p] = y[p * j + q]!;
    expectClose(await f(x, la).dot("k", f(yt, lbt)).data(), await c.data(), 0, 1e-6 * k);
  });

  it("result order: contracted names removed, then the left operand's dims, then the right's new ones", async () => {
    const la: Layout = [["k", 5], ["b", 3], ["i", 7]];
    const lb: Layout = [["j", 4], ["b", 3], ["k", 5]];
    const [x, y] = [rand(la), rand(lb)];
    const ab = f(x, la).dot("k", f(y, lb));
    expect(ab.dims).toEqual(["b", "i", "j"]);
    expectClose(await ab.data(), naiveDot(x, la, y, lb, ["k"], [["b", 3], ["i", 7], ["j", 4]]), ...dotTol(5));
    const ba = f(y, lb).dot("k", f(x, la));
    expect(ba.dims).toEqual(["j", "b", "i"]);
    expectClose(await ba.data(), naiveDot(y, lb, x, la, ["k"], [["j", 4], ["b", 3], ["i", 7]]), ...dotTol(5));
  });

  it("shared names that are not contracted act as batch dims", async () => {
    const la: Layout = [["batch", 3], ["q", 7], ["d", 33]];
    const lb: Layout = [["batch", 3], ["key", 5], ["d", 33]];
    const [x, y] = [rand(la), rand(lb)];
    const scores = f(x, la).dot("d", f(y, lb));
    expect(scores.dims).toEqual(["batch", "q", "key"]);
    expectClose(await scores.data(), naiveDot(x, la, y, lb, ["d"], [["batch", 3], ["q", 7], ["key", 5]]), ...dotTol(33));
  });

  it("contracts several names at once, in any order", async () => {
    const la: Layout = [["i", 7], ["k", 5], ["l", 3]];
    const lb: Layout = [["l", 3], ["j", 2], ["k", 5]];
    const [x, y] = [rand(la), rand(lb)];
    const expected = naiveDot(x, la, y, lb, ["k", "l"], [["i", 7], ["j", 2]]);
    expectClose(await f(x, la).dot(["k", "l"], f(y, lb)).data(), expected, ...dotTol(15));
    expectClose(await f(x, la).dot(["l", "k"], f(y, lb)).data(), expected, ...dotTol(15));
    // Every name contracted: a full inner product, 0-d.
    const full = f(x, la).dot(["i", "k", "l"], f(x, la));
    expect(full.rank).toBe(0);
    expectClose(await full.data(), [x.reduce((s, v) => s + v * v, 0)], 1e-5, 1e-6 * 105);
    // No name contracted: the broadcast product.
    const outer = f(x, la).dot([], f(y, lb));
    expect(outer.dims).toEqual(["i", "k", "l", "j"]);
  });

  it("the essay's im.dot(\"height\", im2), im.dot(\"width\", im2) and im.dot([\"height\", \"width\"], im2)", async () => {
    const l: Layout = [["height", 96], ["width", 96], ["channels", 3]];
    const [p, q] = [randomFloats(sizeOf(l), 0, 1), randomFloats(sizeOf(l), 0, 1)];
    const [im, im2] = [tensor(p, [["height", 96], ["width", 96], ["channels", 3]]), tensor(q, [["height", 96], ["width", 96], ["channels", 3]])];
    const h = im.dot("height", im2);
    expect(h.shape).toEqual({ width: 96, channels: 3 });
    expectClose(await h.data(), naiveDot(p, l, q, l, ["height"], [["width", 96], ["channels", 3]]), ...dotTol(96));
    const w = im.dot("width", im2);
    expect(w.shape).toEqual({ height: 96, channels: 3 });
    expectClose(await w.data(), naiveDot(p, l, q, l, ["width"], [["height", 96], ["channels", 3]]), ...dotTol(96));
    const hw = im.dot(["height", "width"], im2);
    expect(hw.shape).toEqual({ channels: 3 });
    expectClose(await hw.data(), naiveDot(p, l, q, l, ["height", "width"], [["channels", 3]]), ...dotTol(96 * 96));
  });

  it("property: a.dot(\"k\", b) equals a.mul(b).sum(\"k\") on random shapes", async () => {
    const sizes = [1, 2, 5, 7];
    for (let trial = 0; trial < 6; trial++) {
      const pick = (): number => sizes[randomInts(1, 0, sizes.length)[0]!]!;
      const [i, j, k, s] = [pick(), pick(), pick() * 7, pick()];
      const la: Layout = trial % 2 ? [["i", i], ["s", s], ["k", k]] : [["k", k], ["i", i], ["s", s]];
      const lb: Layout = trial % 3 ? [["k", k], ["j", j], ["s", s]] : [["s", s], ["j", j], ["k", k]];
      const [x, y] = [rand(la), rand(lb)];
      const viaDot = f(x, la).dot("k", f(y, lb));
      const viaSum = f(x, la).mul(f(y, lb)).sum("k");
      expect(viaDot.dims).toEqual(viaSum.dims);
      expectClose(await viaDot.data(), await viaSum.data(), ...dotTol(k));
    }
  });

  it("int32 operands contract exactly to int32; int32 with float32 gives float32", async () => {
    const la: Layout = [["i", 7], ["k", 33]];
    const lb: Layout = [["k", 33], ["j", 5]];
    const [x, y] = [randomInts(sizeOf(la), -100, 100), randomInts(sizeOf(lb), -100, 100)];
    const c = tensor(x, la).dot("k", tensor(y, lb));
    expect(c.dtype).toBe("int32");
    expectSame(await c.data(), naiveDot(x, la, y, lb, ["k"], [["i", 7], ["j", 5]]));
    const yf = rand(lb);
    const mixed = tensor(x, la).dot("k", tensor(yf, lb));
    expect(mixed.dtype).toBe("float32");
    expectClose(await mixed.data(), naiveDot(x, la, yf, lb, ["k"], [["i", 7], ["j", 5]]), 1e-5, 1e-4 * 33);
  });

  it("contract([a, b, c], names) multiplies three operands by name and sums the names in one pass", async () => {
    const la: Layout = [["b", 3], ["i", 7], ["k", 5]];
    const lb: Layout = [["k", 5], ["j", 4]];
    const lc: Layout = [["j", 4], ["b", 3], ["l", 2]];
    const [x, y, z] = [rand(la), rand(lb), rand(lc)];
    const ops = [
      { data: x, layout: la },
      { data: y, layout: lb },
      { data: z, layout: lc },
    ];
    const r = contract([f(x, la), f(y, lb), f(z, lc)], ["k", "j"]);
    expect(r.dims).toEqual(["b", "i", "l"]);
    // Products of three terms ≤ 8, 20 of them.
    expectClose(await r.data(), naiveContract(ops, ["k", "j"], [["b", 3], ["i", 7], ["l", 2]]), 1e-5, 2e-6 * 20);
    // Two operands: the same as dot.
    const two = contract([f(x, la), f(y, lb)], "k");
    expectClose(await two.data(), await f(x, la).dot("k", f(y, lb)).data(), 0, 1e-6 * 5);
    // A name in only one operand is summed there (a reduction folded into the contraction).
    const one = contract([f(x, la), f(y, lb)], ["i", "k"]);
    expect(one.dims).toEqual(["b", "j"]);
    expectClose(await one.data(), naiveContract(ops.slice(0, 2), ["i", "k"], [["b", 3], ["j", 4]]), 1e-5, 1e-6 * 35);
  });

  it("errors name the dimension, the operand and the sizes", () => {
    const a = tensor(randomFloats(21), [["i", 7], ["k", 3]]);
    const b = tensor(randomFloats(12), [["k", 3], ["j", 4]]);
    // @ts-expect-error — a compile error too
    expect(() => a.dot("j", b)).toThrow(new ShapeError(notInOperand("j", "left", "{ i: 7, k: 3 }")));
    // @ts-expect-error — a compile error too
    expect(() => a.dot("i", b)).toThrow('cannot contract "i": it is not a dimension of the right operand { k: 3, j: 4 }');
    // @ts-expect-error — a compile error too
    expect(() => a.dot("k", tensor(randomFloats(4), [["k", 4]]))).toThrow(new ShapeError(sizeMismatch("k", 3, 4)));
    // @ts-expect-error — a compile error too
    expect(() => a.dot("k", tensor(randomFloats(15), [["k", 3], ["i", 5]]))).toThrow(new ShapeError(sizeMismatch("i", 7, 5)));
    // @ts-expect-error — a compile error too
    expect(() => contract([a, b], "z")).toThrow(new ShapeError(notADimension("z", "{ i: 7, k: 3, j: 4 }")));
  });
});
