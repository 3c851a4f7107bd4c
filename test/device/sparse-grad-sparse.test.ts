// Gradients w.r.t. the values of BOTH sparse operands of an op between sparse tensors — SpGEMM (C = A·B, a sparse
// result), sparse add / sub (union) and mul (intersection) — on fresh random sparse inputs with empty rows and
// columns: checked by the gradient checker (central differences; the loss is linear in each operand's values,
// so a large step is exact up to float32 rounding of the computed result) and against float64 gradients from
// naive loops: dA(i,k) = Σ_j dC(i,j) B(k,j) at A's entries, dB(k,j) = Σ_i A(i,k) dC(i,j) at B's. The CPU computes
// these results now (their pattern is needed for the values tensor); WebGPU gets the pattern of a sparse add / mul
// or a SpGEMM assembled by the CPU from the operands' levels and computes the values itself: every gradient is
// also computed on each device of the matrix, and SpGEMM's on WebGPU from values computed there.
import { beforeAll, describe, expect, it } from "vitest";
import { type Format, type SparseTensor, type Tensor, csc, csr, dcsr, grad, sparse, tensor } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { gradcheck, loose } from "../helpers/gradcheck.js";
import { rng, testSeed } from "../helpers/random.js";
import { randomSparseValues } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0x59e3);
const f32 = (a: Float64Array): Float32Array => Float32Array.from(a);
const dense = (n: number): Float64Array => Float64Array.from({ length: n }, () => Math.fround(next() * 4 - 2));
/** A random rows × cols matrix (row-major float64) at `density`, with its first row and last column empty. */
function matrix(rows: number, cols: number, density: number): Float64Array {
  const a = randomSparseValues(rows * cols, density, next);
  for (let j = 0; j < cols; j++) a[j] = 0;
  for (let i = 0; i < rows; i++) a[i * cols + cols - 1] = 0;
  return a;
}
const close = (got: ArrayLike<number>, want: ArrayLike<number>, what: string): void => {
  expect(got.length, what).toBe(want.length);
  for (let i = 0; i < want.length; i++) if (!(Math.abs(got[i]! - want[i]!) <= 1e-4 * (1 + Math.abs(want[i]!)))) expect.fail(`${what} element ${i}: got ${got[i]}, want ${want[i]}`);
};
/** Stored entries of a sparse tensor as [row, col] in storage order (names r, c). */
const entries = (S: SparseTensor, r: string, c: string): [number, number][] => {
  const { coords } = S.entries();
  return Array.from(coords[r]!, (i, e) => [i, coords[c]![e]!]);
};
const options = { h: 0.5, rtol: 1e-4, atol: 1e-4, device: false };

/**
 * The gradients of Σ w_i x_j (A fn B)(i,j) w.r.t. both operands' values, checked as the suite's header says;
 * `everyDevice`: the gradient checker also computes them on each device of the matrix (NT_DEVICES).
 */
async function unionOrIntersection(fn: "add" | "sub" | "mul", format: Format, everyDevice: boolean): Promise<void> {
  const [n, m] = [7, 6];
  const [a, b] = [matrix(n, m, 0.5), matrix(n, m, 0.5)];
  const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), format);
  const B = await sparse(tensor(f32(b), [["row", n], ["col", m]]), format);
  const [X, W] = [dense(m), dense(n)];
  // (x and w made inside: on the device the checker runs the loss on.)
  const loss = (va: AnyTensor, vb: AnyTensor): AnyTensor =>
    loose(loose(A.withValues(loose(va)))[fn](B.withValues(loose(vb)))).dot("col", tensor(f32(X), [["col", m]])).mul(tensor(f32(W), [["row", n]])).sum("row");
  const [dA, dB] = await gradcheck(loss, [loose(A.values), loose(B.values)], { ...options, device: everyDevice });
  // dC(i,j) = w_i x_j at C's entries; d/dA = dC (· B for mul) at A's entries, d/dB = ±dC (· A for mul) at B's.
  const other = (t: Float64Array, i: number, j: number): number => (fn === "mul" ? t[i * m + j]! : 1);
  const sign = fn === "sub" ? -1 : 1;
  close(dA!, entries(A, "row", "col").map(([i, j]) => W[i]! * X[j]! * other(b, i, j)), "dA");
  close(dB!, entries(B, "row", "col").map(([i, j]) => sign * W[i]! * X[j]! * other(a, i, j)), "dB");
}


