// Sizes past what counts exactly are refused with a sentence, never computed into garbage: a shape whose element
// count exceeds 2^53 - 1 at creation, and a kernel whose loops or buffers exceed the generated code's 32-bit
// counters when it would run (a lazy tensor of that size is fine until then).
import { describe, expect, it } from "vitest";
import { ShapeError, ones, zeros } from "../../src/index.js";

describe("extreme sizes", () => {
  it("a shape of more than 2^53 - 1 elements is a ShapeError naming the dims", () => {
    expect(() => zeros([["a", 2 ** 30], ["b", 2 ** 30]])).toThrow(ShapeError);
    expect(() => zeros([["a", 2 ** 30], ["b", 2 ** 30]])).toThrow('{ a: 1073741824, b: 1073741824 } has 1.153e+18 elements, more than 2^53 - 1');
    expect(() => zeros([["a", 1e18]])).toThrow('the size of "a" must be a non-negative integer, not 1000000000000000000');
  });

  it("a lazy tensor past 2^31 elements is built, and refused with the loop sizes when it would run", () => {
    const big = ones([["a", 2 ** 32 + 5]]);
    expect(big.numel).toBe(2 ** 32 + 5);
    expect(() => big.sum("a").item()).toThrow("a kernel would loop over 4294967301 points (a: 4294967301), more than the 2^31 - 1");
    expect(() => ones([["a", 1e6], ["b", 1e6]]).sum(["a", "b"]).item()).toThrow(ShapeError);
    expect(ones([["a", 2 ** 20]]).sum("a").item()).toBe(2 ** 20);
  });

  it("a softmax's phases (max, then sum) run one after the other: 20 rows of 6625 are not counted as 6625^3 points", () => {
    const p = ones([["row", 20], ["vocab", 6625]]).softmax("vocab").dataSync();
    expect(p[0]).toBeCloseTo(1 / 6625, 9);
  });
});
