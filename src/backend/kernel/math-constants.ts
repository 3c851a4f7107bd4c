// Layer: src/backend/kernel. Constants of the math written over the IR (passes/trig.ts): the switch to the exact
// reduction, the bits of 2/π, the sin/cos series. Imports nothing.

/**
 * Below this magnitude sin and cos reduce x = k·π/2 + r with a three-part π/2 in float32, within a few ulps; from
 * it on (where k·π/2 loses the bits r is made of — at 1e9 the result left [-1, 1]) they take the exact
 * Payne–Hanek reduction over `twoOverPiWords`.
 */
export const TRIG_EXACT_FROM = 8192;

/**
 * The first fractional bits of 2/π as 32-bit words, after two zero words (so that a window may start up to 64
 * bits before the point), computed once with BigInt from Machin's formula π = 16·atan(1/5) − 4·atan(1/239).
 * Nine words cover every float32: the window for x = m·2^e starts at bit 62 + e, at most 166 (word 5), and
 * takes four words.
 * @example twoOverPiWords()[2] // 0xa2f9836en
 */
export function twoOverPiWords(): readonly bigint[] {
  return (words ??= computeTwoOverPi(9));
}
let words: readonly bigint[] | undefined;

function computeTwoOverPi(count: number): bigint[] {
  const bits = BigInt(32 * count + 64);
  const one = 1n << bits;
  const atanInv = (x: bigint): bigint => {
    let [sum, power, n] = [0n, one / x, 0n];
    while (power !== 0n) {
      sum += (n % 2n === 0n ? 1n : -1n) * (power / (2n * n + 1n));
      power /= x * x;
      n++;
    }
    return sum;
  };
  const pi = 16n * atanInv(5n) - 4n * atanInv(239n);
  const twoOverPi = (2n * one * one) / pi; // 2/π · 2^bits
  const out = [0n, 0n];
  for (let k = 1; k <= count - 2; k++) out.push((twoOverPi >> (bits - 32n * BigInt(k))) & 0xffffffffn);
  return out;
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
/**
 * The first `terms` Taylor coefficients of sin r / r and of cos r, as polynomials in r²: the reduced arguments
 * of every sin/cos the generators write (float32 fast paths, the float64 exact path) go through them.
 * @example sinSeries(3) // [1, -1/6, 1/120]
 */
export const sinSeries = (terms: number): number[] => Array.from({ length: terms }, (_, k) => (k % 2 ? -1 : 1) / factorial(2 * k + 1));
/** @example cosSeries(3) // [1, -1/2, 1/24] */
export const cosSeries = (terms: number): number[] => Array.from({ length: terms }, (_, k) => (k % 2 ? -1 : 1) / factorial(2 * k));
