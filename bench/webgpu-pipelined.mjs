// WebGPU kernels without the per-call round trip: many calls in flight, one wait at the end, so the time per
// call is GPU time (the bench columns wait for each call). Needs a Vulkan driver; run from the repository root:
// `node bench/webgpu-pipelined.mjs` after `node scripts/build.mjs`. Prints GB/s or TFLOP/s per workload.
import * as nt from "../dist/index.js";
const dev = await nt.setDevice("webgpu");
const gpu = dev.gpu;
const now = () => performance.now();
const r = (dims) => { const t = nt.tensor(Float32Array.from({ length: dims.reduce((n, [, s]) => n * s, 1) }, () => Math.random() - 0.5), dims); t.materialize(); return t; };
async function pipelined(name, f, bytes, flops, reps = 50) {
  for (let i = 0; i < 3; i++) { const y = f(); y.materialize(); y.dispose(); }
  await gpu.queue.onSubmittedWorkDone();
  const t0 = now();
  for (let i = 0; i < reps; i++) { const y = f(); y.materialize(); y.dispose(); }
  await gpu.queue.onSubmittedWorkDone();
  const ms = (now() - t0) / reps;
  console.log(`${name.padEnd(34)} ${ms.toFixed(3)} ms per call in flight` + (bytes ? `, ${(bytes / ms / 1e6).toFixed(0)} GB/s` : "") + (flops ? `, ${(flops / ms / 1e9).toFixed(2)} TFLOP/s` : ""));
}
const n = Number(process.env.PIPELINED_N) || 16 << 20;
const x = r([["i", n]]);
const [a, b, c] = [r([["i", 4 << 20]]), r([["i", 4 << 20]]), r([["i", 4 << 20]])];
await pipelined("sigmoid 16M (op)", () => x.sigmoid(), 8 * n);
await pipelined("sigmoid 16M (1/(1+exp(-x)))", () => nt.full([], 1).div(x.neg().exp().add(1)), 8 * n);
await pipelined("tanh(a*b+c) 4M", () => a.mul(b).add(c).tanh(), 16 * (4 << 20));
await pipelined("x + 1, 16M", () => x.add(1), 8 * n);
const m = r([["r", 4096], ["c", 4096]]);
await pipelined("row sum 4096×4096", () => m.sum("c"), 4 * 4096 * 4096);
const s = r([["r", 4096], ["c", 1024]]);
await pipelined("softmax 4096×1024", () => s.softmax("c"), 8 * 4096 * 1024);
const q = r([["b", 8], ["query", 512], ["d", 64]]), k = r([["b", 8], ["key", 512], ["d", 64]]), v = r([["b", 8], ["key", 512], ["d", 64]]);
await pipelined("attention b=8 q=k=512 d=64", () => q.dot("d", k).softmax("key").dot("key", v), 0, 4 * 8 * 512 * 512 * 64);
const A = r([["i", 4096], ["k", 4096]]), B = r([["k", 4096], ["j", 4096]]);
await pipelined("matmul 4096³", () => A.dot("k", B), 0, 2 * 4096 ** 3, 20);
process.exit(0);
