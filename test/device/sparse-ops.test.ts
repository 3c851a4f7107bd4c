// Sparse ops on every device against float64 dense references on fresh random inputs: SpMV and SpMM over every
// matrix format, SpGEMM, sums by name, sparse ± sparse and ⊙ in every pair of formats (CSR + CSC converts),
// sparse with dense, SDDMM as one kernel, TTV and MTTKRP over order-3 formats; edge cases (empty rows, all
// zero, full density, size-1 dims); errors naming the expression. Random seeds are printed on failure.
import { beforeAll, describe, expect, it } from "vitest";
import { type Format, type SparseTensor, coo, csc, csf, csr, dcsr, denseFormat, explainSparse, sparse, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { randomSparseValues } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0x51);
const dense = (n: number): Float64Array => Float64Array.from({ length: n }, () => Math.fround(next() * 4 - 2));
const f32 = (a: Float64Array): Float32Array => Float32Array.from(a);

const matrixFormats: [string, Format][] = [
  ["csr", csr("row", "col")],
  ["csc", csc("row", "col")],
  ["dcsr", dcsr("row", "col")],
  ["dcsc", dcsr("col", "row")],
  ["coo", coo("row", "col")],
  ["dense(col,row)", denseFormat("col", "row")],
];

/** |got − want| within float32 rounding of a sum whose terms have magnitude `scale` each. */
function expectClose(got: ArrayLike<number>, want: ArrayLike<number>, scale: ArrayLike<number>): void {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    const tol = 1e-5 * (scale[i] ?? 0) + 1e-6;
    if (!(Math.abs(got[i]! - want[i]!) <= tol)) expect.fail(`element ${i}: got ${got[i]}, want ${want[i]} (tolerance ${tol})`);
  }
}

/** C(i,j) = Σ_k A(i,k) B(k,j) in float64, and Σ_k |A||B| for the tolerance. */
function matmul(a: Float64Array, b: Float64Array, n: number, k: number, m: number): { c: Float64Array; s: Float64Array } {
  const c = new Float64Array(n * m);
  const s = new Float64Array(n * m);
  for (let i = 0; i < n; i++) for (let q = 0; q < k; q++) for (let j = 0; j < m; j++) {
    c[i * m + j]! += a[i * k + q]! * b[q * m + j]!;
    s[i * m + j]! += Math.abs(a[i * k + q]! * b[q * m + j]!);
  }
  return { c, s };
}

