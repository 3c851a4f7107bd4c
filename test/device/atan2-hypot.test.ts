// Runtime suite for y.atan2(x) and a.hypot(b) (src/ops/elementwise.ts) on every device: against float64 Math.atan2
// and Math.hypot on fresh random inputs broadcast by name, over every pair of IEEE special values (signs of zero,
// ±Infinity, NaN), huge and tiny magnitudes (hypot neither overflows nor underflows in between), and their
// gradients against finite differences. No target has them natively: both are decomposed over the kernel IR
// (src/backend/kernel/passes/decompose.ts), so this checks that decomposition on each code generator.
import { beforeAll, describe, expect, it } from "vitest";
import { type Shape, type Tensor, tensor } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { gradcheck, loose, scalarize } from "../helpers/gradcheck.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, expectClose, naiveBinary } from "../helpers/naive.js";
import { randomFloats } from "../helpers/random.js";

type F = Tensor<Shape, "float32">;
const f = (values: Float32Array, l: Layout): F => tensor(values, l) as unknown as F;

/** Values whose every pair the IEEE functions define exactly (or as NaN). */
const specials = [0, -0, Infinity, -Infinity, NaN, 1, -1, 2.5, -0.75, 1e-45, -1e-45, 3e38, -3e38, 1e-20];

/** [name, op, float64 reference, rtol]: a few float32 ulps (atan2's polynomial is within 2.5; hypot's √ within 2). */
const functions: [string, (a: F, b: F) => F, (a: number, b: number) => number, number][] = [
  ["atan2", (y, x) => y.atan2(x), Math.atan2, 4e-7],
  ["hypot", (a, b) => a.hypot(b), Math.hypot, 3e-7],
];

/** A float32 subnormal flushed to zero of the same sign (WGSL devices may flush; lavapipe does not). */
const flush = (v: number): number => (v !== 0 && Math.abs(v) < 2 ** -126 ? (v < 0 ? -0 : 0) : v);

describe.each(deviceNames)("atan2 and hypot on %s", (device) => {
  beforeAll(() => useDevice(device));

  it.each(functions)("%s matches float64 on random inputs, broadcast by name", async (_, op, ref, rtol) => {
    const la: Layout = [["a", 5], ["b", 37]];
    const lb: Layout = [["b", 37], ["c", 3]];
    // Subnormal results carry absolute precision only (and a WebGPU device may flush them to zero).
    const atol = device === "cpu" ? 2 ** -148 : 2 ** -126;
    // Magnitudes from 1e-30 to 1e30 and both signs, so every octant and ratio is reached.
    const scaled = (n: number): Float32Array => randomFloats(n, -1, 1).map((v, i) => v * 10 ** ((i * 7919) % 61 - 30) * (i % 4 === 0 ? 1e-3 : 1));
    const [x, y] = [scaled(5 * 37), scaled(37 * 3)];
    const out = op(f(x, la), f(y, lb));
    expect(out.dims).toEqual(["a", "b", "c"]);
    expect(out.dtype).toBe("float32");
    expectClose(await out.data(), naiveBinary(x, la, y, lb, [["a", 5], ["b", 37], ["c", 3]], ref), rtol, atol);
    // In the other order, and on plain-range values near the octant boundaries.
    const [u, v] = [randomFloats(5 * 37, -3, 3), randomFloats(37 * 3, -3, 3)];
    expectClose(await op(f(v, lb), f(u, la)).data(), naiveBinary(v, lb, u, la, [["b", 37], ["c", 3], ["a", 5]], ref), rtol, atol);
  });

  it.each(functions)("%s of every pair of special values is IEEE's, signs of zero included", async (_, op, ref) => {
    const n = specials.length;
    const a = new Float32Array(n * n).map((_, i) => specials[Math.floor(i / n)]!);
    const b = new Float32Array(n * n).map((_, i) => specials[i % n]!);
    const got = await op(f(a, [["i", n * n]]), f(b, [["i", n * n]])).data();
    got.forEach((value, i) => {
      const inputs = [a[i]!, b[i]!];
      // A device that flushes subnormals may answer for the flushed inputs.
      const answers = [ref(inputs[0]!, inputs[1]!), ref(flush(inputs[0]!), flush(inputs[1]!))].map(Math.fround);
      const ok = answers.some((want) => (Number.isNaN(want) ? Number.isNaN(value) : want === 0 || !Number.isFinite(want) ? Object.is(value, want) || Object.is(flush(value), want) : Math.abs(value - want) <= 4e-7 * Math.abs(want)));
      if (!ok) throw new Error(`${inputs[0]}, ${inputs[1]} gives ${value}, not ${answers[0]}`);
    });
  });

  it("hypot of huge and tiny values neither overflows nor underflows in between", async () => {
    const a = new Float32Array([3e38, 2e38, 1e-30, 3e-39, 1e-44, 1e20, 1.5e-45, 3e38]);
    const b = new Float32Array([1e38, 2e38, 1e-30, 4e-39, 0, 1e20, 1.5e-45, 3e38]);
    const got = await f(a, [["i", 8]]).hypot(f(b, [["i", 8]])).data();
    const want = Array.from(a, (x, i) => Math.fround(Math.hypot(x, b[i]!)));
    // The last pair overflows in float32 (4.2e38), as it should; subnormal pairs may be flushed on WebGPU.
    want.forEach((w, i) => {
      const flushed = Math.fround(Math.hypot(flush(a[i]!), flush(b[i]!)));
      const close = (x: number): boolean => (!Number.isFinite(x) ? got[i] === x : Math.abs(got[i]! - x) <= 3e-7 * x);
      expect(close(w) || (device !== "cpu" && close(flushed)), `hypot(${a[i]}, ${b[i]}) = ${got[i]}, not ${w}`).toBe(true);
    });
    expect(got[7]).toBe(Infinity);
  });
});

describe("atan2 and hypot gradients (float64 reference, and the compiled kernels of every device)", () => {
  beforeAll(() => useDevice("cpu"));
  const lx: Layout = [["a", 3], ["b", 4]];
  const ly: Layout = [["c", 2], ["b", 4]];
  /** Values in ±[0.5, 2) (the gradients are singular at the origin). */
  const away = (l: Layout): AnyTensor => loose(f(randomFloats(l.reduce((k, [, s]) => k * s, 1), 0.5, 2).map((v, i) => (i % 3 === 1 ? -v : v)), l));
  for (const [name, op] of functions) {
    it(`${name}: each operand's gradient, summed over the other's dims`, async () => {
      await gradcheck((x, y) => scalarize(op(loose(x), loose(y))), [away(lx), away(ly)]);
      await gradcheck((x, y) => scalarize(op(loose(y), loose(x))), [away(lx), away(ly)]);
    });
  }
});
