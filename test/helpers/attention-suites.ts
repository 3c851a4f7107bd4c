// The attention suites (forward, tiles, backward, further outputs) run again on webgpu alone under a template
// choice `choose` makes (a threshold, a form of the WGSL online kernel), where the matrix includes webgpu: each
// file that calls this has its own process (vitest's forks pool), so nothing compiled under another choice is reused.
import { onlineTemplates } from "../../src/backend/webgpu/wgsl/codegen.js";

/** Reruns the four attention suites on webgpu with every online kernel in the invocation-per-row template, after `choose()`. */
export async function attentionSuitesOnWebgpu(choose: () => void): Promise<void> {
  if (!(process.env.NT_DEVICES ?? "cpu").split(",").includes("webgpu")) return;
  process.env.NT_DEVICES = "webgpu";
  onlineTemplates.minRowsPerInvocation = 0;
  choose();
  await import("../device/attention-fused.test.js");
  await import("../device/attention-tiles.test.js");
  await import("../device/attention-backward.test.js");
  await import("../device/attention-outputs.test.js");
}
