// Fusion, measured: each fused expression runs as the expected number of kernels and allocates nothing but
// its output (plus, for contractions, the packing scratch) — no temporaries; and calling it again on new
// data compiles nothing (the structural-hash cache hits).
import { describe, expect, it } from "vitest";
import type { CpuDevice } from "../../src/backend/cpu/device.js";
import { type Tensor, getDefaultDevice, kernelStats, randn, tensor } from "../../src/index.js";

type Any = Tensor<any, any>;
const cpu = (): CpuDevice => getDefaultDevice() as unknown as CpuDevice;
let seed = 100;
const r = (dims: [string, number][]): Any => (randn(dims as any, { seed: seed++ }) as Any).materialize();

function measure(build: () => Any): { launches: number; compiled: number; allocations: number; bytes: number; outputBytes: number } {
  const y = build();
  const [k0, a0, b0] = [kernelStats(), cpu().heap.allocations, cpu().heap.bytesAllocated];
  y.materialize();
  const [k1, a1, b1] = [kernelStats(), cpu().heap.allocations, cpu().heap.bytesAllocated];
  return { launches: k1.launches - k0.launches, compiled: k1.compiled - k0.compiled, allocations: a1 - a0, bytes: b1 - b0, outputBytes: y.numel * 4 };
}

const N = 1 << 14;
const fused: [string, () => Any, number, boolean][] = [
  ["sigmoid as 1/(1+exp(-x))", () => tensor([1], [["one", 1]]).sum("one").div(r([["i", N]]).neg().exp().add(1)), 1, false],
  ["x.sigmoid()", () => r([["i", N]]).sigmoid(), 1, false],
  ["tanh(a*b+c)", () => r([["i", N]]).mul(r([["i", N]])).add(r([["i", N]])).tanh(), 1, false],
  ["sum(a*b+c, k)", () => r([["r", 64], ["k", 256]]).mul(r([["k", 256]])).add(r([["r", 64], ["k", 256]])).sum("k"), 1, false],
  ["softmax", () => r([["r", 64], ["c", 256]]).softmax("c"), 1, false],
  ["logSoftmax", () => r([["r", 64], ["c", 256]]).logSoftmax("c"), 1, false],
  ["logsumexp", () => r([["r", 64], ["c", 256]]).logsumexp("c"), 1, false],
  ["layer norm", () => {
    const x = r([["b", 64], ["e", 128]]);
    const c = x.sub(x.mean("e"));
    return c.mul(c.mul(c).mean("e").add(1e-5).rsqrt());
  }, 1, false],
  ["matmul with bias and gelu epilogue", () => r([["i", 64], ["k", 96]]).dot("k", r([["k", 96], ["j", 80]])).add(r([["j", 80]])).gelu(), 1, true],
  ["views fuse: transposed, split, narrowed operands", () => r([["a", 32], ["b", 48]]).transpose("b", "a").split("b", [["b1", 6], "b2"]).narrow("a", 2, 20, "a2").exp(), 1, false],
];

describe("fused expressions: one kernel, no temporaries", () => {
  for (const [name, build, kernels, contraction] of fused) {
    it(name, () => {
      const m = measure(build);
      expect(m.launches).toBe(kernels);
      // the output is the only allocation (a contraction adds its packing scratch)
      expect(m.allocations).toBe(contraction ? 2 : 1);
      if (!contraction) expect(m.bytes).toBeLessThanOrEqual(Math.max(64, 2 ** Math.ceil(Math.log2(m.outputBytes))));
    });
  }
  it("attention is one online-softmax kernel: scores, softmax and weighted sum, no temporaries", () => {
    const [q, k, v] = [r([["b", 2], ["q", 16], ["d", 8]]), r([["b", 2], ["key", 16], ["d", 8]]), r([["b", 2], ["key", 16], ["d", 8]])];
    const m = measure(() => q.dot("d", k).softmax("key").dot("key", v));
    expect(m.launches).toBe(1);
    // the output and the CPU flash form's per-thread tile scratch (queries transposed, a block's weights)
    expect(m.allocations).toBe(2);
  });
  it("a second call on new data compiles nothing", () => {
    const f = (): Any => r([["r", 33], ["c", 65]]).mul(r([["c", 65]])).softmax("c").sum("r");
    measure(f);
    const again = measure(f);
    expect(again.launches).toBeGreaterThan(0);
    expect(again.compiled).toBe(0);
  });
  it("the temporaries of a multi-kernel program are freed right after it", () => {
    const before = cpu().heap.bytesInUse;
    const [q, k, v] = [r([["b", 2], ["q", 16], ["d", 8]]), r([["b", 2], ["key", 16], ["d", 8]]), r([["b", 2], ["key", 16], ["d", 8]])];
    const mid = cpu().heap.bytesInUse;
    const y = q.dot("d", k).softmax("key").dot("key", v).materialize();
    expect(cpu().heap.bytesInUse - mid).toBe(2 ** Math.ceil(Math.log2(y.numel * 4)));
    y.dispose();
    expect(cpu().heap.bytesInUse - before).toBe(mid - before);
  });
});
