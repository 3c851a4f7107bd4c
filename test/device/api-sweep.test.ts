// A random sample of the dense API against float64 semantics written here, independently of the library's
// reference interpreter (src/backend/cpu/reference.ts) and ALU table (src/graph/alu.ts): the fuzz compares the
// kernels with that interpreter, so a meaning both get wrong needs a third opinion. The semantics are NumPy's /
// PyTorch's (DESIGN §2b rule 15: IEEE), with special values (NaN, ±Infinity, ±0) mixed into the inputs, size-1
// and size-0 dims, and the dims of the two operands in different orders. Plus the IEEE special cases of pow and
// logSoftmax's rows with infinities, which this comparison found wrong.
import { beforeAll, describe, expect, it } from "vitest";
import { type Shape, type Tensor, full, grad, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, argExtreme, argSort, expectClose, logSumExp, nanMax, nanMin, naiveAlong, naiveBinary, naiveErf, naivePerLine, naiveRoundHalfEven, sizeOf } from "../helpers/naive.js";
import { rng, testSeed } from "../helpers/random.js";

type F = Tensor<Shape, "float32">;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ops of every dtype share one table, as in fuzz.test.ts
type Any = Tensor<any, any>;

/** x^y as C99 / IEEE 754 define it; JavaScript's Math.pow agrees except for 1^y and (−1)^±∞, which are 1. */
function c99Pow(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (Math.abs(x) === 1 && Math.abs(y) === Infinity) return 1;
  return Math.pow(x, y);
}
/** Like expectClose, and a zero must have the expected sign. */
function expectCloseSigned(actual: ArrayLike<number>, expected: ArrayLike<number>, rtol: number, atol: number): void {
  expectClose(actual, expected, rtol, atol);
  for (let i = 0; i < expected.length; i++) {
    if (expected[i] === 0 && !Object.is(actual[i], expected[i])) throw new Error(`element ${i} is ${actual[i]} but the reference is ${Object.is(expected[i], -0) ? "-0" : "0"}`);
  }
}
/** log softmax along `name` as PyTorch computes it: a row with NaN, +Infinity or only -Infinity is NaN throughout. */
const naiveLogSoftmax = (x: ArrayLike<number>, l: Layout, name: string): Float64Array =>
  naiveAlong(x, l, name, (line) => {
    const m = line.reduce(nanMax, -Infinity);
    if (!Number.isFinite(m)) return line.map(() => NaN);
    const lse = Math.log(line.reduce((s, v) => s + Math.exp(v - m), 0));
    return line.map((v) => v - m - lse);
  });
