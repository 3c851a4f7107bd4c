// Sparse benchmark against a JavaScript peer: named-tensor's generated sparse kernels (../dist: build first with
// node scripts/build.mjs) beside math.js's SparseMatrix (mathjs, the JS library users reach for when they need
// sparse matrices; CSC storage, plain JS loops), in ONE run, on the same generated matrices (a 2-D Poisson stencil
// and a uniform random matrix). Workloads: SpMV, SpMM (K = 32), sparse add and SpGEMM (sparse results on both
// sides). Every result is checked against the other side's before it is timed. Prints median times and the ratio
// (math.js ÷ named-tensor: > 1 means we are faster). bench/sparse.mjs has scipy.sparse on the larger matrices.
//   node bench/sparse-js.mjs [--scale 1] [--reps 5]
import { create, all } from "mathjs";
import { csr, fromCoo, tensor } from "../dist/index.js";
import { option } from "./lib/options.mjs";

const math = create(all);
const scale = Number(option("scale", 1));
const reps = Number(option("reps", 5));
let seed = 4242;
const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;

/** Sorted, deduplicated COO entries per row from a generator of column lists. */
function build(n, m, rowEntries) {
  const [rows, cols, vals] = [[], [], []];
  for (let i = 0; i < n; i++)
    for (const j of [...new Set(rowEntries(i))].filter((j) => j >= 0 && j < m).sort((a, b) => a - b)) {
      rows.push(i);
      cols.push(j);
      vals.push(Math.fround(rand() * 2 - 1));
    }
  return { n, m, rows: Int32Array.from(rows), cols: Int32Array.from(cols), vals: Float32Array.from(vals) };
}
const poisson = (g) => build(g * g, g * g, (p) => [p - g, p - 1, p, p + 1, p + g].filter((q) => q >= 0 && q < g * g && Math.abs((q % g) - (p % g)) <= 1));
const uniform = (n, perRow) => build(n, n, () => Array.from({ length: perRow }, () => Math.floor(rand() * n)));

const ours = (M, [r, c]) => fromCoo([[r, M.n], [c, M.m]], { coords: { [r]: M.rows, [c]: M.cols }, values: M.vals }, csr(r, c));
/** math.js's SparseMatrix (CSC: values, row index, column pointers). */
function theirs(M) {
  const count = new Int32Array(M.m + 1);
  for (const j of M.cols) count[j + 1]++;
  for (let j = 0; j < M.m; j++) count[j + 1] += count[j];
  const ptr = Array.from(count);
  const [values, index] = [new Array(M.vals.length), new Array(M.vals.length)];
  const next = count.slice(0, M.m);
  for (let e = 0; e < M.vals.length; e++) {
    const at = next[M.cols[e]]++;
    [values[at], index[at]] = [M.vals[e], M.rows[e]];
  }
  return math.SparseMatrix.fromJSON({ mathjs: "SparseMatrix", values, index, ptr, size: [M.n, M.m], datatype: "number" });
}
/** A math.js dense result as row-major numbers. */
const flat = (x) => new Float64Array((x.toArray ? x.toArray() : x).flat(Infinity));
/** The entries of a sparse result, by row · cols + col: ours (CSR over r, c), math.js's (CSC). */
function ourEntries(S, [r, c], cols) {
  const { coords, values } = S.entries();
  const map = new Map();
  for (let e = 0; e < values.length; e++) map.set(coords[r][e] * cols + coords[c][e], values[e]);
  return map;
}
function theirEntries(S, cols) {
  const { values, index, ptr } = S.toJSON();
  const map = new Map();
  for (let j = 0; j + 1 < ptr.length; j++) for (let e = ptr[j]; e < ptr[j + 1]; e++) map.set(index[e] * cols + j, values[e]);
  return map;
}
function expectSameEntries(what, got, want) {
  let worst = 0;
  for (const [at, v] of want) worst = Math.max(worst, Math.abs((got.get(at) ?? 0) - v) / (1 + Math.abs(v)));
  for (const [at, v] of got) if (!want.has(at)) worst = Math.max(worst, Math.abs(v));
  if (!(worst < 1e-4)) throw new Error(`${what}: the two sides differ (worst relative ${worst})`);
}

async function time(fn) {
  await fn();
  const t = [];
  for (let r = 0; r < reps; r++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[Math.floor(t.length / 2)] / 1000;
}
function expectNear(what, got, want) {
  let worst = 0;
  for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i] - want[i]) / (1 + Math.abs(want[i])));
  if (!(got.length === want.length && worst < 1e-4)) throw new Error(`${what}: the two sides differ (worst relative ${worst})`);
}

const rows = [];
const record = (workload, matrix, a, b) => {
  rows.push(`| ${workload} | ${matrix} | ${a.toFixed(5)} | ${b.toFixed(5)} | ${(b / a).toFixed(1)} |`);
  console.log(rows.at(-1));
};
console.log(`named-tensor vs math.js ${math.version} (scale ${scale}, median of ${reps})`);
console.log("| workload | matrix | named-tensor (s) | math.js (s) | math.js ÷ named-tensor |\n|---|---|---:|---:|---:|");
const matrices = [
  [`poisson2d`, poisson(Math.round(300 * Math.sqrt(scale)))],
  [`uniform`, uniform(Math.round(30000 * scale), 10)],
];
for (const [name, M] of matrices) {
  const label = `${name} ${M.n}×${M.m}, nnz ${M.vals.length}`;
  const [A, T] = [ours(M, ["row", "col"]), theirs(M)];
  const x = Float32Array.from({ length: M.m }, () => rand() * 2 - 1);
  const [xt, xm] = [tensor(x, [["col", M.m]]), math.matrix(Array.from(x))];
  expectNear(`SpMV ${name}`, await A.dot("col", xt).data(), flat(math.multiply(T, xm)));
  record("SpMV", label, await time(() => A.dot("col", xt).dispose()), await time(() => math.multiply(T, xm)));
  const K = 32;
  const X = Float32Array.from({ length: M.m * K }, () => rand() * 2 - 1);
  const Xm = math.matrix(Array.from({ length: M.m }, (_, i) => Array.from(X.subarray(i * K, (i + 1) * K))));
  const Xt = tensor(X, [["col", M.m], ["k", K]]);
  expectNear(`SpMM ${name}`, await A.dot("col", Xt).data(), flat(math.multiply(T, Xm)));
  record(`SpMM K=${K}`, label, await time(() => A.dot("col", Xt).dispose()), await time(() => math.multiply(T, Xm)));
  const N = build(M.n, M.m, (i) => [i, (i * 7 + 3) % M.m, Math.floor(rand() * M.m)]);
  const [B, U] = [ours(N, ["row", "col"]), theirs(N)];
  expectSameEntries(`add ${name}`, ourEntries(await A.add(B), ["row", "col"], M.m), theirEntries(math.add(T, U), M.m));
  record("sparse add", `${label} + 3/row`, await time(() => A.add(B).materialize()), await time(() => math.add(T, U)));
  const [L, R] = [ours(M, ["i", "k"]), ours(M, ["k", "j"])];
  expectSameEntries(`SpGEMM ${name}`, ourEntries(await L.dot("k", R), ["i", "j"], M.m), theirEntries(math.multiply(T, T), M.m));
  record("SpGEMM A·A", label, await time(() => L.dot("k", R).materialize()), await time(() => math.multiply(T, T)));
}
