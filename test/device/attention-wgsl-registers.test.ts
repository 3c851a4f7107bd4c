// The attention suites (attention-fused, attention-tiles, attention-backward, attention-outputs: forward,
// gradients and the kernels' further outputs against float64 loops, odd sizes, masks, private batch dims) again on
// webgpu, with every online kernel in WGSL's invocation-per-row template in named registers (wgsl/online.ts
// unrolledThreads: the weighted sums as `acc…` registers, the dot products written out point by point, the row's
// operands loaded once per row), one row per invocation on the flat outer index (`onlineForm.idle` −1: never
// the row blocks; attention-wgsl-rows.test.ts runs those), several weighted sums in one pass where they fit. Its own process (vitest's forks pool), so no pipeline
// or program compiled under another form is reused; the first test shows the form the shader has.
import { describe, expect, it } from "vitest";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { webgpuPasses } from "../../src/backend/webgpu/device.js";
import { type WgslCaps, onlineTemplates } from "../../src/backend/webgpu/wgsl/codegen.js";
import { onlineForm, onlineThreads } from "../../src/backend/webgpu/wgsl/online.js";
import { randn, valueAndGrad } from "../../src/index.js";
import { onlineSoftmaxFusion } from "../../src/backend/kernel/passes/online-softmax.js";
import { attentionSuitesOnWebgpu } from "../helpers/attention-suites.js";

const caps: WgslCaps = { maxInvocations: 256, maxWorkgroupSizeX: 256, maxWorkgroupsPerDimension: 65535, maxWorkgroupStorage: 16384 };
const form = { unroll: true, rows: 1, idle: -1, together: true };

describe("the online kernels' WGSL template in named registers, a row per invocation", () => {
  it("holds the weighted sums in vec4 registers, reads q once per row and k, v once per key", () => {
    const q = randn([["b", 2], ["q", 96], ["d", 8]], { seed: 1 });
    const k = randn([["b", 2], ["key", 5], ["d", 8]], { seed: 2 });
    const v = randn([["b", 2], ["key", 5], ["e", 8]], { seed: 3 });
    const step = lowerKernels([q.dot("d", k).softmax("key").dot("key", v).node], { passes: webgpuPasses }).find((s) => s.kernel.online)!;
    const { code, template } = onlineThreads(step.kernel, step.kernel.online!, caps, form);
    expect(template).toBe("online-threads");
    expect(code).toMatch(/var acc0_1 = vec4<f32>/); // e 8: two vec4 registers
    expect(code).not.toMatch(/array<f32, \d+>/); // no private array
    const loop = code.slice(code.indexOf("for (var kk"));
    expect(code.slice(0, code.indexOf("for (var kk")).match(/in0v\[/g)).toHaveLength(2); // q: d 8, two vec4 loads before the keys
    expect(loop.match(/in1v\[/g)).toHaveLength(2); // k, in the loop
    expect(loop).not.toMatch(/in0v\[/);
  });

  it("runs the training step's dk and dv in one pass over the queries where their registers fit, else a pass each", () => {
    const q = randn([["b", 2], ["q", 96], ["d", 8]], { seed: 1 });
    const k = randn([["b", 2], ["key", 80], ["d", 8]], { seed: 2 });
    const v = randn([["b", 2], ["key", 80], ["e", 8]], { seed: 3 });
    const w = randn([["b", 2], ["q", 96], ["e", 8]], { seed: 4 });
    const minimum = onlineSoftmaxFusion.minBackwardLogits;
    onlineSoftmaxFusion.minBackwardLogits = 0;
    try {
      const { value, grads } = valueAndGrad((q: any, k: any, v: any) => q.dot("d", k).softmax("key").dot("key", v).mul(w).sum(["b", "q", "e"]))(q, k, v) as any;
      const steps = lowerKernels([value.node, ...grads.map((g: any) => g.node)], { passes: webgpuPasses, maxOnlineInputs: 14 });
      const both = steps.find((s) => (s.kernel.online?.accumulations?.length ?? 0) > 0 && !s.kernel.online?.rowOutputs?.length && s.kernel.outer.some((x) => x.extent === 80))!;
      const passes = (together: boolean): number => onlineThreads(both.kernel, both.kernel.online!, caps, { ...form, together }).code.match(/for \(var kk/g)!.length;
      expect(passes(true)).toBe(1);
      expect(passes(false)).toBe(2);
    } finally {
      onlineSoftmaxFusion.minBackwardLogits = minimum;
    }
  });
});

await attentionSuitesOnWebgpu(() => {
  Object.assign(onlineForm, form);
});
