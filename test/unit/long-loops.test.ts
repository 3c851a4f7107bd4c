// The plan's split of reduction loops longer than a 32-bit counter runs (kernel/passes/long-loops.ts): which
// loops a long reduction becomes, that collapse merges none past LOOP_LIMIT, that a float iota's value is written
// exactly, and that WebGPU's rows template nests a loop around its flat counter — while kernels whose loops fit
// are lowered as before (their generated code is pinned by the snapshot tests).
import { describe, expect, it } from "vitest";
import { arange, rand, tensor } from "../../src/index.js";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { CHUNK, LOOP_LIMIT, splitLongLoops } from "../../src/backend/kernel/passes/long-loops.js";
import { cpuPasses } from "../../src/backend/cpu/device.js";
import { webgpuPasses } from "../../src/backend/webgpu/device.js";
import { generateWgsl } from "../../src/backend/webgpu/wgsl/codegen.js";
import type { AnyTensor } from "../../src/tensor.js";
import { CpuDevice } from "../../src/backend/cpu/device.js";
import { realizeOn } from "../../src/backend/realize.js";
import { ShapeError } from "../../src/index.js";

const extents = (t: unknown, passes = cpuPasses) =>
  lowerKernels([(t as AnyTensor).node], { passes }).map((s) => s.kernel.phases.map((p) => p.vars.map((v) => v.extent)));

describe("long reduction loops", () => {
  it("a loop of 2^32 + 5 points becomes 256 × 2^24 points and a phase of the 5 left", () => {
    expect(extents(arange("a", 2 ** 32 + 5).sum("a"))).toEqual([[[256, CHUNK], [5]]]);
    // a multiple of the chunk has no remainder phase
    expect(extents(arange("a", 2 ** 31).max("a"))).toEqual([[[128, CHUNK]]]);
  });

  it("loops that each fit are kept, and collapse merges none past LOOP_LIMIT", () => {
    const [x, y] = [tensor(new Float32Array(50_000).fill(0.5), [["a", 50_000]]), tensor(new Float32Array(50_000).fill(2), [["b", 50_000]])];
    expect(extents(x.mul(y).sum(["a", "b"]))).toEqual([[[50_000, 50_000]]]);
    // a contiguous random draw over 2 × 2^30 would collapse into one loop of 2^31: kept as two
    expect(extents(rand([["a", 2], ["b", LOOP_LIMIT]], { seed: 3 }).sum(["a", "b"]))).toEqual([[[2, LOOP_LIMIT]]]);
  });

  it("a kernel whose loops fit is returned as it is", () => {
    const k = lowerKernels([arange("a", 1000).sum("a").node])[0]!.kernel;
    expect(splitLongLoops(k)).toBe(k);
  });

  it("WebGPU's rows template nests the loops before its flat counter when their points exceed LOOP_LIMIT", () => {
    const [x, y] = [tensor(new Float32Array(50_000).fill(0.5), [["a", 50_000]]), tensor(new Float32Array(50_000).fill(2), [["b", 50_000]])];
    const caps = { maxInvocations: 256, maxWorkgroupSizeX: 256, maxWorkgroupsPerDimension: 65535, maxWorkgroupStorage: 16384 };
    const [k] = lowerKernels([x.mul(y).sum(["a", "b"]).node], { passes: webgpuPasses });
    const g = generateWgsl(k!.kernel, caps);
    expect(g.template).toBe("rows");
    expect(g.code).toMatch(/for \(var v\d+ = 0i; v\d+ < 50000i; v\d+\+\+\)/);
    // the flat counter runs over b alone, in blocks; x[a] is read once per round of the loop over a
    expect(g.code).toContain("min(b + 16384i, 50000i)");
    expect(g.code.indexOf("in0[")).toBeLessThan(g.code.indexOf("for (var b"));
    expect(g.code).not.toContain("2500000000");
  });

  it("the reference engine refuses a node it would hold in more than 2^28 float64s, naming the dims", () => {
    const device = new CpuDevice({ engine: "reference" });
    const big = arange("a", 2 ** 31 + 3).sum("a").node;
    expect(() => realizeOn(device, [big])).toThrow(ShapeError);
    expect(() => realizeOn(device, [big])).toThrow("the reference engine holds every value of { a: 2147483651 } in float64: 2147483651 elements are more than the 2^28");
    // below it, it computes
    const small = arange("a", 1000).sum("a").node;
    realizeOn(device, [small]);
    expect(small.storage).toBeDefined();
  });

  it("an int32 iota whose values leave int32 is refused with the loop and the top value, not wrapped", () => {
    const n = 2 ** 31 + 3;
    expect(() => arange("a", n, { dtype: "int32" }).narrow("a", 2 ** 31, 3, "t").dataSync()).toThrow(ShapeError);
    expect(() => arange("a", n, { dtype: "int32" }).narrow("a", 2 ** 31, 3, "t").dataSync()).toThrow(
      `the int32 values of an iota over "t" (3) reach 2147483650, past int32's 2^31 - 1: use a float32 arange`,
    );
    expect(() => arange("a", n, { dtype: "int32" }).sum("a").dataSync()).toThrow(`the int32 values of an iota over "a_rest" (3) reach 2147483650`);
    // up to 2^31 - 1 it counts
    expect(Array.from(arange("a", n, { dtype: "int32" }).narrow("a", 2 ** 31 - 3, 3, "t").dataSync())).toEqual([2 ** 31 - 3, 2 ** 31 - 2, 2 ** 31 - 1]);
  });
});
