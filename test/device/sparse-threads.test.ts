// SpMV and SpMM over CSR matrices with enough rows that the CPU splits the row loop across its threads (the
// threads take row chunks balanced by entries from a shared table) and the WebGPU kernel runs many
// workgroups: skewed rows (a few rows hold most entries, many are empty or hold one), odd K (1, 3, 5, 33) that
// leave a scalar tail after SpMM's f32x4 blocks. Checked against float64 loops on fresh random inputs, the
// same call repeated (the output slice each pass zeroes must not keep a previous result).
import { beforeAll, describe, expect, it } from "vitest";
import { csr, fromCoo, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { randomRows } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0x7a11);

/** A skewed random CSR matrix over (row, col): rows 0..9 hold many entries, the rest 0, 1 or a few. */
const skewed = (n: number, m: number) =>
  randomRows(n, m, (i) => {
    const u = next();
    return i < 10 ? Math.floor(m * 0.5) : u < 0.3 ? 0 : u < 0.6 ? 1 : 2 + Math.floor(next() * 4);
  }, next);

describe.each(deviceNames)("sparse kernels split across threads on %s", (device) => {
  beforeAll(() => useDevice(device));
  const [n, m] = [9000, 300];

  for (const K of [0, 1, 3, 5, 33]) {
    it(K ? `SpMM K = ${K} over ${n} skewed rows matches float64` : `SpMV over ${n} skewed rows matches float64`, async () => {
      const M = skewed(n, m);
      const A = fromCoo([["row", n], ["col", m]], { coords: { row: M.rows, col: M.cols }, values: M.vals }, csr("row", "col"));
      const width = Math.max(1, K);
      const X = Float32Array.from({ length: m * width }, () => Math.fround(next() * 2 - 1));
      const want = new Float64Array(n * width);
      const scale = new Float64Array(n * width);
      for (let e = 0; e < M.vals.length; e++)
        for (let k = 0; k < width; k++) {
          want[M.rows[e]! * width + k]! += M.vals[e]! * X[M.cols[e]! * width + k]!;
          scale[M.rows[e]! * width + k]! += Math.abs(M.vals[e]! * X[M.cols[e]! * width + k]!);
        }
      const product = () => (K ? A.dot("col", tensor(X, [["col", m], ["k", K]])) : A.dot("col", tensor(X, [["col", m]])));
      for (let round = 0; round < 2; round++) {
        const got = await product().data();
        expect(got.length).toBe(n * width);
        for (let i = 0; i < got.length; i++) {
          const tol = 1e-5 * scale[i]! + 1e-6;
          if (!(Math.abs(got[i]! - want[i]!) <= tol)) expect.fail(`element ${i} (round ${round}): got ${got[i]}, want ${want[i]} (tolerance ${tol})`);
        }
      }
    });
  }
});
