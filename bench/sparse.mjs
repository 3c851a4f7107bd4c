// Sparse benchmark: named-tensor's generated sparse kernels (from ../dist: build first with node scripts/build.mjs)
// beside scipy.sparse (python3 with numpy and scipy, single-threaded), in ONE run of this command, on the same
// generated matrices (none read from a file): 2-D and 3-D Poisson stencils, banded, uniform random and R-MAT, the
// last two also at the large end of the range (10^6 rows, about 10^7 entries) for SpMV. Workloads: SpMV, SpMM (K = 32, 128), SDDMM
// at 1% density (also against named-tensor's own dense product + mask), sparse add, SpGEMM (both into
// a sparse CSR result, also A·A on the generated matrices), MTTKRP over a CSF tensor (scipy: the mode-1 unfolding times the
// Khatri-Rao product). Prints a table of median times and ratios (scipy ÷ named-tensor: > 1 means faster).
// SpMV also prints the fraction of the machine's memory bandwidth it reaches: bytes moved per SpMV (nnz · (4 + 4)
// for idx and values, (rows + 1) · 4 of pos, rows · 4 written, cols · 4 of x read at least once) ÷ time, against
// the STREAM triad measured in the same run (bench/lib/machine.mjs; the better of 1 and 2 threads).
//   node bench/sparse.mjs [--quick] [--only spmv,spmm]
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { csf, csr, fromCoo, getDevice, tensor } from "../dist/index.js";
import { measureMachine, printMachine } from "./lib/machine.mjs";

const quick = process.argv.includes("--quick");
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt > 0 ? new Set(process.argv[onlyAt + 1].split(",")) : undefined;
const wanted = (what) => !only || only.has(what);
// The machine's limits first (STREAM triad for the SpMV bandwidth fraction), in this same run.
const machine = measureMachine({ threads: [1, 2] });
const triads = machine.rows.filter((r) => /triad/.test(r.what));
const triad = triads.length ? Math.max(...triads.map((r) => r.value)) : undefined;
const scale = quick ? 0.1 : 1;
let seed = 12345;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);

/** CSR arrays from a generator of (row, col, value) per row. */
function build(n, m, rowEntries) {
  const pos = new Int32Array(n + 1);
  const idx = [];
  const vals = [];
  for (let i = 0; i < n; i++) {
    const cols = [...new Set(rowEntries(i))].filter((j) => j >= 0 && j < m).sort((a, b) => a - b);
    for (const j of cols) {
      idx.push(j);
      vals.push(rand() * 2 - 1);
    }
    pos[i + 1] = idx.length;
  }
  return { n, m, pos, idx: Int32Array.from(idx), vals: Float32Array.from(vals) };
}
const poisson = (g) => build(g * g, g * g, (p) => [p - g, p - 1, p, p + 1, p + g].filter((q) => q >= 0 && q < g * g && (Math.abs((q % g) - (p % g)) <= 1)));
/** The 7-point stencil of the 3-D Laplacian on a g × g × g grid (g³ rows). */
const poisson3d = (g) =>
  build(g * g * g, g * g * g, (p) => {
    const [x, y, z] = [p % g, Math.floor(p / g) % g, Math.floor(p / (g * g))];
    return [
      [x, y, z - 1], [x, y - 1, z], [x - 1, y, z], [x, y, z], [x + 1, y, z], [x, y + 1, z], [x, y, z + 1],
    ].filter(([a, b, c]) => a >= 0 && a < g && b >= 0 && b < g && c >= 0 && c < g).map(([a, b, c]) => (c * g + b) * g + a);
  });
