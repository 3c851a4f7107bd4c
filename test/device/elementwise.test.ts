// Runtime suite for src/ops/elementwise.ts on every device: every op against float64 loops on fresh random
// inputs, broadcasting by name in both operand orders (DESIGN §2b rule 1), scalars, dtype promotion, bool
// results, where/maskedFill, cast, and IEEE special values (NaN, ±Infinity, -0, ties in rounding).
import { beforeAll, describe, expect, it } from "vitest";
import { ShapeError, type Shape, type Tensor, tensor, where, ArgumentError } from "../../src/index.js";
import { boolArithmetic, intScalar, needsBool, sizeMismatch } from "../../src/types/errors.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, expectClose, expectSame, f32, naiveBinary, naiveErf, naiveMap, naiveRoundHalfEven } from "../helpers/naive.js";
import { randomBools, randomFloats, randomInts } from "../helpers/random.js";

type F = Tensor<Shape, "float32">;
const A = 7;
const B = 33;
const layout: Layout = [["a", A], ["b", B]];
const specials = [NaN, Infinity, -Infinity, 0, -0, 0.5, -0.5, 1.5, -2.5, 3e38, -3e38, 1e-40];

const phi = (x: number): number => 0.5 * (1 + naiveErf(x / Math.SQRT2));

/**
 * Unary float functions: [name, op, float64 reference, input range, rtol, atol]. The CPU rounds the float64
 * result once (≤ 0.5 ulp ≈ 6e-8 relative); the tolerances leave room for float32 devices, whose exp/log/tanh/erf
 * are accurate to a few ulp (rtol 1e-5 / atol 1e-6), and whose sin/cos are only absolutely accurate to 2^-11
 * on [-π, π] (WGSL's bound, so atol 5e-4 there).
 */
const floatUnary: [string, (t: F) => F, (x: number) => number, number, number, number, number][] = [
  ["exp", (t) => t.exp(), Math.exp, -4, 4, 1e-5, 1e-6],
  ["log", (t) => t.log(), Math.log, 0.01, 8, 1e-5, 1e-6],
  ["sqrt", (t) => t.sqrt(), Math.sqrt, 0, 8, 1e-5, 1e-6],
  ["rsqrt", (t) => t.rsqrt(), (x) => 1 / Math.sqrt(x), 0.01, 8, 1e-5, 1e-6],
  ["tanh", (t) => t.tanh(), Math.tanh, -4, 4, 1e-5, 1e-6],
  ["sigmoid", (t) => t.sigmoid(), (x) => 1 / (1 + Math.exp(-x)), -8, 8, 1e-5, 1e-6],
  ["sin", (t) => t.sin(), Math.sin, -Math.PI, Math.PI, 1e-5, 5e-4],
  ["cos", (t) => t.cos(), Math.cos, -Math.PI, Math.PI, 1e-5, 5e-4],
  ["erf", (t) => t.erf(), naiveErf, -4, 4, 1e-5, 1e-6],
  // gelu(-Infinity) is its limit 0 (as for relu), not -Infinity · 0 = NaN.
  ["gelu", (t) => t.gelu(), (x) => (x === -Infinity ? 0 : x * phi(x)), -6, 6, 1e-5, 1e-6],
];

/** Numeric unary ops that are exact in float32 and int32: [name, op, float64 reference]. */
const exactUnary: [string, (t: Tensor<Shape, "float32" | "int32">) => Tensor<Shape, "float32" | "int32">, (x: number) => number][] = [
  ["neg", (t) => t.neg(), (x) => -x],
  ["abs", (t) => t.abs(), Math.abs],
  ["sign", (t) => t.sign(), (x) => (Number.isNaN(x) ? NaN : x > 0 ? 1 : x < 0 ? -1 : 0)],
  ["floor", (t) => t.floor(), Math.floor],
  ["ceil", (t) => t.ceil(), Math.ceil],
  ["round", (t) => t.round(), naiveRoundHalfEven],
  ["relu", (t) => t.relu(), (x) => (Number.isNaN(x) ? NaN : x > 0 ? x : 0)],
];

