// Gradients through sparse ops on every device, against float64 analytic gradients computed with naive loops on
// fresh random inputs: w.r.t. the dense operand of SpMV/SpMM (Aᵀ·g), of a sum with a dense tensor, and w.r.t.
// the sparse values (SpMM's is the SDDMM pattern(A) ⊙ g·Xᵀ; a row sum's is g at each entry), in CSR, CSC and DCSR;
// and a graph layer's weights as variables, found through the sparse op's gradient and trained by an optimizer.
import { beforeAll, describe, expect, it } from "vitest";
import { type Format, type Tensor, csc, csr, dcsr, grad, sgd, sparse, tensor, valueAndGrad, variable } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { randomSparseValues } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0x9a);
const dense = (n: number): Float64Array => Float64Array.from({ length: n }, () => Math.fround(next() * 4 - 2));
const f32 = (a: Float64Array): Float32Array => Float32Array.from(a);
const close = (got: ArrayLike<number>, want: ArrayLike<number>): void => {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) if (!(Math.abs(got[i]! - want[i]!) <= 1e-4 * (1 + Math.abs(want[i]!)))) expect.fail(`element ${i}: got ${got[i]}, want ${want[i]}`);
};

describe.each(deviceNames)("gradients of sparse ops on %s", (device) => {
  beforeAll(() => useDevice(device));

  for (const [name, format] of [["csr", csr("row", "col")], ["csc", csc("row", "col")], ["dcsr", dcsr("row", "col")]] as [string, Format][]) {
    it(`SpMM in ${name}: d/dX is Aᵀ·W and d/dvalues is the SDDMM pattern(A) ⊙ W·Xᵀ`, async () => {
      const [n, m, k] = [7, 6, 3];
      const a = randomSparseValues(n * m, 0.35, next);
      const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), format);
      const X = dense(m * k);
      const W = dense(n * k); // loss = Σ W ⊙ (A·X)
      const w = tensor(f32(W), [["row", n], ["k", k]]);
      const loss = (x: typeof xT, v: typeof vT) => A.withValues(v).dot("col", x).mul(w).sum(["row", "k"]);
      const xT = tensor(f32(X), [["col", m], ["k", k]]);
      const vT = A.values;
      const [dX, dV] = grad(loss)(xT, vT);
      expect(dX.dims).toEqual(["col", "k"]);
      const wantX = new Float64Array(m * k);
      for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) for (let q = 0; q < k; q++) wantX[j * k + q]! += a[i * m + j]! * W[i * k + q]!;
      close(await dX.data(), wantX);
      // d/dvalues at each stored entry (i, j): Σ_q W(i,q) X(j,q), in storage order.
      const { coords } = A.entries();
      const wantV = Array.from(coords.row!, (i, e) => {
        const j = coords.col![e]!;
        let s = 0;
        for (let q = 0; q < k; q++) s += W[i * k + q]! * X[j * k + q]!;
        return s;
      });
      close(await dV.data(), wantV);
    });
  }

  it("a row sum and a sum with a dense tensor pass g to the values and to the dense operand", async () => {
    const [n, m] = [5, 8];
    const a = randomSparseValues(n * m, 0.4, next);
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
    const G = dense(n);
    const g = tensor(f32(G), [["row", n]]);
    const rowSums = (v: Tensor<[["nnz", number]]>) => A.withValues(v).sum("col").mul(g).sum("row");
    const [dV] = grad(rowSums)(A.values);
    const { coords } = A.entries();
    close(await dV.data(), Array.from(coords.row!, (i) => G[i]!));
    const H = dense(n * m);
    const h = tensor(f32(H), [["row", n], ["col", m]]);
    const withDense = (d: Tensor<[["row", 5], ["col", 8]]>) => A.sub(d).mul(h).sum(["row", "col"]);
    const [dD] = grad(withDense)(tensor(f32(dense(n * m)), [["row", 5], ["col", 8]]));
    close(await dD.data(), H.map((x) => -x));
  });

  it("a graph layer's weights held as variables are found through the sparse op and trained by opt.step", async () => {
    // loss = Σ G ⊙ (A·(X·W)): dW = Xᵀ·(Aᵀ·G), reached through SpMM's hand-written gradient (variablesOf follows it)
    const [n, f, h] = [7, 5, 3];
    const a = randomSparseValues(n * n, 0.3, next);
    const A = await sparse(tensor(f32(a), [["node", n], ["nbr", n]]), csr("node", "nbr"));
    const [X, G, W0] = [dense(n * f), dense(n * h), dense(f * h)];
    const x = tensor(f32(X), [["nbr", n], ["feat", f]]);
    const g = tensor(f32(G), [["node", n], ["hid", h]]);
    const W = variable(tensor(f32(W0), [["feat", f], ["hid", h]]));
    const loss = () => A.dot("nbr", x.dot("feat", W)).mul(g).sum(["node", "hid"]);
    const { variables } = valueAndGrad(loss)();
    expect(variables.variables).toEqual([W]);
    const atG = new Float64Array(n * h); // Aᵀ·G
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let c = 0; c < h; c++) atG[j * h + c]! += a[i * n + j]! * G[i * h + c]!;
    const want = new Float64Array(f * h);
    for (let j = 0; j < n; j++) for (let p = 0; p < f; p++) for (let c = 0; c < h; c++) want[p * h + c]! += X[j * f + p]! * atG[j * h + c]!;
    close(await variables.get(W)!.data(), want);
    await sgd({ lr: 0.5 }).step(loss); // plain SGD: W ← W − 0.5·dW
    close(await W.data(), W0.map((w, i) => Math.fround(w) - 0.5 * want[i]!));
  });
});
