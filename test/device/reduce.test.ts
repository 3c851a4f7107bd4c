// Runtime suite for src/ops/reduce.ts on every device: reductions over one name and lists of names, arg-
// reductions, logsumexp, variance/std, all/any, and the ops along one name (softmax, logSoftmax, cumsum, sort,
// topk) against float64 loops on fresh random inputs, plus IEEE edge cases (DESIGN §2b rule 15) and empty dims.
import { beforeAll, describe, expect, it } from "vitest";
import { ShapeError, type Shape, type Tensor, tensor, zeros, ArgumentError } from "../../src/index.js";
import { duplicate, emptyReduction, nameTaken, notADimension, topkRange } from "../../src/types/errors.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import {
  type Layout,
  argExtreme,
  argSort,
  expectClose,
  expectSame,
  f32,
  logSumExp,
  nanMax,
  nanMin,
  naiveAlong,
  naiveGroups,
  naivePerLine,
  variance,
} from "../helpers/naive.js";
import { randomBools, randomFloats, randomInts } from "../helpers/random.js";

type F = Tensor<Shape, "float32">;
const layout: Layout = [["a", 7], ["b", 33], ["c", 3]];
const numel = 7 * 33 * 3;
const f = (values: Float32Array, l: Layout = layout): F => tensor(values, l) as unknown as F;
const line = (values: number[]): F => f(Float32Array.from(values), [["i", values.length]]);

/** The names to reduce over, and what remains (in the original order). */
const reductions: [string | string[], Layout][] = [
  ["a", [["b", 33], ["c", 3]]],
  ["b", [["a", 7], ["c", 3]]],
  ["c", [["a", 7], ["b", 33]]],
  [["a", "c"], [["b", 33]]],
  [["c", "a"], [["b", 33]]],
  [["a", "b", "c"], []],
];
const asList = (names: string | string[]): string[] => (Array.isArray(names) ? names : [names]);
const countOf = (names: string | string[]): number => asList(names).reduce((n, name) => n * layout.find(([m]) => m === name)![1], 1);

// Tolerances. The CPU computes in float64 and rounds once; a float32 device accumulates n terms of size ≤ 2 with
// an error of about n·ε·2 (ε = 2^-24 ≈ 6e-8), so sums get atol 2e-7·n, means 2e-7, products rtol 1e-7·n;
// max/min/arg-reductions/sort/all/any must be exact on every device.
const sumTol = (n: number): [number, number] => [1e-6, 2e-7 * n];

