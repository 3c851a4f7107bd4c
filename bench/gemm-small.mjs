// The demo's matrix products on one thread, ours beside PyTorch's, in one run, against the machine's fp32 peak
// at 128 bits (Wasm SIMD's width; our kernels cannot go past it) and at 512 bits (AVX-512, what PyTorch's CPU
// kernels use on this machine): where the one-thread gap between the demo and its PyTorch twin comes from.
// Shapes: the demo's projections ([512 tokens, 48] · [48, 48]), its feed-forward ([512, 48] · [48, 96] and back)
// and their weight gradients ([48, 512] · [512, 96]).
//   node scripts/build.mjs && node bench/gemm-small.mjs [--calls 3000] [--python python3]
import { execFileSync } from "node:child_process";
import { loadDist } from "./lib/example.mjs";
import { measureMachine, printMachine } from "./lib/machine.mjs";
import { option } from "./lib/options.mjs";

process.env.NAMED_TENSOR_THREADS = "1";
const calls = Number(option("calls", 3000));
const shapes = [[512, 48, 48], [512, 48, 96], [512, 96, 48], [48, 512, 96], [48, 512, 48]];
const machine = measureMachine({ threads: [1] });
const peak = (bits) => machine.rows?.find((r) => r.what.includes(`${bits}-bit`) && r.threads === 1)?.value;

const nt = await loadDist();
/** Median µs per call over 7 runs of `calls` calls, after `calls` warm-up calls. */
function time(fn) {
  for (let i = 0; i < calls; i++) fn();
  const t = [];
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) fn();
    t.push(((performance.now() - t0) / calls) * 1000);
  }
  return t.sort((a, b) => a - b)[3];
}
const ours = shapes.map(([M, K, N]) => {
  const a = nt.randn([["m", M], ["k", K]], { seed: 1 }).materialize();
  const b = nt.randn([["k", K], ["n", N]], { seed: 2 }).materialize();
  return time(() => a.dot("k", b).materialize().dispose());
});
const torch = JSON.parse(
  execFileSync(option("python", process.env.TWIN_PYTHON ?? "python3"), ["-c", `
import json, time, torch
torch.set_num_threads(1)
out = []
for M, K, N in ${JSON.stringify(shapes)}:
    a, b = torch.randn(M, K), torch.randn(K, N)
    for _ in range(${calls}): a @ b
    ts = []
    for _ in range(7):
        t0 = time.perf_counter()
        for _ in range(${calls}): a @ b
        ts.append((time.perf_counter() - t0) / ${calls} * 1e6)
    out.append(sorted(ts)[3])
print(json.dumps(out))
`], { encoding: "utf8" }),
);
printMachine(machine);
console.log(`\none thread, median µs per product (${calls} calls × 7 runs); GFLOP/s = 2·M·K·N / time`);
console.log("| M×K×N | ours µs | ours GFLOP/s | % of 128-bit peak | torch µs | torch GFLOP/s | torch speed ÷ ours |\n|---|---:|---:|---:|---:|---:|---:|");
shapes.forEach(([M, K, N], i) => {
  const gf = (us) => (2 * M * K * N) / us / 1e3;
  console.log(`| ${M}×${K}×${N} | ${ours[i].toFixed(1)} | ${gf(ours[i]).toFixed(1)} | ${peak(128) ? `${((100 * gf(ours[i])) / peak(128)).toFixed(0)}%` : "?"} | ${torch[i].toFixed(1)} | ${gf(torch[i]).toFixed(1)} | ${(ours[i] / torch[i]).toFixed(2)} |`);
});
