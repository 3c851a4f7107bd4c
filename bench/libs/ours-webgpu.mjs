// Benchmark column: named-tensor on its WebGPU device (generated WGSL on Dawn, the `webgpu` npm package), from
// the built package. Needs a Vulkan driver (VK_ICD_FILENAMES; scripts/setup-vulkan.sh): on a machine without a
// GPU that is software Vulkan (SwiftShader or lavapipe), i.e. the GPU emulated on the CPU. Compute waits for the
// GPU queue (no readback); read maps the values back with `await t.data()`.
import os from "node:os";
import { makeOursLib } from "../lib/ours-common.mjs";

export default makeOursLib({
  id: "ours-webgpu",
  label: "ours (webgpu)",
  device: "webgpu",
  order: 1,
  threads: os.availableParallelism(),
  defaultEnabled: Boolean(process.env.VK_ICD_FILENAMES || process.env.VK_DRIVER_FILES),
  async compute(t) {
    t.materialize();
    // The storage's buffer belongs to the WebGPU device; wait until the GPU has run the submitted kernels.
    await t.node.storage.buffer.owner.gpu.queue.onSubmittedWorkDone();
  },
  read: (t) => t.data(),
});
