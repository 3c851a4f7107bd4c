// Benchmark column: TensorFlow.js, pure-JS "cpu" backend (@tensorflow/tfjs-backend-cpu), one thread.
import { loadTfjs, makeTfjsLib } from "../lib/tfjs-common.mjs";

export default makeTfjsLib({
  id: "tfjs-cpu", label: "tfjs cpu (1T)", backend: "cpu", order: 10, load: loadTfjs,
  info: async () => ({ notes: ["dataSync() on the cpu backend hands back its own buffer: readback costs ~nothing"] }),
});
