// Where splitting a kernel across the CPU device's threads pays in a browser: bench/threads-crossover.mjs's
// measurement (x*2+1 over n elements, an n³ matmul; split forced on and off, alternating round by round; ratio =
// one thread ÷ split, > 1: splitting pays) run in headless Chromium on a cross-origin isolated page, where the
// threads are Web Workers (they wait with Atomics.waitAsync, and the page's main thread may not block). The split
// thresholds in src/backend/cpu/executor.ts are shared by Node and browsers.
//   node scripts/build.mjs && node bench/threads-browser.mjs [--rounds 7]    (CHROMIUM=/path/to/chromium)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { serve } from "../test/browser/serve.mjs";
import { REPO_DIR } from "./lib/runner.mjs";
import { option } from "./lib/options.mjs";

const rounds = Number(option("rounds", 7));
const { url, close } = await serve(REPO_DIR);
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nt-threads-"));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless=new", "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  // Any document of the isolated server will do: the page only imports the library.
  await page.goto(`${url}dist/index.js`);
  const result = await page.evaluate(async (rounds) => {
    const nt = await import("/dist/index.js");
    const device = nt.getDefaultDevice();
    await nt.tensor([1], [["i", 1]]).add(1).data(); // starts the pool
    for (let i = 0; i < 200 && device.threads < navigator.hardwareConcurrency; i++) await new Promise((r) => setTimeout(r, 25));
    const ex = device.executor;
    const use = (split) => (ex.split.map = ex.split.contraction = split ? 0 : Infinity);
    const rnd = (n, seed) => {
      let s = seed >>> 0;
      return Float32Array.from({ length: n }, () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1);
    };
    /** ms per call: calls repeated for about `budget` ms. */
    const timeCall = (fn, budget) => {
      fn();
      let calls = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < budget) {
        fn();
        calls++;
      }
      return (performance.now() - t0) / calls;
    };
    const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
    const rows = [];
    const measure = (label, fn) => {
      for (const s of [true, false]) {
        use(s);
        timeCall(fn, 100);
      }
      const [single, split, ratios] = [[], [], []];
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 ? [false, true] : [true, false];
        const t = {};
        for (const s of order) {
          use(s);
          t[s] = timeCall(fn, 60);
        }
        single.push(t[false]);
        split.push(t[true]);
        ratios.push(t[false] / t[true]);
      }
      rows.push({ label, single: median(single) * 1e3, split: median(split) * 1e3, ratio: median(ratios) });
    };
    for (const n of [1e3, 1e4, 3e4, 1e5, 3e5, 1e6, 4e6]) {
      const x = nt.tensor(rnd(n, n), [["i", n]]);
      measure(`x*2+1, ${n.toExponential(0)}`, () => x.mul(2).add(1).materialize().dispose());
      x.dispose();
    }
    for (const n of [32, 48, 64, 128, 256]) {
      const a = nt.tensor(rnd(n * n, n), [["i", n], ["k", n]]);
      const b = nt.tensor(rnd(n * n, n + 1), [["k", n], ["j", n]]);
      measure(`matmul ${n}³`, () => a.dot("k", b).materialize().dispose());
      a.dispose();
      b.dispose();
    }
    return { threads: device.threads, isolated: crossOriginIsolated, userAgent: navigator.userAgent, rows };
  }, rounds);
  console.log(`${result.userAgent}; cross-origin isolated: ${result.isolated}; CPU threads: ${result.threads}; ${rounds} rounds a size`);
  console.log("| workload | one thread µs | split µs | one ÷ split |\n|---|---:|---:|---:|");
  for (const r of result.rows) console.log(`| ${r.label} | ${r.single.toFixed(1)} | ${r.split.toFixed(1)} | ${r.ratio.toFixed(2)} |`);
} finally {
  await context.close();
  await close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
