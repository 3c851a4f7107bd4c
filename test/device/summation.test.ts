// Float32 sums as accurate as numpy's pairwise summation (the CPU sums in blocks with compensated totals; WebGPU
// reduces in a tree): sums of ones exact to 2^29 elements (a single running sum stalls at 2^24), uniform random
// data within 2e-7 relative error (10× numpy's 2e-8 on the same data) and data with a large offset within the
// float32 rounding of the result (CPU: 0.75 ulp; WebGPU: 4 ulps), each against a float64 sum of the same values.
import { describe, expect, it } from "vitest";
import { ones, rand } from "../../src/index.js";
import { uniform } from "../../src/backend/cpu/random.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { testSeed } from "../helpers/random.js";

/** The float64 sum of the float32 values `value(i)` for i < n. */
function exactSum(n: number, value: (i: number) => number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += value(i);
  return s;
}

describe.each(deviceNames)("summation accuracy on %s", (device) => {
  // The software Vulkan driver of CI is slow: WebGPU checks the same properties at smaller sizes.
  const big = device === "cpu" ? 29 : 24;
  const random = device === "cpu" ? 26 : 22;

  it(`ones: exact from 2^24 to 2^${big} elements`, async () => {
    await useDevice(device);
    for (let p = 24; p <= big; p++) expect((await ones([["a", 2 ** p]]).sum("a").data())[0]).toBe(2 ** p);
  }, 120_000);

  it(`2^${random} uniform values: within 2e-7 of the float64 sum`, async () => {
    await useDevice(device);
    const seed = testSeed % 100000;
    const n = 2 ** random;
    const got = (await rand([["a", n]], { seed }).sum("a").data())[0]!;
    const want = exactSum(n, (i) => uniform(seed, 0, i));
    expect(Math.abs(got - want) / want).toBeLessThan(2e-7);
  }, 120_000);

  it("values with a large offset (1000 + U[0, 1)): within the float32 rounding of the result", async () => {
    await useDevice(device);
    const seed = (testSeed + 1) % 100000;
    const n = 2 ** 22;
    const got = (await rand([["a", n]], { seed }).add(1000).sum("a").data())[0]!;
    const want = exactSum(n, (i) => Math.fround(uniform(seed, 0, i) + 1000));
    // The CPU's compensated totals join in float64: the result is the float32 rounding of the exact sum, give or
    // take the totals' own tiny error (0.50 ulp the most seen over 30 seeds; 1.2 before they joined in float64,
    // each join rounding to float32). A WebGPU invocation's total
    // is a plain sum of its blocks (no compensation a driver could simplify away): within 4 ulps of the result
    // (1.8 the most seen over 25 seeds on lavapipe), below the bound of 10× numpy's pairwise error.
    const ulp = 2 ** (Math.floor(Math.log2(want)) - 23);
    if (device === "cpu") expect(Math.abs(got - want)).toBeLessThanOrEqual(0.75 * ulp);
    else expect(Math.abs(got - want)).toBeLessThanOrEqual(4 * ulp);
  }, 120_000);
});