/**
 * Binary number ops: [name, op, float64 reference, rtol]. +, -, × are IEEE-rounded on every device (exact
 * match with the rounded float64 result); WGSL allows 2.5 ulp for ÷ and inherits pow from exp2/log2 (rtol 1e-5).
 */
const floatBinary: [string, (x: F, y: F) => F, (a: number, b: number) => number, number][] = [
  ["add", (x, y) => x.add(y), (a, b) => a + b, 0],
  ["sub", (x, y) => x.sub(y), (a, b) => a - b, 0],
  ["mul", (x, y) => x.mul(y), (a, b) => a * b, 0],
  ["div", (x, y) => x.div(y), (a, b) => a / b, 3e-7],
  ["maximum", (x, y) => x.maximum(y), (a, b) => Math.max(a, b), 0],
  ["minimum", (x, y) => x.minimum(y), (a, b) => Math.min(a, b), 0],
];

/** Comparisons: [name, op, float64 reference]; the results are bool and exact. */
const comparisons: [string, (x: F, y: F | number) => Tensor<Shape, "bool">, (a: number, b: number) => boolean][] = [
  ["eq", (x, y) => x.eq(y), (a, b) => a === b],
  ["ne", (x, y) => x.ne(y), (a, b) => a !== b],
  ["lt", (x, y) => x.lt(y), (a, b) => a < b],
  ["le", (x, y) => x.le(y), (a, b) => a <= b],
  ["gt", (x, y) => x.gt(y), (a, b) => a > b],
  ["ge", (x, y) => x.ge(y), (a, b) => a >= b],
];

const f = (values: Float32Array, l: Layout = layout): F => tensor(values, l) as unknown as F;

/** A float32 subnormal (like 1e-40 in `specials`) flushed to zero of the same sign; other values unchanged. */
const flush = (v: number): number => (v !== 0 && Math.abs(v) < 2 ** -126 ? (v < 0 ? -0 : 0) : v);

/**
 * Asserts `actual` is the float32 rounding of `ref` at each position, exactly. On the CPU that is all. WGSL lets a
 * device flush subnormals to zero (SwiftShader does; lavapipe does not), so elsewhere a position may also hold
 * the answer computed from the inputs flushed to zero, and either answer flushed to zero. Only positions with a
 * subnormal input or result differ between these; every other value is still checked exactly, or within `ulps`
 * float32 steps where WGSL's accuracy rules allow an error (division).
 */
function expectSameOrFlushed(device: string, actual: ArrayLike<number>, inputs: ArrayLike<number>[], ref: (...v: number[]) => number, ulps = 0): void {
  const at = (i: number, g: (v: number) => number): number => Math.fround(ref(...inputs.map((x) => g(x[i]!))));
  const exact = Float32Array.from(actual, (_, i) => at(i, (v) => v));
  if (device === "cpu") return expectSame(actual, exact);
  const allowed = Array.from(actual, (_, i) => {
    const [e, fromFlushed] = [exact[i]!, at(i, flush)];
    return [e, flush(e), fromFlushed, flush(fromFlushed)];
  });
  const same = (x: number, y: number): boolean => (Number.isNaN(y) ? Number.isNaN(x) : x === y || (Number.isFinite(y) && ulpDistance(x, y) <= ulps));
  const bad = Array.from(actual).findIndex((x, i) => !allowed[i]!.some((y) => same(x, y)));
  if (bad >= 0) expectSame([actual[bad]!], [exact[bad]!]);
}

/** How many float32 values lie between x and y (0 when equal). @example ulpDistance(1, 1 + 2 ** -23) // 1 */
function ulpDistance(x: number, y: number): number {
  const bits = (v: number): number => {
    const i = new Int32Array(new Float32Array([v]).buffer)[0]!;
    return i < 0 ? -(i & 0x7fffffff) : i; // monotonic in v, -0 and +0 both 0
  };
  return Math.abs(bits(x) - bits(y));
}