describe("gradients w.r.t. both sparse operands' values (cpu)", () => {
  beforeAll(() => useDevice("cpu"));

  const formats: [string, Format, Format][] = [
    ["csr × csr", csr("i", "k"), csr("k", "j")],
    ["csc × csc", csc("i", "k"), csc("k", "j")],
    ["dcsr × csr", dcsr("i", "k"), csr("k", "j")],
  ];
  for (const [name, fa, fb] of formats) {
    it(`SpGEMM ${name}: dA = (dC·Bᵀ) at A's entries, dB = (Aᵀ·dC) at B's`, async () => {
      const [n, m, p] = [6, 7, 5];
      const [a, b] = [matrix(n, m, 0.4), matrix(m, p, 0.45)];
      const A = await sparse(tensor(f32(a), [["i", n], ["k", m]]), fa);
      const B = await sparse(tensor(f32(b), [["k", m], ["j", p]]), fb);
      const [X, W] = [dense(p), dense(n)];
      // L = Σ_i w_i Σ_j C(i,j) x_j, so dC(i,j) = w_i x_j (x and w made inside: on the device the checker runs the
      // loss on, which computes the gradients too).
      const loss = (va: AnyTensor, vb: AnyTensor): AnyTensor =>
        loose(A.withValues(loose(va)).dot("k", B.withValues(loose(vb)))).dot("j", tensor(f32(X), [["j", p]])).mul(tensor(f32(W), [["i", n]])).sum("i");
      const [dA, dB] = await gradcheck(loss, [loose(A.values), loose(B.values)], { ...options, device: true });
      const wantA = entries(A, "i", "k").map(([i, k]) => W[i]! * Array.from({ length: p }, (_, j) => b[k * p + j]! * X[j]!).reduce((s, v) => s + v, 0));
      const wantB = entries(B, "k", "j").map(([k, j]) => Array.from({ length: n }, (_, i) => a[i * m + k]! * W[i]!).reduce((s, v) => s + v, 0) * X[j]!);
      close(dA!, wantA, "dA");
      close(dB!, wantB, "dB");
    });
  }

  for (const fn of ["add", "sub", "mul"] as const) {
    it(`sparse ${fn} in csr: the gradient reaches both operands' values, on every device of the matrix too`, () => unionOrIntersection(fn, csr("row", "col"), true));
    it(`sparse ${fn} in dcsr: the gradient reaches both operands' values`, () => unionOrIntersection(fn, dcsr("row", "col"), false));
  }

  it("an empty result (disjoint patterns multiplied, a product with no shared k) gives zero gradients of the right length", async () => {
    const [n, m] = [4, 5];
    const a = matrix(n, m, 0.6);
    const b = Float64Array.from(a, (v, e) => (v === 0 && e % 3 === 0 ? Math.fround(0.5 + next()) : 0)); // only where A has nothing
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
    const B = await sparse(tensor(f32(b), [["row", n], ["col", m]]), csr("row", "col"));
    const x = tensor(f32(dense(m)), [["col", m]]);
    const loss = (va: AnyTensor, vb: AnyTensor): AnyTensor => loose(A.withValues(loose(va)).mul(B.withValues(loose(vb)))).dot("col", x).sum("row");
    const [dA, dB] = await gradcheck(loss, [loose(A.values), loose(B.values)], options);
    expect([dA!.length, dB!.length]).toEqual([A.nnz, B.nnz]);
    expect([...dA!, ...dB!].every((v) => v === 0)).toBe(true);
    // A row-vector product whose k's never meet: A's columns are all < m - 1 (the last is empty), B's only row is m - 1.
    const C = await sparse(tensor(f32(Float64Array.from({ length: m * 2 }, (_, e) => (e === (m - 1) * 2 ? 3 : 0))), [["col", m], ["j", 2]]), csr("col", "j"));
    const y = tensor(f32(dense(2)), [["j", 2]]);
    const product = (va: AnyTensor, vc: AnyTensor): AnyTensor => loose(A.withValues(loose(va)).dot("col", C.withValues(loose(vc)))).dot("j", y).sum("row");
    const [dA2, dC] = await gradcheck(product, [loose(A.values), loose(C.values)], options);
    expect([...dA2!, ...dC!].every((v) => v === 0)).toBe(true);
  });

  it("a chain of sparse ops passes the gradient through each result's values; an operand without values set gets none", async () => {
    const [n, m] = [5, 6];
    const [a, b] = [matrix(n, m, 0.5), matrix(n, m, 0.5)];
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
    const B = await sparse(tensor(f32(b), [["row", n], ["col", m]]), csr("row", "col"));
    const [X, W] = [dense(m), dense(n)];
    const [x, w] = [tensor(f32(X), [["col", m]]), tensor(f32(W), [["row", n]])];
    // L(v) = Σ w_i x_j (A_v + A_v ⊙ B)(i,j): dL/dv = w_i x_j (1 + B(i,j)) at A's entries.
    const loss = (v: AnyTensor): AnyTensor => loose(A.withValues(loose(v)).add(A.withValues(loose(v)).mul(B))).dot("col", x).mul(w).sum("row");
    const [dV] = await gradcheck(loss, [loose(A.values)], options);
    close(dV!, entries(A, "row", "col").map(([i, j]) => W[i]! * X[j]! * (1 + b[i * m + j]!)), "dV");
    const C = A.withValues(A.values as Tensor<[["nnz", number]]>).add(B);
    expect(C.nnz).toBe(new Set([...entries(A, "row", "col"), ...entries(B, "row", "col")].map(([i, j]) => i * m + j)).size);
    close(C.toDense().dataSync(), f32(a.map((v, e) => v + b[e]!)), "A + B");
  });
});

