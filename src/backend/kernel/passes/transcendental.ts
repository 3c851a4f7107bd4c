// Layer: src/backend/kernel, the math of passes/decompose.ts. exp, log, tanh, erf, pow, atan2 and hypot written
// ONCE over the kernel IR (float32 arithmetic, int32 bit operations, selects), so the Wasm and WGSL generators
// compute the same operations by construction. Accuracy: within a few float32 ulps of the float64 meanings
// (src/graph/alu.ts) on the ranges test/wasm-math.test.ts checks. Choices made for both targets at once: no
// magic-number rounding (a driver may reassociate (x + 1.5·2^23) − 1.5·2^23 away), so exp rounds with `round`
// and reads the integer from the bits of n + 1.5·2^23, which is exact once n is an integer.
// Imports the IR and its builders.
import { add, and, bin, bitsOf, div, eq, f32, fromBits, i32, le, lt, mul, or, poly, signBit, sub, un, where } from "../build-expr.js";
import type { Expr } from "../ir.js";

/** A conversion between float32 and int32 values. */
const cast = (x: Expr, type: "f32" | "i32"): Expr => ({ op: "cast", type, x });
const shiftLeft = (a: Expr, n: number): Expr => bin("shiftLeft", a, i32(n));
const shiftRight = (a: Expr, n: number): Expr => bin("shiftRight", a, i32(n));
const bitAnd = (a: Expr, b: Expr): Expr => bin("bitAnd", a, b);
const bitOr = (a: Expr, b: Expr): Expr => bin("bitOr", a, b);
/**
 * x limited to [lo, hi] with NaN passing through: `x < lo ? lo : x`, then `hi < y ? hi : y` — the shapes Wasm's
 * pmax and pmin have (one instruction each), which the Wasm generator recognises.
 */
function clampKeepingNaN(x: Expr, lo: number, hi: number): Expr {
  const [l, h] = [f32(lo), f32(hi)];
  const y = where(lt(x, l), l, x);
  return where(lt(h, y), h, y);
}
/** 2^n for an int32 n in [-126, 127], built from the exponent bits. */
const pow2 = (n: Expr): Expr => fromBits(shiftLeft(add(n, i32(127)), 23));
/** |big| with x's sign: the bits of big (non-negative) or'ed with x's sign bit. */
const withSignOf = (big: Expr, x: Expr): Expr => fromBits(bitOr(bitsOf(big), bitAnd(bitsOf(x), i32(-2147483648))));

/**
 * e^x: x = n·ln2 + r with |r| <= ln2/2, e^r as 1 + r + r²·P(r) with P of degree 5 (Cephes' expf: exactly 1 at
 * r = 0, so e^0 is 1, and within an ulp elsewhere), times 2^n as 2^⌊n/2⌋·2^(n−⌊n/2⌋): both factors stay normal
 * floats, so the products overflow to Infinity and underflow through subnormals to 0, and a NaN (which passes
 * the clamp) stays NaN through the polynomial — no selects needed.
 * @example expOf(x) // e^x
 */
export function expOf(x0: Expr): Expr {
  const x = clampKeepingNaN(x0, -104, 89);
  const n = un("round", mul(x, f32(Math.LOG2E)));
  const r = sub(sub(x, mul(n, f32(0.693359375))), mul(n, f32(-2.1219444e-4)));
  // 1 + r + r²·P(r): the leading terms exact (a near-minimax polynomial in r alone gives e^0 = 1 + 1 ulp)
  const p = add(add(mul(mul(r, r), poly(r, [0.50000001201, 0.16666665459, 0.041665795894, 0.0083334519073, 0.0013981999507, 0.00019875691500])), r), f32(1));
  // n is an integer, so n + 1.5·2^23 is exact and its low mantissa bits are n (two's complement).
  const k = sub(bitsOf(add(n, f32(12582912))), i32(0x4b400000));
  const half = shiftRight(k, 1);
  return mul(mul(p, pow2(half)), pow2(sub(k, half)));
}

/** ln x: x = m·2^e with m in [√½, √2), ln m = 2·atanh(s), s = (m−1)/(m+1); subnormals rescaled first. @example logOf(x) // ln x */
export function logOf(x0: Expr): Expr {
  const tiny = lt(x0, f32(1.1754943508222875e-38));
  const x = where(tiny, mul(x0, f32(8388608)), x0);
  const b = bitsOf(x);
  const e0 = sub(bitAnd(shiftRight(b, 23), i32(0xff)), i32(127));
  const m0 = fromBits(bitOr(bitAnd(b, i32(0x7fffff)), i32(0x3f800000)));
  const big = lt(f32(Math.SQRT2), m0);
  const m = where(big, mul(m0, f32(0.5)), m0);
  const e = cast(sub(add(e0, where(big, i32(1), i32(0))), where(tiny, i32(23), i32(0))), "f32");
  const s = div(sub(m, f32(1)), add(m, f32(1)));
  const s2 = mul(s, s);
  const y = add(mul(e, f32(Math.LN2)), mul(mul(f32(2), s), poly(s2, [1, 1 / 3, 1 / 5, 1 / 7, 1 / 9, 1 / 11])));
  // x < 0 or NaN -> NaN; 0 -> -Infinity; +Infinity -> +Infinity.
  const finite = where(eq(x0, f32(Infinity)), f32(Infinity), y);
  const zero = where(eq(x0, f32(0)), f32(-Infinity), finite);
  return where(le(f32(0), x0), zero, f32(NaN));
}

