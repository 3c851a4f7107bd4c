// Benchmark column: TensorFlow.js WebAssembly backend (XNNPACK, SIMD). In Node, tfjs-backend-wasm 4.22 turns
// threads off (WASM_HAS_MULTITHREAD_SUPPORT is false when IS_NODE, tfjs issue #3830): one thread.
import { loadTfjs, makeTfjsLib } from "../lib/tfjs-common.mjs";

export default makeTfjsLib({
  id: "tfjs-wasm", label: "tfjs wasm (1T)", backend: "wasm", order: 11,
  load: async () => {
    const tf = await loadTfjs();
    await import("@tensorflow/tfjs-backend-wasm");
    return tf;
  },
  info: async (tf) => ({
    notes: [`SIMD ${await tf.env().getAsync("WASM_HAS_SIMD_SUPPORT")}, threads ${await tf.env().getAsync("WASM_HAS_MULTITHREAD_SUPPORT")}`],
  }),
});