describe.each(deviceNames)("reductions on %s", (device) => {
  beforeAll(() => useDevice(device));

  describe.each(reductions)("over %j", (names, rest) => {
    const list = asList(names);
    const n = countOf(names);

    it("sum, mean, max, min and prod match the float64 loops and remove the names", async () => {
      const x = randomFloats(numel);
      const groups = naiveGroups(x, layout, list);
      const t = f(x);
      const s = t.sum(names);
      expect(s.dims).toEqual(rest.map(([name]) => name));
      expectClose(await s.data(), groups.map((g) => g.reduce((p, v) => p + v, 0)), ...sumTol(n));
      expectClose(await t.mean(names).data(), groups.map((g) => g.reduce((p, v) => p + v, 0) / g.length), 1e-6, 2e-7);
      expectSame(await t.max(names).data(), groups.map((g) => g.reduce(nanMax, -Infinity)));
      expectSame(await t.min(names).data(), groups.map((g) => g.reduce(nanMin, Infinity)));
      const positive = randomFloats(numel, 0.5, 1.5);
      const pg = naiveGroups(positive, layout, list);
      expectClose(await f(positive).prod(names).data(), pg.map((g) => g.reduce((p, v) => p * v, 1)), 1e-7 * n + 1e-6, 0);
    });

    it("logsumexp, variance and std", async () => {
      const x = randomFloats(numel, -3, 3);
      const groups = naiveGroups(x, layout, list);
      const t = f(x);
      expectClose(await t.logsumexp(names).data(), groups.map(logSumExp), 1e-5, 1e-6);
      // Two-pass variance of values ≤ 3: float32 error about n·ε·9.
      const vtol: [number, number] = [1e-5, 1e-6 * n];
      expectClose(await t.variance(names).data(), groups.map((g) => variance(g)), ...vtol);
      expectClose(await t.std(names).data(), groups.map((g) => Math.sqrt(variance(g))), ...vtol);
      if (n > 1) {
        expectClose(await t.variance(names, { correction: 1 }).data(), groups.map((g) => variance(g, 1)), ...vtol);
        expectClose(await t.std(names, { correction: 1 }).data(), groups.map((g) => Math.sqrt(variance(g, 1))), ...vtol);
      }
    });

    it("all and any over bools; int32 sums stay int32 and exact", async () => {
      const b = randomBools(numel);
      // Make some groups all true and some all false.
      for (let i = 0; i < 60; i++) b[i] = 1;
      for (let i = numel - 60; i < numel; i++) b[i] = 0;
      const groups = naiveGroups(b, layout, list);
      const tb = tensor(b, layout, { dtype: "bool" });
      expect(tb.all(names).dtype).toBe("bool");
      expectSame(await tb.all(names).data(), groups.map((g) => Number(g.every(Boolean))));
      expectSame(await tb.any(names).data(), groups.map((g) => Number(g.some(Boolean))));
      const ints = randomInts(numel, -1000, 1000);
      const ig = naiveGroups(ints, layout, list);
      const ti = tensor(ints, layout);
      expect(ti.sum(names).dtype).toBe("int32");
      expectSame(await ti.sum(names).data(), ig.map((g) => g.reduce((p, v) => p + v, 0)));
      expectSame(await ti.max(names).data(), ig.map((g) => Math.max(...g)));
      expectSame(await ti.min(names).data(), ig.map((g) => Math.min(...g)));
      expect(ti.mean(names).dtype).toBe("float32");
      expectClose(await ti.mean(names).data(), ig.map((g) => g.reduce((p, v) => p + v, 0) / g.length), 1e-6, 0);
    });
  });

  it("NaN propagates through sum, mean, max, min, prod and logsumexp; ±Infinity through sums", async () => {
    const rows = [
      [1, NaN, 3],
      [-Infinity, 2, 5],
      [Infinity, -Infinity, 0],
      [2, 4, Infinity],
    ];
    const t = f(Float32Array.from(rows.flat()), [["r", 4], ["c", 3]]);
    expectSame(await t.sum("c").data(), [NaN, -Infinity, NaN, Infinity]);
    expectSame(await t.max("c").data(), [NaN, 5, Infinity, Infinity]);
    expectSame(await t.min("c").data(), [NaN, -Infinity, -Infinity, 2]);
    expectSame(await t.prod("c").data(), [NaN, -Infinity, NaN, Infinity]);
    expectSame(await t.mean("c").data(), [NaN, -Infinity, NaN, Infinity]);
    expectSame(await t.logsumexp("c").data(), [NaN, Math.fround(logSumExp([-Infinity, 2, 5])), Infinity, Infinity]);
  });

  it("argmax and argmin give the first NaN when there is one, else the first extreme", async () => {
    const rows = [
      [3, NaN, 5, NaN],
      [NaN, 1, 1, 0],
      [-Infinity, -Infinity, 2, 2],
      [7, 7, 7, 7],
    ];
    const t = f(Float32Array.from(rows.flat()), [["r", 4], ["c", 4]]);
    expectSame(await t.argmax("c").data(), [1, 0, 2, 0]);
    expectSame(await t.argmin("c").data(), [1, 0, 0, 0]);
    expectSame(await t.argmax("c").data(), rows.map((v) => argExtreme(v, true)));
  });

  it("logsumexp does not overflow and an all -Infinity row gives -Infinity", async () => {
    const big = [1000, 999, 1000.5];
    expectClose(await line(big).logsumexp("i").data(), [logSumExp(big)], 1e-6, 0);
    expectClose(await line([-1000, -1001]).logsumexp("i").data(), [logSumExp([-1000, -1001])], 1e-6, 0);
    expectSame(await line([-Infinity, -Infinity, -Infinity]).logsumexp("i").data(), [-Infinity]);
    expectClose(await line([3e38, 3e38]).logsumexp("i").data(), [3e38], 1e-6, 0);
  });

  describe.each([7, 257])("along a name of size %i", (size) => {
    const l: Layout = [["r", 5], ["s", size]];
    const lt: Layout = [["s", size], ["r", 5]];

    it("softmax rows sum to 1 and match the float64 loop (also with the name first)", async () => {
      const x = randomFloats(5 * size, -4, 4);
      const sm = f(x, l).softmax("s");
      expect(sm.dims).toEqual(["r", "s"]);
      const expected = naiveAlong(x, l, "s", (v) => v.map((e) => Math.exp(e - logSumExp(v))));
      expectClose(await sm.data(), expected, 1e-5, 1e-7);
      const sums = naivePerLine(await sm.data(), l, "s", (v) => v.reduce((p, q) => p + q, 0));
      expectClose(sums, new Float64Array(5).fill(1), 0, 2e-7 * size);
      expectClose(await f(x, lt).softmax("s").data(), naiveAlong(x, lt, "s", (v) => v.map((e) => Math.exp(e - logSumExp(v)))), 1e-5, 1e-7);
      expectClose(await f(x, l).logSoftmax("s").data(), naiveAlong(x, l, "s", (v) => v.map((e) => e - logSumExp(v))), 1e-5, 1e-6);
    });

    it("cumsum is the running sum", async () => {
      const x = randomFloats(5 * size);
      const running = (v: number[]): number[] => {
        let acc = 0;
        return v.map((e) => (acc += e));
      };
      expectClose(await f(x, l).cumsum("s").data(), naiveAlong(x, l, "s", running), ...sumTol(size));
      expectClose(await f(x, lt).cumsum("s").data(), naiveAlong(x, lt, "s", running), ...sumTol(size));
      const ints = randomInts(5 * size, -100, 100);
      const ci = tensor(ints, l).cumsum("s");
      expect(ci.dtype).toBe("int32");
      expectSame(await ci.data(), naiveAlong(ints, l, "s", running));
    });

    it("argmax and argmin give the first extreme position as int32", async () => {
      const x = randomFloats(5 * size);
      // A tie on the maximum in row 0 and on the minimum in row 1: the first one wins.
      x[3 % size] = 5;
      x[(size - 1) % size] = 5;
      x[size + (size - 1)] = -5;
      x[size + 0] = -5;
      const am = f(x, l).argmax("s");
      expect(am.dtype).toBe("int32");
      expect(am.dims).toEqual(["r"]);
      expectSame(await am.data(), naivePerLine(x, l, "s", (v) => argExtreme(v, true)));
      expectSame(await f(x, l).argmin("s").data(), naivePerLine(x, l, "s", (v) => argExtreme(v, false)));
      expectSame(await f(x, lt).argmax("s").data(), naivePerLine(x, lt, "s", (v) => argExtreme(v, true)));
    });

    it("sort is stable, ascending or descending, and gives the source positions", async () => {
      const x = randomFloats(5 * size);
      // Ties (to test stability) and NaN/±Infinity.
      for (let i = 0; i < x.length; i += 3) x[i] = Math.round(x[i]!);
      x[1] = NaN;
      x[size + 2] = Infinity;
      x[2 * size + 1] = -Infinity;
      for (const descending of [false, true]) {
        const { values, indices } = f(x, l).sort("s", { descending });
        expect(values.dims).toEqual(["r", "s"]);
        expect(indices.dtype).toBe("int32");
        const order = naiveAlong(x, l, "s", (v) => argSort(v, descending));
        expectSame(await indices.data(), order);
        expectSame(await values.data(), naiveAlong(x, l, "s", (v) => argSort(v, descending).map((k) => v[k]!)));
        const byColumn = f(x, lt).sort("s", { descending });
        expectSame(await byColumn.indices.data(), naiveAlong(x, lt, "s", (v) => argSort(v, descending)));
      }
      const ints = randomInts(5 * size, -3, 3);
      const si = tensor(ints, l).sort("s");
      expect(si.values.dtype).toBe("int32");
      expectSame(await si.values.data(), naiveAlong(ints, l, "s", (v) => [...v].sort((p, q) => p - q)));
    });

    it("topk gives the k largest under a new name, largest first, with positions", async () => {
      const x = randomFloats(5 * size);
      for (let i = 0; i < x.length; i += 4) x[i] = Math.round(x[i]!);
      for (const k of [1, Math.min(3, size), size]) {
        const { values, indices } = tensor(x, [["r", 5], ["s", size]]).topk("s", k, "best");
        expect(values.dims).toEqual(["r", "best"]);
        expect(values.shape).toEqual({ r: 5, best: k });
        const top = (v: number[]): number[] => argSort(v, true).slice(0, k);
        const lk: Layout = [["r", 5], ["best", k]];
        const expectedIdx = new Float64Array(5 * k);
        const expectedVal = new Float64Array(5 * k);
        const xl = naiveGroups(x, l, ["s"]);
        xl.forEach((v, r) => top(v).forEach((p, j) => ((expectedIdx[r * k + j] = p), (expectedVal[r * k + j] = v[p]!))));
        expect(lk.length).toBe(2);
        expectSame(await indices.data(), expectedIdx);
        expectSame(await values.data(), expectedVal);
      }
      // Replacing the name in place when the name stands first.
      const t = tensor(x, [["s", size], ["r", 5]]).topk("s", 2, "top");
      expect(t.values.dims).toEqual(["top", "r"]);
    });
  });

  it("softmax does not overflow; an all -Infinity row gives NaN; -Infinity entries get 0", async () => {
    const rows = [
      [1000, 1000, 999],
      [-Infinity, -Infinity, -Infinity],
      [-Infinity, 0, 0],
      [-1000, -1000, -1000],
    ];
    const t = f(Float32Array.from(rows.flat()), [["r", 4], ["c", 3]]);
    const expected = rows.flatMap((v) => (v.every((e) => e === -Infinity) ? [NaN, NaN, NaN] : v.map((e) => Math.exp(e - logSumExp(v)))));
    expectClose(await t.softmax("c").data(), expected, 1e-5, 1e-7);
    const ls = await t.logSoftmax("c").data();
    // x - logsumexp(x) for x ≈ 1000: float32 cannot hold logsumexp closer than an ulp of 1000 (6e-5).
    expectClose(ls.subarray(0, 3), rows[0]!.map((e) => e - logSumExp(rows[0]!)), 0, 1.2e-4);
    expect(ls[6]).toBe(-Infinity);
  });

  it("reductions over an empty dim give the identity (or NaN for mean), and arg-reductions refuse", async () => {
    const e = zeros([["a", 0], ["b", 3]]);
    expectSame(await e.sum("a").data(), [0, 0, 0]);
    expectSame(await e.prod("a").data(), [1, 1, 1]);
    expectSame(await e.max("a").data(), [-Infinity, -Infinity, -Infinity]);
    expectSame(await e.min("a").data(), [Infinity, Infinity, Infinity]);
    expectSame(await e.mean("a").data(), [NaN, NaN, NaN]);
    expectSame(await e.cast("bool").any("a").data(), [0, 0, 0]);
    expectSame(await e.cast("bool").all("a").data(), [1, 1, 1]);
    expectSame(await e.sum("b").data(), []);
    expect(() => e.argmax("a")).toThrow(new ShapeError(emptyReduction("argmax", "a")));
    expect(() => e.argmin("a")).toThrow('argmin over "a" needs at least one element, but its size is 0');
    expect(() => e.cast("int32").max("a")).toThrow(new ShapeError(emptyReduction("max", "a")));
  });

  it("errors name the dimension (the same sentences as at compile time)", () => {
    const t = tensor(randomFloats(numel), [["a", 7], ["b", 33], ["c", 3]]);
    // @ts-expect-error — a compile error too
    expect(() => t.sum("z")).toThrow(new ShapeError(notADimension("z", "{ a: 7, b: 33, c: 3 }")));
    // @ts-expect-error — a compile error too
    expect(() => t.sum(["a", "a"])).toThrow(new ShapeError(duplicate("a")));
    // @ts-expect-error — a compile error too
    expect(() => t.topk("b", 34, "best")).toThrow(new ShapeError(topkRange(34, "b", 33)));
    // @ts-expect-error — a compile error too
    expect(() => t.topk("b", 2, "c")).toThrow(new ShapeError(nameTaken("c")));
    expect(() => t.variance("a", { correction: -1 })).toThrow(ArgumentError);
  });
});