/** tanh: an odd polynomial near 0, else ±(1 − 2/(e^{2|x|} + 1)). @example tanhOf(x) */
export function tanhOf(x: Expr): Expr {
  const a = un("abs", x);
  const x2 = mul(x, x);
  const small = mul(x, poly(x2, [1, -1 / 3, 2 / 15, -17 / 315, 62 / 2835, -1382 / 155925]));
  const big = sub(f32(1), div(f32(2), add(expOf(mul(a, f32(2))), f32(1))));
  return where(lt(a, f32(0.3)), small, withSignOf(big, x));
}

/** erf: its Taylor series for |x| <= 1, else 1 − (a1·t + … + a5·t⁵)·e^{−x²} with t = 1/(1 + p|x|). @example erfOf(x) */
export function erfOf(x: Expr): Expr {
  const a = un("abs", x);
  const x2 = mul(x, x);
  const taylor = [1, -1 / 3, 1 / 10, -1 / 42, 1 / 216, -1 / 1320, 1 / 9360, -1 / 75600, 1 / 685440, -1 / 6894720];
  const small = mul(mul(x, f32(2 / Math.sqrt(Math.PI))), poly(x2, taylor));
  const t = div(f32(1), add(f32(1), mul(f32(0.3275911), a)));
  const tail = mul(mul(t, poly(t, [0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429])), expOf(un("neg", x2)));
  return where(le(a, f32(1)), small, withSignOf(sub(f32(1), tail), x));
}

/**
 * x^y = e^{y·ln|x|} with IEEE 754's (C99's, NumPy's, PyTorch's) special cases: a negative base (−0 and −∞
 * included, by the sign bit) takes its sign from an integer y's parity; a non-integer y gives NaN for a finite
 * non-zero negative base and the magnitude (0 or ∞) for −0 and −∞; x^0 = 1, 1^y = 1 (NaN too) and (−1)^±∞ = 1.
 * @example powOf(x, y) // x^y
 */
export function powOf(x: Expr, y: Expr): Expr {
  const ax = un("abs", x);
  const magnitude = expOf(mul(y, logOf(ax)));
  const integer = eq(un("round", y), y);
  const oddY = eq(sub(y, mul(f32(2), un("floor", mul(y, f32(0.5))))), f32(1));
  const zeroOrInfinite = or(eq(x, f32(0)), eq(ax, f32(Infinity)));
  const negative = where(integer, where(oddY, un("neg", magnitude), magnitude), where(zeroOrInfinite, magnitude, f32(NaN)));
  const result = where(signBit(x), negative, magnitude);
  const one = or(or(eq(y, f32(0)), eq(x, f32(1))), and(eq(ax, f32(1)), eq(un("abs", y), f32(Infinity))));
  return where(one, f32(1), result);
}

/** c ± v as (c_lo ± v) + c_hi: c_hi is c rounded to float32 and c_lo the rest, so c adds no rounding error. */
function plusConstant(c: number, v: Expr, sign: 1 | -1): Expr {
  const hi = Math.fround(c);
  const low = f32(c - hi);
  return add(sign > 0 ? add(low, v) : sub(low, v), f32(hi));
}

/**
 * atan2(y, x) by octant reduction: t = min(|x|,|y|) / max(|x|,|y|) in [0, 1]; past tan(π/8), atan t =
 * π/4 + atan((t − 1)/(t + 1)), so the polynomial (Cephes' atanf, about 2 ulp) sees |u| ≤ tan(π/8); then the
 * octant is undone: |y| > |x| reflects about π/4, a negative x (−0 included) about π/2, y's sign bit sets the
 * sign. Both zero reads t = 0 (atan2(±0, ±0) = ±0 or ±π) and both infinite t = 1 (±π/4, ±3π/4); NaN stays NaN.
 * @example atan2Of(y, x) // the angle of (x, y)
 */
export function atan2Of(y: Expr, x: Expr): Expr {
  const [ax, ay] = [un("abs", x), un("abs", y)];
  const [hi, lo] = [bin("max", ax, ay), bin("min", ax, ay)];
  const t = where(eq(hi, f32(0)), f32(0), where(eq(lo, hi), f32(1), div(lo, hi)));
  const big = lt(f32(Math.SQRT2 - 1), t);
  const u = where(big, div(sub(t, f32(1)), add(t, f32(1))), t);
  const u2 = mul(u, u);
  const atanU = add(mul(mul(u, u2), poly(u2, [-3.33329491539e-1, 1.99777106478e-1, -1.38776856032e-1, 8.05374449538e-2])), u);
  const octant = where(big, plusConstant(Math.PI / 4, atanU, 1), atanU);
  const quadrant = where(lt(ax, ay), plusConstant(Math.PI / 2, octant, -1), octant);
  const half = where(signBit(x), plusConstant(Math.PI, quadrant, -1), quadrant);
  return where(signBit(y), un("neg", half), half);
}

/**
 * hypot(a, b) = M·√(1 + (m/M)²) with M = max(|a|, |b|) and m the other: no intermediate overflows or underflows
 * (m/M ≤ 1), so huge and tiny arguments keep their precision. An infinite argument gives +Infinity even beside a
 * NaN (IEEE 754, as Math.hypot); both zero give 0 (where m/M is 0/0).
 * @example hypotOf(a, b) // √(a² + b²)
 */
export function hypotOf(a: Expr, b: Expr): Expr {
  const [ax, ay] = [un("abs", a), un("abs", b)];
  const [hi, lo] = [bin("max", ax, ay), bin("min", ax, ay)];
  const r = div(lo, hi);
  const h = mul(hi, un("sqrt", add(f32(1), mul(r, r))));
  const inf = f32(Infinity);
  return where(or(eq(ax, inf), eq(ay, inf)), inf, where(eq(hi, f32(0)), f32(0), h));
}
