// The WebGPU device itself (the op suites run on it through NT_DEVICES=cpu,webgpu): the template each kernel
// shape gets and its values against float64 loops (tiled contractions with prologues, epilogues, batches and
// transposes; rows; vec4), the pipeline cache, buffer accounting (dispose, temporaries, the GC backstop, pool
// reuse), gather range errors surfacing on read, 2-D dispatch past 65535 workgroups, the binding-size limit,
// transfers, strided reads, f16 contractions and the random generator agreeing with the CPU bit for bit.
// Without an adapter it checks the setup error instead; with WEBGPU_REQUIRED=1 a missing adapter fails.
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { ShapeError, adam, getDevice, kernelStats, rand, setDevice, tensor, variable } from "../../src/index.js";
import type { WebGpuDevice } from "../../src/backend/webgpu/device.js";
import { lowerGraph, lowerKernels } from "../../src/backend/kernel/lower.js";
import { webgpuPasses } from "../../src/backend/webgpu/device.js";
import { generateWgsl } from "../../src/backend/webgpu/wgsl/codegen.js";
import type { AnyTensor } from "../../src/tensor.js";
import { indexRange } from "../../src/types/errors.js";
import { type Layout, expectClose, expectSame, naiveDot, naiveMap, naiveReduce } from "../helpers/naive.js";
import { randomFloats, randomInts } from "../helpers/random.js";

const loose = (t: unknown): AnyTensor & Record<string, any> => t as AnyTensor & Record<string, any>;
const found = await getDevice("webgpu").then(
  (d) => d as WebGpuDevice,
  (e: Error) => e,
);

if (found instanceof Error) describe("webgpu without an adapter", () => {
  it("fails with the setup sentence (and fails the run when WEBGPU_REQUIRED=1)", () => {
    expect(process.env.WEBGPU_REQUIRED, `WEBGPU_REQUIRED=1 but: ${(found as Error).message}`).not.toBe("1");
    expect((found as Error).message).toMatch(/^(no WebGPU adapter|WebGPU in Node needs the optional package "webgpu")/);
  });
});

