// Benchmark column: named-tensor on the CPU, from the built package (dist/): kernels generated as WebAssembly,
// run on the device's worker threads (as many as the CPUs, at most 16, or NAMED_TENSOR_THREADS).
import os from "node:os";
import { makeOursLib } from "../lib/ours-common.mjs";

const threads = Number(process.env.NAMED_TENSOR_THREADS) || Math.min(16, os.availableParallelism());
export default makeOursLib({ id: "ours", label: `ours (cpu, ${threads}T)`, device: "cpu", order: 0, threads });
