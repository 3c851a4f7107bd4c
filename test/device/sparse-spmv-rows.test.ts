// SpMV's row reduction at every row length the unrolled form distinguishes: the CPU's generated kernel walks a
// row four entries a trip (two accumulators, the row's idx and values read at constant offsets from pointers)
// and finishes with a plain loop, so rows of 0, 1, 2, 3, 4, 5, … 9 entries (every remainder of 4, and none or one
// whole trip), a full row, an empty matrix (rows but no entries) and a matrix at full density are each checked
// against a float64 loop on fresh random inputs, on one thread (few rows) and split across the pool (many rows).
import { beforeAll, describe, expect, it } from "vitest";
import { csr, fromCoo, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { randomRows } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0x5e3a);

const rowsOf = (n: number, m: number, length: (i: number) => number) => randomRows(n, m, length, next);

/** Checks A·x against a float64 loop for the matrix `M` (n × m), twice (the output block is reused). */
async function checkSpmv(n: number, m: number, M: { rows: Int32Array; cols: Int32Array; vals: Float32Array }): Promise<void> {
  const A = fromCoo([["row", n], ["col", m]], { coords: { row: M.rows, col: M.cols }, values: M.vals }, csr("row", "col"));
  const x = Float32Array.from({ length: m }, () => Math.fround(next() * 2 - 1));
  const [want, scale] = [new Float64Array(n), new Float64Array(n)];
  for (let e = 0; e < M.vals.length; e++) {
    want[M.rows[e]!]! += M.vals[e]! * x[M.cols[e]!]!;
    scale[M.rows[e]!]! += Math.abs(M.vals[e]! * x[M.cols[e]!]!);
  }
  for (let round = 0; round < 2; round++) {
    const got = await A.dot("col", tensor(x, [["col", m]])).data();
    expect(got.length).toBe(n);
    for (let i = 0; i < n; i++) {
      const tol = 1e-5 * scale[i]! + 1e-6;
      if (!(Math.abs(got[i]! - want[i]!) <= tol)) expect.fail(`row ${i} (round ${round}): got ${got[i]}, want ${want[i]} (tolerance ${tol})`);
    }
  }
}

describe.each(deviceNames)("SpMV at every row length on %s", (device) => {
  beforeAll(() => useDevice(device));

  for (const n of [40, 9000]) {
    const where = n > 4096 ? "split across threads" : "one thread";
    it(`rows of 0 to 9 entries and full rows, ${n} rows (${where})`, async () => {
      const m = 37;
      await checkSpmv(n, m, rowsOf(n, m, (i) => (i % 13 === 12 ? m : i % 10)));
    });
    it(`random row lengths 0 to 17, ${n} rows (${where})`, async () => {
      await checkSpmv(n, 300, rowsOf(n, 300, () => Math.floor(next() * 18)));
    });
    it(`an empty matrix, ${n} rows (${where})`, async () => {
      const got = await fromCoo([["row", n], ["col", 5]], { coords: { row: new Int32Array(0), col: new Int32Array(0) }, values: new Float32Array(0) }, csr("row", "col"))
        .dot("col", tensor(Float32Array.from({ length: 5 }, () => next()), [["col", 5]]))
        .data();
      expect(Array.from(got)).toEqual(new Array(n).fill(0));
    });
  }
  it("a matrix at full density (every row 61 entries)", async () => {
    await checkSpmv(5000, 61, rowsOf(5000, 61, () => 61));
  });
  it("a single row of one entry, and a single full row", async () => {
    await checkSpmv(1, 9, rowsOf(1, 9, () => 1));
    await checkSpmv(1, 9, rowsOf(1, 9, () => 9));
  });
});
