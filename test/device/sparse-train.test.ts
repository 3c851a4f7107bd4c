// Training through sparse ops on every device, against float64 naive loops on fresh random inputs (each matrix
// with an empty row): the gradients of A ⊙ X (a sparse tensor times a dense one) w.r.t. X and A's values in
// CSR, CSC and DCSR; of the SDDMM S ⊙ (U·V) w.r.t. U and V held as variables (valueAndGrad and one opt.step);
// of S·c w.r.t. S's values; and traced steps with sparse ops (trace, opt.trace): a GCN layer whose replays give
// the untraced step's losses and weights, and where a sparse form cannot be traced, a clear StateError.
import { beforeAll, describe, expect, it } from "vitest";
import { type Format, adam, crossEntropy, csc, csr, dcsr, grad, randn, sgd, sparse, tensor, trace, valueAndGrad, variable } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { expectRelClose, valuesWithEmptyRow } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0x7e5);
const dense = (n: number): Float64Array => Float64Array.from({ length: n }, () => Math.fround(next() * 4 - 2));
const f32 = (a: ArrayLike<number>): Float32Array => Float32Array.from(a);
const close = (got: ArrayLike<number>, want: ArrayLike<number>, tol = 1e-4): void => expectRelClose(got, want, tol);
/** Random sparse values of an n×m matrix whose row `empty` stores nothing. */
const withEmptyRow = (n: number, m: number, density: number, empty: number): Float64Array => valuesWithEmptyRow(n, m, density, empty, next);

