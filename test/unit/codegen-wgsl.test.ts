// The WGSL generator without a GPU: a fixed corpus of expressions (every template, every kind of load, the
// helpers) lowered on the CPU and generated for fixed adapter limits, compared with committed snapshots; every
// shader is also validated by Tint through Dawn's null backend (no driver needed). Plus properties that must
// hold whatever the snapshots say: helpers only when used, 2-D dispatch past the workgroup limit, bindings
// only for what a kernel reads, adapter limits respected.
import { create } from "webgpu";
import { beforeAll, describe, expect, it } from "vitest";
import { full, rand, tensor, valueAndGrad, where } from "../../src/index.js";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { webgpuPasses } from "../../src/backend/webgpu/device.js";
import { type WgslCaps, type WgslKernel, generateWgsl } from "../../src/backend/webgpu/wgsl/codegen.js";
import { scatterAddKernel, zeroKernel } from "../../src/backend/webgpu/wgsl/scatter.js";
import { rankKernel } from "../../src/backend/webgpu/wgsl/sort.js";
import { layerNorm } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";

const caps: WgslCaps = { maxInvocations: 256, maxWorkgroupSizeX: 256, maxWorkgroupsPerDimension: 65535, maxWorkgroupStorage: 16384 };
/** Deterministic values (the generated code does not depend on them). */
const values = (n: number): Float32Array => Float32Array.from({ length: n }, (_, i) => ((i * 7) % 11) / 11 - 0.5);
const t = (dims: [string, number][]): AnyTensor => tensor(values(dims.reduce((n, [, s]) => n * s, 1)), dims) as unknown as AnyTensor;
const kernels = (x: unknown, c: WgslCaps = caps): WgslKernel[] =>
  lowerKernels([(x as AnyTensor).node], { passes: webgpuPasses }).map((s) => generateWgsl(s.kernel, c));

/** The corpus: a name and the expression whose kernels are generated. */
const corpus: [string, () => unknown][] = [
  ["vec4 map: tanh(a·b + 1)", () => t([["r", 8], ["c", 16]]).mul(t([["r", 8], ["c", 16]])).add(1).tanh()],
  ["scalar map: broadcast over an odd dim", () => t([["a", 7], ["b", 3]]).add(t([["b", 3]]))],
  ["sigmoid as 1/(1+exp(-x))", () => full([], 1).div(t([["i", 64]]).neg().exp().add(1))],
  ["leaky relu with where, then a cast to int32", () => {
    const x = t([["i", 40]]);
    return where(x.gt(0), x, x.mul(0.1)).cast("int32");
  }],
  ["bool logic and comparison with NaN-aware ne", () => t([["i", 12]]).ne(t([["i", 12]])).logicalAnd(t([["i", 12]]).le(0.25))],
  ["pow, erf, log, sqrt helpers", () => t([["i", 16]]).abs().pow(1.5).add(t([["i", 16]]).erf()).add(t([["i", 16]]).abs().log()).sqrt()],
  ["softmax: one workgroup per row", () => t([["r", 4], ["c", 300]]).softmax("c")],
  ["short sum: one invocation per row", () => t([["r", 2000], ["c", 5]]).sum("c")],
  ["layer norm: mean and variance phases", () => layerNorm(t([["r", 6], ["h", 256]]) as never, "h" as never, t([["h", 256]]) as never, t([["h", 256]]) as never)],
  ["tiled matmul with bias and relu", () => t([["m", 64], ["k", 32]]).dot("k", t([["k", 32], ["n", 48]])).add(t([["n", 48]])).relu()],
  ["gather with a range check", () => t([["h", 5], ["w", 3]]).indexSelect("h", tensor(new Int32Array([0, 4, 2, 1]), [["k", 4]]).add(0))],
  ["pad: guarded loads", () => t([["s", 10], ["f", 4]]).pad({ s: [2, 3] }, -1)],
  ["cumsum: a scan", () => t([["r", 3], ["s", 9]]).cumsum("s")],
  ["sort keys (the rank kernel is separate)", () => t([["r", 3], ["s", 9]]).exp().sort("s").indices],
  ["random uniform", () => rand([["a", 5], ["b", 7]], { seed: 3 }).mul(2)],
  ["vec4 fill: a scalar stored 4 lanes wide", () => full([["i", 64]], 0.25)],
  ["attention: one online-softmax kernel", () => t([["q", 6], ["d", 8]]).dot("d", t([["key", 9], ["d", 8]])).mul(0.25).softmax("key").dot("key", t([["key", 9], ["e", 8]]))],
  ["attention over 4096 rows: an invocation per row", () => t([["b", 2], ["q", 2048], ["d", 8]]).dot("d", t([["b", 2], ["key", 9], ["d", 8]])).mul(0.25).softmax("key").dot("key", t([["b", 2], ["key", 9], ["e", 8]]))],
  ["vec4 store of a lane-invariant value", () => t([["r", 8]]).exp().add(full([["r", 8], ["c", 16]], 1))],
  ["mean over an empty dim", () => t([["a", 0], ["b", 3]]).mean("a")],
];