// SpGEMM's gradients computed on WebGPU (the operands, their values and the products of the backward pass all on
// the device), against the float64 loops of the header.
for (const device of deviceNames.filter((d) => d === "webgpu"))
  describe(`SpGEMM gradients w.r.t. both sparse operands' values on ${device}`, () => {
    beforeAll(() => useDevice(device));
    const formats: [string, Format, Format][] = [
      ["csr × csr", csr("i", "k"), csr("k", "j")],
      ["csc × csc", csc("i", "k"), csc("k", "j")],
      ["dcsr × csr", dcsr("i", "k"), csr("k", "j")],
      ["csr × csc", csr("i", "k"), csc("k", "j")],
    ];
    for (const [name, fa, fb] of formats)
      it(`SpGEMM ${name}: dA = (dC·Bᵀ) at A's entries, dB = (Aᵀ·dC) at B's`, async () => {
        const [n, m, p] = [9, 8, 7];
        const [a, b] = [matrix(n, m, 0.4), matrix(m, p, 0.45)];
        const A = await sparse(tensor(f32(a), [["i", n], ["k", m]]), fa);
        const B = await sparse(tensor(f32(b), [["k", m], ["j", p]]), fb);
        const [X, W] = [dense(p), dense(n)];
        const [x, w] = [tensor(f32(X), [["j", p]]), tensor(f32(W), [["i", n]])];
        // L = Σ_i w_i Σ_j C(i,j) x_j with C = (2A)·(3B): the values are computed on the device (not uploaded).
        const loss = (va: AnyTensor, vb: AnyTensor): AnyTensor => loose(A.withValues(loose(loose(va).mul(2))).dot("k", B.withValues(loose(loose(vb).mul(3))))).dot("j", x).mul(w).sum("i");
        const [dA, dB] = (grad(loss as never) as (...a: AnyTensor[]) => AnyTensor[])(loose(A.values), loose(B.values));
        const wantA = entries(A, "i", "k").map(([i, k]) => 6 * W[i]! * Array.from({ length: p }, (_, j) => b[k * p + j]! * X[j]!).reduce((s, v) => s + v, 0));
        const wantB = entries(B, "k", "j").map(([k, j]) => 6 * Array.from({ length: n }, (_, i) => a[i * m + k]! * W[i]!).reduce((s, v) => s + v, 0) * X[j]!);
        close(await dA!.data(), wantA, `dA (seed ${testSeed})`);
        close(await dB!.data(), wantB, `dB (seed ${testSeed})`);
      });
  });
