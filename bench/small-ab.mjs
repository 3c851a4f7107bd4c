// Small work, interleaved in ONE process so that a shared machine's load hits every column alike: matmul
// 16³–256³, x.mul(2).add(1) over 1e3–1e5 elements and the MLP / iris training steps of lib/small-models.mjs, for this build (dist/ or BENCH_DIST),
// optionally an older build (--base DIR, another `dist/`), and tfjs-wasm. Each round times every column back to
// back (the order rotating); the table shows each column's median over rounds and the median of the per-round
// ratios tfjs-wasm / ours (> 1: we are faster). The thread count is NAMED_TENSOR_THREADS, as for run.mjs.
//
//   node scripts/build.mjs && node bench/small-ab.mjs [--base /path/to/old/dist] [--rounds 11]
//
// The iris step uses the example's data (examples/iris-mlp.ts, bound to this build), so an older build runs
// only the matmuls and the MLP.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadDist, loadExample } from "./lib/example.mjs";
import { loadSince, markLoad } from "./lib/measure.mjs";
import { oursIris, oursMlp, tfjsIris, tfjsMlp } from "./lib/small-models.mjs";
import { option } from "./lib/options.mjs";

const ROUNDS = Number(option("rounds", 11));
const BASE = option("base", undefined);

const cur = await loadDist();
const base = BASE ? await import(pathToFileURL(path.join(path.resolve(BASE), "index.js")).href) : undefined;
const tf = await import("@tensorflow/tfjs");
await import("@tensorflow/tfjs-backend-wasm");
if (!(await tf.setBackend("wasm"))) throw new Error("tfjs-wasm did not start");
const iris = await loadExample("iris-mlp");

const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const rnd = (n, seed) => {
  let s = seed >>> 0;
  return Float32Array.from({ length: n }, () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1);
};

/** Times `calls` calls of each column's function per round; returns µs per call by column. */
function rounds(columns, calls) {
  const t = Object.fromEntries(Object.keys(columns).map((k) => [k, []]));
  const names = Object.keys(columns);
  // Warm-up: each column runs for 0.3 s first, so the JIT has compiled its path (the first thousands of eager
  // calls run unoptimised code, tens of µs each: the first workload's numbers would measure the compiler).
  for (const f of Object.values(columns)) for (const t = performance.now(); performance.now() - t < 300; ) f();
  for (let r = 0; r < ROUNDS; r++) {
    const order = names.map((_, i) => names[(i + r) % names.length]);
    for (const k of order) {
      const a = performance.now();
      for (let i = 0; i < calls; i++) columns[k]();
      t[k].push(((performance.now() - a) / calls) * 1e3);
    }
  }
  return t;
}

function row(label, t) {
  const ratio = (k) => (t[k] ? median(t.tfjs.map((v, i) => v / t[k][i])).toFixed(2) : "–");
  const cells = head.map((k) => (t[k] ? median(t[k]).toFixed(1) : "–"));
  console.log(`| ${label} | ${cells.join(" | ")} | ${Object.keys(libs).map(ratio).join(" | ")} |`);
}

const libs = { cur, ...(base ? { base } : {}) };
const head = [...Object.keys(libs), "tfjs"];
console.log(`threads: ${process.env.NAMED_TENSOR_THREADS ?? "all cores"}; ${ROUNDS} rounds; µs per call (median over rounds); ratio = tfjs-wasm / ours, median of per-round ratios`);
console.log(`\n| workload | ${head.map((k) => (k === "cur" ? "ours (this build)" : k === "base" ? "ours (--base)" : "tfjs-wasm")).join(" | ")} | ${Object.keys(libs).map((k) => `tfjs / ${k}`).join(" | ")} |`);
console.log(`|---|${head.map(() => "---:").join("|")}|${Object.keys(libs).map(() => "---:").join("|")}|`);
// JIT warm-up for the eager path of every column: the first ~10,000 eager calls of a fresh process run
// unoptimised code (100–200 µs each here under load, against 3–5 µs once compiled), which would otherwise land
// on the first row. 16³ products and x*2+1 for 2 s per column, untimed.
{
  const A = rnd(256, 1), X = rnd(1000, 2);
  const warm = {};
  for (const [k, nt] of Object.entries(libs)) {
    const a = nt.tensor(A, [["i", 16], ["k", 16]]), b = nt.tensor(A, [["k", 16], ["j", 16]]), x = nt.tensor(X, [["i", 1000]]);
    warm[k] = () => (a.dot("k", b).materialize().dispose(), x.mul(2).add(1).materialize().dispose());
  }
  const ta = tf.tensor2d(A, [16, 16]), tx = tf.tensor1d(X);
  warm.tfjs = () => (tf.matMul(ta, ta).dispose(), tf.add(tf.mul(tx, 2), 1).dispose());
  for (const f of Object.values(warm)) for (const t = performance.now(); performance.now() - t < 2000; ) f();
}
const mark = markLoad();
for (const n of [16, 32, 64, 128, 256]) {
  const A = rnd(n * n, n), B = rnd(n * n, n + 1);
  const columns = {};
  for (const [k, nt] of Object.entries(libs)) {
    const a = nt.tensor(A, [["i", n], ["k", n]]), b = nt.tensor(B, [["k", n], ["j", n]]);
    columns[k] = () => a.dot("k", b).materialize().dispose();
  }
  const ta = tf.tensor2d(A, [n, n]), tb = tf.tensor2d(B, [n, n]);
  columns.tfjs = () => tf.matMul(ta, tb).dispose();
  row(`matmul ${n}³`, rounds(columns, Math.max(10, Math.floor(4e6 / n ** 3))));
}
// Eager elementwise: x.mul(2).add(1) (one fused kernel for us, two ops for tfjs), the result computed and freed.
for (const n of [1e3, 1e4, 1e5]) {
  const X = rnd(n, n);
  const columns = {};
  for (const [k, nt] of Object.entries(libs)) {
    const x = nt.tensor(X, [["i", n]]);
    columns[k] = () => x.mul(2).add(1).materialize().dispose();
  }
  const tx = tf.tensor1d(X);
  columns.tfjs = () => tf.add(tf.mul(tx, 2), 1).dispose();
  row(`x.mul(2).add(1), ${n} elements`, rounds(columns, Math.max(10, Math.floor(2e6 / n))));
}
// Training steps: one call is one step with the loss read back.
async function steps(label, make) {
  const made = {};
  for (const [k, f] of Object.entries(make)) made[k] = await f();
  for (const s of Object.values(made)) for (let i = 0; i < 20; i++) await s.step();
  const t = Object.fromEntries(Object.keys(made).map((k) => [k, []]));
  const names = Object.keys(made);
  for (let r = 0; r < ROUNDS; r++) {
    for (const k of names.map((_, i) => names[(i + r) % names.length])) {
      const a = performance.now();
      for (let i = 0; i < 20; i++) await made[k].step();
      t[k].push(((performance.now() - a) / 20) * 1e3);
    }
  }
  row(label, t);
}
await steps("MLP 64→64→10 step (batch 32, Adam)", { ...Object.fromEntries(Object.entries(libs).map(([k, nt]) => [k, () => oursMlp(nt)])), tfjs: () => tfjsMlp(tf) });
const irisData = (await oursIris(cur, iris)).data;
await steps("iris 4→16→3 step (120 flowers, Adam)", { cur: () => oursIris(cur, iris), tfjs: () => tfjsIris(tf, irisData) });
const load = loadSince(mark);
console.log(`\nother processes kept ${load === null ? "?" : load.toFixed(2)} CPUs busy meanwhile (of ${(await import("node:os")).availableParallelism()})`);
