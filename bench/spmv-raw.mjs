// SpMV through the library vs the same generated Wasm kernel run raw on a plain WebAssembly.Memory (the arrays
// laid out by hand, one call of run over all rows, one thread), alternating rounds in one process; prints min and
// median per side, the process CPU time per call of each, and checks the two results agree. Matrices (generated,
// as in bench/sparse.mjs): poisson2d (10^6 rows, 5 a row; the default), banded (10^6 rows, 11 a row), uniform
// (2·10^5 rows, 10 random a row), uniform-large (10^6 rows, 10 random a row). Needs ../dist (node scripts/build.mjs). NAMED_TENSOR_THREADS=1 for the
// one-thread comparison.
//   NAMED_TENSOR_THREADS=1 node bench/spmv-raw.mjs [--matrix poisson2d|banded|uniform|uniform-large]
import { option } from "./lib/options.mjs";
const D = process.env.DIST ?? new URL("../dist", import.meta.url).pathname;
const { csr, fromCoo, tensor, getDevice } = await import(`${D}/index.js`);
const { generateSparseWasm } = await import(`${D}/backend/cpu/wasm/sparse.js`);
let seed = 12345;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const matrix = option("matrix", "poisson2d");
const g = 1000, n = matrix === "uniform" ? 200000 : g * g; // uniform-large: 10^6 rows
const cols = {
  poisson2d: (p) => [p - g, p - 1, p, p + 1, p + g].filter((q) => q >= 0 && q < n && Math.abs((q % g) - (p % g)) <= 1),
  banded: (p) => Array.from({ length: 11 }, (_, k) => p - 5 + k).filter((q) => q >= 0 && q < n),
  uniform: () => [...new Set(Array.from({ length: 10 }, () => Math.floor(rand() * n)))].sort((a, b) => a - b),
  "uniform-large": () => [...new Set(Array.from({ length: 10 }, () => Math.floor(rand() * n)))].sort((a, b) => a - b),
}[matrix];
if (!cols) throw new Error(`--matrix ${matrix}: poisson2d, banded, uniform or uniform-large`);
const pos = new Int32Array(n + 1); const idx = [];
for (let p = 0; p < n; p++) { for (const q of cols(p)) idx.push(q); pos[p + 1] = idx.length; }
const I = Int32Array.from(idx), V = Float32Array.from(idx, () => rand() * 2 - 1), x = Float32Array.from({ length: n }, () => rand() * 2 - 1);
const rows = new Int32Array(I.length); for (let i = 0; i < n; i++) rows.fill(i, pos[i], pos[i + 1]);
const A = fromCoo([["row", n], ["col", n]], { coords: { row: rows, col: I }, values: V }, csr("row", "col"));
const xt = tensor(x, [["col", n]]);
const dev = await getDevice("cpu");
let kernel; const origPrep = dev.sparse.prepare;
dev.sparse.prepare = (k, h) => { kernel ??= k; return origPrep(k, h); };
A.dot("col", xt).dispose();
const w = generateSparseWasm(kernel, { shared: false, maxPages: 65536 });
const mem = new WebAssembly.Memory({ initial: Math.ceil((2 * 4 * I.length + 16 * (n + 1) + 2 ** 20) / 65536), maximum: 65536 });
const run = new WebAssembly.Instance(new WebAssembly.Module(w.bytes), { env: { memory: mem } }).exports.run;
let top = 65536;
const put = (arr) => { top = Math.ceil(top / 64) * 64; const a = top; new arr.constructor(mem.buffer, a, arr.length).set(arr); top += arr.byteLength; return a; };
const addrs = [put(pos), put(I), put(V), put(x), put(new Float32Array(n))];
const raw = () => run(...addrs, 0, n);
const lib = () => A.dot("col", xt).dispose();
const t = { raw: [], lib: [] };
const cpu = { raw: 0, lib: 0 };
for (let r = 0; r < 12; r++) for (const [name, f] of [["raw", raw], ["lib", lib]]) { f(); const c = process.cpuUsage(); for (let k = 0; k < 5; k++) { const s = performance.now(); f(); t[name].push(performance.now() - s); } const u = process.cpuUsage(c); cpu[name] += (u.user + u.system) / 1000; }
for (const [name, v] of Object.entries(t)) { v.sort((a, b) => a - b); console.log(`${matrix} (nnz ${I.length}) ${name} min ${v[0].toFixed(2)} ms, median ${v[v.length >> 1].toFixed(2)} ms, process CPU ${(cpu[name] / v.length).toFixed(2)} ms a call`); }
// check the library's result against the raw one
const y = A.dot("col", xt).dataSync(); raw(); const yr = new Float32Array(mem.buffer, addrs[4], n);
let err = 0; for (let i = 0; i < n; i++) err = Math.max(err, Math.abs(y[i] - yr[i])); console.log("max |lib - raw|", err, "threads", dev.threads);