const banded = (n, w) => build(n, n, (i) => Array.from({ length: 2 * w + 1 }, (_, k) => i - w + k));
const uniform = (n, m, perRow) => build(n, m, () => Array.from({ length: perRow }, () => Math.floor(rand() * m)));
function rmat(scaleLog, perRow) {
  const n = 2 ** scaleLog;
  const rows = Array.from({ length: n }, () => []);
  for (let e = 0; e < n * perRow; e++) {
    let [r, c] = [0, 0];
    for (let b = 0; b < scaleLog; b++) {
      const x = rand();
      const [dr, dc] = x < 0.57 ? [0, 0] : x < 0.76 ? [0, 1] : x < 0.95 ? [1, 0] : [1, 1];
      r = 2 * r + dr;
      c = 2 * c + dc;
    }
    rows[r].push(c);
  }
  return build(n, n, (i) => rows[i]);
}

/** A named-tensor CSR matrix over (row, col) from CSR arrays. */
function ours(M, [rn, cn] = ["row", "col"]) {
  const rows = new Int32Array(M.idx.length);
  for (let i = 0; i < M.n; i++) rows.fill(i, M.pos[i], M.pos[i + 1]);
  return fromCoo([[rn, M.n], [cn, M.m]], { coords: { [rn]: rows, [cn]: M.idx }, values: M.vals }, csr(rn, cn));
}

/** Median seconds of fn over reps (after one warm-up call). */
async function time(fn, reps = quick ? 3 : 7) {
  await fn();
  const t = [];
  for (let r = 0; r < reps; r++) {
    const s = performance.now();
    await fn();
    t.push((performance.now() - s) / 1000);
  }
  return t.sort((a, b) => a - b)[Math.floor(t.length / 2)];
}

const dir = mkdtempSync(join(tmpdir(), "nt-sparse-bench-"));
const save = (name, arr) => writeFileSync(join(dir, name), Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength));
const saveCsr = (name, M) => {
  save(`${name}.pos`, M.pos);
  save(`${name}.idx`, M.idx);
  save(`${name}.vals`, M.vals);
  return { name, n: M.n, m: M.m };
};
const denseRand = (n) => Float32Array.from({ length: n }, () => rand() * 2 - 1);

const jobs = []; // what python times: { kind, ...files }
const scipyTimes = {}; // key → seconds (and key-min, key-cpu for SpMV)
const pythonEnv = { ...process.env, OMP_NUM_THREADS: "1", OPENBLAS_NUM_THREADS: "1", MKL_NUM_THREADS: "1" };

/**
 * scipy's SpMV in a python process kept open: ask({ load, n, m }) loads the CSR matrix and x saved under that
 * name ("ok", or undefined when python or scipy is missing); ask({ reps }) times that many products,
 * { t: seconds each, cpu: process CPU seconds in all }.
 */
function scipyServer() {
  const code = String.raw`
import json, sys, time, os
import numpy as np, scipy.sparse as sp
d = sys.argv[1]
def load(name, dtype): return np.fromfile(os.path.join(d, name), dtype=dtype)
A = x = None
for line in sys.stdin:
  q = json.loads(line)
  if "load" in q:
    nm = q["load"]
    A = sp.csr_matrix((load(nm + ".vals", np.float32), load(nm + ".idx", np.int32), load(nm + ".pos", np.int32)), shape=(q["n"], q["m"]))
    x = load(nm + ".x", np.float32)
    A @ x
    print(json.dumps("ok"), flush=True)
  else:
    t = []
    c = time.process_time()
    for _ in range(q["reps"]):
      s = time.perf_counter(); A @ x; t.append(time.perf_counter() - s)
    print(json.dumps({"t": t, "cpu": time.process_time() - c}), flush=True)
`;
  const child = spawn("python3", ["-c", code, dir], { stdio: ["pipe", "pipe", "inherit"], env: pythonEnv });
  let failed = false;
  child.on("error", () => (failed = true));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async ask(q) {
      if (failed || child.exitCode !== null) return undefined;
      child.stdin.write(`${JSON.stringify(q)}\n`);
      const { value, done } = await lines.next();
      return done ? undefined : JSON.parse(value);
    },
    close: () => child.stdin.end(),
  };
}
const results = []; // { workload, matrix, ours, scipy, note }

