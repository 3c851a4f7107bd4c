// Benchmark (bench/ only): attention softmax(q·k / √d) · v at b8 d64 over sequence lengths, the fused
// online-softmax kernel against the three kernels (scores, softmax, weighted sum) the planner made before —
// NAMED_TENSOR_ONLINE_SOFTMAX=0. Each (variant, size) runs in a child process of its own, alternating, so both
// see the same machine load and each reports its own peak resident memory and the library's peak live bytes.
// With --train, a training step instead: the forward and the gradients of q, k and v (flash-attention's
// recomputation when fused: no [query, key] buffer; the three-kernel graph stores the probabilities and their
// gradient). Both variants warm up (compile, and V8's tier-up of the Wasm to optimised code) for at least
// --warm ms (and two runs) before the timed runs; the fused variant is forced at every size
// (NAMED_TENSOR_ONLINE_SOFTMAX_MIN=0), whatever the default gate.
//   node bench/attention.mjs [--seqs 128,512,2048,8192] [--b 8] [--d 64] [--reps 3] [--warm 300] [--causal] [--train]
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { option } from "./lib/options.mjs";

const args = process.argv.slice(2);
const [b, d, reps, warm] = [Number(option("b", 8)), Number(option("d", 64)), Number(option("reps", 3)), Number(option("warm", 300))];
const causal = args.includes("--causal");
const train = args.includes("--train");

if (args[0] === "--child") {
  const seq = Number(args[1]);
  const nt = await import("../dist/index.js");
  const scale = 1 / Math.sqrt(d);
  const q = nt.randn([["b", b], ["q", seq], ["d", d]], { seed: 1 }).materialize();
  const k = nt.randn([["b", b], ["key", seq], ["d", d]], { seed: 2 }).materialize();
  const v = nt.randn([["b", b], ["key", seq], ["e", d]], { seed: 3 }).materialize();
  const later = causal ? nt.arange("key", seq, { dtype: "int32" }).dynamic().gt(nt.arange("q", seq, { dtype: "int32" }).dynamic()) : undefined;
  const forward = (q, k, v) => {
    let s = q.dot("d", k).mul(scale);
    if (later) s = s.maskedFill(later, -Infinity);
    return s.softmax("key").dot("key", v);
  };
  // a training step: the loss Σ o · w and its gradients for q, k and v (one program, read together)
  const w = train ? nt.randn([["b", b], ["q", seq], ["e", d]], { seed: 4 }).materialize() : undefined;
  const run = () => {
    if (!train) return forward(q, k, v);
    const { value, grads } = nt.valueAndGrad((q, k, v) => forward(q, k, v).mul(w).sum(["b", "q", "e"]))(q, k, v);
    return { data: () => nt.materializeAll([value, ...grads]), dispose: () => [value, ...grads].forEach((t) => t.dispose()) };
  };
  const base = nt.memoryStats().cpu.bytes;
  let best = Infinity;
  let cpu = Infinity;
  let kernels = 0;
  try {
    const w0 = performance.now();
    for (let r = 0; r < 2 || (performance.now() - w0 < warm && r < 100); r++) {
      const o = run();
      await o.data();
      o.dispose();
    }
    for (let r = 0; r < reps + 1; r++) {
      const before = nt.kernelStats().launches;
      const [t0, c0] = [performance.now(), process.cpuUsage()];
      const o = run();
      await o.data();
      const ms = performance.now() - t0;
      const used = process.cpuUsage(c0);
      if (r > 0) cpu = Math.min(cpu, (used.user + used.system) / 1000);
      kernels = nt.kernelStats().launches - before;
      o.dispose();
      if (r > 0) best = Math.min(best, ms); // the first run compiles
    }
    const peak = nt.memoryStats().cpu.peakBytes - base;
    console.log(JSON.stringify({ ms: best, cpu, kernels, peakLiveMiB: peak / 2 ** 20, rssMiB: process.resourceUsage().maxRSS / 1024 }));
  } catch (e) {
    if (process.env.BENCH_DEBUG) console.error(e);
    console.log(JSON.stringify({ error: String(e.message ?? e).slice(0, 80), rssMiB: process.resourceUsage().maxRSS / 1024 }));
  }
  process.exit(0);
}

const seqs = option("seqs", "128,256,512,1024,2048,4096,8192").split(",").map(Number);
const self = fileURLToPath(import.meta.url);
const child = (seq, fused) => {
  const out = execFileSync(process.execPath, [self, "--child", String(seq), ...args], {
    env: { ...process.env, NAMED_TENSOR_ONLINE_SOFTMAX: fused ? "1" : "0", ...(fused ? { NAMED_TENSOR_ONLINE_SOFTMAX_MIN: "0" } : {}) },
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split("\n").pop());
};
const fmt = (r) => (r.error ? `refused: ${r.error.replace(/\(.*$/, "").trim()}` : `${r.ms.toFixed(r.ms < 10 ? 2 : 1)} ms (cpu ${r.cpu.toFixed(r.cpu < 10 ? 2 : 0)} ms), ${r.kernels} kernel(s), peak live ${r.peakLiveMiB.toFixed(1)} MiB`);
console.log(`attention${train ? " training step (forward + gradients of q, k, v)" : ""} b${b} d${d}${causal ? " causal" : ""}, best of ${reps} (threads: NAMED_TENSOR_THREADS=${process.env.NAMED_TENSOR_THREADS ?? "default"})`);
console.log("| seq | fused (online softmax) | three kernels | speed-up wall / cpu | peak RSS fused / three |");
console.log("| --- | --- | --- | --- | --- |");
for (const seq of seqs) {
  const three = child(seq, false);
  const fused = child(seq, true);
  const ratio = fused.error || three.error ? "–" : `${(three.ms / fused.ms).toFixed(2)}× / ${(three.cpu / fused.cpu).toFixed(2)}×`;
  console.log(`| ${seq} | ${fmt(fused)} | ${fmt(three)} | ${ratio} | ${fused.rssMiB.toFixed(0)} / ${three.rssMiB.toFixed(0)} MiB |`);
}
