// Benchmark (bench/ only): the WGSL forms of the fused attention kernel (wgsl/online.ts) against each other on
// WebGPU, in ONE process with the variants' runs alternating, fused kernels only (the planner's gates at 0, every
// online kernel in the invocation-per-row template unless a variant says `perRow`: a workgroup per row). Each
// variant gets its own programs and pipelines (the program cache and the executor's pipeline cache keyed by the
// variant too). Reports the best of --reps per variant (wall, until the GPU is done) and the first ÷ the last.
//   node bench/attention-wgsl-forms.mjs [--b 8] [--d 64] [--seqs 128,512] [--reps 3] [--modes forward,train]
//     [--variants (each: perRow, unroll, rows, together) '[{"perRow":true},{"unroll":false},{"unroll":true,"rows":1},{"unroll":true,"rows":2}]']
import { option } from "./lib/options.mjs";
const nt = await import("../dist/index.js");
const { onlineSoftmaxFusion } = await import("../dist/backend/kernel/passes/online-softmax.js");
const { onlineForm } = await import("../dist/backend/webgpu/wgsl/online.js");
const { onlineTemplates } = await import("../dist/backend/webgpu/wgsl/codegen.js");
const { ProgramCache } = await import("../dist/backend/program-cache.js");
const { WebGpuExecutor } = await import("../dist/backend/webgpu/executor.js");
await nt.setDevice("webgpu");
const device = nt.getDefaultDevice();
Object.assign(onlineSoftmaxFusion, { enabled: true, minLogits: 0, minBackwardLogits: 0 });
const variants = JSON.parse(option("variants", '[{"perRow":true},{"unroll":false},{"unroll":true,"rows":1},{"unroll":true,"rows":2}]'));
let salt = 0;
for (const name of ["get", "set"]) {
  const original = ProgramCache.prototype[name];
  ProgramCache.prototype[name] = function (graph, ...rest) {
    return original.call(this, Object.assign(Object.create(Object.getPrototypeOf(graph)), graph, { hash: graph.hash ^ (salt * 0x5bd1e995) }), ...rest);
  };
}
const compile = WebGpuExecutor.prototype.compile;
WebGpuExecutor.prototype.compile = function (key, ...rest) {
  return compile.call(this, `${key}:form ${salt}`, ...rest);
};
const apply = (v) => {
  Object.assign(onlineForm, { unroll: v.unroll ?? true, rows: v.rows ?? 1, together: v.together ?? true });
  onlineTemplates.minRowsPerInvocation = v.perRow ? Infinity : 0;
};
const [b, d, reps] = [Number(option("b", 8)), Number(option("d", 64)), Number(option("reps", 3))];
console.log(`attention b${b} d${d} on ${device.name}: the fused kernel's WGSL forms, best of ${reps} alternating runs in one process`);
console.log(`| step | seq | ${variants.map((v) => JSON.stringify(v)).join(" | ")} | first ÷ last |`);
console.log(`| --- | --- | ${variants.map(() => "---").join(" | ")} | --- |`);
for (const mode of option("modes", "forward,train").split(","))
  for (const seq of option("seqs", "128,512").split(",").map(Number)) {
    const q = nt.randn([["b", b], ["q", seq], ["d", d]], { seed: 1 }).materialize();
    const k = nt.randn([["b", b], ["key", seq], ["d", d]], { seed: 2 }).materialize();
    const v = nt.randn([["b", b], ["key", seq], ["e", d]], { seed: 3 }).materialize();
    const w = nt.randn([["b", b], ["q", seq], ["e", d]], { seed: 4 }).materialize();
    const f = (q, k, v) => q.dot("d", k).mul(1 / Math.sqrt(d)).softmax("key").dot("key", v);
    const run = () => {
      if (mode === "forward") return [f(q, k, v)];
      const { value, grads } = nt.valueAndGrad((q, k, v) => f(q, k, v).mul(w).sum(["b", "q", "e"]))(q, k, v);
      return [value, ...grads];
    };
    const best = variants.map(() => Infinity);
    for (let r = 0; r < reps + 1; r++)
      for (let i = 0; i < variants.length; i++) {
        salt = i + 1;
        apply(variants[i]);
        const t0 = performance.now();
        const out = run();
        await nt.materializeAll(out);
        await device.gpu.queue.onSubmittedWorkDone();
        const ms = performance.now() - t0;
        out.forEach((t) => t.dispose());
        if (r > 0) best[i] = Math.min(best[i], ms); // the first compiles
      }
    console.log(`| ${mode} | ${seq} | ${best.map((x) => `${x.toFixed(1)} ms`).join(" | ")} | ${(best[0] / best[best.length - 1]).toFixed(2)}× |`);
    [q, k, v, w].forEach((t) => t.dispose());
  }
apply({});