const matrices = [
  ["poisson2d", poisson(Math.round(1000 * Math.sqrt(scale)))],
  ["poisson3d", poisson3d(Math.round(100 * Math.cbrt(scale)))],
  ["banded", banded(Math.round(1e6 * scale), 5)],
  ["uniform", uniform(Math.round(2e5 * scale), Math.round(2e5 * scale), 10)],
  ["rmat", rmat(quick ? 14 : 17, 16)],
  // The large end of the range (10^6 rows, about 10^7 entries: far past the L3, DRAM-bound), SpMV only.
  ...(wanted("spmv") ? [["uniform-large", uniform(Math.round(1e6 * scale), Math.round(1e6 * scale), 10)], ["rmat-large", rmat(quick ? 17 : 20, 10)]] : []),
];
// SpMV: scipy runs in a python process kept open beside this one, and the two sides are timed in alternating
// rounds (5 rounds of 5 calls each), so that a shared machine's changing load falls on both alike; medians and
// fastest calls over all rounds, CPU time per call from the process's own clock on each side.
const scipySpmv = wanted("spmv") ? scipyServer() : undefined;
const spmvRounds = []; // lines: the first call of each round apart from the others
for (const [name, M] of wanted("spmv") ? matrices : []) {
  const A = ours(M);
  const file = saveCsr(name, M);
  const x = denseRand(M.m);
  save(`${name}.x`, x);
  const xt = tensor(x, [["col", M.m]]);
  const key = `spmv-${name}`;
  // Each result is disposed, as scipy's is freed when its last reference goes: the next product then writes the
  // same heap block (already paged in). Left to the garbage collector, every call would write fresh pages.
  const call = () => A.dot("col", xt).dispose();
  for (let w = 0; w < 5; w++) call(); // past the engine's tier-up to its optimizing compiler
  const loaded = await scipySpmv?.ask({ load: file.name, n: M.n, m: M.m });
  const [mine, theirs] = [[], []];
  let [cpu, theirCpu] = [0, 0];
  for (let round = 0; round < (quick ? 1 : 5); round++) {
    const reps = quick ? 3 : 5;
    const c = process.cpuUsage();
    for (let r = 0; r < reps; r++) {
      const t0 = performance.now();
      call();
      mine.push((performance.now() - t0) / 1000);
    }
    const used = process.cpuUsage(c);
    cpu += (used.user + used.system) / 1e6;
    const got = loaded === "ok" ? await scipySpmv.ask({ reps }) : undefined;
    if (got) [theirs.push(...got.t), (theirCpu += got.cpu)];
  }
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const t = median(mine);
  if (theirs.length) Object.assign(scipyTimes, { [key]: median(theirs), [`${key}-min`]: Math.min(...theirs), [`${key}-cpu`]: theirCpu / theirs.length });
  const bytes = M.idx.length * 8 + (M.n + 1) * 4 + M.n * 4 + M.m * 4;
  const gbs = bytes / t / 1e9;
  // The first call of each round follows the other side's calls, which evicted this side's arrays from the
  // shared L3 (a 2·10^5-row matrix's 18 MB fits in the 32 MiB L3, both sides' copies do not): medians of the first
  // calls and of the others apart.
  const perRound = quick ? 3 : 5;
  const [firsts, rest] = [(v) => v.filter((_, i) => i % perRound === 0), (v) => v.filter((_, i) => i % perRound !== 0)];
  if (theirs.length) spmvRounds.push(`- SpMV ${name}: first call of a round named-tensor ${(median(firsts(mine)) * 1e3).toFixed(3)} ms, scipy ${(median(firsts(theirs)) * 1e3).toFixed(3)} ms (ratio ${(median(firsts(theirs)) / median(firsts(mine))).toFixed(2)}); calls 2-${perRound} named-tensor ${(median(rest(mine)) * 1e3).toFixed(3)} ms, scipy ${(median(rest(theirs)) * 1e3).toFixed(3)} ms (ratio ${(median(rest(theirs)) / median(rest(mine))).toFixed(2)})`);
  results.push({ workload: "SpMV", matrix: `${name} ${M.n}×${M.m}, nnz ${M.idx.length}`, ours: t, cpu: cpu / mine.length, min: Math.min(...mine), key, note: `${(bytes / 1e6).toFixed(1)} MB moved: ${gbs.toFixed(2)} GB/s${triad ? ` = ${((100 * gbs) / triad).toFixed(0)}% of the STREAM triad (${triad} GB/s)` : ""}` });
}
scipySpmv?.close();
// SpMM on the smaller matrices (the dense operand and result are rows × K)
for (const [name, M] of wanted("spmm") ? matrices.filter(([n]) => n === "uniform" || n === "rmat") : []) {
  const A = ours(M);
  for (const K of [32, 128]) {
    const X = denseRand(M.m * K);
    save(`${name}.X${K}`, X);
    const Xt = tensor(X, [["col", M.m], ["k", K]]);
    const t = await time(() => A.dot("col", Xt).dispose());
    results.push({ workload: `SpMM K=${K}`, matrix: `${name} ${M.n}×${M.m}`, ours: t, key: `spmm${K}-${name}` });
    jobs.push({ kind: "spmm", K, key: `spmm${K}-${name}`, name, n: M.n, m: M.m });
  }
}
// SDDMM at 1% density: S ⊙ (A·B), K = 64
if (wanted("sddmm")) {
  const n = quick ? 1024 : 4096;
  const K = 64;
  const S = uniform(n, n, Math.round(n * 0.01));
  const file = saveCsr("sddmm", S);
  const [a, b] = [denseRand(n * K), denseRand(K * n)];
  save("sddmm.a", a);
  save("sddmm.b", b);
  const St = ours(S, ["i", "j"]);
  const [at, bt] = [tensor(a, [["i", n], ["k", K]]), tensor(b, [["k", K], ["j", n]])];
  const t = await time(() => St.mul(at.dot("k", bt)));
  const Sd = St.toDense();
  const tDense = await time(() => at.dot("k", bt).mul(Sd).data());
  results.push({ workload: "SDDMM K=64, 1%", matrix: `uniform ${n}×${n}, nnz ${S.idx.length}`, ours: t, key: "sddmm", note: `named-tensor dense product + mask: ${tDense.toFixed(4)} s (${(tDense / t).toFixed(1)}× slower than the SDDMM kernel)` });
  jobs.push({ kind: "sddmm", key: "sddmm", K, ...file });
}
// Sparse add and SpGEMM
if (wanted("add")) {
  const n = Math.round(2e5 * scale);
  const [P, Q] = [uniform(n, n, 8), uniform(n, n, 8)];
  saveCsr("addA", P);
  saveCsr("addB", Q);
  const [Pt, Qt] = [ours(P), ours(Q)];
  const t = await time(() => Pt.add(Qt));
  results.push({ workload: "sparse add (CSR + CSR)", matrix: `uniform ${n}×${n}, 8/row each`, ours: t, key: "add" });
  jobs.push({ kind: "add", key: "add", n });
  const g = quick ? 500 : 2000;
  const [G, H] = [uniform(g, g, Math.round(g * 0.01)), uniform(g, g, Math.round(g * 0.01))];
  saveCsr("gemmA", G);
  saveCsr("gemmB", H);
  const [Gt, Ht] = [ours(G, ["i", "k"]), ours(H, ["k", "j"])];
  const tg = await time(() => Gt.dot("k", Ht).materialize());
  results.push({ workload: "SpGEMM A·B → CSR", matrix: `uniform ${g}×${g}, 1%`, ours: tg, key: "spgemm" });
  jobs.push({ kind: "spgemm", key: "spgemm", a: "gemmA", b: "gemmB", n: g });
}
// SpGEMM A·A into CSR on the generated matrices (both sides produce a sparse result with sorted rows; scipy's
// A @ A is single-threaded, ours runs the row loop on both cores with a workspace row per thread).
for (const [name, M] of wanted("spgemm") ? [...matrices.filter(([n]) => ["poisson2d", "banded", "uniform"].includes(n)), ["rmat (2^14)", rmat(quick ? 12 : 14, 16)]] : []) {
  const file = saveCsr(`sq-${name.replace(/\W/g, "")}`, M);
  const [L, R] = [ours(M, ["i", "k"]), ours(M, ["k", "j"])];
  const t = await time(() => L.dot("k", R).materialize(), quick ? 3 : 5);
  const nnz = (await L.dot("k", R)).nnz;
  results.push({ workload: "SpGEMM A·A → CSR", matrix: `${name} ${M.n}×${M.m}, nnz ${M.idx.length} → ${nnz}`, ours: t, key: `spgemm-${file.name}` });
  jobs.push({ kind: "spgemm", key: `spgemm-${file.name}`, a: file.name, b: file.name, n: M.n });
}
// MTTKRP over a CSF tensor: A(i, r) = Σ_j,k B(i,j,k) C(j,r) D(k,r)
if (wanted("mttkrp")) {
  const [I, J, K, R] = quick ? [100, 100, 100, 16] : [400, 400, 400, 16];
  const nnz = quick ? 20000 : 400000;
  const [bi, bj, bk] = [new Int32Array(nnz), new Int32Array(nnz), new Int32Array(nnz)];
  for (let e = 0; e < nnz; e++) [bi[e], bj[e], bk[e]] = [Math.floor(rand() * I), Math.floor(rand() * J), Math.floor(rand() * K)];
  const bv = denseRand(nnz);
  const B = fromCoo([["i", I], ["j", J], ["k", K]], { coords: { i: bi, j: bj, k: bk }, values: bv }, csf("i", "j", "k"));
  const { coords, values } = B.entries();
  save("mttkrp.i", coords.i);
  save("mttkrp.j", coords.j);
  save("mttkrp.k", coords.k);
  save("mttkrp.v", values);
  const [C, D] = [denseRand(J * R), denseRand(K * R)];
  save("mttkrp.C", C);
  save("mttkrp.D", D);
  const [Ct, Dt] = [tensor(C, [["j", J], ["r", R]]), tensor(D, [["k", K], ["r", R]])];
  const t = await time(() => B.dot(["j", "k"], Ct.mul(Dt)));
  results.push({ workload: "MTTKRP R=16 (CSF)", matrix: `${I}×${J}×${K}, nnz ${B.nnz}`, ours: t, key: "mttkrp" });
  jobs.push({ kind: "mttkrp", key: "mttkrp", I, J, K, R, nnz: B.nnz });
}