const naiveSoftmaxLine = (line: number[]): number[] => {
  const m = line.reduce(nanMax, -Infinity);
  const e = line.map((v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
};

const SPECIALS = [NaN, Infinity, -Infinity, 0, -0, 1, -1, 2, -2, 0.5, -0.5, -8, 1 / 3, 3, -3, 1e-3];

interface Op {
  readonly name: string;
  readonly arity: 1 | 2;
  readonly run: (a: Any, b: Any, along: string) => Any;
  /** The float64 meaning on the inputs' layouts; the result's layout follows DESIGN §2b. */
  readonly naive: (a: ArrayLike<number>, la: Layout, b: ArrayLike<number>, lb: Layout, along: string) => Float64Array;
  readonly rtol?: number;
  /** Reduces `along` (the result loses it), or keeps it (along ops); undefined for elementwise. */
  readonly along?: "reduce" | "keep";
  /** No answer over an empty dim (argmax). */
  readonly nonEmpty?: boolean;
  /** The inputs' dtype: float32 (default, with special values), int32 (small and extreme values) or bool. */
  readonly dtype?: "int32" | "bool";
  /** No extreme int32 values: a float32 mean of ±2^31 beside small values has no float32 answer near the exact one. */
  readonly moderate?: boolean;
}
const unionLayout = (la: Layout, lb: Layout): Layout => [...la, ...lb.filter(([n]) => !la.some(([m]) => m === n))];
const binary = (name: string, f: (x: number, y: number) => number, run: (a: Any, b: Any) => Any, rtol?: number): Op => ({
  name,
  arity: 2,
  run,
  naive: (a, la, b, lb) => naiveBinary(a, la, b, lb, unionLayout(la, lb), f),
  ...(rtol ? { rtol } : {}),
});
const unary = (name: string, f: (x: number) => number, run: (a: Any) => Any, rtol?: number): Op => ({ name, arity: 1, run, naive: (a) => Float64Array.from(a, f), ...(rtol ? { rtol } : {}) });
const reduce = (name: string, f: (line: number[]) => number, run: (a: Any, along: string) => Any, nonEmpty = false): Op => ({ name, arity: 1, run: (a, _b, n) => run(a, n), naive: (a, la, _b, _lb, n) => naivePerLine(a, la, n, f), along: "reduce", nonEmpty });
const alongOp = (name: string, f: (line: number[]) => number[], run: (a: Any, along: string) => Any): Op => ({ name, arity: 1, run: (a, _b, n) => run(a, n), naive: (a, la, _b, _lb, n) => naiveAlong(a, la, n, f), along: "keep" });
const sum = (line: number[]): number => line.reduce((s, v) => s + v, 0);
/** An integer wrapped to int32 as two's complement arithmetic does. */
const wrap32 = (v: number): number => Number(BigInt.asIntN(32, BigInt(v)));
/** float32 to int32: toward zero, saturating, NaN to 0 (the documented cast). */
const toInt32 = (v: number): number => (Number.isNaN(v) ? 0 : Math.max(-2147483648, Math.min(2147483647, Math.trunc(v))));
const ints = (op: Op): Op => ({ ...op, name: `int32 ${op.name}`, dtype: "int32" });
const bools = (op: Op): Op => ({ ...op, name: `bool ${op.name}`, dtype: "bool" });
const mean = (line: number[]): number => sum(line) / line.length;
const bool = (c: boolean): number => (c ? 1 : 0);

const OPS: Op[] = [
  binary("add", (x, y) => x + y, (a, b) => a.add(b)),
  binary("sub", (x, y) => x - y, (a, b) => a.sub(b)),
  binary("mul", (x, y) => x * y, (a, b) => a.mul(b)),
  binary("div", (x, y) => x / y, (a, b) => a.div(b)),
  binary("pow", c99Pow, (a, b) => a.pow(b), 1e-4),
  binary("atan2", Math.atan2, (a, b) => a.atan2(b)),
  binary("hypot", Math.hypot, (a, b) => a.hypot(b)),
  binary("maximum", nanMax, (a, b) => a.maximum(b)),
  binary("minimum", nanMin, (a, b) => a.minimum(b)),
  binary("eq", (x, y) => bool(x === y), (a, b) => a.eq(b)),
  binary("ne", (x, y) => bool(x !== y), (a, b) => a.ne(b)),
  binary("lt", (x, y) => bool(x < y), (a, b) => a.lt(b)),
  binary("ge", (x, y) => bool(x >= y), (a, b) => a.ge(b)),
  unary("neg", (x) => -x, (a) => a.neg()),
  unary("abs", Math.abs, (a) => a.abs()),
  unary("sign", (x) => (Number.isNaN(x) ? NaN : x > 0 ? 1 : x < 0 ? -1 : x), (a) => a.sign()),
  unary("floor", Math.floor, (a) => a.floor()),
  unary("ceil", Math.ceil, (a) => a.ceil()),
  unary("round", naiveRoundHalfEven, (a) => a.round()),
  unary("relu", (x) => (Number.isNaN(x) ? NaN : x > 0 ? x : 0), (a) => a.relu()),
  unary("exp", Math.exp, (a) => a.exp()),
  unary("log", Math.log, (a) => a.log()),
  unary("sqrt", Math.sqrt, (a) => a.sqrt()),
  unary("rsqrt", (x) => 1 / Math.sqrt(x), (a) => a.rsqrt()),
  unary("tanh", Math.tanh, (a) => a.tanh()),
  unary("sigmoid", (x) => 1 / (1 + Math.exp(-x)), (a) => a.sigmoid()),
  unary("sin", Math.sin, (a) => a.sin()),
  unary("cos", Math.cos, (a) => a.cos()),
  unary("erf", naiveErf, (a) => a.erf()),
  unary("clamp", (x) => (Number.isNaN(x) ? NaN : Math.min(Math.max(x, -1), 1.5)), (a) => a.clamp(-1, 1.5)),
  reduce("sum", sum, (a, n) => a.sum(n)),
  reduce("mean", mean, (a, n) => a.mean(n)),
  reduce("prod", (l) => l.reduce((p, v) => p * v, 1), (a, n) => a.prod(n)),
  reduce("max", (l) => l.reduce(nanMax, -Infinity), (a, n) => a.max(n)),
  reduce("min", (l) => l.reduce(nanMin, Infinity), (a, n) => a.min(n)),
  reduce("logsumexp", logSumExp, (a, n) => a.logsumexp(n)),
  reduce("variance", (l) => { const m = mean(l); return l.length < 2 ? NaN : sum(l.map((v) => (v - m) ** 2)) / (l.length - 1); }, (a, n) => a.variance(n, { correction: 1 })),
  reduce("argmax", (l) => argExtreme(l, true), (a, n) => a.argmax(n), true),
  reduce("argmin", (l) => argExtreme(l, false), (a, n) => a.argmin(n), true),
  alongOp("softmax", naiveSoftmaxLine, (a, n) => a.softmax(n)),
  alongOp("logSoftmax", (l) => Array.from(naiveLogSoftmax(l, [["i", l.length]], "i")), (a, n) => a.logSoftmax(n)),
  alongOp("cumsum", (l) => { let s = 0; return l.map((v) => (s += v)); }, (a, n) => a.cumsum(n)),
  alongOp("sort", (l) => argSort(l).map((i) => l[i]!), (a, n) => a.sort(n).values),
  alongOp("sort descending", (l) => argSort(l, true).map((i) => l[i]!), (a, n) => a.sort(n, { descending: true }).values),
  alongOp("argsort (stable, NaN last)", (l) => argSort(l), (a, n) => a.sort(n).indices),
  alongOp("argsort descending (stable, NaN first)", (l) => argSort(l, true), (a, n) => a.sort(n, { descending: true }).indices),
  unary("cast to int32", toInt32, (a) => a.cast("int32")),
  unary("cast to bool", (x) => bool(x !== 0), (a) => a.cast("bool")),
  ints(binary("add (wraps)", (x, y) => wrap32(x + y), (a, b) => a.add(b))),
  ints(binary("sub (wraps)", (x, y) => wrap32(x - y), (a, b) => a.sub(b))),
  ints(binary("mul (wraps)", (x, y) => Number(BigInt.asIntN(32, BigInt(x) * BigInt(y))), (a, b) => a.mul(b))),
  ints(binary("div (true division, float32)", (x, y) => x / y, (a, b) => a.div(b))),
  ints(binary("maximum", Math.max, (a, b) => a.maximum(b))),
  ints(binary("lt", (x, y) => bool(x < y), (a, b) => a.lt(b))),
  ints(binary("eq", (x, y) => bool(x === y), (a, b) => a.eq(b))),
  ints(binary("add a float32 scalar tensor", (x, y) => x + Math.fround(y / 7), (a, b) => a.add(b.cast("float32").div(7)))),
  ints(unary("neg (wraps)", (x) => wrap32(-x), (a) => a.neg())),
  ints(unary("abs (wraps)", (x) => wrap32(Math.abs(x)), (a) => a.abs())),
  ints(unary("sign", Math.sign, (a) => a.sign())),
  ints(unary("exp (float32)", Math.exp, (a) => a.exp())),
  ints(reduce("sum (wraps)", (l) => wrap32(sum(l)), (a, n) => a.sum(n))),
  ints(reduce("max", (l) => Math.max(...l), (a, n) => a.max(n), true)),
  { ...ints(reduce("mean (float32)", mean, (a, n) => a.mean(n))), moderate: true },
  ints(reduce("argmin", (l) => argExtreme(l, false), (a, n) => a.argmin(n), true)),
  ints(alongOp("cumsum (wraps)", (l) => { let s = 0; return l.map((v) => (s = wrap32(s + v))); }, (a, n) => a.cumsum(n))),
  bools(binary("logicalAnd", (x, y) => bool(x !== 0 && y !== 0), (a, b) => a.logicalAnd(b))),
  bools(binary("logicalOr", (x, y) => bool(x !== 0 || y !== 0), (a, b) => a.logicalOr(b))),
  bools(binary("eq", (x, y) => bool(x === y), (a, b) => a.eq(b))),
  bools(unary("logicalNot", (x) => bool(x === 0), (a) => a.logicalNot())),
  bools(unary("cast to float32", (x) => x, (a) => a.cast("float32"))),
  bools(reduce("all", (l) => bool(l.every((v) => v !== 0)), (a, n) => a.all(n))),
  bools(reduce("any", (l) => bool(l.some((v) => v !== 0)), (a, n) => a.any(n))),
];

const POOL: [string, number][] = [["a", 3], ["b", 5], ["c", 1], ["d", 4], ["e", 0]];
const CASES = Number(process.env.NT_SWEEP ?? 150);

describe.each(deviceNames)("the dense API against independent float64 semantics on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("pow: IEEE 754's special cases (1^NaN, x^0, (−1)^±∞, negative bases, signed zeros and infinities)", async () => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const x of SPECIALS) for (const y of SPECIALS) xs.push(x), ys.push(y);
    const [x, y] = [tensor(Float32Array.from(xs), [["p", xs.length]]), tensor(Float32Array.from(ys), [["p", ys.length]])];
    const want = xs.map((v, i) => c99Pow(Math.fround(v), Math.fround(ys[i]!)));
    expectCloseSigned(await x.pow(y).data(), want, 2e-5, 1e-30);
    // a constant exponent (small integer powers become products) and a NaN base to the 0th power
    expectCloseSigned(await x.pow(3).data(), xs.map((v) => c99Pow(Math.fround(v), 3)), 2e-5, 1e-30);
    expectCloseSigned(await x.pow(0).data(), xs.map(() => 1), 0, 0);
  });

  it("logSoftmax of rows holding ±Infinity or NaN is NaN like softmax's, and log(softmax) elsewhere", async () => {
    const rows = [[-Infinity, -Infinity, -Infinity], [Infinity, 1, 2], [Infinity, Infinity, 0], [NaN, 1, 2], [1000, 1001, 999], [-Infinity, 0, 1], [-3, 0.5, 2]];
    const l: Layout = [["r", rows.length], ["c", 3]];
    const x = tensor(Float32Array.from(rows.flat()), l) as unknown as F;
    const want = naiveLogSoftmax(rows.flat(), l, "c");
    expectClose(await x.logSoftmax("c").data(), want, 1e-5, 1e-6);
    const soft = Array.from(await x.softmax("c").data(), Math.log);
    expect(soft.map(Number.isNaN)).toEqual(Array.from(want, Number.isNaN));
  });

  it("gathers from or into an empty dim give empty results and identities (no index is read)", async () => {
    const x = tensor(new Float32Array(0), [["d", 4], ["e", 0]]) as unknown as F;
    const none = tensor(new Int32Array(0), [["d", 4], ["k", 0]]);
    expect((await x.gather("e", none).data()).length).toBe(0);
    expect(Array.from(await x.gather("e", none).sum("k").data())).toEqual([0, 0, 0, 0]);
    expect(Array.from(await x.gather("e", none).max("k").data())).toEqual([-Infinity, -Infinity, -Infinity, -Infinity]);
    for (const descending of [false, true]) {
      const sorted = x.sort("e", { descending });
      expect((await sorted.values.data()).length).toBe(0);
      expect(Array.from(await sorted.values.prod("e").data())).toEqual([1, 1, 1, 1]);
    }
  });

  it("gradients at kinks and 0·∞ points follow PyTorch: relu'(0) = 0, clamp passes on its bounds, std of a constant, pow at 0", async () => {
    const values = [0, -1, 1, 2, 0.5, -0.25];
    const x = tensor(Float32Array.from(values), [["i", values.length]]) as unknown as F;
    const d = async (f: (t: F) => Any): Promise<number[]> => Array.from(await (grad((t: F) => f(t).sum("i"))(x)[0] as Any).data(), Number);
    expect(await d((t) => t.relu())).toEqual(values.map((v) => (v > 0 ? 1 : 0)));
    expect(await d((t) => t.clamp(-1, 1))).toEqual(values.map((v) => (v >= -1 && v <= 1 ? 1 : 0)));
    // d/dt 0^t: 0 where t ≥ 0 (the formula's 0^t·ln 0 is 0·(−∞)), −∞ where t < 0; d/dx x^0 = 0, not 0·x^−1
    const zeros = full([["i", values.length]], 0) as unknown as F;
    expect(await d((t) => zeros.pow(t))).toEqual(values.map((v) => (v >= 0 ? 0 : -Infinity)));
    expect(await d((t) => t.pow(zeros))).toEqual(values.map(() => 0));
    const std = grad((t: F) => t.mul(0).add(3).std("i", { correction: 1 }))(x)[0] as Any;
    expect(Array.from(await std.data(), Number)).toEqual(values.map(() => 0));
  });

  it("random ops on random layouts with special values (NT_SWEEP cases on the CPU, a third of them elsewhere)", async () => {
    const cases = device === "cpu" ? CASES : Math.ceil(CASES / 3);
    const next = rng(testSeed ^ 0x5eed);
    const int = (n: number): number => Math.floor(next() * n);
    const layoutOf = (): Layout => {
      const dims = POOL.filter(([, z]) => next() < (z === 0 ? 0.08 : 0.5));
      const use = dims.length ? dims : [POOL[int(4)]!];
      // a random order of the chosen dims (names match by name, never by position)
      return use.map((d) => [d, next()] as const).sort((p, q) => p[1] - q[1]).map(([d]) => d);
    };
    const INT_EXTREMES = [2147483647, -2147483648, 2147483646, -2147483647, 65536, -65536];
    const data = (l: Layout, specials: boolean, dtype: Op["dtype"]): Float32Array | Int32Array | Uint8Array =>
      dtype === "int32"
        ? Int32Array.from({ length: sizeOf(l) }, () => (specials && next() < 0.2 ? INT_EXTREMES[int(INT_EXTREMES.length)]! : int(21) - 10))
        : dtype === "bool"
          ? Uint8Array.from({ length: sizeOf(l) }, () => (next() < 0.5 ? 1 : 0))
          : Float32Array.from({ length: sizeOf(l) }, () => (specials && next() < 0.2 ? SPECIALS[int(SPECIALS.length)]! : (next() * 6 - 3)));
    for (let c = 0; c < cases; c++) {
      const op = OPS[int(OPS.length)]!;
      const specials = next() < 0.6 && !op.moderate;
      const la = layoutOf();
      const lb = op.arity === 2 ? layoutOf() : la;
      const along = la[int(la.length)]![0];
      if (op.nonEmpty && la.some(([n, z]) => n === along && z === 0)) continue;
      const [xa, xb] = [data(la, specials, op.dtype), data(lb, specials, op.dtype)];
      const what = `${op.name} of [${la.map(([n, z]) => `${n}:${z}`)}]${op.arity === 2 ? ` and [${lb.map(([n, z]) => `${n}:${z}`)}]` : ""}${op.along ? ` along ${along}` : ""} (case ${c}, seed ${testSeed})`;
      if (process.env.NT_SWEEP_TRACE) console.log(what);
      const input = (x: Float32Array | Int32Array | Uint8Array, l: Layout): Any => tensor(x, l, { dtype: op.dtype ?? "float32" }) as Any;
      const result = op.run(input(xa, la), input(xb, lb), along);
      const outLayout: Layout = op.arity === 2 ? unionLayout(la, lb) : op.along === "reduce" ? la.filter(([n]) => n !== along) : la;
      expect(result.dims, what).toEqual(outLayout.map(([n]) => n));
      const got = await result.data();
      const want = op.naive(xa, la, xb, lb, along);
      try {
        expectClose(Array.from(got, Number), want, op.rtol ?? 2e-5, 2e-6);
      } catch (e) {
        throw new Error(`${what}: ${(e as Error).message}`);
      }
    }
  });
});
