// The small app that scripts/check-package.mjs bundles (esbuild, Vite, webpack; tree-shaking on) and runs in Node,
// headless Chromium, Deno and Bun, from the packed package: a fused expression (contraction, bias, relu, softmax),
// a reduction, a short training loop and a sparse product, each checked against float64 JavaScript written here. Returns
// { ok, checks: [{ name, ok, worst }] }; `run()` takes the device name ("cpu" by default).
import { adam, crossEntropy, csr, getDefaultDevice, randn, setDevice, sparse, tensor, variable } from "named-tensor";

const data = (n, seed) => Float64Array.from({ length: n }, (_, i) => Math.sin(i * 12.9898 + seed * 78.233) * 0.75);

function check(checks, name, got, want, tol) {
  let worst = 0;
  let ok = got.length === want.length && want.length > 0;
  for (let i = 0; i < want.length; i++) {
    const err = Math.abs(got[i] - want[i]);
    if (!(err <= tol * (1 + Math.abs(want[i])))) ok = false;
    worst = Math.max(worst, Number.isNaN(err) ? Infinity : err);
  }
  checks.push({ name, ok, n: want.length, worst });
}

export async function run(device = "cpu") {
  if (device !== "cpu") await setDevice(device);
  const checks = [];
  const [I, K, J] = [7, 13, 11];
  const a = data(I * K, 1), w = data(K * J, 2), b = data(J, 3);
  // softmax_j(relu(Σ_k a[i,k] w[k,j] + b[j])), and its sum over i.
  const x = tensor(Float32Array.from(a), [["i", I], ["k", K]]);
  const W = tensor(Float32Array.from(w), [["k", K], ["j", J]]);
  const bias = tensor(Float32Array.from(b), [["j", J]]);
  const y = x.dot("k", W).add(bias).relu().softmax("j");
  const want = [];
  for (let i = 0; i < I; i++) {
    const row = [];
    for (let j = 0; j < J; j++) {
      let s = b[j];
      for (let k = 0; k < K; k++) s += Math.fround(a[i * K + k]) * Math.fround(w[k * J + j]);
      row.push(Math.max(s, 0));
    }
    const m = Math.max(...row);
    const e = row.map((v) => Math.exp(v - m));
    const z = e.reduce((p, q) => p + q, 0);
    want.push(...e.map((v) => v / z));
  }
  check(checks, "softmax(relu(x·W + b))", await y.data(), want, 1e-5);
  const colSums = Array.from({ length: J }, (_, j) => want.reduce((s, v, n) => (n % J === j ? s + v : s), 0));
  check(checks, "Σ over i", await y.sum("i").data(), colSums, 1e-5);

  // A short training loop: a linear classifier on 3 separable clusters; the loss must fall below a third.
  const N = 24;
  const labels = Int32Array.from({ length: N }, (_, n) => n % 3);
  const points = Float32Array.from({ length: N * 2 }, (_, q) => {
    const n = q >> 1, c = labels[n];
    return (q & 1 ? Math.sin(c * 2.1) : Math.cos(c * 2.1)) * 2 + data(1, q)[0] * 0.3;
  });
  const px = tensor(points, [["n", N], ["xy", 2]]);
  const py = tensor(labels, [["n", N]], { dtype: "int32" });
  const Wc = variable(randn([["xy", 2], ["class", 3]], { seed: 1 }).mul(0.1));
  const opt = adam({ lr: 0.1 });
  const loss = () => crossEntropy(px.dot("xy", Wc), py, "class");
  const first = await opt.step(loss);
  let last = first;
  for (let s = 0; s < 40; s++) last = await opt.step(loss);
  checks.push({ name: `training loop: loss ${first.toFixed(3)} -> ${last.toFixed(3)}`, ok: last < first / 3, n: 41, worst: last });

  // A sparse matrix–vector product (CSR): the sparse ops are methods a bundler must keep (installed by the module
  // that defines SparseTensor, not by a bare side-effect import it could drop), with their code generators.
  const R = 9, C = 6;
  const dense = data(R * C, 4).map((v, n) => (n % 4 === 1 ? v : 0));
  const vec = data(C, 5);
  const A = await sparse(tensor(Float32Array.from(dense), [["row", R], ["col", C]]), csr("row", "col"));
  const spmv = [];
  for (let r = 0; r < R; r++) {
    let s = 0;
    for (let c = 0; c < C; c++) s += Math.fround(dense[r * C + c]) * Math.fround(vec[c]);
    spmv.push(s);
  }
  check(checks, "sparse A·v (CSR)", await A.dot("col", tensor(Float32Array.from(vec), [["col", C]])).data(), spmv, 1e-5);
  return { ok: checks.every((c) => c.ok), device: getDefaultDevice().name, checks };
}
