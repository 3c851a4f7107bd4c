// The attention suites (attention-fused, attention-tiles, attention-backward, attention-outputs: forward,
// gradients and the kernels' further outputs against float64 loops, odd sizes, masks, private batch dims) again on webgpu, with every online kernel in WGSL's
// invocation-per-row template (wgsl/online.ts onlineThreads), which the device picks from
// `onlineTemplates.minRowsPerInvocation` rows on and the suites' small sizes never reach, in its looped form
// (`onlineForm.unroll` false: a private array indexed by the loops; attention-wgsl-registers.test.ts and
// attention-wgsl-rows.test.ts run the named-register forms). This file has its own process (vitest's forks
// pool), so no pipeline or program compiled under the other template is reused, and the first test shows that
// the threshold, 0 here, is what picks the template.
import { describe, expect, it } from "vitest";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { webgpuPasses } from "../../src/backend/webgpu/device.js";
import { type WgslCaps, generateWgsl, onlineTemplates } from "../../src/backend/webgpu/wgsl/codegen.js";
import { onlineForm } from "../../src/backend/webgpu/wgsl/online.js";
import { randn } from "../../src/index.js";
import { attentionSuitesOnWebgpu } from "../helpers/attention-suites.js";

const caps: WgslCaps = { maxInvocations: 256, maxWorkgroupSizeX: 256, maxWorkgroupsPerDimension: 65535, maxWorkgroupStorage: 16384 };
const threshold = onlineTemplates.minRowsPerInvocation;

describe("the online kernels' WGSL template", () => {
  it(`is a workgroup per row below ${threshold} rows and an invocation per row from it`, () => {
    const attend = (rows: number) => {
      const q = randn([["b", 2], ["q", rows / 2], ["d", 8]], { seed: 1 });
      const k = randn([["b", 2], ["key", 5], ["d", 8]], { seed: 2 });
      const v = randn([["b", 2], ["key", 5], ["e", 4]], { seed: 3 });
      const steps = lowerKernels([q.dot("d", k).softmax("key").dot("key", v).node], { passes: webgpuPasses });
      return generateWgsl(steps.find((s) => s.kernel.online)!.kernel, caps).template;
    };
    const forced = onlineTemplates.minRowsPerInvocation;
    onlineTemplates.minRowsPerInvocation = threshold; // (0 while the suites below run on webgpu)
    try {
      expect(attend(threshold - 2)).toBe("online");
      expect(attend(threshold)).toBe("online-threads");
    } finally {
      onlineTemplates.minRowsPerInvocation = forced;
    }
  });
});

await attentionSuitesOnWebgpu(() => {
  onlineForm.unroll = false;
});
