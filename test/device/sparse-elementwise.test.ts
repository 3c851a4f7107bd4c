// Unary functions of sparse tensors on every device, against float64 on fresh random sparse inputs (negative
// values, empty rows, every format): a function that keeps zero keeps the pattern and maps the values (on the
// device, gradients reaching a values tensor); one that does not gives the dense tensor of f over every element,
// f(0) where nothing is stored. `mean` by name; `toDense` of values held on a device; private dims stay private.
import { beforeAll, describe, expect, it } from "vitest";
import { ArgumentError, ShapeError, type Format, type SparseTensor, type Tensor, coo, csc, csf, csr, dcsr, grad, sparse, tensor } from "../../src/index.js";
import { erf } from "../../src/graph/alu.js";
import { keepsZero } from "../../src/sparse/elementwise.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { randomSparseValues } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0x3e1e);

/** The float64 meaning of every unary method (round: ties to even, as float32 rounding does). */
const reference: Record<string, (x: number) => number> = {
  neg: (x) => -x,
  abs: Math.abs,
  sign: Math.sign,
  floor: Math.floor,
  ceil: Math.ceil,
  round: (x) => (Math.abs(x % 1) === 0.5 ? 2 * Math.round(x / 2) : Math.round(x)),
  relu: (x) => Math.max(x, 0),
  sqrt: Math.sqrt,
  tanh: Math.tanh,
  sin: Math.sin,
  erf,
  gelu: (x) => 0.5 * x * (1 + erf(x / Math.SQRT2)),
  exp: Math.exp,
  cos: Math.cos,
  sigmoid: (x) => 1 / (1 + Math.exp(-x)),
  log: Math.log,
  rsqrt: (x) => 1 / Math.sqrt(x),
};

const close = (got: ArrayLike<number>, want: ArrayLike<number>, what: string): void => {
  expect(got.length, what).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    const [g, w] = [got[i]!, want[i]!];
    if (Number.isNaN(w) ? !Number.isNaN(g) : !(g === w || Math.abs(g - w) <= 2e-6 * Math.abs(w) + 2e-6)) expect.fail(`${what}: element ${i}: got ${g}, want ${w} (seed ${testSeed})`);
  }
};

const formats: [string, Format][] = [
  ["csr", csr("i", "j")],
  ["csc", csc("i", "j")],
  ["dcsr", dcsr("i", "j")],
  ["coo", coo("i", "j")],
];

