// Padding computed in one pass with its borders checked and its middle unchecked (kernel/peel.ts; on the CPU
// the middle of each row runs 4 lanes wide): pads before and after, on one side only, wider than the row, on
// rows shorter and longer than a vector step, with elementwise work around the pad and a fill value, on every
// device against float64 loops on fresh random inputs.
import { beforeAll, describe, expect, it } from "vitest";
import { type Shape, type Tensor, explain, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, expectClose, forEachPosition, sizeOf } from "../helpers/naive.js";
import { randomFloats, rng, testSeed } from "../helpers/random.js";

type F = Tensor<Shape, "float32">;
const seed = testSeed;
type Dims = [number, number, number];
type Pair = [number, number];

/** out[c, h, w] = g(x[c, h − top, w − left]) inside, fill outside. */
function naivePad(x: Float32Array, [C, H, W]: Dims, [top, bottom]: Pair, [left, right]: Pair, g: (v: number) => number, fill: number): Float64Array {
  const [oh, ow] = [H + top + bottom, W + left + right];
  const out = new Float64Array(C * oh * ow);
  forEachPosition([["c", C], ["h", oh], ["w", ow]], (at, flat) => {
    const [h, w] = [at.h! - top, at.w! - left];
    out[flat] = h >= 0 && h < H && w >= 0 && w < W ? g(x[(at.c! * H + h) * W + w]!) : fill;
  });
  return out;
}

describe.each(deviceNames)(`pads with checked borders and an unchecked middle on %s (seed ${seed})`, (device) => {
  beforeAll(() => useDevice(device));

  const cases: [string, Dims, Pair, Pair][] = [
    ["both sides, rows of 40", [3, 5, 40], [1, 2], [2, 3]],
    ["left only, rows of 9", [2, 4, 9], [0, 0], [5, 0]],
    ["right only, rows of 33", [2, 3, 33], [2, 0], [0, 7]],
    ["wider than the row (rows of 3)", [2, 2, 3], [1, 1], [9, 11]],
    ["rows of 1", [4, 6, 1], [0, 3], [4, 4]],
    ["no pad along the row", [2, 3, 17], [2, 2], [0, 0]],
  ];
  for (const [name, dims, hp, wp] of cases) {
    it(name, async () => {
      const x = randomFloats(sizeOf([["c", dims[0]], ["h", dims[1]], ["w", dims[2]]]), -3, 3, rng(seed + dims[2] + wp[0]));
      const l: Layout = [["c", dims[0]], ["h", dims[1]], ["w", dims[2]]];
      const t = tensor(x, l as any) as unknown as F;
      const spec = { h: hp, w: wp };
      // a fill, and work before the pad (fused into its kernel) and after it
      expectClose(await (t.pad(spec as any, -1.5) as F).data(), naivePad(x, dims, hp, wp, (v) => v, -1.5), 0, 0);
      const hs = (v: number): number => (v * Math.min(Math.max(v + 3, 0), 6)) / 6;
      const before = t.mul(t.add(3).clamp(0, 6)).div(6);
      expectClose(await (before.pad(spec as any) as F).mul(2).add(0.5).data(), naivePad(x, dims, hp, wp, hs, 0).map((v) => v * 2 + 0.5), 2e-6, 1e-6);
    });
  }

  it("a 2-D pad of a wide row keeps its values and fills exactly (NaN and ±Infinity pass through the middle)", async () => {
    const dims: Dims = [2, 4, 64];
    const x = randomFloats(2 * 4 * 64, -2, 2, rng(seed + 5));
    x[3] = NaN;
    x[70] = Infinity;
    x[200] = -Infinity;
    const t = tensor(x, [["c", 2], ["h", 4], ["w", 64]]) as unknown as F;
    const y = t.pad({ h: [1, 1], w: [3, 5] } as any, 7) as F;
    expect(y.shape).toEqual({ c: 2, h: 6, w: 72 });
    expectClose(await y.data(), naivePad(x, dims, [1, 1], [3, 5], (v) => v, 7), 0, 0);
  });

  if (device === "cpu")
    it("the CPU stores a pad's middle 4 lanes at a time", async () => {
      const t = tensor(randomFloats(3 * 5 * 40), [["c", 3], ["h", 5], ["w", 40]]) as unknown as F;
      expect(await explain(t.pad({ h: [1, 1], w: [2, 2] } as any).mul(2) as F)).toContain("v128.store");
    });
});
