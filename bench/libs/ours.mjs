// Benchmark column: named-tensor on the CPU, from the built package (dist/). Today the CPU device runs the
// float64 reference interpreter; the compiled kernels replace it without changing this file.
import { makeOursLib } from "../lib/ours-common.mjs";

export default makeOursLib({ id: "ours", label: "ours (cpu)", device: "cpu", order: 0, threads: 1 });