const python = String.raw`
import json, sys, time, os
os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np, scipy.sparse as sp
d, jobs, quick = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3] == "1"
def load(name, dtype): return np.fromfile(os.path.join(d, name), dtype=dtype)
def csr(name, n, m): return sp.csr_matrix((load(name + ".vals", np.float32), load(name + ".idx", np.int32), load(name + ".pos", np.int32)), shape=(n, m))
def timeit(f, reps=3 if quick else 7):
  f(); t = []
  for _ in range(reps):
    s = time.perf_counter(); f(); t.append(time.perf_counter() - s)
  return sorted(t)[len(t) // 2]
out = {}
for j in jobs:
  k = j["kind"]
  if k == "spmm":
    A = csr(j["name"], j["n"], j["m"]); X = load(j["name"] + ".X" + str(j["K"]), np.float32).reshape(j["m"], j["K"]); out[j["key"]] = timeit(lambda: A @ X)
  elif k == "sddmm":
    S = csr("sddmm", j["n"], j["m"]).tocoo(); a = load("sddmm.a", np.float32).reshape(j["n"], j["K"]); b = load("sddmm.b", np.float32).reshape(j["K"], j["m"])
    bt = np.ascontiguousarray(b.T)
    out[j["key"]] = timeit(lambda: sp.csr_matrix((S.data * np.einsum("ij,ij->i", a[S.row], bt[S.col]), (S.row, S.col)), shape=S.shape))
  elif k == "add":
    A = csr("addA", j["n"], j["n"]); B = csr("addB", j["n"], j["n"]); out[j["key"]] = timeit(lambda: A + B)
  elif k == "spgemm":
    A = csr(j["a"], j["n"], j["n"]); B = csr(j["b"], j["n"], j["n"]); out[j["key"]] = timeit(lambda: A @ B, 3 if quick else 5)
  elif k == "mttkrp":
    i, jj, kk, v = load("mttkrp.i", np.int32), load("mttkrp.j", np.int32), load("mttkrp.k", np.int32), load("mttkrp.v", np.float32)
    C = load("mttkrp.C", np.float32).reshape(j["J"], j["R"]); D = load("mttkrp.D", np.float32).reshape(j["K"], j["R"])
    U = sp.csr_matrix((v, (i, jj * j["K"] + kk)), shape=(j["I"], j["J"] * j["K"]))
    def f():
      KR = (C[:, None, :] * D[None, :, :]).reshape(j["J"] * j["K"], j["R"])
      return U @ KR
    out[j["key"]] = timeit(f)
print(json.dumps(out))
`;
try {
  const text = execFileSync("python3", ["-c", python, dir, JSON.stringify(jobs), quick ? "1" : "0"], { encoding: "utf8", maxBuffer: 1 << 24, env: pythonEnv });
  Object.assign(scipyTimes, JSON.parse(text.trim().split("\n").at(-1)));
} catch (e) {
  console.error(`scipy side failed: ${e.message}`);
}
rmSync(dir, { recursive: true, force: true });

