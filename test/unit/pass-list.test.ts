// The one pass list (src/backend/kernel/lower.ts): every pass — the plan, the shared ones and each device's
// scheduling passes — runs in the listed order with a NAMED_TENSOR_DEBUG dump and verifyKernel() after it;
// code generators receive scheduled kernels; explain() and the dumps show routines as steps of their own.
// Fresh random inputs; no device needed.
import { afterEach, describe, expect, it } from "vitest";
import { type KernelPass, debugLowering, lowerGraph, sharedPasses } from "../../src/backend/kernel/lower.js";
import { cpuPasses } from "../../src/backend/cpu/device.js";
import { webgpuPasses } from "../../src/backend/webgpu/device.js";
import { idxConst } from "../../src/graph/index-expr.js";
import { explain, tensor } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { randomFloats } from "../helpers/random.js";

const loose = (t: unknown): any => t;
const softmax = (): AnyTensor => loose(tensor(randomFloats(3 * 17), [["r", 3], ["c", 17]])).softmax("c");
const saved = { ...debugLowering };
afterEach(() => Object.assign(debugLowering, saved));

/** The dump headers written while lowering `x` with these passes. */
function dumpHeaders(x: AnyTensor, passes: readonly KernelPass[]): string[] {
  const written: string[] = [];
  Object.assign(debugLowering, { dump: true, write: (text: string) => written.push(text) });
  lowerGraph([x.node], { passes });
  return written.map((t) => t.split("\n")[0]!);
}

describe("the pass list", () => {
  for (const [device, passes] of Object.entries({ cpu: cpuPasses, webgpu: webgpuPasses })) {
    it(`dumps after every pass in order, the ${device} scheduling passes last`, () => {
      const names = ["plan", ...sharedPasses.map((p) => p.name), ...passes.map((p) => p.name)];
      expect(dumpHeaders(softmax(), passes)).toEqual(names.map((n) => `-- after ${n}: 1 step(s)`));
    });
  }

  it("verifies the IR after every pass: a pass that breaks an invariant is caught at once, by name of the invariant", () => {
    debugLowering.verify = true;
    const broken: KernelPass = { name: "broken", run: (k) => ({ ...k, value: { op: "load", type: "f32", input: 99, index: idxConst(0) } }) };
    expect(() => lowerGraph([softmax().node], { passes: [...cpuPasses, broken] })).toThrow("kernel IR invariant: load of missing input in99");
  });

  it("shows routines in the dump without passing them through the kernel passes", () => {
    const written: string[] = [];
    Object.assign(debugLowering, { dump: true, write: (text: string) => written.push(text) });
    const steps = lowerGraph([loose(tensor(randomFloats(12), [["r", 3], ["c", 4]])).sort("c").indices.node], { passes: cpuPasses });
    expect(steps.map((s) => s.kind)).toEqual(["routine"]);
    expect(written.at(-1)).toContain("routine sort ascending: 4 keys per row, 3 rows");
  });

  it("explain() shows a routine as a step of its own, between the kernels", () => {
    const x = loose(tensor(randomFloats(12), [["r", 3], ["c", 4]]));
    const text = explain(x.exp().sort("c").values);
    expect(text).toContain("2 kernels and 1 routine");
    expect(text).toContain("── step 2 of 3: a routine (not fused; fixed code per device) ──\n  routine sort ascending: 4 keys per row, 3 rows");
  });
});
