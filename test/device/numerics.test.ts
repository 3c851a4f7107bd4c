// Reduction-based ops at large offsets and wide ranges against float64 loops, on every device in NT_DEVICES:
// a float32 result within a few ulps of the float32 rounding of the exact answer, where a naive formula (x −
// logsumexp(x), E[x²] − E[x]²) would lose every digit.
import { describe, expect, it } from "vitest";
import { type Shape, type Tensor, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats } from "../helpers/random.js";

type F = Tensor<Shape, "float32">;
const ROWS = 6;
const COLS = 37;

/** Rows of values `offset + U(-spread, spread)`, exactly representable in float32. */
function rows(offset: number, spread: number): { t: F; values: Float32Array } {
  const values = randomFloats(ROWS * COLS, -spread, spread).map((v) => Math.fround(offset + v));
  return { t: tensor(values, [["r", ROWS], ["c", COLS]]) as unknown as F, values };
}
const row = (values: Float32Array, r: number): number[] => Array.from(values.subarray(r * COLS, (r + 1) * COLS));
const logsumexp64 = (xs: number[]): number => {
  const m = Math.max(...xs);
  return m + Math.log(xs.reduce((s, x) => s + Math.exp(x - m), 0));
};

/** |got − want| within `ulps` float32 ulps of want (and of `scale`, for results near 0). */
function expectUlps(got: ArrayLike<number>, want: number[], ulps: number, scale = 0): void {
  want.forEach((w, i) => {
    const ulp = Math.max(Math.abs(w), scale) * 2 ** -23;
    if (!(Math.abs(got[i]! - w) <= ulps * ulp)) throw new Error(`element ${i}: ${got[i]} vs ${w} (${Math.abs(got[i]! - w) / ulp} ulps)`);
  });
}

describe.each(deviceNames)("reductions at large offsets on %s", (device) => {
  for (const [offset, spread] of [[1000, 3], [-1e4, 10], [3e4, 0.5]] as const) {
    it(`softmax, logSoftmax and logsumexp of rows ${offset} ± ${spread}`, async () => {
      await useDevice(device);
      const { t, values } = rows(offset, spread);
      const lse = Array.from({ length: ROWS }, (_, r) => logsumexp64(row(values, r)));
      const logSoftmax = Array.from(values, (v, i) => v - lse[Math.floor(i / COLS)]!);
      expectUlps(await t.logsumexp("c").data(), lse, 4);
      // a log-probability of size ~spread: within a few ulps of its own scale, not of the offset's
      expectUlps(await t.logSoftmax("c").data(), logSoftmax, 8, 1);
      expectUlps(await t.softmax("c").data(), logSoftmax.map(Math.exp), 8, 1 / COLS);
    });

    it(`variance and std of rows ${offset} ± ${spread}`, async () => {
      await useDevice(device);
      const { t, values } = rows(offset, spread);
      const variance = Array.from({ length: ROWS }, (_, r) => {
        const xs = row(values, r);
        const mean = xs.reduce((a, b) => a + b, 0) / COLS;
        return xs.reduce((a, x) => a + (x - mean) ** 2, 0) / COLS;
      });
      // the inputs themselves carry |offset|·2^-24 of rounding, so the bound follows the offset
      const slack = (Math.abs(offset) * 2 ** -23 * spread * 8) / Math.min(...variance);
      expectUlps(await t.variance("c").data(), variance, 64 + slack * 2 ** 23);
      expect((await t.std("c").data())[0]).toBeCloseTo(Math.sqrt(variance[0]!), 3);
    });
  }
});