describe.each(deviceNames)("sparse ops on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("transpose and rename are views of the same storage: the dense transpose and rename of the values", async () => {
    const [n, m] = [5, 4];
    const a = randomSparseValues(n * m, 0.4, next);
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
    const T = A.transpose("col", "row");
    expect(T.dims).toEqual(["col", "row"]);
    expect(T.nnz).toBe(A.nnz);
    const want = Array.from({ length: m * n }, (_, i) => Math.fround(a[(i % n) * m + Math.floor(i / n)]!));
    expect(Array.from(await T.toDense().data())).toEqual(want);
    const R = A.rename({ row: "i" });
    expect(R.dims).toEqual(["i", "col"]);
    const x = dense(m);
    const y = matmul(a, x, n, m, 1);
    expectClose(await R.dot("col", tensor(f32(x), [["col", m]])).data(), y.c, y.s);
    expect(() => (A as SparseTensor).transpose("col" as never)).toThrow("transpose lists every name once: { row: 5, col: 4 } has 2, 1 given");
  });
  const shapes = [[9, 7, 0.3], [5, 1, 0.6], [1, 6, 0.5], [6, 5, 0], [4, 3, 1]] as const;

  for (const [name, format] of matrixFormats) {
    for (const [n, m, density] of shapes) {
      it(`SpMV and SpMM with A in ${name}, ${n}×${m} at density ${density}`, async () => {
        const a = randomSparseValues(n * m, density, next);
        if (n > 2) a.fill(0, m, 2 * m); // an empty row
        const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), format);
        const x = dense(m);
        const y = matmul(a, x, n, m, 1);
        expectClose(await A.dot("col", tensor(f32(x), [["col", m]])).data(), y.c, y.s);
        const X = dense(m * 3);
        const Y = matmul(a, X, n, m, 3);
        const got = A.dot("col", tensor(f32(X), [["col", m], ["k", 3]]));
        expect(got.dims).toEqual(["row", "k"]);
        expectClose(await got.data(), Y.c, Y.s);
        // Contracting the rows instead: Aᵀx
        const z = dense(n);
        const at = new Float64Array(m * n);
        for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) at[j * n + i] = a[i * m + j]!;
        const Z = matmul(at, z, m, n, 1);
        expectClose(await A.dot("row", tensor(f32(z), [["row", n]])).data(), Z.c, Z.s);
        // Sums by name
        const rows = matmul(a, new Float64Array(m).fill(1), n, m, 1);
        expectClose(await A.sum("col").data(), rows.c, rows.s);
        const all = matmul(new Float64Array(n).fill(1), rows.c, 1, n, 1);
        expectClose(await A.sum(["row", "col"]).data(), all.c, matmul(new Float64Array(n).fill(1), rows.s, 1, n, 1).c);
      });
    }
  }

  for (const [an, af] of matrixFormats.slice(0, 5)) {
    for (const [bn, bf] of [matrixFormats[0]!, matrixFormats[1]!, matrixFormats[2]!]) {
      it(`${an} ± ${bn}, ${an} ⊙ ${bn} `, async () => {
        const [n, m] = [8, 6];
        const a = randomSparseValues(n * m, 0.35, next);
        const b = randomSparseValues(n * m, 0.35, next);
        a.fill(0, 0, m); // row 0 empty in a
        const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), af);
        const B = await sparse(tensor(f32(b), [["row", n], ["col", m]]), bf);
        const sum = await A.add(B);
        expect(sum.dims).toEqual(["row", "col"]);
        expectClose(await sum.toDense().data(), a.map((v, i) => v + b[i]!), a.map((v, i) => Math.abs(v) + Math.abs(b[i]!)));
        expect(sum.nnz).toBe(a.filter((v, i) => v !== 0 || b[i] !== 0).length);
        const diff = await A.sub(B);
        expectClose(await diff.toDense().data(), a.map((v, i) => v - b[i]!), a.map((v, i) => Math.abs(v) + Math.abs(b[i]!)));
        const prod = await A.mul(B);
        expect(prod.nnz).toBe(a.filter((v, i) => v !== 0 && b[i] !== 0).length);
        expectClose(await prod.toDense().data(), a.map((v, i) => v * b[i]!), a.map((v, i) => Math.abs(v * b[i]!)));
        // (SpGEMM, whose result is sparse: test/device/sparse-spgemm.test.ts.)
      });
    }
  }

  for (const K of [4, 11, 16]) {
    it(`SpMM with K = ${K} (the inner loop four at a time, then the rest) and MTTKRP with rank ${K}`, async () => {
      const [n, m] = [9, 13];
      const a = randomSparseValues(n * m, 0.3, next);
      const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
      const X = dense(m * K);
      const want = matmul(a, X, n, m, K);
      expectClose(await A.dot("col", tensor(f32(X), [["col", m], ["k", K]])).data(), want.c, want.s);
      const [I, J, L] = [4, 5, 6];
      const t = randomSparseValues(I * J * L, 0.3, next);
      const T = await sparse(tensor(f32(t), [["i", I], ["j", J], ["l", L]]), csf("i", "j", "l"));
      const [C, D] = [dense(J * K), dense(L * K)];
      const out = new Float64Array(I * K);
      const scale = new Float64Array(I * K);
      for (let i = 0; i < I; i++) for (let j = 0; j < J; j++) for (let l = 0; l < L; l++) for (let r = 0; r < K; r++) {
        const term = t[(i * J + j) * L + l]! * C[j * K + r]! * D[l * K + r]!;
        out[i * K + r]! += term;
        scale[i * K + r]! += Math.abs(term);
      }
      const got = T.dot(["j", "l"], tensor(f32(C), [["j", J], ["r", K]]).mul(tensor(f32(D), [["l", L], ["r", K]])));
      expectClose(await got.data(), out, scale);
    });
  }

  it("sparse with dense: the sum is dense, the product keeps the sparse pattern", async () => {
    const [n, m] = [7, 9];
    const a = randomSparseValues(n * m, 0.3, next);
    const d = dense(n * m);
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
    const D = tensor(f32(d), [["row", n], ["col", m]]);
    expectClose(await A.add(D).data(), a.map((v, i) => v + d[i]!), a.map((v, i) => Math.abs(v) + Math.abs(d[i]!)));
    const P = await A.mul(D);
    expect(P.nnz).toBe(a.filter((v) => v !== 0).length);
    expectClose(await P.toDense().data(), a.map((v, i) => v * d[i]!), a.map((v, i) => Math.abs(v * d[i]!)));
    // a dense operand with fewer names broadcasts: scaling each column
    const c = dense(m);
    const Q = await A.mul(tensor(f32(c), [["col", m]]));
    expectClose(await Q.toDense().data(), a.map((v, i) => v * c[i % m]!), a.map((v, i) => Math.abs(v * c[i % m]!)));
    const scaled = await A.mul(2.5);
    expectClose(await scaled.toDense().data(), a.map((v) => v * 2.5), a.map((v) => Math.abs(v * 2.5)));
  });

  it("a dense operand whose expression the sparse generators lack (exp) is computed first, and explain says so", async () => {
    const [n, m] = [6, 5];
    const a = randomSparseValues(n * m, 0.4, next);
    const d = dense(n * m);
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
    const P = await A.mul(tensor(f32(d), [["row", n], ["col", m]]).exp());
    expectClose(await P.toDense().data(), a.map((v, i) => v * Math.exp(d[i]!)), a.map((v, i) => Math.abs(v) * Math.exp(d[i]!)));
    expect(explainSparse(P)).toContain("computed the dense operands first");
    const x = dense(m);
    const y = A.dot("col", tensor(f32(x), [["col", m]]).exp());
    const want = matmul(a, x.map(Math.exp), n, m, 1);
    expectClose(await y.data(), want.c, want.s);
  });

  it("SDDMM S ⊙ (A·B) is one kernel over S's entries, summing k innermost", async () => {
    const [n, m, k] = [12, 10, 6];
    const s = randomSparseValues(n * m, 0.1, next);
    const S = await sparse(tensor(f32(s), [["i", n], ["j", m]]), csr("i", "j"));
    const a = dense(n * k);
    const b = dense(k * m);
    const R = await S.mul(tensor(f32(a), [["i", n], ["k", k]]).dot("k", tensor(f32(b), [["k", k], ["j", m]])));
    const ab = matmul(a, b, n, k, m);
    expectClose(await R.toDense().data(), s.map((v, i) => v * ab.c[i]!), s.map((v, i) => Math.abs(v) * ab.s[i]!));
    expect(R.nnz).toBe(s.filter((v) => v !== 0).length);
    const text = explainSparse(R);
    expect(text).toContain("out(i,j) = Σ_k (A(i,j) * (B(i,k) * C(j,k)))"); // C laid out with k innermost
    expect(text).toContain("order: i, j, k (Σ k)");
    expect(text).toContain("j: [A.j ∧ C.j] sparse"); // iterate S's row, locate into the dense C
  });

  it("sparse vectors: a·b + c over three sparse operands is one merge loop", async () => {
    const n = 40;
    const [a, b, c] = [randomSparseValues(n, 0.3, next), randomSparseValues(n, 0.3, next), randomSparseValues(n, 0.3, next)];
    const [A, B, C] = await Promise.all([a, b, c].map((v) => sparse(tensor(f32(v), [["i", n]]), [["i", "compressed"]])));
    const lazy = A!.mul(B!).add(C!); // not computed yet: one assignment, one merge loop over the three
    const text = explainSparse(lazy);
    expect(text).toContain("sparse kernel: out(i) = ((A(i) * B(i)) + C(i))");
    expect(text).toContain("merge b.i".replace("b.i", "A.i, B.i, C.i"));
    const R = await lazy;
    expectClose(await R.toDense().data(), a.map((v, i) => v * b[i]! + c[i]!), a.map((v, i) => Math.abs(v * b[i]!) + Math.abs(c[i]!)));
    expect(R.format).toEqual([["i", "compressed"]]);
  });

  for (const [name, format] of [["csf", csf("i", "j", "k")], ["csf kji", csf("k", "j", "i")], ["coo", coo("i", "j", "k")], ["dense,compressed,compressed", [["i", "dense"], ["j", "compressed"], ["k", "compressed"]] as Format]] as const) {
    it(`TTV, TTM and MTTKRP over an order-3 tensor in ${name}`, async () => {
      const [I, J, K, L] = [5, 4, 6, 3];
      const t = randomSparseValues(I * J * K, 0.2, next);
      const T = await sparse(tensor(f32(t), [["i", I], ["j", J], ["k", K]]), format);
      // TTV: Σ_k T(i,j,k) v(k)
      const v = dense(K);
      const ttv = matmul(t, v, I * J, K, 1);
      expectClose(await T.dot("k", tensor(f32(v), [["k", K]])).data(), ttv.c, ttv.s);
      // TTM: Σ_k T(i,j,k) M(k,l)
      const M = dense(K * L);
      const ttm = matmul(t, M, I * J, K, L);
      expectClose(await T.dot("k", tensor(f32(M), [["k", K], ["l", L]])).data(), ttm.c, ttm.s);
      // MTTKRP: A(i,l) = Σ_j,k T(i,j,k) C(j,l) D(k,l)
      const [C, D] = [dense(J * L), dense(K * L)];
      const want = new Float64Array(I * L);
      const scale = new Float64Array(I * L);
      for (let i = 0; i < I; i++) for (let j = 0; j < J; j++) for (let k = 0; k < K; k++) for (let l = 0; l < L; l++) {
        const term = t[(i * J + j) * K + k]! * C[j * L + l]! * D[k * L + l]!;
        want[i * L + l]! += term;
        scale[i * L + l]! += Math.abs(term);
      }
      const krp = tensor(f32(C), [["j", J], ["l", L]]).mul(tensor(f32(D), [["k", K], ["l", L]]));
      const got = T.dot(["j", "k"], krp);
      expect(got.dims).toEqual(["i", "l"]);
      expectClose(await got.data(), want, scale);
    });
  }
});