else describe("webgpu device", () => {
  const gpu = found as WebGpuDevice;
  const caps = () => ({
    maxInvocations: gpu.gpu.limits.maxComputeInvocationsPerWorkgroup,
    maxWorkgroupSizeX: gpu.gpu.limits.maxComputeWorkgroupSizeX,
    maxWorkgroupsPerDimension: gpu.gpu.limits.maxComputeWorkgroupsPerDimension,
    maxWorkgroupStorage: gpu.gpu.limits.maxComputeWorkgroupStorageSize,
  });
  const templateOf = (t: unknown): string[] => lowerKernels([loose(t).node], { passes: webgpuPasses }).map((s) => generateWgsl(s.kernel, caps()).template);
  const on = (values: Float32Array | Int32Array, layout: Layout) => loose(tensor(values, layout));

  it("names its adapter and computes on it", async () => {
    await setDevice("webgpu");
    expect(gpu.adapter.length).toBeGreaterThan(0);
    const x = randomFloats(37);
    const t = on(x, [["i", 37]]);
    expect(t.device).toBe("webgpu");
    expectClose(await t.mul(2).add(1).data(), naiveMap(x, (v) => 2 * v + 1));
  });

  describe("contractions use the tiled template, with prologues, epilogues, batches and transposes", () => {
    const [M, K, N] = [70, 45, 52];
    it("C = A·B at sizes that are not multiples of the tile", async () => {
      const [a, b] = [randomFloats(M * K), randomFloats(K * N)];
      const [la, lb]: [Layout, Layout] = [[["m", M], ["k", K]], [["k", K], ["n", N]]];
      const c = on(a, la).dot("k", on(b, lb));
      expect(templateOf(c)).toEqual(["tiled"]);
      expectClose(await c.data(), naiveDot(a, la, b, lb, ["k"], [["m", M], ["n", N]]), 1e-5, 1e-5);
    });
    it("a transposed, batched contraction with a scale on a factor and bias + relu after", async () => {
      const B = 3;
      const [a, b, bias] = [randomFloats(K * B * M, -1, 1), randomFloats(B * N * K), randomFloats(N)];
      const [la, lb]: [Layout, Layout] = [[["k", K], ["b", B], ["m", M]], [["b", B], ["n", N], ["k", K]]];
      const c = on(a, la).mul(0.5).add(0.25).dot("k", on(b, lb)).add(on(bias, [["n", N]])).relu();
      expect(templateOf(c)).toEqual(["tiled"]);
      const ea = naiveMap(a, (v) => v * 0.5 + 0.25);
      const out: Layout = [["b", B], ["m", M], ["n", N]];
      const dims = loose(c).dims as string[];
      const layout = dims.map((d) => out.find(([n]) => n === d)!) as Layout;
      const sum = naiveDot(ea, la, b, lb, ["k"], layout);
      const want = sum.map((v, i) => Math.max(0, v + bias[i % N]!));
      expectClose(await c.data(), want, 1e-5, 1e-5);
    });
    it("a matrix–vector product is not tiled (too few rows) and still matches", async () => {
      const [a, v] = [randomFloats(M * K), randomFloats(K)];
      const c = on(a, [["m", M], ["k", K]]).dot("k", on(v, [["k", K]]));
      expect(templateOf(c)).not.toContain("tiled");
      expectClose(await c.data(), naiveDot(a, [["m", M], ["k", K]], v, [["k", K]], ["k"], [["m", M]]), 1e-5, 1e-5);
    });
  });

  it("softmax runs one workgroup per row, short sums one invocation per row, contiguous maps as vec4", async () => {
    const x = randomFloats(9 * 300);
    const t = on(x, [["r", 9], ["c", 300]]);
    expect(templateOf(t.softmax("c"))).toEqual(["rows"]);
    const rowMax = naiveReduce(x, [["r", 9], ["c", 300]], [["r", 9]], -Infinity, Math.max);
    const got = await t.softmax("c").data();
    for (let r = 0; r < 9; r++) {
      let s = 0;
      for (let c = 0; c < 300; c++) s += Math.exp(x[r * 300 + c]! - rowMax[r]!);
      for (let c = 0; c < 300; c += 37) expect(Math.abs(got[r * 300 + c]! - Math.exp(x[r * 300 + c]! - rowMax[r]!) / s)).toBeLessThan(1e-6);
    }
    const small = on(randomFloats(2000 * 5), [["r", 2000], ["c", 5]]);
    expect(templateOf(small.sum("c"))).toEqual(["threads"]);
    expect(templateOf(t.exp().mul(2))).toEqual(["vec4"]);
    expect(templateOf(on(randomFloats(7 * 3), [["a", 7], ["b", 3]]).add(1))).toEqual(["elementwise"]);
  });

  it("compiles a kernel once: the same expression on new data replays its program (or hits the pipeline cache)", async () => {
    const run = async () => {
      const x = on(randomFloats(123), [["i", 123]]);
      return x.tanh().mul(x).sum("i").data();
    };
    await run();
    const before = kernelStats();
    await run();
    const after = kernelStats();
    expect(after.compiled - before.compiled).toBe(0);
    expect(after.replays - before.replays).toBe(1);
    expect(after.lowerings - before.lowerings).toBe(0);
    expect(after.launches - before.launches).toBeGreaterThanOrEqual(1);
    expect(gpu.stats.cacheHits).toBeGreaterThanOrEqual(after.cacheHits - before.cacheHits);
  });

  describe("GPU buffers are never leaked", () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    /** Collects what earlier tests dropped, until the live count stops changing. */
    const settle = async (): Promise<number> => {
      let last = -1;
      while (gpu.live !== last) {
        last = gpu.live;
        gc();
        await new Promise((r) => setTimeout(r, 10));
      }
      return gpu.live;
    };
    it("dispose releases at once; a program's temporaries are released right after it", async () => {
      const base = await settle();
      const x = on(randomFloats(40 * 50), [["r", 40], ["c", 50]]);
      const w = on(randomFloats(50 * 30), [["c", 50], ["o", 30]]);
      expect(gpu.live).toBe(base + 2);
      // softmax over c is materialised by its own kernel (a temporary), then contracted.
      const y = x.softmax("c").exp().dot("c", w).materialize();
      expect(lowerGraph([loose(x.softmax("c").exp().dot("c", w)).node]).length).toBeGreaterThan(1);
      expect(gpu.live).toBe(base + 3);
      await y.data();
      // The collector may free earlier tests' buffers during the await: count from after it.
      const held = gpu.live;
      for (const t of [x, w, y]) t.dispose();
      expect(gpu.live).toBe(held - 3);
    });
    it("the pool reuses buffers: a loop allocates nothing after its first step", async () => {
      const step = async () => {
        const x = on(randomFloats(1000), [["i", 1000]]);
        const y = x.mul(3).add(1).materialize();
        await y.data();
        x.dispose();
        y.dispose();
      };
      await step();
      const allocated = gpu.allocatedBuffers;
      for (let i = 0; i < 10; i++) await step();
      expect(gpu.allocatedBuffers).toBe(allocated);
    });
    it("a replayed training step allocates nothing: no GPUBuffer, bind group or query set once the pool settles", async () => {
      await setDevice("webgpu");
      await settle();
      const W = variable(tensor(randomFloats(8 * 5), [["k", 8], ["j", 5]]));
      const E = variable(tensor(randomFloats(6 * 8), [["word", 6], ["k", 8]]));
      const ids = tensor(Int32Array.from([1, 4, 0, 5, 4]), [["b", 5]]);
      const opt = adam({ lr: 0.01 });
      // A gather (status words), a contraction, a softmax and Adam's update: every kind of launch a step has.
      // The step is traced (opt.trace): its program and temporaries are fixed, so only the pool's rotation of the
      // variables' new values remains, and that settles (the untraced step also binds a program each commit, and
      // buffers freed by the garbage collector at any await make its rotation vary).
      const traced = opt.trace(() => loose(E).indexSelect("word", ids).dot("k", W).softmax("j").log().neg().mean("b").sum("j") as never);
      const step = () => traced();
      // The first step records its program and the optimizer's state. The variables' and moments' new values are
      // written over their buffers (in place) from the second step on; a value that is not (the first steps, while
      // the initial tensors share them) alternates between pooled buffers, which settles within a few steps.
      for (let i = 0; i < 8; i++) await step();
      const device = gpu.gpu as GPUDevice & Record<string, unknown>;
      const counted = ["createBuffer", "createBindGroup", "createQuerySet"] as const;
      const calls = Object.fromEntries(counted.map((m) => [m, 0])) as Record<(typeof counted)[number], number>;
      const originals = counted.map((m) => [m, device[m]] as const);
      for (const [m, f] of originals) device[m] = ((...args: unknown[]) => (calls[m]++, (f as (...a: unknown[]) => unknown).apply(device, args))) as never;
      const before = kernelStats();
      try {
        for (let i = 0; i < 4; i++) await step();
      } finally {
        for (const [m, f] of originals) device[m] = f as never;
      }
      const after = kernelStats();
      expect([after.traces - before.traces, after.lowerings - before.lowerings]).toEqual([0, 0]); // runs of the traced program
      expect(after.launches - before.launches).toBeGreaterThanOrEqual(4 * 8);
      expect(calls).toEqual({ createBuffer: 0, createBindGroup: 0, createQuerySet: 0 });
    });
    it("timing: kernelStats().timings has each launched kernel's GPU time from timestamp queries", async () => {
      expect(gpu.gpu.features.has("timestamp-query")).toBe(true);
      gpu.timing = true;
      try {
        const x = on(randomFloats(4096), [["i", 64], ["k", 64]]);
        const y = x.exp().dot("k", x.rename({ i: "j" })).materialize();
        const z = y.softmax("j").materialize();
        await z.data();
        const timings = kernelStats().timings ?? [];
        expect(timings.length).toBeGreaterThanOrEqual(2);
        for (const t of timings) {
          expect(t.launches).toBeGreaterThanOrEqual(1);
          expect(t.nanoseconds).toBeGreaterThanOrEqual(0);
          expect(t.label.length).toBeGreaterThan(0);
        }
        // The longest first, and the matrix product took measurable time.
        expect(timings.map((t) => t.nanoseconds)).toEqual([...timings.map((t) => t.nanoseconds)].sort((a, b) => b - a));
        expect(timings[0]!.nanoseconds).toBeGreaterThan(0);
        for (const t of [x, y, z]) t.dispose();
      } finally {
        gpu.timing = false;
      }
      expect(kernelStats().timings).toBeUndefined();
    });
    it("tensors dropped without dispose() are released by the FinalizationRegistry backstop", async () => {
      const base = await settle();
      (() => {
        for (let i = 0; i < 5; i++) on(randomFloats(64), [["i", 64]]).add(1).materialize();
      })();
      expect(gpu.live).toBeGreaterThan(base);
      for (let i = 0; i < 20 && gpu.live > base; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(gpu.live).toBe(base);
    });
  });

  it("a gather index out of range is the CPU's ShapeError when the result (or anything computed from it) is read", async () => {
    const lx: Layout = [["h", 5], ["w", 3]];
    const x = on(randomFloats(15), lx);
    for (const bad of [5, -1]) {
      const ids = randomInts(4, 0, 5);
      ids[1] = bad;
      const picked = x.indexSelect("h", on(ids, [["k", 4]]).add(0));
      const later = picked.mul(2).materialize();
      await expect(picked.data()).rejects.toThrow(new ShapeError(indexRange(bad, "h", 5)));
      await expect(later.data()).rejects.toThrow(new ShapeError(indexRange(bad, "h", 5)));
    }
    const good = randomInts(4, 0, 5);
    const ok = await x.indexSelect("h", on(good, [["k", 4]]).add(0)).data();
    expect(ok.length).toBe(12);
  });

  it("dispatches more than 65535 workgroups in two dimensions", async () => {
    const [R, C] = [66000, 128];
    const x = randomFloats(R * C, -1, 1);
    const t = on(x, [["r", R], ["c", C]]).sum("c");
    const [kernel] = lowerKernels([loose(t).node], { passes: webgpuPasses }).map((s) => generateWgsl(s.kernel, caps()));
    expect(kernel!.template).toBe("rows");
    expect(kernel!.dispatch[1]).toBeGreaterThan(1);
    expectClose(await t.data(), naiveReduce(x, [["r", R], ["c", C]], [["r", R]], 0, (a, v) => a + v), 1e-4, 1e-5);
    // The same path on a small tensor, with the limit lowered.
    gpu.maxWorkgroupsPerDimension = 7;
    try {
      const y = randomFloats(100 * 3);
      const ty = on(y, [["a", 100], ["b", 3]]);
      expectClose(await ty.exp().add(ty).data(), naiveMap(y, (v) => Math.exp(v) + v));
      expectClose(await on(y, [["a", 100], ["b", 3]]).softmax("a").sum("a").data(), [1, 1, 1]);
    } finally {
      gpu.maxWorkgroupsPerDimension = undefined;
    }
  });

  it("refuses a tensor larger than the adapter's storage binding with a clear error", () => {
    const limit = gpu.gpu.limits.maxStorageBufferBindingSize;
    const n = Math.floor(limit / 4) + 1;
    const big = loose(rand([["i", n]], { seed: 1 }));
    expect(() => big.materialize()).toThrow(
      `a float32 tensor of ${n} elements needs ${n * 4} bytes, more than this WebGPU adapter binds at once (maxStorageBufferBindingSize ${limit} bytes): split it, or compute it on the CPU`,
    );
  });

  it("moves tensors between devices with to(), for every dtype, and reads strided views", async () => {
    await setDevice("cpu");
    const f = randomFloats(6 * 4);
    const i = randomInts(6, -9, 9);
    const b = Uint8Array.from(randomInts(6, 0, 2));
    const [cf, ci, cb] = [loose(tensor(f, [["a", 6], ["b", 4]])), loose(tensor(i, [["a", 6]])), loose(tensor(b, [["a", 6]], { dtype: "bool" }))];
    const [gf, gi, gb] = await Promise.all([cf.to("webgpu"), ci.to("webgpu"), cb.to("webgpu")]);
    expect([gf.device, gi.device, gb.device]).toEqual(["webgpu", "webgpu", "webgpu"]);
    expectSame(await gi.data(), i);
    expectSame(await gb.data(), b);
    expect(await gb.data()).toBeInstanceOf(Uint8Array);
    const back = await loose(gf.mul(2)).to("cpu");
    expect(back.device).toBe("cpu");
    expectSame(back.dataSync(), Float32Array.from(f, (v) => v * 2));
    expectSame(cf.dataSync(), f);
    // A materialised tensor read through a transposed view (strides, no copy).
    const gT = loose(gf.materialize()).transpose("b", "a");
    const want = new Float32Array(24);
    for (let a = 0; a < 6; a++) for (let c = 0; c < 4; c++) want[c * 6 + a] = f[a * 4 + c]!;
    expectSame(await gT.data(), want);
    await setDevice("webgpu");
  });

  it("draws the same random numbers as the CPU, bit for bit", async () => {
    const gpuValues = await loose(rand([["a", 33], ["b", 7]], { seed: 1234 })).data();
    await setDevice("cpu");
    const cpuValues = loose(rand([["a", 33], ["b", 7]], { seed: 1234 })).dataSync();
    await setDevice("webgpu");
    expectSame(gpuValues, cpuValues);
  });

  it("contractions in f16 where the adapter has shader-f16 (opt-in), else f32", async () => {
    const [a, b] = [randomFloats(64 * 32), randomFloats(32 * 48)];
    const [la, lb]: [Layout, Layout] = [[["m", 64], ["k", 32]], [["k", 32], ["n", 48]]];
    const want = naiveDot(a, la, b, lb, ["k"], [["m", 64], ["n", 48]]);
    gpu.contractionPrecision = "f16";
    try {
      const c = on(a, la).dot("k", on(b, lb));
      const code = lowerKernels([loose(c).node], { passes: webgpuPasses }).map((s) => generateWgsl(s.kernel, { ...caps(), f16: gpu.hasF16 }).code)[0]!;
      expect(code.includes("enable f16;")).toBe(gpu.hasF16);
      // f16 keeps ~11 bits of each factor; f32 is exact to float rounding.
      expectClose(await c.data(), want, gpu.hasF16 ? 1e-2 : 1e-5, gpu.hasF16 ? 2e-2 : 1e-5);
    } finally {
      gpu.contractionPrecision = "f32";
    }
  });
});
