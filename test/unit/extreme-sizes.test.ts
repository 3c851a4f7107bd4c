// Sizes past what counts exactly are refused with a sentence, never computed into garbage: a shape whose element
// count exceeds 2^53 - 1 at creation, and a kernel whose buffers or store loops exceed the generated code's 32-bit
// counters when it would run (a lazy tensor of that size is fine until then). A reduction of copies of one value is
// folded (Σ c = c·n) whatever its size; other reductions past 2^31 points run in split loops (long-loops.ts).
import { describe, expect, it } from "vitest";
import { ShapeError, arange, full, ones, tensor, zeros } from "../../src/index.js";

describe("extreme sizes", () => {
  it("a shape of more than 2^53 - 1 elements is a ShapeError naming the dims", () => {
    expect(() => zeros([["a", 2 ** 30], ["b", 2 ** 30]])).toThrow(ShapeError);
    expect(() => zeros([["a", 2 ** 30], ["b", 2 ** 30]])).toThrow('{ a: 1073741824, b: 1073741824 } has 1.153e+18 elements, more than 2^53 - 1');
    expect(() => zeros([["a", 1e18]])).toThrow('the size of "a" must be a non-negative integer, not 1000000000000000000');
  });

  it("a reduction of copies of one value past 2^31 points is folded (Σ c = c·n), not looped: exact counts", () => {
    const big = ones([["a", 2 ** 32 + 5]]);
    expect(big.numel).toBe(2 ** 32 + 5);
    expect(big.sum("a").item()).toBe(Math.fround(2 ** 32 + 5));
    expect(ones([["a", 1e6], ["b", 1e6]]).sum(["a", "b"]).item()).toBe(Math.fround(1e12));
    expect(full([["a", 2 ** 31 + 7]], 3).mean("a").item()).toBe(3);
    expect(full([["a", 3e9], ["b", 2]], -1.5).max("a").toArray()).toEqual([-1.5, -1.5]);
    // Sequentially, a float32 sum of 2^29 ones would stall at 2^24; the count is exact.
    expect(ones([["a", 2 ** 29]]).sum("a").item()).toBe(2 ** 29);
    // A broadcast value summed over the new dim, beside a dim it does read.
    const x = tensor([1.5, -2, 0.25], [["i", 3]]);
    expect(x.expand({ big: 2 ** 31 + 1 }).sum("big").toArray()).toEqual([1.5, -2, 0.25].map((v) => Math.fround(v * (2 ** 31 + 1))));
  });

  it("a loop past 2^31 points that is not copies of one value runs, split into 32-bit loops (long-loops.ts)", () => {
    const idx = arange("a", 2 ** 31 + 3);
    expect(idx.numel).toBe(2 ** 31 + 3);
    const n = 2 ** 31 + 3;
    // within 4 ulps of the float32 result (its last additions round, as the summation suite allows on WebGPU)
    expect(Math.abs(idx.sum("a").item() - (n * (n - 1)) / 2) / ((n * (n - 1)) / 2)).toBeLessThan(4 * 2 ** -23);
    expect(arange("a", 2 ** 20).sum("a").item()).toBe(Math.fround((2 ** 20 * (2 ** 20 - 1)) / 2));
  });

  it("what cannot run is refused with the loop and the buffer sizes when it would run", () => {
    // a buffer of 2^31 elements or more: no device addresses it
    expect(() => arange("a", 2 ** 31 + 3).add(1).dataSync()).toThrow("a kernel would loop over 2147483651 points (a: 2147483651), more than the 2^31 - 1");
    // a store loop within 2^16 of 2^31: its counter plus a step would wrap
    expect(() => ones([["a", 2 ** 31 - 100]], { dtype: "bool" }).dataSync()).toThrow(
      "a kernel would run the loop over a (2147483548 points), longer than the 2^31 - 2^16 = 2147418112 points one of its 32-bit loop counters can count",
    );
    expect(() => ones([["a", 2 ** 31 - 100]], { dtype: "bool" }).dataSync()).toThrow(ShapeError);
  });

  it("a softmax's phases (max, then sum) run one after the other: 20 rows of 6625 are not counted as 6625^3 points", () => {
    const p = ones([["row", 20], ["vocab", 6625]]).softmax("vocab").dataSync();
    expect(p[0]).toBeCloseTo(1 / 6625, 9);
  });
});
