// Benchmark layer (bench/ only). Measuring one cell: other-process load (the machine has 2 shared vCPUs),
// waiting for a quiet machine, the timed loop (warm-ups, then compute and readback timed separately within
// each run), and the process's peak resident memory during the cell. Imports nothing from the library.
import fs from "node:fs";
import os from "node:os";
import v8 from "node:v8";
import vm from "node:vm";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- other-process load --------------------------------------------------------------------------------
// otherLoad = average number of CPUs busy with work that is NOT this process over a window:
// (busy jiffies of the whole machine, /proc/stat) - (this process's CPU time, process.cpuUsage()).
function procStat() {
  try {
    const f = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] || 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: (total - idle) / 100, t: performance.now(), self: process.cpuUsage() };
  } catch {
    return null;
  }
}
/** A mark to measure other-process load from. @example const m = markLoad(); ...; loadSince(m) */
export const markLoad = procStat;
/** CPUs kept busy by other processes since `mark`, or null when the window is under 0.25 s (10 ms jiffies). */
export function loadSince(mark) {
  const b = procStat();
  if (!mark || !b) return null;
  const wall = (b.t - mark.t) / 1000;
  if (wall < 0.25) return null;
  const self = (b.self.user + b.self.system - mark.self.user - mark.self.system) / 1e6;
  return Math.max(0, (b.busy - mark.busy - self) / wall);
}

/**
 * Waits (up to `maxS` seconds) until other processes leave enough CPUs free for a run on `threads` threads:
 * other load < (ncpu - threads) + 0.25.
 * @example const q = await waitQuiet(2, 10) // { waited_s, other_load_before }
 */
export async function waitQuiet(threads, maxS) {
  if (!(maxS > 0)) return { waited_s: 0, other_load_before: null };
  const ncpu = os.cpus().length;
  const limit = Math.max(0.25, ncpu - threads + 0.25);
  const t0 = performance.now();
  let l = null;
  for (;;) {
    const a = procStat();
    await sleep(300);
    l = loadSince(a);
    if (l == null || l < limit || performance.now() - t0 > maxS * 1000) break;
  }
  return { waited_s: +((performance.now() - t0) / 1000 - 0.3).toFixed(1), other_load_before: l == null ? null : +l.toFixed(2) };
}

// ---- memory ---------------------------------------------------------------------------------------------
/** Frees what the previous cell left (exposes V8's gc without a command-line flag). */
let gcFn = null;
export function collectGarbage() {
  if (!gcFn) {
    v8.setFlagsFromString("--expose-gc");
    gcFn = vm.runInNewContext("gc");
  }
  gcFn();
}

function procStatus(field) {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync("/proc/self/status", "utf8"));
    return m ? +m[1] * 1024 : null;
  } catch {
    return null;
  }
}
/**
 * Starts a peak-memory window: resets the kernel's resident high-water mark (VmHWM, via /proc/self/clear_refs)
 * so the peak of this cell alone is seen. Where that is impossible the window falls back to the process-wide
 * maxRSS (then `reset` is false and the peak may be an earlier cell's).
 */
export function memoryWindow() {
  let reset = false;
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
    reset = true;
  } catch {
    reset = false;
  }
  const start = process.memoryUsage().rss;
  return {
    reset,
    start,
    end() {
      const peak = (reset ? procStatus("VmHWM") : null) ?? process.resourceUsage().maxRSS * 1024;
      return { peak_rss_mib: mib(Math.max(peak, start)), start_rss_mib: mib(start), delta_mib: mib(Math.max(0, peak - start)), hwm_reset: reset };
    },
  };
}
const mib = (b) => +(b / 2 ** 20).toFixed(1);

// ---- timing ---------------------------------------------------------------------------------------------
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * `warmup` untimed compute+read calls, then `runs` timed calls (at least `minRuns`, stopping early after
 * `maxSeconds`). Each timed call measures compute() (until the result exists in the library) and then read()
 * (the values as a JS typed array), so the compute-only and the with-readback times come from the same calls.
 * @example const t = await timeHandle(h, { warmup: 2, runs: 7, minRuns: 5, maxSeconds: 60 })
 */
export async function timeHandle(h, { warmup, runs, minRuns, maxSeconds }) {
  let out = null;
  for (let i = 0; i < warmup; i++) {
    await h.compute();
    out = await h.read();
  }
  const compute = [], total = [];
  const mark = procStat();
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await h.compute();
    const t1 = performance.now();
    out = await h.read();
    const t2 = performance.now();
    compute.push(t1 - t0);
    total.push(t2 - t0);
    if (i + 1 >= minRuns && performance.now() - start > maxSeconds * 1000) break;
  }
  const other = loadSince(mark);
  const cpu = process.cpuUsage(cpu0);
  return {
    out,
    ms_median: round(median(compute)),
    ms_min: round(Math.min(...compute)),
    ms_max: round(Math.max(...compute)),
    ms_read_median: round(median(total)),
    ms_read_min: round(Math.min(...total)),
    runs: compute.length,
    all_ms: compute.map(round),
    other_load: other == null ? null : +other.toFixed(2),
    cpu_ms_per_run: round((cpu.user + cpu.system) / 1000 / compute.length), // all threads of this process
  };
}
const round = (x) => +x.toFixed(x < 10 ? 4 : 2);

/** One untimed-then-timed call at a probe size, to estimate a run at full size. */
export async function probeOnce(h) {
  await h.compute();
  await h.read();
  const t0 = performance.now();
  await h.compute();
  return performance.now() - t0;
}
