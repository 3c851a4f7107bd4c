// Runtime suite for src/ops/mask.ts on every device (DESIGN §2b rule 11): private dims travel through
// elementwise ops, reductions, softmax/sort/topk and contractions untouched — same values, same place — still
// broadcast and size-check by name, cannot be named by any op (`"batch" is private (masked)`), and `unmask()`
// shows them again where they were.
import { beforeAll, describe, expect, it } from "vitest";
import { ShapeError, type Shape, type Tensor, contract, tensor, where } from "../../src/index.js";
import { duplicate, notADimension, privateDimension, sizeMismatch } from "../../src/types/errors.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, expectClose, expectSame, naiveBinary, naiveDot, naiveGroups, sizeOf } from "../helpers/naive.js";
import { randomBools, randomFloats } from "../helpers/random.js";

const ly: Layout = [["batch", 3], ["seq", 7], ["d", 5]];
const private_ = (t: Tensor<Shape, "float32" | "int32" | "bool">): string[] =>
  t.toString().split("\n")[0]!.match(/\w+(?= \(private\))/g) ?? [];

describe.each(deviceNames)("private dims on %s", (device) => {
  beforeAll(() => useDevice(device));

  const fresh = () => {
    const x = randomFloats(sizeOf(ly));
    const plain = tensor(x, [["batch", 3], ["seq", 7], ["d", 5]]);
    return { x, plain, Y: plain.mask("batch") };
  };

  it("mask keeps dims, sizes, order and values; only the header marks the dim private", async () => {
    const { x, plain, Y } = fresh();
    expect(Y.dims).toEqual(["batch", "seq", "d"]);
    expect(Y.shape).toEqual({ batch: 3, seq: 7, d: 5 });
    expect(await Y.data()).toEqual(x);
    expect(private_(Y)).toEqual(["batch"]);
    expect(private_(plain)).toEqual([]);
    expect(private_(plain.mask("batch", "d"))).toEqual(["batch", "d"]);
  });

  it("masked dims travel through elementwise ops untouched, broadcasting and size-checking by name", async () => {
    const { x, Y } = fresh();
    const bias = randomFloats(5);
    const r = Y.add(tensor(bias, [["d", 5]])).tanh();
    expect(r.dims).toEqual(["batch", "seq", "d"]);
    expect(private_(r)).toEqual(["batch"]);
    expectClose(await r.data(), naiveBinary(x, ly, bias, [["d", 5]], ly, (p, q) => Math.tanh(p + q)), 1e-5, 1e-6);
    // A private dim on the right stays private in the result, in the right's place among the new dims.
    const left = randomFloats(7);
    const l2 = tensor(left, [["seq", 7]]).mul(Y);
    expect(l2.dims).toEqual(["seq", "batch", "d"]);
    expect(private_(l2)).toEqual(["batch"]);
    expectSame(await l2.data(), Float32Array.from(naiveBinary(left, [["seq", 7]], x, ly, [["seq", 7], ["batch", 3], ["d", 5]], (p, q) => p * q)));
    // Still size-checked by name: a batch of another size is a mismatch.
    const other = tensor(randomFloats(4), [["batch", 4]]);
    // @ts-expect-error — a compile error too
    expect(() => Y.add(other)).toThrow(new ShapeError(sizeMismatch("batch", 3, 4)));
    // where, maskedFill and cast keep it private.
    const cond = tensor(randomBools(35), [["seq", 7], ["d", 5]], { dtype: "bool" });
    expect(private_(where(cond, Y, 0))).toEqual(["batch"]);
    expect(private_(Y.maskedFill(cond, 1))).toEqual(["batch"]);
    expect(private_(Y.cast("int32"))).toEqual(["batch"]);
    expect(private_(Y.gt(0))).toEqual(["batch"]);
  });

  it("reductions and ops along a name work around the private dim", async () => {
    const { x, plain, Y } = fresh();
    const s = Y.sum("seq");
    expect(s.dims).toEqual(["batch", "d"]);
    expect(private_(s)).toEqual(["batch"]);
    expectClose(await s.data(), naiveGroups(x, ly, ["seq"]).map((g) => g.reduce((p, v) => p + v, 0)), 1e-6, 2e-7 * 7);
    expect(await Y.softmax("seq").data()).toEqual(await plain.softmax("seq").data());
    expect(private_(Y.softmax("seq"))).toEqual(["batch"]);
    expect(await Y.max(["seq", "d"]).data()).toEqual(await plain.max(["seq", "d"]).data());
    expect(await Y.argmax("d").data()).toEqual(await plain.argmax("d").data());
    expect(await Y.cumsum("seq").data()).toEqual(await plain.cumsum("seq").data());
    const sorted = Y.sort("seq");
    expect(await sorted.values.data()).toEqual(await plain.sort("seq").values.data());
    expect(private_(sorted.indices)).toEqual(["batch"]);
    const top = Y.topk("d", 2, "best");
    expect(top.values.dims).toEqual(["batch", "seq", "best"]);
    expect(private_(top.values)).toEqual(["batch"]);
    expect(await top.values.data()).toEqual(await plain.topk("d", 2, "best").values.data());
  });

  it("dot and contract over visible names keep the private batch", async () => {
    const { x, Y } = fresh();
    const lw: Layout = [["d", 5], ["out", 4]];
    const w = randomFloats(20);
    const h = Y.dot("d", tensor(w, [["d", 5], ["out", 4]]));
    expect(h.dims).toEqual(["batch", "seq", "out"]);
    expect(private_(h)).toEqual(["batch"]);
    expectClose(await h.data(), naiveDot(x, ly, w, lw, ["d"], [["batch", 3], ["seq", 7], ["out", 4]]), 1e-5, 1e-6 * 5);
    const scores = Y.dot("d", Y);
    expect(scores.dims).toEqual(["batch", "seq"]);
    expect(private_(scores)).toEqual(["batch"]);
    const c = contract([Y, tensor(w, [["d", 5], ["out", 4]])], "d");
    expectClose(await c.data(), await h.data(), 1e-6, 1e-6);
    expect(private_(c)).toEqual(["batch"]);
  });

  it("naming a private dim is a ShapeError in every name-taking op", () => {
    const { Y } = fresh();
    const err = new ShapeError(privateDimension("batch"));
    expect(err.message).toBe('"batch" is private (masked)');
    const w = tensor(randomFloats(3), [["batch", 3]]);
    // @ts-expect-error — a compile error too
    expect(() => Y.sum("batch")).toThrow(err);
    // @ts-expect-error — a compile error too
    expect(() => Y.mean(["seq", "batch"])).toThrow(err);
    // @ts-expect-error — a compile error too
    expect(() => Y.softmax("batch")).toThrow(err);
    // @ts-expect-error — a compile error too
    expect(() => Y.argmax("batch")).toThrow(err);
    // @ts-expect-error — a compile error too
    expect(() => Y.sort("batch")).toThrow(err);
    // @ts-expect-error — a compile error too
    expect(() => Y.cumsum("batch")).toThrow(err);
    // @ts-expect-error — a compile error too
    expect(() => Y.topk("batch", 1, "top")).toThrow(err);
    // @ts-expect-error — a compile error too
    expect(() => Y.dot("batch", w)).toThrow(err);
    // @ts-expect-error — a compile error too
    expect(() => contract([Y, w], "batch")).toThrow(err);
    // @ts-expect-error — a compile error too
    expect(() => Y.mask("batch")).toThrow(err);
  });

  it("mask checks its names; unmask shows every private dim again in place", async () => {
    const { x, plain, Y } = fresh();
    // Private dims are not listed among the dimensions an op may name.
    // @ts-expect-error — a compile error too
    expect(() => Y.mask("zz")).toThrow(new ShapeError(notADimension("zz", "{ seq: 7, d: 5 }")));
    // @ts-expect-error — a compile error too
    expect(() => plain.mask("seq", "seq")).toThrow(new ShapeError(duplicate("seq")));
    const back = Y.add(1).unmask();
    expect(back.dims).toEqual(["batch", "seq", "d"]);
    expect(private_(back)).toEqual([]);
    expectClose(await back.mean("batch").data(), naiveGroups(x, ly, ["batch"]).map((g) => g.reduce((p, v) => p + v + 1, 0) / 3), 1e-6, 2e-7);
    const both = plain.mask("batch", "d").unmask();
    expect(private_(both)).toEqual([]);
    expect(await both.data()).toEqual(x);
  });
});
