// Random sparse inputs for the sparse suites: dense float64 references with a chosen density, empty rows and
// all-zero cases included by the callers, and COO lists with unsorted and duplicate coordinates.
import { expect } from "vitest";
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

/** COO lists of an n×m CSR matrix whose row i holds `length(i)` distinct random columns, with values in [-2, 2). */
export function randomRows(n: number, m: number, length: (i: number) => number, next = rng(testSeed ^ 0x5e3a)): { rows: Int32Array; cols: Int32Array; vals: Float32Array } {
  const [rows, cols, vals]: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < n; i++) {
    const count = Math.min(m, length(i));
    const taken = new Set<number>();
    while (taken.size < count) taken.add(Math.floor(next() * m));
    for (const j of taken) {
      rows.push(i);
      cols.push(j);
      vals.push(Math.fround(next() * 4 - 2));
    }
  }
  return { rows: Int32Array.from(rows), cols: Int32Array.from(cols), vals: Float32Array.from(vals) };
}

/** randomSparseValues of an n×m matrix whose row `empty` stores nothing. */
export function valuesWithEmptyRow(n: number, m: number, density: number, empty: number, next = rng(testSeed ^ 0x5a17)): Float64Array {
  const a = randomSparseValues(n * m, density, next);
  a.fill(0, empty * m, (empty + 1) * m);
  return a;
}

/** Fails with the element, the values and the seed where |got − want| > tol · (1 + |want|). */
export function expectRelClose(got: ArrayLike<number>, want: ArrayLike<number>, tol: number): void {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) if (!(Math.abs(got[i]! - want[i]!) <= tol * (1 + Math.abs(want[i]!)))) expect.fail(`element ${i}: got ${got[i]}, want ${want[i]} (seed ${testSeed})`);
}
