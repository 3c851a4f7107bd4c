// SpMV and SpMM over CSR matrices with enough rows that the CPU splits the row loop across its threads (the
// threads take row chunks balanced by entries from a shared table) and the WebGPU kernel runs many
// workgroups: skewed rows (a few rows hold most entries, many are empty or hold one), odd K (1, 3, 5, 33) that
// leave a scalar tail after SpMM's f32x4 blocks. Checked against float64 loops on fresh random inputs, the
// same call repeated (the output slice each pass zeroes must not keep a previous result).
import { beforeAll, describe, expect, it } from "vitest";
import { type SparseTensor, csf, csr, explainSparse, fromCoo, tensor } from "../../src/index.js";
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

// MTTKRP over a CSF tensor: one kernel (the Khatri-Rao factors C(j,r) · D(k,r) joined in, not computed first)
// whose loop over the compressed first level's positions runs in parallel (each position writes its own output
// row, and zeroes the rows between the previous position's coordinate and its own): slices empty at the start,
// the end and between, dims of size 1, an all-empty tensor, the same call repeated.
describe.each(deviceNames)("MTTKRP over CSF split across threads on %s", (device) => {
  beforeAll(() => useDevice(device));

  const cases: [string, number, number, number, number, number, (i: number) => boolean][] = [
    ["empty slices at both ends and between", 600, 150, 30, 5, 90000, (i) => i >= 7 && i < 590 && i % 5 !== 2],
    ["a size-1 j and rank 1", 6000, 1, 20, 1, 20000, (i) => i % 7 !== 0],
    ["a size-1 k, rank 3, only the last slice empty", 4500, 9, 1, 3, 20000, (i) => i < 4499],
    ["no entries at all", 5000, 3, 4, 2, 0, () => true],
  ];
  for (const [what, I, J, K, R, count, kept] of cases) {
    it(`${what} (${I}×${J}×${K}, R = ${R}) matches float64`, async () => {
      const slices = Array.from({ length: I }, (_, i) => i).filter(kept);
      const [bi, bj, bk] = [new Int32Array(count), new Int32Array(count), new Int32Array(count)];
      for (let e = 0; e < count; e++) [bi[e], bj[e], bk[e]] = [slices[Math.floor(next() * slices.length)]!, Math.floor(next() * J), Math.floor(next() * K)];
      const vals = Float32Array.from({ length: count }, () => Math.fround(next() * 2 - 1));
      const B = fromCoo([["i", I], ["j", J], ["k", K]], { coords: { i: bi, j: bj, k: bk }, values: vals }, csf("i", "j", "k"));
      const [C, D] = [Float32Array.from({ length: J * R }, () => next() * 2 - 1), Float32Array.from({ length: K * R }, () => next() * 2 - 1)];
      const want = new Float64Array(I * R);
      const scale = new Float64Array(I * R);
      for (let e = 0; e < count; e++)
        for (let r = 0; r < R; r++) {
          const term = vals[e]! * C[bj[e]! * R + r]! * D[bk[e]! * R + r]!;
          want[bi[e]! * R + r]! += term;
          scale[bi[e]! * R + r]! += Math.abs(term);
        }
      const [Ct, Dt] = [tensor(C, [["j", J], ["r", R]]), tensor(D, [["k", K], ["r", R]])];
      // Garbage in the heap first: the output's buffer may be one a previous result used.
      (await tensor(Float32Array.from({ length: I * R }, () => 7), [["i", I], ["r", R]]).mul(3).data()).fill(0);
      for (let round = 0; round < 2; round++) {
        const out = B.dot(["j", "k"], Ct.mul(Dt));
        expect(out.dims).toEqual(["i", "r"]);
        const got = await out.data();
        expect(got.length).toBe(I * R);
        for (let i = 0; i < got.length; i++) {
          const tol = 1e-5 * scale[i]! + 1e-6;
          if (!(Math.abs(got[i]! - want[i]!) <= tol)) expect.fail(`element ${i} (row ${Math.floor(i / R)}, round ${round}): got ${got[i]}, want ${want[i]} (tolerance ${tol})`);
        }
        if (round === 0) {
          const text = explainSparse(out);
          expect(text).toContain("sparse kernel: out(i,r) = Σ_j,k (A(i,j,k) * (B(j,r) * C(k,r)))");
          expect(text).toMatch(/while \(pA1 < pA1_end\) parallel \{ {2}\/\/ i: A\.i/);
          expect(text.match(/^kernel:$/gm)).toHaveLength(1);
        }
      }
    });
  }
});

// A sparse result whose rows hold at most their operands' entries (CSR ± CSR, CSR ⊙ CSR, A + B ⊙ C fused) in one
// pass: each row computed at the sum of its operands' offsets with its count, then moved into place. Skewed
// rows (empty, one entry, half the columns), enough rows that both threads take some, the same call repeated.
describe.each(deviceNames)("sparse results computed at bounds on %s", (device) => {
  beforeAll(() => useDevice(device));
  const [n, m] = [9000, 300];
  const matrix = () => {
    const M = skewed(n, m);
    return { M, A: fromCoo([["row", n], ["col", m]], { coords: { row: M.rows, col: M.cols }, values: M.vals }, csr("row", "col")) };
  };
  /** Row-major float64 dense values and pattern of a COO matrix. */
  const dense = (M: ReturnType<typeof skewed>): { v: Float64Array; p: Uint8Array } => {
    const [v, p] = [new Float64Array(n * m), new Uint8Array(n * m)];
    for (let e = 0; e < M.vals.length; e++) [(v[M.rows[e]! * m + M.cols[e]!]! += M.vals[e]!), (p[M.rows[e]! * m + M.cols[e]!] = 1)];
    return { v, p };
  };
  const cases: [string, number, (x: number[]) => number, (p: number[]) => boolean, (A: SparseTensor<any>[]) => SparseTensor<any>][] = [
    ["A + B", 2, ([a, b]) => a! + b!, ([p, q]) => !!(p || q), ([A, B]) => A!.add(B!) as never],
    ["A - B", 2, ([a, b]) => a! - b!, ([p, q]) => !!(p || q), ([A, B]) => A!.sub(B!) as never],
    ["A ⊙ B", 2, ([a, b]) => a! * b!, ([p, q]) => !!(p && q), ([A, B]) => A!.mul(B!) as never],
    ["A + B ⊙ C", 3, ([a, b, c]) => a! + b! * c!, ([p, q, r]) => !!(p || (q && r)), ([A, B, C]) => A!.add(B!.mul(C!)) as never],
  ];
  for (const [what, count, value, kept, op] of cases) {
    it(`${what} over ${n} skewed CSR rows matches float64, in one pass and a compaction`, async () => {
      const made = Array.from({ length: count }, matrix);
      const refs = made.map(({ M }) => dense(M));
      for (let round = 0; round < 2; round++) {
        const R = await op(made.map((x) => x.A));
        if (round === 0) {
          const text = explainSparse(R);
          expect(text).toContain("[compute at bounds: idx, values and counts]");
          expect(text).toContain("[compact: move each segment into place]");
        }
        const got = await R.toDense().data();
        let nnz = 0;
        for (let i = 0; i < n * m; i++) {
          if (kept(refs.map((r) => r.p[i]!))) nnz++;
          const want = value(refs.map((r) => r.v[i]!));
          if (!(Math.abs(got[i]! - want) <= 1e-5 * (1 + Math.abs(want)))) expect.fail(`element ${i} (round ${round}): got ${got[i]}, want ${want}`);
        }
        expect(R.nnz).toBe(nnz);
      }
    });
  }
});
