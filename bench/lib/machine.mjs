// Benchmark layer (bench/ only). The machine's limits, measured in the same run as the speed claims they
// bound: fp32 FMA peak of 1 and 2 cores (register-only FMA chains at 128/256/512 bits; 128 bits is the width of
// Wasm SIMD128, which has no FMA in Node 20, so it is an upper bound for any of our kernels) and STREAM-like
// DRAM bandwidth (3 × 256 MiB arrays). The C programs are bench/native/{peak,stream}.c, built with gcc into
// .cache/bench-native/. Without gcc the limits are reported as not measured, never as an error.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BENCH_DIR, REPO_DIR } from "./runner.mjs";
import { loadSince, markLoad } from "./measure.mjs";

/** The CPU as lscpu names it (model name, cores, caches), for the report header. */
export function cpuName() {
  try {
    const out = execFileSync("lscpu", { encoding: "utf8" });
    const get = (k) => out.match(new RegExp(`^${k}:\\s*(.+)$`, "m"))?.[1]?.trim();
    return `${get("Model name") ?? os.cpus()[0]?.model} (${get("CPU\\(s\\)") ?? os.cpus().length} CPUs, family ${get("CPU family")} model ${get("Model")}, L2 ${get("L2 cache") ?? "?"}, L3 ${get("L3 cache") ?? "?"}${/avx512f/.test(out) ? ", AVX-512" : ""})`;
  } catch {
    return `${os.cpus()[0]?.model} (${os.cpus().length} CPUs)`;
  }
}

function build(name) {
  const dir = path.join(REPO_DIR, ".cache", "bench-native");
  fs.mkdirSync(dir, { recursive: true });
  const src = path.join(BENCH_DIR, "native", `${name}.c`);
  const exe = path.join(dir, name);
  if (!fs.existsSync(exe) || fs.statSync(exe).mtimeMs < fs.statSync(src).mtimeMs)
    execFileSync("gcc", ["-O3", "-march=native", "-fopenmp", src, "-o", exe], { stdio: "pipe" });
  return exe;
}

/**
 * Measures the limits (about 10 s); returns rows { what, threads, value, unit, other_load } or a reason.
 * @example const m = measureMachine(); printMachine(m)
 */
export function measureMachine({ threads = [1, 2] } = {}) {
  let peak, stream;
  try {
    peak = build("peak");
    stream = build("stream");
  } catch (e) {
    return { cpu: cpuName(), rows: [], reason: `not measured: could not build bench/native/*.c with gcc (${String(e.message).split("\n")[0]})` };
  }
  const rows = [];
  for (const t of threads) {
    for (const [exe, parse] of [
      [peak, (l) => l.match(/^(fma\d+)\s+threads=\d+\s+peak ([\d.]+) GFLOP\/s/)],
      [stream, (l) => l.match(/^(\S+)\s+threads=\d+\s+median\s+[\d.]+ ms\s+min\s+[\d.]+ ms\s+([\d.]+) GB\/s/)],
    ]) {
      const m0 = markLoad();
      const c0 = childCpu();
      const r = spawnSync(exe, { encoding: "utf8", env: { ...process.env, OMP_NUM_THREADS: String(t), OMP_PROC_BIND: "false" } });
      const child = (childCpu() - c0) / Math.max(1e-3, (performance.now() - m0.t) / 1000);
      const load = loadSince(m0) == null ? null : loadSince(m0) - child; // the program itself is not "other" load
      for (const line of (r.stdout ?? "").split("\n")) {
        const m = parse(line);
        if (!m) continue;
        const isPeak = exe === peak;
        rows.push({
          what: isPeak ? `fp32 FMA peak, ${m[1].slice(3)}-bit (register-only)` : `DRAM ${m[1]} (STREAM-like, median of 15)`,
          threads: t, value: Number(m[2]), unit: isPeak ? "GFLOP/s" : "GB/s",
          other_load: load == null ? null : +Math.max(0, load).toFixed(2),
        });
      }
    }
  }
  return { cpu: cpuName(), rows };
}

/** CPU seconds of this process's waited-for children (cutime + cstime in /proc/self/stat). */
function childCpu() {
  try {
    const f = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return 0;
  }
}

/** Prints the limits as a table (markdown-ish, like the other tables of the bench). */
export function printMachine(m) {
  console.log(`\nmachine: ${m.cpu}`);
  if (!m.rows.length) return console.log(`  limits ${m.reason}`);
  const ts = [...new Set(m.rows.map((r) => r.threads))];
  const whats = [...new Set(m.rows.map((r) => r.what))];
  console.log(`| limit | ${ts.map((t) => `${t} thread${t > 1 ? "s" : ""}`).join(" | ")} |`);
  console.log(`|---|${ts.map(() => "---:").join("|")}|`);
  for (const w of whats) {
    const cells = ts.map((t) => m.rows.find((r) => r.what === w && r.threads === t));
    console.log(`| ${w} | ${cells.map((c) => (c ? `${c.value} ${c.unit}${c.other_load > 0.3 ? ` (other load ${c.other_load})` : ""}` : "–")).join(" | ")} |`);
  }
}
