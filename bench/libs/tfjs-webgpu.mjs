// Benchmark column: TensorFlow.js WebGPU backend on Dawn in Node (the `webgpu` npm package, a devDependency of
// the repository). Needs a Vulkan driver (VK_ICD_FILENAMES; scripts/setup-vulkan.sh). The backend registers
// itself only if navigator.gpu exists when it is imported, so `load` sets globalThis.navigator first: the column
// runs in its own child process. Compute waits for the GPU queue (no readback); read maps the result back.
import os from "node:os";
import { loadTfjs, makeTfjsLib } from "../lib/tfjs-common.mjs";

let tfRef = null;
const lib = makeTfjsLib({
  id: "tfjs-webgpu", label: "tfjs webgpu", backend: "webgpu", order: 13, threads: os.availableParallelism(),
  load: async () => {
    const { create, globals } = await import("webgpu");
    Object.assign(globalThis, globals);
    // Dawn's entry object must stay reachable for the life of the process (collecting it crashes Dawn).
    globalThis.__benchDawn = create([]);
    globalThis.navigator = { gpu: globalThis.__benchDawn };
    tfRef = await loadTfjs();
    await import("@tensorflow/tfjs-backend-webgpu");
    return tfRef;
  },
  complete: async () => {
    // What tfjs does before a readback (getBufferData), without the copy: end the pass, submit, wait.
    const backend = tfRef.backend();
    if (backend.commandEncoder) {
      backend.endComputePassEncoder();
      backend.submitQueue();
    }
    await backend.device.queue.onSubmittedWorkDone();
  },
  read: (t) => t.data(),
  info: async (tf) => {
    const a = tf.backend().adapterInfo;
    return { notes: [`adapter: ${[a?.vendor, a?.architecture].filter(Boolean).join(" ") || "?"} (software Vulkan unless a GPU driver is set)`] };
  },
});
export default {
  ...lib,
  isolate: "sets globalThis.navigator.gpu before importing the backend",
  // Only where a Vulkan driver is configured (software Vulkan is slow: see RESULTS.md).
  defaultEnabled: Boolean(process.env.VK_ICD_FILENAMES || process.env.VK_DRIVER_FILES),
};
