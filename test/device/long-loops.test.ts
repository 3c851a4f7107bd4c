// Kernels that loop over more than 2^31 points run, and run right (kernel/passes/long-loops.ts): a reduction over
// a broadcast product, a matrix product of 2^31+ multiply-adds, an iota and random draws summed past 2^31 and
// 2^32 — each against a float64 reference (closed forms, float64 sums of the same float32 values, or the same
// values computed in parts below 2^31 points), within the relative error the summation suite allows (2e-7; 4 ulps of the result for the
// iota, whose sum of ~2^61 is rounded by its final additions).
// The software Vulkan driver of CI is slow: WebGPU runs sizes just past 2^31.
import { describe, expect, it } from "vitest";
import { arange, rand, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats, rng, testSeed } from "../helpers/random.js";
import { mix32, uniform } from "../../src/backend/cpu/random.js";

/** The float64 sum of the values. */
const sum64 = (xs: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s;
};

describe.each(deviceNames)("loops past 2^31 points on %s", (device) => {
  const cpu = device === "cpu";

  it.each(cpu ? [[50_000, 50_000], [46_349, 46_351]] : [[46_349, 46_351]])("Σ_{a,b} x[a]·y[b] over %i × %i points = (Σx)(Σy)", async (na, nb) => {
    await useDevice(device);
    const next = rng(testSeed + na);
    // positive values (no cancellation): the relative error measures the summation alone
    const [xs, ys] = [randomFloats(na, 0.5, 1.5, next), randomFloats(nb, 0.5, 1.5, next)];
    const x = tensor(xs, [["a", na]]);
    const y = tensor(ys, [["b", nb]]);
    const got = (await x.mul(y).sum(["a", "b"]).data())[0]!;
    const want = sum64(xs) * sum64(ys);
    expect(Math.abs(got - want) / want).toBeLessThan(2e-7);
  }, 120_000);

  it("Σ of arange past 2^32 (CPU) or 2^31 (WebGPU) points: n(n − 1)/2 within 4 ulps", async () => {
    await useDevice(device);
    const n = cpu ? 2 ** 32 + 5 : 2 ** 31 + 3;
    const got = (await arange("a", n).sum("a").data())[0]!;
    const want = (n * (n - 1)) / 2;
    // the float32 result's last additions round: within 4 ulps of it (the summation suite's bound on WebGPU)
    expect(Math.abs(got - want) / want).toBeLessThan(4 * 2 ** -23);
  }, 120_000);

  it("a float iota read past 2^31 and 2^32 gives float32 of each index (rounded once), not a wrapped counter", async () => {
    await useDevice(device);
    const n = 2 ** 33;
    for (const start of [2 ** 31 - 3, 2 ** 31 + 2 ** 24 + 12_345, 2 ** 32 + 77, n - 6]) {
      const got = await arange("a", n).narrow("a", start, 6, "t").data();
      expect(Array.from(got)).toEqual([0, 1, 2, 3, 4, 5].map((i) => Math.fround(start + i)));
    }
    // over a window longer than 2^24 the low 24 bits are added last: still rounded once
    const w = await arange("a", n).narrow("a", 2 ** 32 - 5, 2 ** 25, "t").max("t").data();
    expect(w[0]).toBe(Math.fround(2 ** 32 - 6 + 2 ** 25));
  }, 120_000);

  it("random draws summed past 2^31 points equal the same draws summed in parts below it", async () => {
    const seed = testSeed % 100000;
    const [na, nb] = [46_349, 46_351];
    // the reference: the same values (a seed gives the same draws on every device) summed on the CPU in 8 parts
    // along a, each below 2^31 points, joined in float64; another device is compared with the CPU's whole sum,
    // which this case checks against the parts on the CPU
    await useDevice("cpu");
    let want = 0;
    if (cpu) {
      for (let start = 0, part = Math.ceil(na / 8); start < na; start += part) {
        const len = Math.min(part, na - start);
        want += (await rand([["a", na], ["b", nb]], { seed }).narrow("a", start, len, "rows").sum(["rows", "b"]).data())[0]!;
      }
    } else want = (await rand([["a", na], ["b", nb]], { seed }).sum(["a", "b"]).data())[0]!;
    await useDevice(device);
    const got = (await rand([["a", na], ["b", nb]], { seed }).sum(["a", "b"]).data())[0]!;
    expect(Math.abs(got - want) / want).toBeLessThan(2e-7);
    // and the draws are uniform: the mean within 6 standard deviations of 1/2
    expect(Math.abs(got / (na * nb) - 0.5)).toBeLessThan((6 * Math.sqrt(1 / 12)) / Math.sqrt(na * nb));
  }, 120_000);

  it("random draws past 2^32 come from a 64-bit counter: the spec's values, not the draws 2^32 earlier again", async () => {
    await useDevice(device);
    const seed = testSeed % 100000;
    const r = rand([["a", 2 ** 33]], { seed });
    for (const at of [2 ** 32 - 4, 2 ** 32 + 2 ** 24 + 7, 2 ** 33 - 9]) {
      const got = Array.from(await r.narrow("a", at, 8, "t").data());
      // the draw at index I: uniform(seed ^ mix32(floor(I / 2^32)), stream 0, I mod 2^32) — below 2^32, as before
      const want = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => uniform((seed ^ mix32(Math.floor((at + i) / 2 ** 32))) >>> 0, 0, at + i));
      expect(got).toEqual(want);
      if (at > 2 ** 32) expect(got).not.toEqual(Array.from(await r.narrow("a", at - 2 ** 32, 8, "t").data()));
    }
  });

  it("sums of random draws across 2^32 (one dim, and rows of two dims) against float64 sums of the spec's values", async () => {
    await useDevice(device);
    const seed = (testSeed + 3) % 100000;
    const draw = (i: number): number => uniform((seed ^ mix32(Math.floor(i / 2 ** 32))) >>> 0, 0, i);
    const spec = (n: number, at: (j: number) => number): number => {
      let s = 0;
      for (let j = 0; j < n; j++) s += draw(at(j));
      return s;
    };
    const flat = (await rand([["a", 2 ** 32 + 2 ** 20]], { seed }).narrow("a", 2 ** 32 - 2 ** 19, 2 ** 20, "t").sum("t").data())[0]!;
    const flatWant = spec(2 ** 20, (j) => 2 ** 32 - 2 ** 19 + j);
    expect(Math.abs(flat - flatWant) / flatWant).toBeLessThan(2e-7);
    // rows 65,530 … 65,538 of 65,541 columns: the row-major index crosses 2^32 inside row 65,532
    const [na, nb, first, rows] = [65_539, 65_541, 65_530, 9];
    const grid = (await rand([["a", na], ["b", nb]], { seed }).narrow("a", first, rows, "rows").sum(["rows", "b"]).data())[0]!;
    const gridWant = spec(rows * nb, (j) => first * nb + j);
    expect(Math.abs(grid - gridWant) / gridWant).toBeLessThan(2e-7);
  });

  it("a matrix product of 2^31+ multiply-adds: sampled entries against float64", async () => {
    await useDevice(device);
    const [m, k, n] = cpu ? [8192, 64, 8192] : [2048, 512, 2049];
    const next = rng(testSeed + 7);
    const [as, bs] = [randomFloats(m * k, -2, 2, next), randomFloats(k * n, -2, 2, next)];
    const a = tensor(as, [["i", m], ["k", k]]);
    const b = tensor(bs, [["k", k], ["j", n]]);
    const c = (await a.dot("k", b).data()) as Float32Array;
    expect(c.length).toBe(m * n);
    for (let s = 0; s < 200; s++) {
      const [i, j] = [Math.floor(next() * m), Math.floor(next() * n)];
      let want = 0;
      let scale = 0;
      for (let t = 0; t < k; t++) {
        want += as[i * k + t]! * bs[t * n + j]!;
        scale += Math.abs(as[i * k + t]! * bs[t * n + j]!);
      }
      expect(Math.abs(c[i * n + j]! - want)).toBeLessThanOrEqual(k * 2 ** -23 * scale + 1e-6);
    }
  }, 300_000);
});