describe.each(deviceNames)("elementwise on %s", (device) => {
  beforeAll(() => useDevice(device));

  describe("float functions", () => {
    it.each(floatUnary)("%s matches the float64 reference", async (_, op, ref, lo, hi, rtol, atol) => {
      const x = randomFloats(A * B, lo, hi);
      const y = op(f(x));
      expect(y.dims).toEqual(["a", "b"]);
      expect(y.dtype).toBe("float32");
      expectClose(await y.data(), naiveMap(x, ref), rtol, atol);
      // int32 input is converted to float32 first.
      const ints = randomInts(257, Math.ceil(lo), Math.floor(hi) + 1);
      const yi = op(tensor(ints, [["i", 257]]) as unknown as F);
      expect(yi.dtype).toBe("float32");
      expectClose(await yi.data(), naiveMap(ints, ref), rtol, atol);
    });

    it.each(floatUnary)("%s handles NaN, ±Infinity and -0 like IEEE float64", async (_, op, ref) => {
      // Only the points where the function's IEEE value is exact: NaN, infinities, zeros, saturation.
      const got = await op(f(new Float32Array(specials), [["i", specials.length]])).data();
      specials.forEach((x, i) => {
        const y = ref(x);
        if (Number.isNaN(y)) expect(got[i]).toBeNaN();
        else if (!Number.isFinite(y) || y === 0 || Math.abs(y) === 1) expect(Math.fround(y) === got[i] || Math.abs(got[i]! - y) < 1e-6).toBe(true);
      });
    });

    it("sin and cos stay accurate for large arguments, up to float32's largest", async () => {
      // Random magnitudes 2^10..2^127 of both signs, in a vec4-sized layout and an odd one, mixed with small values.
      const x = randomFloats(4 * 37, -1, 1).map((v, i) => (i % 3 === 0 ? v * 3 : Math.sign(v) * 2 ** (10 + Math.abs(v) * 117)));
      for (const n of [x.length, 37]) {
        const xs = x.subarray(0, n);
        const t = f(xs, [["i", n]]);
        expectClose(await t.sin().data(), naiveMap(xs, Math.sin), 0, 2e-6);
        expectClose(await t.cos().data(), naiveMap(xs, Math.cos), 0, 2e-6);
      }
    });
  });

  describe("exact numeric functions", () => {
    it.each(exactUnary)("%s is exact in float32 and int32", async (name, op, ref) => {
      const x = randomFloats(A * B, -5, 5);
      // Ties for the rounding functions.
      for (let i = 0; i < 40; i++) x[i] = Math.round(x[i]! * 2) / 2;
      expectSame(await op(f(x)).data(), f32(naiveMap(x, ref)));
      const x32 = new Float32Array(specials);
      expectSameOrFlushed(device, await op(f(x32, [["i", specials.length]])).data(), [x32], ref);
      const ints = randomInts(257, -1000, 1000);
      const yi = op(tensor(ints, [["i", 257]]));
      expect(yi.dtype, name).toBe("int32");
      expectSame(await yi.data(), naiveMap(ints, ref));
    });

    it("round is half to even, including negative ties and -0.5", async () => {
      const x = new Float32Array([0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 0.49999997, 2.5000002, -3.5]);
      expectSame(await f(x, [["i", 10]]).round().data(), [0, 2, 2, 4, -0, -2, -2, 0, 3, -4]);
    });

    it("clamp limits to [min, max] and keeps NaN", async () => {
      const x = randomFloats(A * B, -3, 3);
      x[0] = NaN;
      const [lo, hi] = [-1.25, 0.75];
      expectSame(await f(x).clamp(lo, hi).data(), f32(naiveMap(x, (v) => (Number.isNaN(v) ? NaN : Math.min(hi, Math.max(lo, v))))));
      const ints = randomInts(33, -10, 10);
      expectSame(await tensor(ints, [["i", 33]]).clamp(-3, 4).data(), naiveMap(ints, (v) => Math.min(4, Math.max(-3, v))));
    });
  });

  describe("binary arithmetic", () => {
    it.each(floatBinary)("%s of two same-shaped tensors", async (_, op, ref, rtol) => {
      const [x, y] = [randomFloats(A * B), randomFloats(A * B)];
      const out = await op(f(x), f(y)).data();
      if (rtol === 0) expectSame(out, f32(naiveBinary(x, layout, y, layout, layout, ref)));
      else expectClose(out, naiveBinary(x, layout, y, layout, layout, ref), rtol, 0);
    });

    it("pow of positive bases, and of negative bases with integer exponents", async () => {
      const [x, y] = [randomFloats(A * B, 0.1, 4), randomFloats(A * B, -3, 3)];
      expectClose(await f(x).pow(f(y)).data(), naiveBinary(x, layout, y, layout, layout, Math.pow), 1e-5, 0);
      const neg = randomFloats(257, -3, -0.5);
      expectClose(await f(neg, [["i", 257]]).pow(3).data(), naiveMap(neg, (v) => v ** 3), 1e-5, 0);
      expectClose(await f(neg, [["i", 257]]).pow(2).data(), naiveMap(neg, (v) => v ** 2), 1e-5, 0);
      expect(Number.isNaN((await f(neg, [["i", 257]]).pow(0.5).data())[0]!)).toBe(true);
    });

    it("pow by 2, 3 and 4 is exact where the power is representable, tensor exponents within a few ulp", async () => {
      const ints = randomInts(257, -40, 41);
      const x = Float32Array.from(ints);
      for (const e of [2, 3, 4]) {
        expectSame(await f(x, [["i", 257]]).pow(e).data(), f32(naiveMap(x, (v) => v ** e)));
        // The same power through a tensor exponent takes e^{e·ln|x|}.
        const exponent = f(new Float32Array(257).fill(e), [["i", 257]]);
        expectClose(await f(x, [["i", 257]]).pow(exponent).data(), naiveMap(x, (v) => v ** e), 1e-6, 0);
      }
    });

    it("broadcasts by name: the left operand's dims, then the right's new ones, in either order", async () => {
      const la: Layout = [["i", 7], ["j", 3]];
      const lb: Layout = [["j", 3], ["k", 5], ["i", 7]];
      const [x, y] = [randomFloats(21), randomFloats(105)];
      const [tx, ty] = [f(x, la), f(y, lb)];
      const xy = tx.sub(ty);
      expect(xy.dims).toEqual(["i", "j", "k"]);
      expect(xy.shape).toEqual({ i: 7, j: 3, k: 5 });
      expectSame(await xy.data(), f32(naiveBinary(x, la, y, lb, [["i", 7], ["j", 3], ["k", 5]], (p, q) => p - q)));
      const yx = ty.sub(tx);
      expect(yx.dims).toEqual(["j", "k", "i"]);
      expectSame(await yx.data(), f32(naiveBinary(y, lb, x, la, lb, (p, q) => p - q)));
      // Disjoint names: an outer product.
      const outer = f(x.subarray(0, 7), [["p", 7]]).mul(f(y.subarray(0, 33), [["q", 33]]));
      expect(outer.dims).toEqual(["p", "q"]);
      expectSame(await outer.data(), f32(naiveBinary(x.subarray(0, 7), [["p", 7]], y.subarray(0, 33), [["q", 33]], [["p", 7], ["q", 33]], (p, q) => p * q)));
      // Same name, same size: a size-1 dim does not stretch.
      expect(() => tx.add(f(randomFloats(1), [["i", 1]]))).toThrow(new ShapeError(sizeMismatch("i", 7, 1)));
      expect(() => tx.add(f(randomFloats(5 * 5), [["k", 5], ["i", 5]]))).toThrow('dimension "i" is 7 in the left operand but 5 in the right');
    });

    it("a number operand broadcasts everywhere and takes the tensor's dtype", async () => {
      const x = randomFloats(A * B);
      const s = randomFloats(1)[0]!;
      expectSame(await f(x).add(s).data(), f32(naiveMap(x, (v) => v + s)));
      expectSame(await f(x).mul(s).data(), f32(naiveMap(x, (v) => v * s)));
      const ints = randomInts(257, -100, 100);
      const ti = tensor(ints, [["i", 257]]);
      expect(ti.add(3).dtype).toBe("int32");
      expectSame(await ti.add(3).data(), naiveMap(ints, (v) => v + 3));
      expectSame(await ti.mul(-7).data(), naiveMap(ints, (v) => v * -7));
      expect(() => ti.add(0.5)).toThrow(new ShapeError(intScalar("0.5")));
      expect(() => ti.lt(2.5)).toThrow("cannot combine an int32 tensor with 2.5: cast the tensor to float32 first");
    });

    it("int32 with int32 stays int32 (wrapping like int32 arithmetic); with float32 gives float32; ÷ gives float32", async () => {
      const [p, q] = [randomInts(257, -50000, 50000), randomInts(257, -50000, 50000)];
      const [tp, tq] = [tensor(p, [["i", 257]]), tensor(q, [["i", 257]])];
      const one: Layout = [["i", 257]];
      expect(tp.mul(tq).dtype).toBe("int32");
      expectSame(await tp.mul(tq).data(), naiveBinary(p, one, q, one, one, Math.imul));
      expectSame(await tp.add(tq).data(), naiveBinary(p, one, q, one, one, (a, b) => (a + b) | 0));
      expectSame(await tensor(new Int32Array([2147483647]), [["i", 1]]).add(1).data(), [-2147483648]);
      const x = randomFloats(257);
      const mixed = tp.add(f(x, one));
      expect(mixed.dtype).toBe("float32");
      expectSame(await mixed.data(), f32(naiveBinary(p, one, x, one, one, (a, b) => a + b)));
      expect(tp.div(tq).dtype).toBe("float32");
      expectClose(await tp.div(tq).data(), naiveBinary(p, one, q, one, one, (a, b) => a / b), 3e-7, 0);
      expect(tp.pow(2).dtype).toBe("float32");
    });

    it("maximum and minimum propagate NaN; ±Infinity pass through arithmetic", async () => {
      const x = new Float32Array(specials);
      const y = randomFloats(specials.length);
      const one: Layout = [["i", specials.length]];
      // Exact everywhere, except division off the CPU: WGSL allows 2.5 ulp for x / y (real GPUs use it).
      for (const [op, ref, ulps] of [
        [(p: F, q: F) => p.maximum(q), (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : Math.max(a, b)), 0],
        [(p: F, q: F) => p.minimum(q), (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : Math.min(a, b)), 0],
        [(p: F, q: F) => p.add(q), (a: number, b: number) => a + b, 0],
        [(p: F, q: F) => p.mul(q), (a: number, b: number) => a * b, 0],
        [(p: F, q: F) => p.div(q), (a: number, b: number) => a / b, 2.5],
      ] as const) {
        expectSameOrFlushed(device, await op(f(x, one), f(y, one)).data(), [x, y], ref, ulps);
        expectSameOrFlushed(device, await op(f(y, one), f(x, one)).data(), [y, x], ref, ulps);
      }
      expectSame(await f(new Float32Array([1, -1, 0]), [["i", 3]]).div(0).data(), [Infinity, -Infinity, NaN]);
    });

    it("rejects bool operands in arithmetic", () => {
      const b = tensor([true, false], ["i"]);
      // @ts-expect-error — rejected at compile time too (the same sentence)
      expect(() => b.add(1)).toThrow(new ShapeError(boolArithmetic()));
      // @ts-expect-error — rejected at compile time too (the same sentence)
      expect(() => f(randomFloats(2), [["i", 2]]).mul(b)).toThrow("arithmetic needs numbers, not bool: cast the bool operand first");
      // @ts-expect-error — rejected at compile time too (the same sentence)
      expect(() => b.neg()).toThrow(new ShapeError(boolArithmetic()));
      // @ts-expect-error — rejected at compile time too (the same sentence)
      expect(() => b.exp()).toThrow(new ShapeError(boolArithmetic()));
    });
  });

  describe("comparisons and logic", () => {
    it.each(comparisons)("%s gives bool, broadcasting by name, NaN compares unequal", async (_, op, ref) => {
      const x = randomFloats(A * B);
      const y = randomFloats(B);
      // Make some equal pairs so eq/le/ge see ties.
      for (let i = 0; i < B; i++) if (i % 3 === 0) x[i] = y[i]!;
      x[1] = NaN;
      const r = op(f(x), f(y, [["b", B]]));
      expect(r.dtype).toBe("bool");
      expect(r.dims).toEqual(["a", "b"]);
      expectSame(await r.data(), naiveBinary(x, layout, y, [["b", B]], layout, (a, b) => Number(ref(a, b))));
      const s = y[0]!;
      expectSame(await op(f(x), s).data(), naiveMap(x, (a) => Number(ref(a, s))));
      const bools = await op(f(x), s).array();
      expect(typeof (bools as boolean[][])[0]![0]).toBe("boolean");
    });

    it("compares int32 with int32 and with float32", async () => {
      const p = randomInts(257, -5, 5);
      const q = randomFloats(257, -5, 5);
      const one: Layout = [["i", 257]];
      expectSame(await tensor(p, one).lt(tensor(q, one)).data(), naiveBinary(p, one, q, one, one, (a, b) => Number(a < b)));
      expectSame(await tensor(p, one).eq(2).data(), naiveMap(p, (a) => Number(a === 2)));
    });

    it("logicalAnd, logicalOr and logicalNot on bool tensors; eq and ne also take bools", async () => {
      const [p, q] = [randomBools(A * B), randomBools(B)];
      const [tp, tq] = [tensor(Array.from(p, Boolean), ["n"]), tensor(Array.from(q, Boolean), ["b"])];
      const tp2 = tensor(p, layout, { dtype: "bool" });
      expect(tp.dtype).toBe("bool");
      const lb: Layout = [["b", B]];
      expectSame(await tp2.logicalAnd(tq).data(), naiveBinary(p, layout, q, lb, layout, (a, b) => Number(a && b)));
      expectSame(await tp2.logicalOr(tq).data(), naiveBinary(p, layout, q, lb, layout, (a, b) => Number(a || b)));
      expectSame(await tp2.logicalNot().data(), naiveMap(p, (a) => Number(!a)));
      expectSame(await tp2.logicalAnd(true).data(), p);
      expectSame(await tp2.logicalOr(false).data(), p);
      expectSame(await tp2.eq(tq).data(), naiveBinary(p, layout, q, lb, layout, (a, b) => Number(a === b)));
      expectSame(await tp2.ne(true).data(), naiveMap(p, (a) => Number(!a)));
      expect(() => tp2.logicalAnd(f(randomFloats(B), lb) as never)).toThrow(new ShapeError(needsBool("a logical operand", "float32")));
      // @ts-expect-error — rejected at compile time too (the same sentence)
      expect(() => f(randomFloats(2), [["i", 2]]).logicalNot()).toThrow("a logical operand must be bool, not float32");
      // @ts-expect-error — rejected at compile time too (the same sentence)
      expect(() => tp2.lt(1)).toThrow(new ShapeError(boolArithmetic()));
    });
  });

  describe("where, maskedFill and cast", () => {
    it("where picks by a bool condition; all three broadcast by name, the condition's dims first", async () => {
      const c = randomBools(B);
      const [x, y] = [randomFloats(A * B), randomFloats(A)];
      const lc: Layout = [["b", B]];
      const la: Layout = [["a", A]];
      const r = where(tensor(c, lc, { dtype: "bool" }), f(x), f(y, la));
      expect(r.dims).toEqual(["b", "a"]);
      expect(r.dtype).toBe("float32");
      const out: Layout = [["b", B], ["a", A]];
      const expected = new Float64Array(A * B);
      const xb = naiveBinary(x, layout, c, lc, out, (v) => v);
      const yb = naiveBinary(y, la, c, lc, out, (v) => v);
      const cb = naiveBinary(c, lc, y, la, out, (v) => v);
      for (let i = 0; i < expected.length; i++) expected[i] = cb[i] ? xb[i]! : yb[i]!;
      expectSame(await r.data(), expected);
      // Numbers take the other branch's dtype; int32 with float32 gives float32.
      const ints = randomInts(B, -9, 9);
      const wi = where(tensor(c, lc, { dtype: "bool" }), tensor(ints, lc), 0);
      expect(wi.dtype).toBe("int32");
      expectSame(await wi.data(), Array.from(c, (v, i) => (v ? ints[i]! : 0)));
      const wf = where(tensor(c, lc, { dtype: "bool" }), tensor(ints, lc), f(x.subarray(0, B), lc));
      expect(wf.dtype).toBe("float32");
      expectSame(await wf.data(), Array.from(c, (v, i) => (v ? ints[i]! : x[i]!)));
      const wn = where(tensor(c, lc, { dtype: "bool" }), 1.5, -2);
      expect(wn.dtype).toBe("float32");
      expectSame(await wn.data(), Array.from(c, (v) => (v ? 1.5 : -2)));
      expect(() => where(f(x) as never, 1, 2)).toThrow(new ShapeError(needsBool("the condition", "float32")));
    });

    it("maskedFill writes the value where the mask is true; the mask broadcasts by name", async () => {
      const x = randomFloats(A * B);
      const m = randomBools(A);
      const r = f(x).maskedFill(tensor(m, [["a", A]], { dtype: "bool" }), -Infinity);
      expect(r.dims).toEqual(["a", "b"]);
      expectSame(await r.data(), naiveBinary(x, layout, m, [["a", A]], layout, (v, k) => (k ? -Infinity : v)));
      // A mask with a new name adds it after the tensor's dims.
      const m2 = randomBools(5);
      const r2 = f(x).maskedFill(tensor(m2, [["c", 5]], { dtype: "bool" }), 0);
      expect(r2.dims).toEqual(["a", "b", "c"]);
      const out: Layout = [["a", A], ["b", B], ["c", 5]];
      expectSame(await r2.data(), naiveBinary(x, layout, m2, [["c", 5]], out, (v, k) => (k ? 0 : v)));
      expect(() => f(x).maskedFill(f(x) as never, 0)).toThrow(new ShapeError(needsBool("the condition", "float32")));
      const ints = tensor(randomInts(A, 0, 9), [["a", A]]);
      expect(() => ints.maskedFill(tensor(m, [["a", A]], { dtype: "bool" }), 0.5)).toThrow(new ShapeError(intScalar("0.5")));
    });

    it("cast to int32 truncates toward zero and saturates, NaN gives 0; to bool is != 0; bool casts to 0/1", async () => {
      const x = randomFloats(257, -1000, 1000);
      x.set([NaN, Infinity, -Infinity, 3e9, -3e9, 2.9, -2.9, 0.5, -0.5, -0]);
      const toInt = (v: number): number => (Number.isNaN(v) ? 0 : Math.max(-2147483648, Math.min(2147483647, Math.trunc(v))));
      const ti = f(x, [["i", 257]]).cast("int32");
      expect(ti.dtype).toBe("int32");
      expectSame(await ti.data(), naiveMap(x, toInt));
      const tb = f(x, [["i", 257]]).cast("bool");
      expect(tb.dtype).toBe("bool");
      expectSame(await tb.data(), naiveMap(x, (v) => Number(v !== 0)));
      const bools = randomBools(33);
      const b = tensor(bools, [["i", 33]], { dtype: "bool" });
      expectSame(await b.cast("float32").data(), bools);
      expectSame(await b.cast("int32").data(), bools);
      const ints = randomInts(33, -3, 3);
      expectSame(await tensor(ints, [["i", 33]]).cast("bool").data(), naiveMap(ints, (v) => Number(v !== 0)));
      expectSame(await tensor(ints, [["i", 33]]).cast("float32").data(), ints);
      expect(() => b.cast("float64" as never)).toThrow(new ArgumentError('unknown dtype "float64": use "float32", "int32" or "bool"'));
    });
  });
});
