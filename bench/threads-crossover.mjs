// Where splitting a kernel across the CPU device's threads starts to pay on this machine: the measurement
// behind the split thresholds in src/backend/cpu/executor.ts (PARALLEL_WORK, PARALLEL_GEMM).
//
//   node scripts/build.mjs && node bench/threads-crossover.mjs [--rounds 9] [--only affine|matmul]
//
// For each workload and size it times the same call with the split forced on (every kernel split across all
// threads) and forced off (one thread), in ONE process, alternating the two settings round by round, and
// prints the median over rounds of (time on one thread) / (time split): above 1 the split pays. The two
// settings keep their own compiled kernels (a contraction's work units are made for its thread count; the
// executor keeps both), so no timed call compiles. The machine is shared: each size also records the other
// processes' load over its rounds (CPUs busy with work not this process's); a busy second core makes the
// split look worse, so measure when that load is low.
// Workloads: x*2+1 over n elements (8 B/elem, the elementwise case) and an n³ matmul (the contraction case).
import { loadSince, markLoad } from "./lib/measure.mjs";
import { loadDist, loadDistModule } from "./lib/example.mjs";
import { option } from "./lib/options.mjs";

const ROUNDS = Number(option("rounds", 9));
const ONLY = option("only", "affine,matmul").split(",");

const nt = await loadDist();
const { CpuDevice } = await loadDistModule("backend/cpu/device.js");
const device = nt.getDefaultDevice();
if (!(device instanceof CpuDevice)) throw new Error("the default device is not the CPU");
const ex = device.executor;
if (!ex.pool) throw new Error("one thread only (NAMED_TENSOR_THREADS=1 or one core): nothing to compare");

// The executor compiles a kernel again for the other thread count the first time a setting needs it.
const settings = { split: 0, single: Infinity };
function use(name) {
  ex.split.map = ex.split.contraction = settings[name];
}

const rnd = (n, seed) => {
  let s = seed >>> 0;
  return Float32Array.from({ length: n }, () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1);
};

function timeCall(fn, budgetMs) {
  fn();
  const ts = [];
  const t0 = performance.now();
  while (ts.length < 5 || (performance.now() - t0 < budgetMs && ts.length < 2000)) {
    const a = performance.now();
    fn();
    ts.push(performance.now() - a);
  }
  ts.sort((a, b) => a - b);
  return ts[ts.length >> 1];
}

const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

function measure(label, work, fn) {
  const ratios = [];
  const times = { single: [], split: [] };
  const mark = markLoad();
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? ["split", "single"] : ["single", "split"];
    for (const s of order) {
      use(s);
      times[s].push(timeCall(fn, 60));
    }
    ratios.push(times.single[r] / times.split[r]);
  }
  const load = loadSince(mark);
  const row = { label, work, single_us: median(times.single) * 1e3, split_us: median(times.split) * 1e3, ratio: median(ratios), otherLoad: load };
  console.log(`| ${label} | ${work.toExponential(1)} | ${row.single_us.toFixed(1)} | ${row.split_us.toFixed(1)} | ${row.ratio.toFixed(2)} | ${load === null ? "?" : load.toFixed(2)} |`);
  return row;
}

console.log(`threads: ${ex.pool.size}; ${ROUNDS} rounds a size, the settings alternating; ratio = one thread / split (> 1: splitting pays)\n`);
console.log("| workload | work | one thread µs | split µs | ratio | other processes' load, CPUs |");
console.log("|---|---:|---:|---:|---:|---:|");
const rows = [];
if (ONLY.includes("affine")) {
  for (const n of [1e3, 1e4, 3e4, 1e5, 3e5, 1e6, 2e6, 4e6, 1e7]) {
    const x = nt.tensor(rnd(n, n), [["i", n]]);
    rows.push(measure(`x*2+1, ${n.toExponential(0)}`, n, () => x.mul(2).add(1).materialize().dispose()));
    x.dispose();
  }
}
if (ONLY.includes("matmul")) {
  for (const n of [16, 32, 48, 64, 96, 128, 192, 256]) {
    const a = nt.tensor(rnd(n * n, n), [["i", n], ["k", n]]);
    const b = nt.tensor(rnd(n * n, n + 1), [["k", n], ["j", n]]);
    rows.push(measure(`matmul ${n}³`, n ** 3, () => a.dot("k", b).materialize().dispose()));
    a.dispose();
    b.dispose();
  }
}
