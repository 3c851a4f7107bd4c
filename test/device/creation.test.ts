// Runtime suite for src/ops/creation.ts on every device: tensors from flat and nested data, dtype inference and
// the dtype option, the constant/range constructors, and the seeded random generators (reproducible, in range,
// with the right statistics). Values are read with `await t.data()` and compared with plain loops.
import { beforeAll, describe, expect, it } from "vitest";
import { ShapeError, arange, eye, full, linspace, ones, rand, randint, randn, tensor, zeros } from "../../src/index.js";
import { dataLength } from "../../src/types/errors.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectClose, forEachPosition } from "../helpers/naive.js";
import { randomFloats, randomInts, rng, testSeed } from "../helpers/random.js";

/** Nested lists, one level per size, from row-major values (written independently of the library's `nest`). */
function nestList(flat: ArrayLike<number>, sizes: readonly number[]): unknown {
  if (sizes.length === 0) return flat[0];
  const [n, ...rest] = sizes as [number, ...number[]];
  const inner = rest.reduce((a, b) => a * b, 1);
  return Array.from({ length: n }, (_, i) => nestList(Array.prototype.slice.call(flat, i * inner, (i + 1) * inner), rest));
}

describe.each(deviceNames)("creation on %s", (device) => {
  beforeAll(() => useDevice(device));

  describe("tensor(data, dims)", () => {
    it.each([
      [1, 1],
      [7, 33],
      [33, 7],
      [1, 257],
    ])("reads a flat Float32Array row-major over the dims (%i × %i)", async (a, b) => {
      const values = randomFloats(a * b);
      const t = tensor(values, [["a", a], ["b", b]]);
      expect(t.dims).toEqual(["a", "b"]);
      expect(t.shape).toEqual({ a, b });
      expect(t.dtype).toBe("float32");
      // Float32 in, float32 out: the values come back bit for bit.
      expect(await t.data()).toEqual(values);
      expect(await t.array()).toEqual(nestList(values, [a, b]));
    });

    it("copies its input: changing the source array afterwards changes nothing", async () => {
      const values = randomFloats(7);
      const t = tensor(values, [["i", 7]]);
      const before = Float32Array.from(values);
      values[0] = 1234;
      expect(await t.data()).toEqual(before);
    });

    it("reads a plain list, rounding float64 values to float32", async () => {
      const values = Array.from(randomFloats(33), (v) => v + 1e-9 * (v > 0 ? 1 : -1));
      const t = tensor(values, [["i", 33]]);
      expect(await t.data()).toEqual(Float32Array.from(values, Math.fround));
    });

    it("takes sizes from the nesting for bare names, and mixes bare names with [name, size] pairs", async () => {
      const flat = randomFloats(7 * 3 * 2);
      const nested = nestList(flat, [7, 3, 2]) as number[][][];
      const bare = tensor(nested, ["x", "y", "z"]);
      expect(bare.shape).toEqual({ x: 7, y: 3, z: 2 });
      expect(await bare.data()).toEqual(flat);
      const mixed = tensor(nested, ["x", ["y", 3], "z"]);
      expect(mixed.shape).toEqual({ x: 7, y: 3, z: 2 });
      expect(await mixed.data()).toEqual(flat);
      // A bare name over a flat list or typed array takes the length.
      expect(tensor([1, 2, 3], ["i"]).shape).toEqual({ i: 3 });
      expect(tensor(new Float32Array(5), ["i"]).shape).toEqual({ i: 5 });
    });

    it("makes a 0-d tensor from a single number or boolean", async () => {
      const v = randomFloats(1)[0]!;
      const s = tensor(v, []);
      expect(s.rank).toBe(0);
      expect(s.numel).toBe(1);
      expect(await s.array()).toBe(v);
      expect(await s.data()).toEqual(new Float32Array([v]));
      expect(tensor(true, []).dtype).toBe("bool");
      expect(await tensor(true, []).array()).toBe(true);
      expect(await tensor(false, []).array()).toBe(false);
    });

    it("infers the dtype: Int32Array → int32, booleans → bool, numbers and other arrays → float32", async () => {
      const ints = randomInts(7, -1000, 1000);
      const i = tensor(ints, [["i", 7]]);
      expect(i.dtype).toBe("int32");
      expect(await i.data()).toEqual(ints);

      const bools = Array.from({ length: 7 }, (_, k) => (ints[k]! & 1) === 1);
      const b = tensor(bools, ["i"]);
      expect(b.dtype).toBe("bool");
      expect(await b.data()).toEqual(Uint8Array.from(bools, Number));
      const nestedBools = tensor([[true, false], [false, false]], ["r", "c"]);
      expect(nestedBools.dtype).toBe("bool");
      expect(await nestedBools.array()).toEqual([[true, false], [false, false]]);

      expect(tensor([1, 2], ["i"]).dtype).toBe("float32");
      expect(tensor(new Float64Array([0.1]), [["i", 1]]).dtype).toBe("float32");
      expect(await tensor(new Float64Array([0.1]), [["i", 1]]).data()).toEqual(new Float32Array([0.1]));
      expect(tensor(new Uint8Array([1, 0]), [["i", 2]]).dtype).toBe("float32");
      // Empty data and mixed booleans and numbers are float32 (as the static type says).
      expect(tensor([], ["i"]).dtype).toBe("float32");
      expect(tensor([true, 2], ["i"]).dtype).toBe("float32");
    });

    it("honours the dtype option", async () => {
      const ints = randomInts(33, -50, 50);
      const asInt = tensor(Array.from(ints), ["i"], { dtype: "int32" });
      expect(asInt.dtype).toBe("int32");
      expect(await asInt.data()).toEqual(ints);
      const asBool = tensor(Array.from(ints), ["i"], { dtype: "bool" });
      expect(asBool.dtype).toBe("bool");
      expect(await asBool.data()).toEqual(Uint8Array.from(ints, (v) => (v !== 0 ? 1 : 0)));
      const asFloat = tensor([true, false, true], ["i"], { dtype: "float32" });
      expect(await asFloat.data()).toEqual(new Float32Array([1, 0, 1]));
      const fromInt32Array = tensor(ints, [["i", 33]], { dtype: "float32" });
      expect(await fromInt32Array.data()).toEqual(Float32Array.from(ints));
    });

    it("checks the data length against the dims with the shared sentence", () => {
      expect(() => tensor(randomFloats(7), [["a", 2], ["b", 3]])).toThrow(new ShapeError(dataLength(7, "{ a: 2, b: 3 }", 6)));
      expect(() => tensor(randomFloats(7), [["a", 2], ["b", 3]])).toThrow("data has 7 elements but the shape { a: 2, b: 3 } needs 6");
    });
  });

  describe("constants", () => {
    it("zeros, ones and full fill every position, in every dtype", async () => {
      const shape = [["a", 7], ["b", 3]] as const;
      expect(await zeros(shape).data()).toEqual(new Float32Array(21));
      expect(await ones(shape).data()).toEqual(new Float32Array(21).fill(1));
      const v = randomFloats(1)[0]!;
      const f = full(shape, v);
      expect(f.shape).toEqual({ a: 7, b: 3 });
      expect(await f.data()).toEqual(new Float32Array(21).fill(v));
      expect(await full(shape, -7, { dtype: "int32" }).data()).toEqual(new Int32Array(21).fill(-7));
      expect(await full(shape, true, { dtype: "bool" }).data()).toEqual(new Uint8Array(21).fill(1));
      expect(await zeros(shape, { dtype: "bool" }).array()).toEqual(Array.from({ length: 7 }, () => [false, false, false]));
      expect(await full([], 2.5).data()).toEqual(new Float32Array([2.5]));
      expect(zeros([["a", 0], ["b", 3]]).numel).toBe(0);
      expect(await zeros([["a", 0], ["b", 3]]).data()).toEqual(new Float32Array(0));
    });

    it("arange counts from start by step, as float32 or int32", async () => {
      const next = rng(testSeed + 1);
      for (const n of [1, 7, 257]) {
        expect(await arange("i", n).data()).toEqual(Float32Array.from({ length: n }, (_, k) => k));
        const start = Math.round((next() - 0.5) * 2000) / 8;
        const step = Math.round((next() - 0.5) * 80) / 16 || 0.25;
        // The exact answer rounded once to float32: within 1 ulp of the float32 value (half an ulp on the CPU).
        expectClose(await arange("i", n, { start, step }).data(), Float64Array.from({ length: n }, (_, k) => start + k * step), 1.2e-7, 0);
        const [intStart, intStep] = [Math.round(start), Math.round(step * 4) || 3];
        const ints = arange("i", n, { start: intStart, step: intStep, dtype: "int32" });
        expect(ints.dtype).toBe("int32");
        expect(await ints.data()).toEqual(Int32Array.from({ length: n }, (_, k) => intStart + k * intStep));
      }
      expect(await arange("i", 0).data()).toEqual(new Float32Array(0));
    });

    it("eye puts ones where the two indices are equal, also for non-square shapes", async () => {
      for (const [r, c] of [[1, 1], [7, 3], [3, 7], [33, 33]] as const) {
        const expected = new Float32Array(r * c);
        forEachPosition([["r", r], ["c", c]], (at, flat) => (expected[flat] = at.r === at.c ? 1 : 0));
        const e = eye([["r", r], ["c", c]]);
        expect(e.dims).toEqual(["r", "c"]);
        expect(await e.data()).toEqual(expected);
        expect(await eye([["r", r], ["c", c]], { dtype: "int32" }).data()).toEqual(Int32Array.from(expected));
        expect(await eye([["r", r], ["c", c]], { dtype: "bool" }).data()).toEqual(Uint8Array.from(expected));
      }
    });

    it("linspace spans [start, stop] in size evenly spaced steps, both ends included", async () => {
      const [a, b] = randomFloats(2, -10, 10);
      for (const n of [2, 7, 33, 257]) {
        const got = await linspace("t", a!, b!, n).data();
        expect(got[0]).toBe(Math.fround(a!));
        // start + k·(stop-start)/(n-1) rounded to float32; the last one is stop within float32 rounding.
        expectClose(got, Float64Array.from({ length: n }, (_, k) => a! + (k * (b! - a!)) / (n - 1)), 2.4e-7, 2.4e-7 * Math.abs(b! - a!));
      }
      expect(await linspace("t", a!, b!, 1).data()).toEqual(new Float32Array([a!]));
      expect(await linspace("t", a!, b!, 0).data()).toEqual(new Float32Array(0));
    });
  });

  describe("random", () => {
    const n = 4096;
    const seedA = testSeed % 100_000;
    const seedB = seedA + 1;

    it("rand: the same seed gives identical values twice; another seed gives others", async () => {
      const a1 = await rand([["n", n]], { seed: seedA }).data();
      const a2 = await rand([["n", n]], { seed: seedA }).data();
      const b = await rand([["n", n]], { seed: seedB }).data();
      expect(a2).toEqual(a1);
      expect(b).not.toEqual(a1);
      // Each value depends only on the seed and its row-major position, not on how the dims are named or split.
      expect(await rand([["r", 64], ["c", 64]], { seed: seedA }).data()).toEqual(a1);
    });

    it("rand is uniform in [0, 1)", async () => {
      const u = await rand([["a", 64], ["b", 64]], { seed: seedA }).data();
      let mean = 0;
      const bins = new Array(8).fill(0);
      for (const v of u) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThan(1);
        mean += v / n;
        bins[Math.floor(v * 8)]++;
      }
      // The mean of n uniforms has standard deviation sqrt(1/12/n) ≈ 0.0045: allow 5σ.
      expect(Math.abs(mean - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / n));
      // Each of 8 bins holds n/8 = 512 ± sqrt(n·(1/8)·(7/8)) ≈ 21: allow 5σ.
      for (const count of bins) expect(Math.abs(count - n / 8)).toBeLessThan(5 * Math.sqrt(n * (1 / 8) * (7 / 8)));
    });

    it("randn: reproducible, mean ≈ 0 and std ≈ 1 within statistical tolerance", async () => {
      const z1 = await randn([["n", n]], { seed: seedA }).data();
      expect(await randn([["n", n]], { seed: seedA }).data()).toEqual(z1);
      expect(await randn([["n", n]], { seed: seedB }).data()).not.toEqual(z1);
      let mean = 0;
      for (const v of z1) {
        expect(Number.isFinite(v)).toBe(true);
        mean += v / n;
      }
      let sq = 0;
      for (const v of z1) sq += (v - mean) ** 2 / (n - 1);
      const std = Math.sqrt(sq);
      // σ(mean) = 1/√n ≈ 0.016 and σ(std) ≈ 1/√(2n) ≈ 0.011 for a normal sample: allow 5σ each.
      expect(Math.abs(mean)).toBeLessThan(5 / Math.sqrt(n));
      expect(Math.abs(std - 1)).toBeLessThan(5 / Math.sqrt(2 * n));
      // About 68.3% within one σ (binomial σ ≈ 0.73%): allow 5σ.
      const inside = z1.filter((v) => Math.abs(v) < 1).length / n;
      expect(Math.abs(inside - 0.6827)).toBeLessThan(5 * Math.sqrt((0.6827 * 0.3173) / n));
    });

    it("randint: reproducible int32 values in [low, high), every value reached", async () => {
      const [low, high] = [-3, 4];
      const r1 = randint([["a", 64], ["b", 64]], low, high, { seed: seedA });
      expect(r1.dtype).toBe("int32");
      const v1 = await r1.data();
      expect(await randint([["a", 64], ["b", 64]], low, high, { seed: seedA }).data()).toEqual(v1);
      expect(await randint([["a", 64], ["b", 64]], low, high, { seed: seedB }).data()).not.toEqual(v1);
      const counts = new Map<number, number>();
      for (const v of v1) {
        expect(Number.isInteger(v) && v >= low && v < high).toBe(true);
        counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      const k = high - low;
      expect(counts.size).toBe(k);
      // Each of k values appears n/k times ± 5 binomial σ.
      for (const c of counts.values()) expect(Math.abs(c - n / k)).toBeLessThan(5 * Math.sqrt((n * (k - 1)) / (k * k)));
      // A range of one value gives that value everywhere; wide int32 ranges stay in range.
      expect(await randint([["i", 7]], 5, 6, { seed: seedA }).data()).toEqual(new Int32Array(7).fill(5));
      const wide = await randint([["i", 257]], -(2 ** 30), 2 ** 30, { seed: seedA }).data();
      for (const v of wide) expect(v >= -(2 ** 30) && v < 2 ** 30).toBe(true);
    });

    it("rand, randn and randint with one seed are different streams", async () => {
      const u = await rand([["n", 33]], { seed: seedA }).data();
      const z = await randn([["n", 33]], { seed: seedA }).data();
      const i = await randint([["n", 33]], 0, 1 << 20, { seed: seedA }).data();
      const fromU = Int32Array.from(u, (v) => Math.floor(v * (1 << 20)));
      expect(i).not.toEqual(fromU);
      expect(z).not.toEqual(u);
    });
  });
});
