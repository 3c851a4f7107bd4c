// The attention suites (attention-fused, attention-tiles, attention-backward, attention-outputs: forward,
// gradients and the kernels' further outputs against float64 loops, odd sizes, masks, private batch dims) again on
// webgpu, with every online kernel in WGSL's invocation-per-row template in named registers with row blocks
// (wgsl/online.ts unrolledThreads): 4 rows per invocation, each key's k and v loaded once for them, at every size
// (`onlineForm.idle` Infinity: the suites' short rows leave most invocations past the end, which compute the last
// row again and store nothing). Its own process (vitest's forks pool), so no pipeline or program compiled under
// another form is reused; the first test shows the form the shader has.
import { describe, expect, it } from "vitest";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { webgpuPasses } from "../../src/backend/webgpu/device.js";
import { type WgslCaps, onlineTemplates } from "../../src/backend/webgpu/wgsl/codegen.js";
import { onlineForm, onlineThreads } from "../../src/backend/webgpu/wgsl/online.js";
import { randn } from "../../src/index.js";
import { attentionSuitesOnWebgpu } from "../helpers/attention-suites.js";

const caps: WgslCaps = { maxInvocations: 256, maxWorkgroupSizeX: 256, maxWorkgroupsPerDimension: 65535, maxWorkgroupStorage: 16384 };
const form = { unroll: true, rows: 4, idle: Infinity, together: true };

describe("the online kernels' WGSL template in named registers, 4 rows per invocation", () => {
  it("loads each key's k and v once for the 4 rows, and stores only the rows that exist", () => {
    const q = randn([["b", 2], ["q", 70], ["d", 8]], { seed: 1 });
    const k = randn([["b", 2], ["key", 5], ["d", 8]], { seed: 2 });
    const v = randn([["b", 2], ["key", 5], ["e", 8]], { seed: 3 });
    const step = lowerKernels([q.dot("d", k).softmax("key").dot("key", v).node], { passes: webgpuPasses }).find((s) => s.kernel.online)!;
    const { code, dispatch } = onlineThreads(step.kernel, step.kernel.online!, caps, form);
    expect(dispatch[0]).toBe(2); // a workgroup of 64 invocations × 4 rows per batch point
    expect(code).toMatch(/let row3 = min\(base \+ 192i, 69i\);/);
    expect(code).toMatch(/if \(base \+ 64i < 70i\)/);
    const loop = code.slice(code.indexOf("for (var kk"));
    expect(loop.match(/in1v\[/g)).toHaveLength(2); // k: d 8, two vec4 loads for the 4 rows
    expect(loop.match(/in2v\[/g)).toHaveLength(2); // v: e 8
    expect(code).toMatch(/acc3_1 = acc3_1 \* rs3/);
  });
});

await attentionSuitesOnWebgpu(() => {
  Object.assign(onlineForm, form);
});
