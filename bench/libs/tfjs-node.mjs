// Benchmark column: @tensorflow/tfjs-node (native libtensorflow), where it installs. Its install script
// downloads libtensorflow from outside the npm registry; where that fails npm leaves the optional dependency
// out, and this column reports "unavailable" (bench/results/install.log has the npm output).
import fs from "node:fs";
import path from "node:path";
import { loadTfjs, makeTfjsLib } from "../lib/tfjs-common.mjs";
import { BENCH_DIR } from "../lib/runner.mjs";

export default makeTfjsLib({
  id: "tfjs-node", label: "tfjs-node", backend: "tensorflow", order: 12, threads: 2,
  load: async () => {
    if (!fs.existsSync(path.join(BENCH_DIR, "node_modules", "@tensorflow", "tfjs"))) throw new Error("Cannot find package '@tensorflow/tfjs'");
    if (!fs.existsSync(path.join(BENCH_DIR, "node_modules", "@tensorflow", "tfjs-node")))
      throw new Error("not installed: @tensorflow/tfjs-node's install script downloads libtensorflow from outside the npm registry, which failed on the project machine, so npm leaves this optional dependency out (see bench/results/install.log)");
    await import("@tensorflow/tfjs-node");
    return loadTfjs();
  },
});