let device: GPUDevice;
beforeAll(async () => {
  // Dawn's null backend: Tint validates WGSL, nothing runs (no Vulkan driver needed). Held for the process.
  const gpu = ((globalThis as { __ntNullDawn?: GPU }).__ntNullDawn ??= create(["backend=null"]));
  const adapter = await gpu.requestAdapter();
  device = await adapter!.requestDevice({ requiredFeatures: ["shader-f16", "subgroups"].filter((f) => adapter!.features.has(f)) as GPUFeatureName[] });
});

/** Tint's errors for a shader ("" when it is valid). */
async function tint(code: string): Promise<string> {
  const info = await device.createShaderModule({ code }).getCompilationInfo();
  return info.messages.filter((m) => m.type === "error").map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join("\n");
}

describe("WGSL generation", () => {
  it.each(corpus)("%s", async (name, make) => {
    const ks = kernels(make());
    expect(ks.length).toBeGreaterThan(0);
    for (const k of ks) expect(await tint(k.code), `${name}:\n${k.code}`).toBe("");
    expect(ks.map((k) => `// ${k.template}, dispatch ${k.dispatch.join("×")}\n${k.code}`).join("\n")).toMatchSnapshot();
  });

  it("the rank kernel of sort, ascending and descending, for floats and ints", async () => {
    for (const type of ["f32", "i32"] as const)
      for (const descending of [false, true]) {
        const k = rankKernel(type, descending, caps, { n: 9, stride: 1, total: 27 });
        expect(await tint(k.code)).toBe("");
        expect(k.code).toMatchSnapshot(`${type} ${descending ? "descending" : "ascending"}`);
      }
  });

  it("the scatter-add routine's two shaders: clear, then a compare-exchange add per value with its index checked", async () => {
    const zero = zeroKernel(40, caps);
    const scatter = scatterAddKernel({ kind: "scatterAdd", sizes: [6, 5, 4], indexStrides: [5, 1, 0], outStrides: [0, 0, 1], axisStride: 4, limit: 10, dim: "vocab", outLength: 40 }, caps);
    for (const k of [zero, scatter]) expect(await tint(k.code), k.code).toBe("");
    expect(scatter.code).toContain("atomicCompareExchangeWeak");
    expect(scatter.code).toContain("if (i < 0 || i >= 10)");
    expect(`${zero.code}\n${scatter.code}`).toMatchSnapshot();
  });

  it("emits helper functions only when an operation needs them", () => {
    const [plain] = kernels(t([["i", 16]]).add(t([["i", 16]])));
    expect(plain!.code).not.toContain("fn nt_");
    const [root] = kernels(t([["i", 16]]).sqrt());
    expect(root!.code).toContain("fn nt_sqrt4(");
    expect(root!.code).not.toContain("fn nt_sign");
    expect(root!.code).not.toContain("fn nt_sqrt("); // the scalar width is not used
    // exp is decomposed over the IR (passes/decompose.ts): arithmetic and bit casts, no helper of its own.
    const [exp] = kernels(t([["i", 16]]).exp());
    expect(exp!.code).not.toContain("fn nt_exp");
    expect(exp!.code).toContain("bitcast<vec4<f32>>");
  });

  // kernels with several outputs (ir.ts rowOutputs, accumulations): attention's training step fused at every
  // size (the suites' setup) — the forward storing the row max and sum, dk accumulating dv — valid WGSL whose
  // further outputs are bound read_write after the vec4 inputs; a sum across rows (the CPU's dq) has no WGSL form
  it("attention's training step: the online kernels with several outputs validate, their buffers bound read_write", async () => {
    const [q, k, v, w] = [t([["b", 2], ["q", 13], ["d", 5]]), t([["b", 2], ["key", 13], ["d", 5]]), t([["b", 2], ["key", 13], ["e", 8]]), t([["b", 2], ["q", 13], ["e", 8]])] as any[];
    const { value, grads } = valueAndGrad((q: any, k: any, v: any) => q.dot("d", k).mul(0.3).softmax("key").dot("key", v).mul(w).sum(["b", "q", "e"]))(q, k, v) as any;
    const steps = lowerKernels([value.node, ...grads.map((g: any) => g.node)], { passes: webgpuPasses, maxOnlineInputs: 14 }).filter((s) => s.kernel.online);
    expect(steps.map((s) => s.more.length).sort()).toEqual([0, 1, 2]);
    for (const s of steps) {
      const g = generateWgsl(s.kernel, caps);
      expect(await tint(g.code), g.code).toBe("");
      expect(g.more ?? 0).toBe(s.more.length);
      for (let j = 1; j <= s.more.length; j++) expect(g.code).toMatch(new RegExp(`var<storage, read_write> out${j}: array<f32>`));
    }
    const cpu = lowerKernels([value.node, ...grads.map((g: any) => g.node)], { passes: webgpuPasses, accumulateAcrossRows: true }).find((s) => (s.kernel.online?.accumulations?.length ?? 0) > 1)!;
    expect(() => generateWgsl(cpu.kernel, caps)).toThrow(/across/);
  });

  it("binds only the inputs a kernel reads, as vec4 where aligned", () => {
    const [k] = kernels(t([["r", 8], ["c", 16]]).add(t([["c", 16]])));
    expect(k!.template).toBe("vec4");
    expect(k!.vectorInputs).toEqual([0, 1]);
    expect(k!.scalarInputs).toEqual([]);
    expect(k!.code).toContain("var<storage, read_write> out: array<vec4<f32>>");
  });

  it("an in-place variant reads the input written over from `out` (read_write) and binds it no more", async () => {
    // an optimizer's update w - 0.1·g (vec4, then an odd size: scalar), written over w's buffer (input 0)
    for (const [size, template] of [[64, "vec4"], [63, "elementwise"]] as const) {
      const w = t([["i", size]]);
      const [s] = lowerKernels([w.sub(t([["i", size]]).mul(0.1)).node], { passes: webgpuPasses });
      const at = 0; // both inputs are read at the element written
      expect(s!.kernel.inputs.map((i) => i.length)).toEqual([size, size]);
      const normal = generateWgsl(s!.kernel, caps);
      const inPlace = generateWgsl(s!.kernel, caps, new Set([at]));
      expect([normal.template, inPlace.template]).toEqual([template, template]);
      expect(await tint(inPlace.code), inPlace.code).toBe("");
      expect([...normal.scalarInputs, ...normal.vectorInputs]).toContain(at);
      expect([...inPlace.scalarInputs, ...inPlace.vectorInputs]).not.toContain(at);
      expect(inPlace.code).not.toMatch(new RegExp(`var<storage, read> in${at}v?:`));
      expect(inPlace.code).toContain("var<storage, read_write> out:");
      expect(inPlace.code).toMatch(template === "vec4" ? /= out\[[^\]]+ \/ 4i\]/ : /out\[[^\]]+\]/);
      expect(inPlace.dispatch).toEqual(normal.dispatch);
    }
    // sin's exact branch for large arguments (rare) runs one lane at a time, over the vec4 read from out
    const [trig] = lowerKernels([t([["i", 64]]).sin().node], { passes: webgpuPasses });
    const rare = generateWgsl(trig!.kernel, caps, new Set([0]));
    expect(rare.template).toBe("vec4");
    expect(await tint(rare.code), rare.code).toBe("");
    expect(rare.code).toMatch(/= out\[v\d+ \/ 4i\];/);
    expect(rare.code).not.toMatch(/var<storage, read> in0/);
    // after a reduction: plain SGD's w - 0.1·Σ_b x·g (the tiled contraction's epilogue) and w + Σ_c x (rows,
    // threads) read w from `out` at the element they store
    const w = t([["i", 64], ["j", 64]]);
    const update = w.sub(t([["b", 32], ["i", 64]]).dot("b", t([["b", 32], ["j", 64]])).mul(0.1));
    const rowSum = (c: number) => t([["i", 64]]).add(t([["i", 64], ["c", c]]).sum("c"));
    for (const [node, template] of [[update.node, "tiled"], [rowSum(512).node, "rows"], [rowSum(8).node, "threads"]] as const) {
      const [s] = lowerKernels([node], { passes: webgpuPasses });
      const at = s!.kernel.inputs.findIndex((i) => i.length === s!.kernel.output.length);
      const inPlace = generateWgsl(s!.kernel, caps, new Set([at]));
      expect(inPlace.template).toBe(template);
      expect(await tint(inPlace.code), inPlace.code).toBe("");
      expect([...inPlace.scalarInputs, ...inPlace.vectorInputs]).not.toContain(at);
      expect(inPlace.code).not.toMatch(new RegExp(`var<storage, read> in${at}v?:`));
    }
    // an online or scan kernel never writes an input in place
    const [scan] = lowerKernels([t([["r", 8], ["c", 16]]).cumsum("c").node], { passes: webgpuPasses });
    expect(() => generateWgsl(scan!.kernel, caps, new Set([0]))).toThrow(/online or scan/);
  });

  it("dispatches in two dimensions past maxComputeWorkgroupsPerDimension, and respects 256 invocations", async () => {
    const small: WgslCaps = { ...caps, maxWorkgroupsPerDimension: 8, maxInvocations: 64, maxWorkgroupSizeX: 64 };
    const [k] = kernels(t([["r", 40], ["c", 300]]).softmax("c"), small);
    expect(k!.dispatch).toEqual([8, 5, 1]);
    expect(k!.code).toContain("let group = i32(wid.x + wid.y * nwg.x);");
    expect(k!.code).toContain("@workgroup_size(64)");
    expect(await tint(k!.code)).toBe("");
    const [m] = kernels(t([["m", 512], ["k", 64]]).dot("k", t([["k", 64], ["n", 512]])));
    expect(m!.template).toBe("tiled");
    expect(m!.code).toContain("@workgroup_size(16, 16)"); // 256 invocations
    const [m64] = kernels(t([["m", 512], ["k", 64]]).dot("k", t([["k", 64], ["n", 512]])), { ...caps, maxInvocations: 64, maxWorkgroupSizeX: 64 });
    expect(m64!.code).toContain("@workgroup_size(8, 8)");
  });

  it("reductions shuffle within subgroups where the device has them (and every subgroup fits the workgroup)", async () => {
    const sm = () => t([["r", 4], ["c", 300]]).softmax("c");
    expect(kernels(sm())[0]!.code).not.toContain("subgroup");
    const [k] = kernels(sm(), { ...caps, subgroupMaxSize: 8 });
    expect(k!.code).toContain("enable subgroups;");
    expect(k!.code).toContain("subgroupShuffleXor");
    expect(kernels(sm(), { ...caps, subgroupMaxSize: 128 })[0]!.code).not.toContain("subgroup");
    expect(device.features.has("subgroups")).toBe(true);
    expect(await tint(k!.code)).toBe("");
    expect(k!.code).toMatchSnapshot();
  });

  it("f16 contraction tiles only when asked (and the adapter has shader-f16)", async () => {
    const mm = () => t([["m", 64], ["k", 32]]).dot("k", t([["k", 32], ["n", 48]]));
    expect(kernels(mm())[0]!.code).not.toContain("f16");
    const [k] = kernels(mm(), { ...caps, f16: true });
    expect(k!.code).toContain("enable f16;");
    expect(k!.code).toContain("array<vec4<f16>");
    if (device.features.has("shader-f16")) expect(await tint(k!.code)).toBe("");
  });
});