const threads = (await getDevice("cpu")).threads ?? 1;
console.log(`sparse bench${quick ? " (QUICK)" : ""}: named-tensor on ${threads} thread(s) of ${availableParallelism()} cores (CPU, generated Wasm) vs scipy ${"(single-threaded)"}; median seconds`);
console.log("| workload | matrix | named-tensor (s) | scipy (s) | scipy ÷ named-tensor |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const r of results) {
  const s = scipyTimes[r.key];
  console.log(`| ${r.workload} | ${r.matrix} | ${r.ours.toFixed(4)} | ${s === undefined ? "n/a" : s.toFixed(4)} | ${s === undefined ? "n/a" : (s / r.ours).toFixed(2)} |`);
}
for (const r of results) if (r.note) console.log(`- ${r.workload} ${r.matrix}: ${r.note}`);
// The fastest call of each side (what a quiet machine gives), and CPU time per call (process-wide: both of our
// threads, the pool's wait spins included; scipy's one thread).
for (const r of results) {
  const s = scipyTimes[`${r.key}-min`];
  if (r.min !== undefined && s !== undefined) console.log(`- ${r.workload} ${r.matrix}: fastest call named-tensor ${(r.min * 1e3).toFixed(3)} ms, scipy ${(s * 1e3).toFixed(3)} ms: ratio ${(s / r.min).toFixed(2)}`);
}
for (const r of results) {
  const s = scipyTimes[`${r.key}-cpu`];
  if (r.cpu !== undefined && s !== undefined) console.log(`- ${r.workload} ${r.matrix}: CPU per call named-tensor ${(r.cpu * 1e3).toFixed(3)} ms (${threads} thread${threads > 1 ? "s" : ""} together), scipy ${(s * 1e3).toFixed(3)} ms: scipy CPU ÷ (ours ÷ ${threads}) = ${(s / (r.cpu / threads)).toFixed(2)}; our threads busy on average (CPU ÷ median wall) ${(r.cpu / r.ours).toFixed(2)}`);
}
for (const line of spmvRounds) console.log(line);
printMachine(machine);
