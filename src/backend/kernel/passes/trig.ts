// Layer: src/backend/kernel, the math of passes/decompose.ts. sin and cos written once over the kernel IR, for
// every float32: a fast three-part π/2 reduction below TRIG_EXACT_FROM, and past it the exact Payne–Hanek
// reduction in 32-bit integer arithmetic (the IR has no 64-bit integers: products are built from 16-bit halves),
// behind a rare `where` so that the common case pays one compare (and, four lanes wide, one any-true).
// Within 1 ulp-ish of float64 on every float32 (test/wasm-math.test.ts, test/elementwise.test.ts).
// Imports the IR, its builders and the shared constants.
import { TRIG_EXACT_FROM, cosSeries, sinSeries, twoOverPiWords } from "../math-constants.js";
import { add, bin, bitsOf, eq, f32, i32, le, lt, mul, poly, rareWhere, sub, un, where } from "../build-expr.js";
import type { Expr } from "../ir.js";

const bitAnd = (a: Expr, b: Expr): Expr => bin("bitAnd", a, b);
const bitOr = (a: Expr, b: Expr): Expr => bin("bitOr", a, b);
const shl = (a: Expr, n: Expr): Expr => bin("shiftLeft", a, n);
const shru = (a: Expr, n: Expr): Expr => bin("shiftRightLogical", a, n);
const toF32 = (x: Expr): Expr => ({ op: "cast", type: "f32", x });
const toI32 = (x: Expr): Expr => ({ op: "cast", type: "i32", x });
const isOdd = (q: Expr): Expr => lt(i32(0), bitAnd(q, i32(1)));
const bit2 = (q: Expr): Expr => lt(i32(0), bitAnd(q, i32(2)));

/** ±sin r or ±cos r for the quadrant q (+1 for cos): odd quadrants take cos, quadrants 2 and 3 negate. */
function byQuadrant(r: Expr, q: Expr): Expr {
  const r2 = mul(r, r);
  const value = where(isOdd(q), poly(r2, cosSeries(6)), mul(r, poly(r2, sinSeries(5))));
  return where(bit2(q), un("neg", value), value);
}

/** a <u b for int32 bit patterns read as unsigned. */
const unsignedLess = (a: Expr, b: Expr): Expr => lt(bin("bitXor", a, i32(-2147483648)), bin("bitXor", b, i32(-2147483648)));

/** The 64-bit product of two unsigned 32-bit words as [hi, lo], from 16-bit halves (wrapping 32-bit multiplies). */
function mulWide(a: Expr, b: Expr): [Expr, Expr] {
  const mask = i32(0xffff);
  const [al, ah, bl, bh] = [bitAnd(a, mask), shru(a, i32(16)), bitAnd(b, mask), shru(b, i32(16))];
  const [p00, p01, p10] = [mul(al, bl), mul(al, bh), mul(ah, bl)];
  const mid = add(add(shru(p00, i32(16)), bitAnd(p01, mask)), bitAnd(p10, mask));
  const hi = add(add(add(mul(ah, bh), shru(p01, i32(16))), shru(p10, i32(16))), shru(mid, i32(16)));
  return [hi, bitOr(bitAnd(p00, mask), shl(mid, i32(16)))];
}

/** An unsigned 32-bit word as a float32 (the IR's conversion is signed): its top 31 bits, doubled, plus the last. */
const unsignedToF32 = (w: Expr): Expr => add(mul(toF32(shru(w, i32(1))), f32(2)), toF32(bitAnd(w, i32(1))));

/**
 * sin x (or cos x) for |x| >= TRIG_EXACT_FROM by Payne–Hanek: x = m·2^e (m a 24-bit integer); x·2/π mod 4 needs
 * only the bits of 2/π from 2^-(e-1) on (earlier ones give multiples of 4), so a 96-bit window W of them makes
 * m·W, whose bits 32..95 are x·2/π mod 4 with 62 fraction bits. The nearest quadrant q leaves r in [-π/4, π/4] as
 * a signed 64-bit fixed-point number (hi, lo). ±Infinity and NaN give NaN.
 */
function exactTrig(x: Expr, cosine: boolean): Expr {
  const table = twoOverPiWords().map((w) => i32(Number(w)));
  const bits = bitsOf(x);
  const exponent = bitAnd(shru(bits, i32(23)), i32(0xff));
  const m = bitOr(bitAnd(bits, i32(0x7fffff)), i32(0x800000));
  const start = bin("max", sub(exponent, i32(88)), i32(0));
  const [j, shift] = [shru(start, i32(5)), bitAnd(start, i32(31))];
  /** table[j + n], by a chain of selects (the IR has no indexed constants). */
  const word = (n: number): Expr => table.slice(0, -1).reduceRight<Expr>((rest, w, k) => where(eq(j, i32(k - n)), w, rest), table[table.length - 1]!);
  const [t0, t1, t2, t3] = [word(0), word(1), word(2), word(3)];
  const spill = (next: Expr): Expr => where(eq(shift, i32(0)), i32(0), shru(next, bitAnd(sub(i32(32), shift), i32(31))));
  const window = (w: Expr, next: Expr): Expr => bitOr(shl(w, shift), spill(next));
  const [a, b, c] = [mulWide(m, window(t0, t1)), mulWide(m, window(t1, t2)), mulWide(m, window(t2, t3))];
  const tLo = add(b[1], c[0]);
  const tHi = add(add(a[1], b[0]), where(unsignedLess(tLo, b[1]), i32(1), i32(0)));
  const q = bitAnd(shru(add(tHi, i32(0x20000000)), i32(30)), i32(3));
  const hi = sub(tHi, shl(q, i32(30)));
  const negative = lt(hi, i32(0));
  // |(hi, lo)|: two's complement negation of the 64-bit pair
  const lo = where(negative, un("neg", tLo), tLo);
  const absHi = where(negative, add(bin("bitXor", hi, i32(-1)), where(eq(lo, i32(0)), i32(1), i32(0))), hi);
  const magnitude = mul(add(mul(toF32(absHi), f32(4294967296)), unsignedToF32(lo)), f32((Math.PI / 2) * 2 ** -62));
  const r = where(negative, un("neg", magnitude), magnitude);
  const value = byQuadrant(r, add(q, i32(cosine ? 1 : 0)));
  // sin is odd: the reduction used |x|
  const signed = cosine ? value : where(lt(x, f32(0)), un("neg", value), value);
  return where(eq(exponent, i32(0xff)), f32(NaN), signed);
}

/**
 * sin x or cos x: x = k·π/2 + r with |r| <= π/4 (three-part π/2), the quadrant picks ±sin r or ±cos r; from
 * TRIG_EXACT_FROM on (where k·π/2 loses the bits r is made of) the exact reduction, evaluated only when needed.
 * @example trigOf(x, true) // cos x
 */
export function trigOf(x: Expr, cosine: boolean): Expr {
  const k = un("round", mul(x, f32(2 / Math.PI)));
  const r = sub(sub(sub(x, mul(k, f32(1.5703125))), mul(k, f32(4.837512969970703125e-4))), mul(k, f32(7.549789948768648e-8)));
  // The quadrant as an integer (a saturating conversion: huge k, whose value is replaced below, stays defined).
  const fast = byQuadrant(r, add(toI32(k), i32(cosine ? 1 : 0)));
  return rareWhere(le(f32(TRIG_EXACT_FROM), un("abs", x)), exactTrig(x, cosine), fast);
}