describe.each(deviceNames)("training through sparse ops on %s", (device) => {
  beforeAll(() => useDevice(device));

  for (const [name, format] of [["csr", csr("row", "col")], ["csc", csc("row", "col")], ["dcsr", dcsr("row", "col")]] as [string, Format][]) {
    it(`A ⊙ X in ${name}: d/dX is W ⊙ A at A's entries, d/dvalues is W ⊙ X there (and a broadcast X sums over rows)`, async () => {
      const [n, m] = [6, 7];
      const a = withEmptyRow(n, m, 0.4, 2);
      const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), format);
      const [X, W, x1] = [dense(n * m), dense(n * m), dense(m)];
      const w = tensor(f32(W), [["row", n], ["col", m]]);
      // loss = Σ W ⊙ (A ⊙ X): the product's sparse result flows into a sparse dot
      const loss = (x: typeof xT, v: typeof vT) => A.withValues(v).mul(x).dot(["row", "col"], w);
      const xT = tensor(f32(X), [["row", n], ["col", m]]);
      const vT = A.values;
      const [dX, dV] = grad(loss)(xT, vT);
      expect(dX.dims).toEqual(["row", "col"]);
      close(await dX.data(), Array.from(a, (v, p) => v * W[p]!));
      const { coords } = A.entries();
      const at = (e: number): number => coords.row![e]! * m + coords.col![e]!;
      close(await dV.data(), Array.from(coords.row!, (_, e) => W[at(e)]! * X[at(e)]!));
      // a constant A (no values tensor) and X an argument of grad: X still gets its gradient
      const [dX2] = grad((x: typeof xT) => A.mul(x).dot(["row", "col"], w))(xT);
      close(await dX2.data(), Array.from(a, (v, p) => v * W[p]!));
      // X over col only: d/dx(col) = Σ_row W ⊙ A
      const xc = tensor(f32(x1), [["col", m]]);
      const [dx] = grad((x: typeof xc) => A.mul(x).dot(["row", "col"], w))(xc);
      const want = new Float64Array(m);
      for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) want[j]! += a[i * m + j]! * W[i * m + j]!;
      close(await dx.data(), want);
    });
  }

  it("matrix completion S ⊙ (U·V) − R: U and V as variables get their gradients (valueAndGrad) and one SGD step", async () => {
    const [n, m, k] = [7, 6, 3];
    const s = withEmptyRow(n, m, 0.45, 4);
    const S = await sparse(tensor(f32(s), [["row", n], ["col", m]]), csr("row", "col"));
    const r = s.map((v) => (v === 0 ? 0 : Math.fround(next() * 2 - 1)));
    const R = await sparse(tensor(f32(r.map((v, p) => (s[p] === 0 ? 0 : v || 0.5))), [["row", n], ["col", m]]), csr("row", "col"));
    const rv = r.map((v, p) => (s[p] === 0 ? 0 : v || 0.5));
    const [U0, V0] = [dense(n * k), dense(k * m)];
    const U = variable(tensor(f32(U0), [["row", n], ["k", k]]));
    const V = variable(tensor(f32(V0), [["k", k], ["col", m]]));
    const loss = () => {
      const d = S.mul(U.dot("k", V)).sub(R);
      return d.mul(d).sum(["row", "col"]);
    };
    // float64: D = s·(U·V) − r at the entries; loss = Σ D²; dU(i,q) = Σ_j 2 D s V(q,j), dV(q,j) = Σ_i 2 D s U(i,q)
    const [dU, dV] = [new Float64Array(n * k), new Float64Array(k * m)];
    let want = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < m; j++) {
        if (s[i * m + j] === 0) continue;
        let uv = 0;
        for (let q = 0; q < k; q++) uv += U0[i * k + q]! * V0[q * m + j]!;
        const D = s[i * m + j]! * uv - rv[i * m + j]!;
        want += D * D;
        for (let q = 0; q < k; q++) {
          dU[i * k + q]! += 2 * D * s[i * m + j]! * V0[q * m + j]!;
          dV[q * m + j]! += 2 * D * s[i * m + j]! * U0[i * k + q]!;
        }
      }
    // the product itself, awaited: S's pattern with s·(U·V) at each entry, read on any device
    const P = await S.mul(U.dot("k", V));
    const { coords, values } = P.entries();
    close(values, Array.from(coords.row!, (i, e) => {
      const j = coords.col![e]!;
      let uv = 0;
      for (let q = 0; q < k; q++) uv += U0[i * k + q]! * V0[q * m + j]!;
      return s[i * m + j]! * uv;
    }));
    const { value, variables } = valueAndGrad(loss)();
    expect(variables.variables).toEqual([U, V]);
    close(await value.data(), [want]);
    close(await variables.get(U).data(), dU);
    close(await variables.get(V).data(), dV);
    await sgd({ lr: 0.05 }).step(loss);
    close(await U.data(), Array.from(U0, (u, i) => u - 0.05 * dU[i]!));
    close(await V.data(), Array.from(V0, (v, i) => v - 0.05 * dV[i]!));
  });

  it("a traced matrix-completion step (S ⊙ (U·V) − R)² replays the untraced SGD step's losses and factors", async () => {
    const [n, m, k] = [8, 7, 3];
    const s = withEmptyRow(n, m, 0.4, 5);
    const S = await sparse(tensor(f32(s), [["row", n], ["col", m]]), dcsr("row", "col"));
    const [U0, V0] = [tensor(f32(dense(n * k)), [["row", n], ["k", k]]), tensor(f32(dense(k * m)), [["k", k], ["col", m]])];
    const model = () => {
      const [U, V] = [variable(U0), variable(V0)];
      return { U, V, loss: (r: typeof rT) => {
        const d = S.mul(U.dot("k", V)).sub(S.withValues(r));
        return d.mul(d).sum(["row", "col"]);
      } };
    };
    const rT = S.values;
    const [plain, traced] = [model(), model()];
    const opt = sgd({ lr: 0.02 });
    const step = sgd({ lr: 0.02 }).trace(traced.loss);
    for (let i = 0; i < 3; i++) {
      const r = tensor(f32(dense(S.nnz)), [["nnz", S.nnz]]);
      const want = await opt.step(() => plain.loss(r));
      close([await step(r)], [want], 1e-5);
      close(await traced.U.data(), await plain.U.data(), 1e-5);
      close(await traced.V.data(), await plain.V.data(), 1e-5);
    }
  });

  it("S·c with a values tensor passes c·g to the values", async () => {
    const [n, m] = [5, 6];
    const a = withEmptyRow(n, m, 0.5, 0);
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csc("row", "col"));
    const G = dense(n);
    const g = tensor(f32(G), [["row", n]]);
    const [dV] = grad((v: typeof vT) => A.withValues(v).mul(2.5).sum("col").dot("row", g))(A.values);
    const vT = A.values;
    const { coords } = A.entries();
    close(await dV.data(), Array.from(coords.row!, (i) => 2.5 * G[i]!));
  });

  it("a GCN layer's traced Adam step (opt.trace) replays the untraced step's losses and weights on fresh batches", async () => {
    const [n, f, h] = [9, 5, 4];
    const a = withEmptyRow(n, n, 0.3, 3);
    const A = await sparse(tensor(f32(a), [["node", n], ["nbr", n]]), csr("node", "nbr"));
    const W0 = tensor(f32(dense(f * h)), [["feat", f], ["hid", h]]);
    const layer = () => {
      const W = variable(W0);
      return { W, loss: (x: Xs, y: Ys) => crossEntropy(A.dot("nbr", x.dot("feat", W)), y, "hid") };
    };
    type Xs = ReturnType<typeof batch>["x"];
    type Ys = ReturnType<typeof batch>["y"];
    const batch = () => ({
      x: tensor(f32(dense(n * f)), [["nbr", n], ["feat", f]]),
      y: tensor(Int32Array.from({ length: n }, () => Math.floor(next() * h)), [["node", n]]),
    });
    const [plain, traced] = [layer(), layer()];
    const opt = adam({ lr: 0.05 });
    const step = adam({ lr: 0.05 }).trace(traced.loss);
    for (let i = 0; i < 4; i++) {
      const { x, y } = batch();
      const want = await opt.step(() => plain.loss(x, y));
      const got = await step(x, y);
      // (the traced step sums the gradient's products over the entries in another order than the sparse
      // kernels: float32 rounding, far below the tolerance)
      close([got], [want], 1e-5);
      close(await traced.W.data(), await plain.W.data(), 1e-5);
    }
    // and trace(): a forward pass over the placeholder x, replayed on new inputs
    const forward = trace((x: Xs) => A.dot("nbr", x.dot("feat", plain.W)).relu());
    for (let i = 0; i < 2; i++) {
      const { x } = batch();
      close(await forward(x).data(), await A.dot("nbr", x.dot("feat", plain.W)).relu().data(), 1e-5);
    }
  });

  it("inside traced functions: a sum, a dense add, a product with a dense tensor and SpGEMM on traced values replay, and a scalar sparse-sparse product", async () => {
    const [n, m] = [5, 4];
    const a = withEmptyRow(n, m, 0.5, 1);
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
    const f = trace((x: typeof x0) => A.mul(x).sum("col").add(A.add(x).sum("col")));
    const x0 = tensor(f32(dense(n * m)), [["row", n], ["col", m]]);
    for (let i = 0; i < 2; i++) {
      const X = dense(n * m);
      const want = new Float64Array(n);
      for (let r = 0; r < n; r++) for (let c = 0; c < m; c++) want[r]! += a[r * m + c]! * X[r * m + c]! + a[r * m + c]! + X[r * m + c]!;
      close(await f(tensor(f32(X), [["row", n], ["col", m]])).data(), want);
    }
    // a product of two sparse tensors (SpGEMM): its pattern assembled when traced, its values a step of the program
    const b = withEmptyRow(m, 3, 0.5, 0);
    const B = await sparse(tensor(f32(b), [["col", m], ["k", 3]]), csr("col", "k"));
    const g = trace((v: typeof vT) => A.withValues(v).dot("col", B).sum("k"));
    const vT = A.values;
    const { coords } = A.entries();
    for (let i = 0; i < 2; i++) {
      const v = dense(A.nnz);
      const want = new Float64Array(n);
      v.forEach((x, p) => {
        for (let k = 0; k < 3; k++) want[coords.row![p]!]! += x * b[coords.col![p]! * 3 + k]!;
      });
      close(await g(tensor(f32(v), [["nnz", A.nnz]])).data(), want);
    }
    // a product into a scalar: the sum of the intersection (a merge in the graph), replayed on new values
    const full = trace((v: typeof vT) => A.withValues(v).dot(["row", "col"], A));
    for (let i = 0; i < 2; i++) {
      const v = dense(A.nnz);
      const want = v.reduce((s, x, p) => s + x * a[coords.row![p]! * m + coords.col![p]!]!, 0);
      close(await full(tensor(f32(v), [["nnz", A.nnz]])).data(), [want]);
    }
  });
});
