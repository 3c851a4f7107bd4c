// Benchmark (bench/ only): attention softmax(q·k / √d) · v, fused (online softmax: the flash forms, no [query,
// key] buffer) against the three kernels, forward and training step (forward + gradients of q, k and v), in ONE
// process with the two variants' runs alternating (fused, three, fused, three …), so both see the same machine
// load: the planner's switch (onlineSoftmaxFusion, both gates at 0 when fused) is flipped between runs. Reports
// the best of --reps per variant (wall and process CPU time), the ratios, and each variant's peak live bytes of the library (the run's
// temporaries and results).
//   node bench/attention-same-run.mjs [--ds 32,64,128] [--seqs 256,1024,2048] [--b 8] [--reps 5] [--modes forward,train] [--device webgpu]
import { option } from "./lib/options.mjs";
const list = (s) => s.split(",").map(Number);
const [ds, seqs, b, reps] = [list(option("ds", "32,64,128")), list(option("seqs", "256,1024,2048")), Number(option("b", 8)), Number(option("reps", 5))];
const modes = option("modes", "forward,train").split(",");
const nt = await import("../dist/index.js");
const { onlineSoftmaxFusion } = await import("../dist/backend/kernel/passes/online-softmax.js");
if (option("device", "cpu") !== "cpu") await nt.setDevice(option("device", "cpu"));
const device = nt.getDefaultDevice();
// the device's live-buffer counts (the CPU's `live`, WebGPU's `tracked`)
const live = device.tracked ?? device.live;
const { ProgramCache } = await import("../dist/backend/program-cache.js");
const variant = (fused) => Object.assign(onlineSoftmaxFusion, { enabled: fused, minLogits: 0, minBackwardLogits: 0 });
// the program cache (realize.ts) keyed by variant too: each variant's program is planned once and replayed
const salted = (graph) => (onlineSoftmaxFusion.enabled ? graph : Object.assign(Object.create(Object.getPrototypeOf(graph)), graph, { hash: graph.hash ^ 0x5bd1e995 }));
for (const name of ["get", "set"]) {
  const original = ProgramCache.prototype[name];
  ProgramCache.prototype[name] = function (graph, ...rest) {
    return original.call(this, salted(graph), ...rest);
  };
}

console.log(`attention b${b} on ${device.name}, fused vs three kernels, best of ${reps} alternating runs in one process (threads: NAMED_TENSOR_THREADS=${process.env.NAMED_TENSOR_THREADS ?? "default"})`);
console.log("| step | d | seq | fused | three kernels | speed-up wall / cpu | peak live fused / three |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const mode of modes)
  for (const d of ds)
    for (const seq of seqs) {
      const scale = 1 / Math.sqrt(d);
      const q = nt.randn([["b", b], ["q", seq], ["d", d]], { seed: 1 }).materialize();
      const k = nt.randn([["b", b], ["key", seq], ["d", d]], { seed: 2 }).materialize();
      const v = nt.randn([["b", b], ["key", seq], ["e", d]], { seed: 3 }).materialize();
      const w = nt.randn([["b", b], ["q", seq], ["e", d]], { seed: 4 }).materialize();
      const forward = (q, k, v) => q.dot("d", k).mul(scale).softmax("key").dot("key", v);
      const run = () => {
        if (mode === "forward") return [forward(q, k, v)];
        const { value, grads } = nt.valueAndGrad((q, k, v) => forward(q, k, v).mul(w).sum(["b", "q", "e"]))(q, k, v);
        return [value, ...grads];
      };
      const best = [Infinity, Infinity];
      const cpu = [Infinity, Infinity];
      const peak = [0, 0];
      const kernels = [0, 0];
      for (let r = 0; r < reps + 2; r++)
        for (const fused of [true, false]) {
          variant(fused);
          const i = fused ? 0 : 1;
          live.peakBytes = live.bytes;
          const base = live.bytes;
          const launches = nt.kernelStats().launches;
          const [t0, c0] = [performance.now(), process.cpuUsage()];
          const out = run();
          await nt.materializeAll(out);
          await device.gpu?.queue.onSubmittedWorkDone(); // WebGPU: until the GPU has run it
          const ms = performance.now() - t0;
          const used = process.cpuUsage(c0);
          kernels[i] = nt.kernelStats().launches - launches;
          peak[i] = Math.max(peak[i], live.peakBytes - base);
          out.forEach((t) => t.dispose());
          if (r >= 2) {
            // the first two compile and warm up
            best[i] = Math.min(best[i], ms);
            cpu[i] = Math.min(cpu[i], (used.user + used.system) / 1000);
          }
        }
      [q, k, v, w].forEach((t) => t.dispose());
      const ms = (x) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
      const mib = (x) => `${(x / 2 ** 20).toFixed(1)}`;
      console.log(`| ${mode} | ${d} | ${seq} | ${ms(best[0])} (cpu ${ms(cpu[0])}, ${kernels[0]} kernels) | ${ms(best[1])} (cpu ${ms(cpu[1])}, ${kernels[1]} kernels) | ${(best[1] / best[0]).toFixed(2)}× / ${(cpu[1] / cpu[0]).toFixed(2)}× | ${mib(peak[0])} / ${mib(peak[1])} MiB |`);
    }
variant(true);
