// Random sparse inputs for the sparse suites: dense float64 references with a chosen density, empty rows and
// all-zero cases included by the callers, and COO lists with unsorted and duplicate coordinates.
import { rng, testSeed } from "./random.js";

/** A dense row-major array of `n` values, each non-zero with probability `density` (values in [-2, 2) \ {0}). */
export function randomSparseValues(n: number, density: number, next = rng(testSeed ^ 0x5a17)): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) if (next() < density) out[i] = Math.fround(0.25 + 1.75 * next()) * (next() < 0.5 ? -1 : 1);
  return out;
}

/**
 * COO lists over `sizes` with `count` entries in random order, about a third of them repeating an earlier
 * coordinate, and the dense float64 sum they mean.
 */
export function randomCoo(sizes: readonly number[], count: number, next = rng(testSeed ^ 0xc00)): { coords: Int32Array[]; values: Float64Array; dense: Float64Array } {
  const coords = sizes.map(() => new Int32Array(count));
  const values = new Float64Array(count);
  const total = sizes.reduce((a, b) => a * b, 1);
  const dense = new Float64Array(total);
  for (let e = 0; e < count; e++) {
    const repeat = e > 0 && next() < 0.33 ? Math.floor(next() * e) : -1;
    sizes.forEach((s, d) => (coords[d]![e] = repeat >= 0 ? coords[d]![repeat]! : Math.floor(next() * s)));
    values[e] = Math.fround(-2 + 4 * next());
    let at = 0;
    sizes.forEach((s, d) => (at = at * s + coords[d]![e]!));
    dense[at]! += values[e]!;
  }
  return { coords, values, dense };
}
