// Benchmark column: onnxruntime-node, CPU execution provider, intraOpNumThreads = 2.
import { makeOrtLib } from "../lib/ort-common.mjs";

export default makeOrtLib({ id: "ort-t2", label: "ORT node (2T)", threads: 2, order: 41 });