describe.each(deviceNames)("sparse unary functions on %s", (device) => {
  beforeAll(() => useDevice(device));
  const [n, m] = [7, 9];

  for (const [name, format] of formats)
    it(`every function in ${name}: the pattern kept where f(0) = 0, else the dense f over every element`, async () => {
      const a = randomSparseValues(n * m, 0.35, next);
      a.fill(0, 2 * m, 3 * m); // an empty row
      a[5] = 2.5; // a tie for round
      const A = await sparse(tensor(Float32Array.from(a), [["i", n], ["j", m]]), format);
      for (const fn of Object.keys(reference)) {
        const f = reference[fn]!;
        const result = (A[fn as "neg"] as () => SparseTensor | Tensor).call(A);
        if (keepsZero.includes(fn as never)) {
          const S = await (result as SparseTensor).materialize();
          expect(S.format, fn).toEqual(A.format);
          expect(S.nnz, fn).toBe(A.nnz);
          close(S.entries().values, Array.from(A.entries().values, f), `${name} ${fn}`);
          close(await S.toDense().data(), Array.from(a, (v) => (v === 0 ? 0 : f(v))), `${name} ${fn} as dense`);
        } else close(await (result as Tensor).data(), Array.from(a, f), `${name} ${fn}`);
      }
    });

  it("CSF, a size-1 dim and an all-zero tensor", async () => {
    const t = randomSparseValues(3 * 1 * 5, 0.5, next);
    const T = await sparse(tensor(Float32Array.from(t), [["i", 3], ["u", 1], ["k", 5]]), csf("i", "u", "k"));
    close(await (await T.abs().materialize()).toDense().data(), Array.from(t, Math.abs), "csf abs");
    close(await T.exp().data(), Array.from(t, Math.exp), "csf exp");
    const Z = await sparse(tensor(new Float32Array(12), [["i", 3], ["j", 4]]), csr("i", "j"));
    expect(Z.neg().nnz).toBe(0);
    close(await Z.cos().data(), new Array(12).fill(1), "cos of nothing stored");
  });

  it("chains stay sparse and feed the sparse ops: |A|·x, √(A⊙A) = |A|, mean by name", async () => {
    const a = randomSparseValues(n * m, 0.4, next);
    const A = await sparse(tensor(Float32Array.from(a), [["i", n], ["j", m]]), csr("i", "j"));
    const x = Float64Array.from({ length: m }, () => Math.fround(next() * 2 - 1));
    const want = Array.from({ length: n }, (_, i) => Array.from({ length: m }, (_, j) => Math.abs(a[i * m + j]!) * x[j]!).reduce((s, v) => s + v, 0));
    close(await A.abs().dot("j", tensor(Float32Array.from(x), [["j", m]])).data(), want, "|A|·x");
    // (a sparse op's result is awaited first: on WebGPU its pattern is read back asynchronously)
    close(await (await (await A.mul(A)).sqrt().materialize()).toDense().data(), Array.from(a, Math.abs), "√(A⊙A)");
    close(await A.mean("j").data(), Array.from({ length: n }, (_, i) => a.slice(i * m, (i + 1) * m).reduce((s, v) => s + v, 0) / m), "mean over j");
    close(await A.mean(["i", "j"]).data(), [a.reduce((s, v) => s + v, 0) / (n * m)], "mean over both");
    close(await A.neg().mean("i").data(), Array.from({ length: m }, (_, j) => -Array.from({ length: n }, (_, i) => a[i * m + j]!).reduce((s, v) => s + v, 0) / n), "mean of -A over i");
  });

  it("div and pow by a number keep the pattern where they keep zero, and refuse where they would not", async () => {
    const a = randomSparseValues(n * m, 0.4, next);
    const A = await sparse(tensor(Float32Array.from(a), [["i", n], ["j", m]]), dcsr("i", "j"));
    const stored = Array.from(A.entries().values);
    close((await A.div(3).materialize()).entries().values, stored.map((v) => Math.fround(v / 3)), "A / 3");
    close((await A.pow(2).materialize()).entries().values, stored.map((v) => v * v), "A ** 2");
    close((await A.abs().pow(0.5).materialize()).entries().values, stored.map((v) => Math.sqrt(Math.abs(v))), "|A| ** 0.5");
    expect(() => A.div(0)).toThrow(new ArgumentError("div(0) of a sparse tensor makes 0 / 0 of every element not stored (NaN), so the result is dense: use toDense().div(0)"));
    expect(() => A.pow(0)).toThrow(new ArgumentError("pow(0) of a sparse tensor does not keep zero (0 ** p is not 0 for p <= 0), so the result is dense: use toDense().pow(0)"));
    expect(() => A.pow(-1)).toThrow(ArgumentError);
    expect(() => A.div("2" as never)).toThrow(ArgumentError);
  });

  it("gradients reach a values tensor through a function that keeps zero and through toDense", async () => {
    const a = randomSparseValues(n * m, 0.4, next);
    const A = await sparse(tensor(Float32Array.from(a), [["i", n], ["j", m]]), csr("i", "j"));
    const x = Float64Array.from({ length: m }, () => Math.fround(next() * 2 - 1));
    const xt = tensor(Float32Array.from(x), [["j", m]]);
    const { coords } = A.entries();
    const v0 = A.values;
    const v = Float64Array.from(await v0.data());
    // L(v) = Σ_i Σ_j tanh(v)(i,j) x_j: dL/dv = (1 − tanh²(v)) x_j
    const [dv] = await grad((w: typeof v0) => A.withValues(w).tanh().dot("j", xt).sum("i"))(v0);
    close(await dv!.data(), Array.from(v, (w, p) => (1 - Math.tanh(w) ** 2) * x[coords.j![p]!]!), "d tanh");
    // L(v) = Σ exp(dense(v)) ⊙ X: the zeros add nothing to dL/dv = exp(v) X at the entries
    const X = Float64Array.from({ length: n * m }, () => Math.fround(next() * 2 - 1));
    const Xt = tensor(Float32Array.from(X), [["i", n], ["j", m]]);
    const [dv2] = await grad((w: typeof v0) => A.withValues(w).exp().mul(Xt).sum(["i", "j"]))(v0);
    close(await dv2!.data(), Array.from(v, (w, p) => Math.exp(w) * X[coords.i![p]! * m + coords.j![p]!]!), "d exp(dense)");
    // toDense of values held on the device
    close(await A.withValues(v0.mul(2)).toDense().data(), Array.from(a, (w) => 2 * w), "toDense of 2v");
  });

  it("COO values held as a tensor are never read back: toDense, SpMM and their gradients on every device", async () => {
    // (COO's singleton levels are iterated as CSF over the same order: the values keep their order and place)
    const a = randomSparseValues(n * m, 0.5, next);
    const A = await sparse(tensor(Float32Array.from(a), [["i", n], ["j", m]]), coo("i", "j"));
    const k = 3;
    const x = Float64Array.from({ length: m * k }, () => Math.fround(next() * 2 - 1));
    const w = Float64Array.from({ length: n * k }, () => Math.fround(next() * 2 - 1));
    const [X, W] = [tensor(Float32Array.from(x), [["j", m], ["k", k]]), tensor(Float32Array.from(w), [["i", n], ["k", k]])];
    const v0 = A.values;
    const { coords } = A.entries();
    // L(v) = Σ_i,k W(i,k) Σ_j A_v(i,j) X(j,k): dL/dv at entry (i, j) = Σ_k X(j,k) W(i,k)
    const [dv] = await grad((v: typeof v0) => A.withValues(v).dot("j", X).mul(W).sum(["i", "k"]))(v0);
    close(await dv!.data(), Array.from(coords.i!, (i, p) => Array.from({ length: k }, (_, q) => x[coords.j![p]! * k + q]! * w[i * k + q]!).reduce((s, t) => s + t, 0)), "d/dv of SpMM over COO");
    // L(v) = Σ dense(A_v)²: dL/dv = 2v
    const [dv2] = await grad((v: typeof v0) => A.withValues(v).toDense().mul(A.withValues(v).toDense()).sum(["i", "j"]))(v0);
    close(await dv2!.data(), Array.from(await v0.data(), (t) => 2 * t), "d/dv of Σ dense(A)²");
    expect(A.withValues(v0).format).toEqual([["i", "compressed"], ["j", "singleton"]]);
  });

  it("private dims stay private through toDense and the dense results", async () => {
    const A = await sparse(tensor(Float32Array.from(randomSparseValues(n * m, 0.4, next)), [["i", n], ["j", m]]), csr("i", "j"));
    const Am = A.mask("i");
    for (const D of [Am.toDense(), Am.exp(), Am.neg().toDense()]) {
      expect(D.shape).toEqual({ i: n, j: m });
      expect(() => (D as Tensor).sum("i" as never)).toThrow(ShapeError);
    }
    expect(() => (Am as SparseTensor).mean("i" as never)).toThrow(ShapeError);
  });

  it("a private dim may be named by the library's own conversions: COO iterated as CSF, CSC converted for a CSR", async () => {
    const [a, b] = [randomSparseValues(n * m, 0.5, next), randomSparseValues(n * m, 0.5, next)];
    const shape = [["i", n], ["j", m]] as [["i", number], ["j", number]];
    const C = await sparse(tensor(Float32Array.from(a), shape), coo("i", "j"));
    const rows = Array.from({ length: n }, (_, i) => a.slice(i * m, (i + 1) * m).reduce((s, v) => s + v, 0));
    close(await C.mask("i").sum("j").unmask().data(), rows, "Σ_j of a COO tensor with i private");
    const [R, K] = [await sparse(tensor(Float32Array.from(a), shape), csr("i", "j")), await sparse(tensor(Float32Array.from(b), shape), csc("i", "j"))];
    const sum = await R.mask("i").add(K.mask("i"));
    expect(sum.shape).toEqual({ i: n, j: m });
    expect(() => sum.sum("i" as never)).toThrow(ShapeError);
    close(await sum.unmask().toDense().data(), Array.from(a, (v, e) => v + b[e]!), "CSR + CSC with i private");
  });
});
