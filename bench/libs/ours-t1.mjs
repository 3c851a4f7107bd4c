// Benchmark column: named-tensor on the CPU with ONE thread (NAMED_TENSOR_THREADS=1), to compare with `ours`
// (all cores) on small work, where handing a kernel's share to a worker can cost more than it saves. The thread
// count is read when the package loads, so this column runs in a child process of the same command. Off by
// default: BENCH_PEERS=ours,ours-t1,tfjs-wasm BENCH_ONLY=small node bench/run.mjs
import { makeOursLib } from "../lib/ours-common.mjs";

export default makeOursLib({
  id: "ours-t1", label: "ours (cpu, 1T)", device: "cpu", order: 1, threads: 1, defaultEnabled: false,
  isolate: "NAMED_TENSOR_THREADS=1 must be set before the package loads", childEnv: { NAMED_TENSOR_THREADS: "1" },
});
