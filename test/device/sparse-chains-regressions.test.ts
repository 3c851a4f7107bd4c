// The wrong results the random chains (sparse-fuzz-chains.test.ts) found, each in its smallest form, on every
// device, on fresh random inputs against float64 loops: a contraction folded into a sum (its Σ took in the other
// term), a merge in the graph with a dense-level format (garbage where the operands do not meet), the values
// tensor lost through mask / rename / transpose and through toDense of a product's result, the gradient of a
// sparse·sparse product over every name, a batch name both SpGEMM operands keep, a converted operand losing a
// dim the first operand lacks, a lazy op over a lazy SpGEMM, the gradient of a dot over private dims, and an
// operand with no entries over a size-0 dim.
import { beforeAll, describe, expect, it } from "vitest";
import { type Format, type SparseTensor, type Tensor, asFormat, fromCoo, getDefaultDevice, grad, sparse, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { expectRelClose, randomSparseValues } from "../helpers/sparse-random.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;
const next = rng(testSeed ^ 0x7e6);
const f32 = (a: Float64Array): Float32Array => Float32Array.from(a);
const dense = (n: number): Float64Array => Float64Array.from({ length: n }, () => Math.fround(next() * 4 - 2));
const csr: Format = [["i", "dense"], ["j", "compressed"]];
const dcsr: Format = [["i", "compressed"], ["j", "compressed"]];
const allDense: Format = [["i", "dense"], ["j", "dense"]];
/** The stored (i, j) of a sparse tensor in storage order. */
const stored = (S: SparseTensor): [number, number][] => {
  const { coords } = S.entries();
  return Array.from(coords.i!, (i, p) => [i, coords.j![p]!]);
};

describe.each(deviceNames)("sparse chains the fuzz got wrong, on %s", (device) => {
  beforeAll(() => useDevice(device));
  const [n, m, K] = [5, 4, 3];
  const shape = [["i", n], ["j", m]] as [["i", number], ["j", number]];

  it("a contraction inside a sum is computed first: (Σ_j A·B) + C and S + U·V, not Σ (A·B + C)", async () => {
    const [a, b, c] = [randomSparseValues(n * m, 0.6, next), randomSparseValues(K * m, 0.6, next), randomSparseValues(n * K, 0.5, next)];
    const A = await sparse(tensor(f32(a), shape), allDense);
    const B = await sparse(tensor(f32(b), [["k", K], ["j", m]]), [["k", "compressed"], ["j", "compressed"]]);
    const C = await sparse(tensor(f32(c), [["k", K], ["i", n]]), [["i", "compressed"], ["k", "compressed"]]);
    const want = new Float64Array(n * K);
    for (let i = 0; i < n; i++) for (let k = 0; k < K; k++) {
      want[i * K + k] = c[k * n + i]!;
      for (let j = 0; j < m; j++) want[i * K + k]! += a[i * m + j]! * b[k * m + j]!;
    }
    expectRelClose(await (await (A as Any).dot("j", B).add(C)).toDense().data(), want, 1e-5);
    // a lazy dense product summed over k, added to a sparse tensor
    const [u, v] = [dense(n * K), dense(K * m)];
    const S = await sparse(tensor(f32(a), shape), csr);
    const sum = (S as Any).sub(tensor(f32(u), [["i", n], ["k", K]]).dot("k", tensor(f32(v), [["k", K], ["j", m]])));
    const want2 = Float64Array.from(a, (x, e) => x - Array.from({ length: K }, (_, k) => u[Math.floor(e / m) * K + k]! * v[k * m + (e % m)]!).reduce((s, y) => s + y, 0));
    expectRelClose(await sum.data(), want2, 1e-5);
  });

  it("A ⊙ B.withValues(v) with A in all-dense levels stores 0 where B has nothing", async () => {
    const [a, b] = [randomSparseValues(n * m, 1, next), randomSparseValues(n * m, 0.4, next)];
    const A = await sparse(tensor(f32(a), shape), allDense);
    const B = await sparse(tensor(f32(b), shape), csr);
    const product = await (A as Any).mul(B.withValues(B.values.mul(2) as never));
    expectRelClose(await product.toDense().data(), Float64Array.from(a, (x, e) => 2 * x * b[e]!), 1e-6);
  });

  it("values held as a tensor pass mask, rename, transpose and toDense of a product's result: gradients reach them", async () => {
    if (!getDefaultDevice().readSync) return; // (gradients through sparse results need the pattern now: the CPU's)
    const [a, b] = [randomSparseValues(n * m, 0.6, next), randomSparseValues(n * m, 0.6, next)];
    const A = await sparse(tensor(f32(a), shape), csr);
    const B = await sparse(tensor(f32(b), shape), dcsr);
    const w = dense(n * m);
    const W = tensor(f32(w), shape);
    const at = stored(A);
    const v = A.values as Any;
    // Σ w ⊙ (A.mask(i) · 3): d/dv = 3 w at A's entries
    const [g1] = grad((x: Any) => (A.withValues(x) as Any).mask("i").mul(3).unmask().toDense().mul(W).sum(["i", "j"]))(v) as Any[];
    expectRelClose(await g1.data(), at.map(([i, j]) => 3 * w[i * m + j]!), 1e-6);
    // rename and transpose, then toDense: d/dv = w
    const [g2] = grad((x: Any) => (A.withValues(x) as Any).rename({ i: "r" }).transpose("j", "r").toDense().rename({ r: "i" }).mul(W).sum(["i", "j"]))(v) as Any[];
    expectRelClose(await g2.data(), at.map(([i, j]) => w[i * m + j]!), 1e-6);
    // a product over every name: d/dv = B at A's entries (and toDense of a SpGEMM's result keeps its gradients)
    const [g3] = grad((x: Any) => (A.withValues(x) as Any).dot(["i", "j"], B))(v) as Any[];
    expectRelClose(await g3.data(), at.map(([i, j]) => b[i * m + j]!), 1e-6);
    const bt = B.rename({ i: "k" } as never) as Any; // B(k, j): C(i, k) = Σ_j A(i,j) B(k,j)
    const [g4] = grad((x: Any) => (A.withValues(x) as Any).dot("j", bt).toDense().sum(["i", "k"]))(v) as Any[];
    expectRelClose(await g4.data(), at.map(([, j]) => Array.from({ length: n }, (_, k) => b[k * m + j]!).reduce((s, y) => s + y, 0)), 1e-5);
    // a dot over a private dim's neighbour: the gradient opens it
    const x = dense(m);
    const [g5] = grad((y: Any) => (A.withValues(y) as Any).mask("i").dot("j", tensor(f32(x), [["j", m]])).unmask().mul(tensor(f32(w.slice(0, n)), [["i", n]])).sum("i"))(v) as Any[];
    expectRelClose(await g5.data(), at.map(([i, j]) => w[i]! * x[j]!), 1e-6);
    const [gx] = grad((y: Any) => (A as Any).mask("i").dot("j", y).unmask().mul(tensor(f32(w.slice(0, n)), [["i", n]])).sum("i"))(tensor(f32(x), [["j", m]]) as Any) as Any[];
    expectRelClose(await gx.data(), Array.from({ length: m }, (_, j) => Array.from({ length: n }, (_, i) => w[i]! * a[i * m + j]!).reduce((s, y) => s + y, 0)), 1e-5);
  });

  it("SpGEMM with a name both operands keep, with an operand converted, and a lazy op over it", async () => {
    const [a, b] = [randomSparseValues(n * m, 0.6, next), randomSparseValues(n * m * 2, 0.6, next)];
    const A = await sparse(tensor(f32(a), shape), csr);
    // B(i, j, d): i kept by both (a batch name), j summed; stored i, j, d: d the first operand lacks
    // (dense levels where they can be: WebGPU binds at most 16 buffers)
    const B = await sparse(tensor(f32(b), [["i", n], ["j", m], ["d", 2]]), [["i", "dense"], ["j", "compressed"], ["d", "dense"]]);
    const want = new Float64Array(n * 2);
    for (let i = 0; i < n; i++) for (let d = 0; d < 2; d++) for (let j = 0; j < m; j++) want[i * 2 + d]! += a[i * m + j]! * b[(i * m + j) * 2 + d]!;
    expectRelClose(await (await (A as Any).dot("j", B)).toDense().data(), want, 1e-5);
    expectRelClose(await (await (A as Any).dot("j", B).mul(-2)).toDense().data(), Array.from(want, (x) => -2 * x), 1e-5);
    // A(k, j, i) stored k, j, i times B(i, k, d) over i and k: B converted to (k, i, d), keeping d
    const c = randomSparseValues(K * m * n, 0.5, next);
    const C3 = await sparse(tensor(f32(c), [["i", n], ["j", m], ["k", K]]), [["k", "dense"], ["j", "compressed"], ["i", "dense"]]);
    const e = randomSparseValues(n * K * 2, 0.5, next);
    const E = await sparse(tensor(f32(e), [["i", n], ["k", K], ["d", 2]]), [["i", "dense"], ["k", "compressed"], ["d", "dense"]]);
    const want3 = new Float64Array(m * 2);
    for (let j = 0; j < m; j++) for (let d = 0; d < 2; d++) for (let i = 0; i < n; i++) for (let k = 0; k < K; k++) want3[j * 2 + d]! += c[(i * m + j) * K + k]! * e[(i * K + k) * 2 + d]!;
    expectRelClose(await (await (C3 as Any).dot(["i", "k"], E)).toDense().data(), want3, 1e-5);
  });

  it("SpGEMM with the summed dim stored first and an operand keeping no dim of its own: CSC · sparse vector, T(i,j,k) · v(i)", async () => {
    const [a, x] = [randomSparseValues(n * m, 0.6, next), randomSparseValues(n, 0.7, next)];
    const A = await sparse(tensor(f32(a), shape), [["j", "dense"], ["i", "compressed"]]);
    const v = await sparse(tensor(f32(x), [["i", n]]), [["i", "compressed"]]);
    const want = Array.from({ length: m }, (_, j) => Array.from({ length: n }, (_, i) => a[i * m + j]! * x[i]!).reduce((s, y) => s + y, 0));
    expectRelClose(await (await (A as Any).dot("i", v)).toDense().data(), want, 1e-5);
    const t = randomSparseValues(n * m * K, 0.5, next);
    const T = await sparse(tensor(f32(t), [["i", n], ["j", m], ["k", K]]), [["i", "dense"], ["j", "compressed"], ["k", "compressed"]]);
    const want3 = new Float64Array(m * K);
    for (let i = 0; i < n; i++) for (let e = 0; e < m * K; e++) want3[e]! += t[i * m * K + e]! * x[i]!;
    expectRelClose(await (await (T as Any).dot("i", v)).toDense().data(), want3, 1e-5);
  });

  it("asFormat of values held as a tensor moves them in the graph (never read back): any device, gradients reach them", async () => {
    const a = randomSparseValues(n * m, 0.5, next);
    const A = await sparse(tensor(f32(a), shape), csr);
    const Av = A.withValues(A.values.mul(2) as never);
    for (const format of [[["j", "dense"], ["i", "compressed"]], allDense, [["j", "compressed"], ["i", "compressed"]]] as Format[]) {
      const B = asFormat(Av, format as never);
      expect(B.format).toEqual(format);
      expectRelClose(await B.toDense().data(), Float64Array.from(a, (x) => 2 * x), 1e-6);
      // and as an operand converted to the other's order (SpGEMM's B(k, j) stored j first)
      const x = dense(m);
      expectRelClose(await (B as Any).dot("j", tensor(f32(x), [["j", m]])).data(), Array.from({ length: n }, (_, i) => Array.from({ length: m }, (_, j) => 2 * a[i * m + j]! * x[j]!).reduce((s, y) => s + y, 0)), 1e-5);
    }
    if (!getDefaultDevice().readSync) return;
    const w = dense(n * m);
    const [g] = grad((v: Any) => (asFormat(A.withValues(v), allDense as never) as Any).toDense().mul(tensor(f32(w), shape)).sum(["i", "j"]))(A.values as Any) as Any[];
    expectRelClose(await g.data(), stored(A).map(([i, j]) => w[i * m + j]!), 1e-6);
  });

  it("an operand with no entries over a size-0 dim: a product with a dense tensor and its gradient", async () => {
    const A = fromCoo([["i", 2], ["j", 0]], { coords: { i: [], j: [] }, values: [] }, [["i", "compressed"], ["j", "compressed"]]);
    const X = tensor(new Float32Array(0), [["i", 2], ["j", 0]]) as Tensor<[["i", 2], ["j", 0]]>;
    expect((await (A.withValues(A.values.mul(2) as never) as Any).mul(X)).nnz).toBe(0);
    // no entries moved into a format whose dense levels store zeros
    const E = fromCoo([["i", 3], ["j", 2]], { coords: { i: [], j: [] }, values: [] }, [["i", "compressed"], ["j", "compressed"]]);
    const moved = asFormat(E.withValues(E.values.mul(2) as never), [["i", "dense"], ["j", "dense"]] as never);
    expect(Array.from(await (await moved.materialize()).toDense().data())).toEqual([0, 0, 0, 0, 0, 0]);
    if (!getDefaultDevice().readSync) return;
    const [g] = grad((x: Any) => (A as Any).mul(x).toDense().sum(["i", "j"]))(X as Any) as Any[];
    expect(Array.from(await g.data())).toEqual([]);
  });
});
