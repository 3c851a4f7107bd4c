// Benchmark column: onnxruntime-node, CPU execution provider, intraOpNumThreads = 1.
import { makeOrtLib } from "../lib/ort-common.mjs";

export default makeOrtLib({ id: "ort-t1", label: "ORT node (1T)", threads: 1, order: 40 });
