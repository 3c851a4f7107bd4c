// Attention's backward pass fused the flash-attention way (kernel/passes/online-softmax.ts, the weighted form):
// the gradients of q, k and v of softmax(scale · q·k, masked) · v — with a scale, causal and padding masks,
// private batch dims, inside the multi-head `attention` helper — give the values of independent float64 loops
// on fresh random inputs (odd sizes; sizes that take the SIMD paths) on every device, and a training step's
// program (forward and gradients) has no buffer of [query, key] size: its peak memory is linear in the sequence.
import { beforeAll, describe, expect, it } from "vitest";
import { CpuDevice } from "../../src/backend/cpu/device.js";
import { attention, arange, explain, getDefaultDevice, grad, materializeAll, memoryStats, tensor, valueAndGrad } from "../../src/index.js";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { gradcheck, input, loose, scalarize } from "../helpers/gradcheck.js";
import { type MaskFn, type Sizes, naiveProbabilities } from "../helpers/attention.js";
import { expectClose } from "../helpers/naive.js";
import { randomFloats, randomInts } from "../helpers/random.js";

type Any = any;

/**
 * Independent float64 loops for the loss Σ o · w, o = softmax_j(scale · q·k, masked) · v: the forward and the
 * textbook backward dV = Pᵀ·dO, dP = dO·Vᵀ, dS = P ∘ (dP − rowsum(P ∘ dP)), dQ = scale · dS·K, dK = scale · dSᵀ·Q.
 */
function naive(q: Float32Array, k: Float32Array, v: Float32Array, w: Float32Array, sizes: Sizes, scale: number, masked?: MaskFn) {
  const { B, Q, K, D, E } = sizes;
  const [o, dq, dk, dv] = [new Float64Array(B * Q * E), new Float64Array(B * Q * D), new Float64Array(B * K * D), new Float64Array(B * K * E)];
  for (let b = 0; b < B; b++)
    for (let i = 0; i < Q; i++) {
      const p = naiveProbabilities(q, k, sizes, b, i, scale, masked);
      const dp = p.map((_, j) => {
        let acc = 0;
        for (let e = 0; e < E; e++) acc += w[(b * Q + i) * E + e]! * v[(b * K + j) * E + e]!;
        return acc;
      });
      const rowsum = p.reduce((a, pj, j) => a + pj * dp[j]!, 0);
      p.forEach((pj, j) => {
        const ds = pj * (dp[j]! - rowsum) * scale;
        for (let e = 0; e < E; e++) {
          o[(b * Q + i) * E + e] = o[(b * Q + i) * E + e]! + pj * v[(b * K + j) * E + e]!;
          dv[(b * K + j) * E + e] = dv[(b * K + j) * E + e]! + pj * w[(b * Q + i) * E + e]!;
        }
        for (let d = 0; d < D; d++) {
          dq[(b * Q + i) * D + d] = dq[(b * Q + i) * D + d]! + ds * k[(b * K + j) * D + d]!;
          dk[(b * K + j) * D + d] = dk[(b * K + j) * D + d]! + ds * q[(b * Q + i) * D + d]!;
        }
      });
    }
  return { o, dq, dk, dv };
}

const inputs = (s: Sizes, batch: [string, number][] = [["b", s.B]]) => {
  const [qa, ka, va, wa] = [randomFloats(s.B * s.Q * s.D, -1, 1), randomFloats(s.B * s.K * s.D, -1, 1), randomFloats(s.B * s.K * s.E, -1, 1), randomFloats(s.B * s.Q * s.E, -1, 1)];
  const q = loose(tensor(qa, [...batch, ["q", s.Q], ["d", s.D]])).materialize();
  const k = loose(tensor(ka, [...batch, ["key", s.K], ["d", s.D]])).materialize();
  const v = loose(tensor(va, [...batch, ["key", s.K], ["e", s.E]])).materialize();
  const w = loose(tensor(wa, [...batch, ["q", s.Q], ["e", s.E]])).materialize();
  return { qa, ka, va, wa, q, k, v, w };
};

/** The largest buffer any kernel of the program computing `ts` writes (elements), from explain(). */
const largestOutput = (ts: readonly Any[]): number => Math.max(...ts.flatMap((t) => [...explain(t, { code: false }).matchAll(/-> out: \w+\[(\d+)\]/g)].map((m) => Number(m[1]))));

describe.each(deviceNames)("attention's fused backward on %s", (device) => {
  beforeAll(() => useDevice(device));

  const cases: [string, Sizes, number, ((s: Sizes) => MaskFn) | undefined][] = [
    ["odd sizes", { B: 2, Q: 7, K: 33, D: 5, E: 3 }, 1, undefined],
    ["odd sizes, scaled, causal", { B: 3, Q: 33, K: 33, D: 5, E: 7 }, 0.4, () => (_b, i, j) => j > i],
    ["head size 16, 37 keys (the SIMD paths and their leftovers)", { B: 2, Q: 21, K: 37, D: 16, E: 8 }, 0.25, undefined],
    ["head size 8, causal (the SIMD paths, whole masked blocks)", { B: 2, Q: 40, K: 40, D: 8, E: 8 }, 1 / Math.sqrt(8), () => (_b, i, j) => j > i],
    ["37 queries and keys, d 5, e 8, causal (dk with dv in one kernel: the flash form's leftover rows and keys)", { B: 2, Q: 37, K: 37, D: 5, E: 8 }, 0.45, () => (_b, i, j) => j > i],
  ];
  for (const [name, s, scale, mask] of cases) {
    it(`${name}: dq, dk and dv give the float64 loops' values`, async () => {
      const { qa, ka, va, wa, q, k, v, w } = inputs(s);
      const later = arange("key", s.K).dynamic().gt(arange("q", s.Q).dynamic());
      const loss = (q: Any, k: Any, v: Any) => {
        const scores = q.dot("d", k).mul(scale);
        return (mask ? scores.maskedFill(later, -Infinity) : scores).softmax("key").dot("key", v).mul(w).sum(["b", "q", "e"]);
      };
      const { value, grads } = valueAndGrad(loss)(q, k, v) as Any;
      // no kernel of the training step writes a [query, key] buffer
      expect(largestOutput([value, ...grads])).toBeLessThan(s.B * s.Q * s.K);
      await materializeAll([value, ...grads]);
      const want = naive(qa, ka, va, wa, s, scale, mask?.(s));
      const [dq, dk, dv] = (await Promise.all(grads.map((g: Any) => g.data()))) as Float32Array[];
      expectClose([(await value.data())[0]!], [want.o.reduce((a, o, i) => a + o * wa[i]!, 0)], 1e-4, 1e-4);
      expectClose(dq!, want.dq, 2e-4, 2e-5);
      expectClose(dk!, want.dk, 2e-4, 2e-5);
      expectClose(dv!, want.dv, 2e-4, 2e-5);
    });
  }

  it("the training step's kernels: the forward stores the row max and sum, dk and dv come from one kernel (and dq, where the device sums across rows)", () => {
    const s: Sizes = { B: 2, Q: 19, K: 23, D: 5, E: 4 };
    const { q, k, v, w } = inputs(s);
    const { value, grads } = valueAndGrad((q: Any, k: Any, v: Any) => q.dot("d", k).mul(0.3).softmax("key").dot("key", v).mul(w).sum(["b", "q", "e"]))(q, k, v) as Any;
    const dev = getDefaultDevice();
    if (dev.interpretsGraph) return;
    const online = lowerKernels([value.node, ...grads.map((g: Any) => g.node)], dev.lowering).filter((st) => st.kernel.online);
    const shape = online.map((st) => [st.kernel.online!.result ?? "softmax", st.kernel.online!.rowOutputs?.length ?? 0, st.kernel.online!.accumulations?.length ?? 0]).sort();
    const merged = online.find((st) => st.kernel.online!.accumulations?.length)!;
    if (dev.lowering.accumulateAcrossRows) {
      // the CPU: two online kernels, the forward (with its two row statistics) and dk accumulating dv (per key
      // row) and dq (across the key rows, each batch's rows in one thread)
      expect(shape).toEqual([
        ["softmax", 2, 0],
        ["sum", 0, 2],
      ]);
      expect(new Set([merged.node, ...merged.more])).toEqual(new Set(grads.map((g: Any) => g.node)));
    } else {
      // three online kernels: the forward (with its two row statistics), dq, and dk accumulating dv too
      expect(shape).toEqual([
        ["softmax", 2, 0],
        ["sum", 0, 0],
        ["sum", 0, 1],
      ]);
      expect(merged.more).toEqual([grads[2].node]);
      expect(merged.node).toBe(grads[1].node);
    }
    for (const t of [value, ...grads, q, k, v, w]) t.dispose();
  });

  it("a padding mask per batch: dq, dk and dv give the float64 loops' values (a padded key gets none)", async () => {
    const s: Sizes = { B: 3, Q: 6, K: 23, D: 5, E: 4 };
    const lengths = Int32Array.from([23, 1 + (randomInts(1, 0, 21)[0]! | 0), 9]);
    const { qa, ka, va, wa, q, k, v, w } = inputs(s);
    const pad = arange("key", s.K, { dtype: "int32" }).dynamic().ge(loose(tensor(lengths, [["b", s.B]])));
    const grads = grad((q: Any, k: Any, v: Any) => q.dot("d", k).maskedFill(pad, -Infinity).softmax("key").dot("key", v).mul(w).sum(["b", "q", "e"]))(q, k, v) as Any[];
    expect(largestOutput(grads)).toBeLessThan(s.B * s.Q * s.K);
    const want = naive(qa, ka, va, wa, s, 1, (b, _i, j) => j >= lengths[b]!);
    const [dq, dk, dv] = (await Promise.all(grads.map((g) => g.data()))) as Float32Array[];
    expectClose(dq!, want.dq, 2e-4, 2e-5);
    expectClose(dk!, want.dk, 2e-4, 2e-5);
    expectClose(dv!, want.dv, 2e-4, 2e-5);
    expect(Array.from(dv!.slice((2 * s.K + 9) * s.E, 3 * s.K * s.E)).every((x) => x === 0)).toBe(true);
  });

  it("private (masked) batch dims: the gradients through the fused kernels", async () => {
    const s: Sizes = { B: 6, Q: 9, K: 13, D: 6, E: 3 };
    const { qa, ka, va, wa, q, k, v, w } = inputs(s, [["h", 2], ["b", 3]]);
    const grads = grad((q: Any, k: Any, v: Any) => {
      const [mq, mk, mv, mw] = [q.mask("h", "b"), k.mask("h", "b"), v.mask("h", "b"), w.mask("h", "b")];
      return mq.dot("d", mk).softmax("key").dot("key", mv).mul(mw).sum(["q", "e"]).unmask().sum(["h", "b"]);
    })(q, k, v) as Any[];
    expect(largestOutput(grads)).toBeLessThan(s.B * s.Q * s.K);
    const want = naive(qa, ka, va, wa, s, 1);
    const [dq, dk, dv] = (await Promise.all(grads.map((g) => g.data()))) as Float32Array[];
    expectClose(dq!, want.dq, 2e-4, 2e-5);
    expectClose(dk!, want.dk, 2e-4, 2e-5);
    expectClose(dv!, want.dv, 2e-4, 2e-5);
  });

  it("a training step's peak memory stays below one [query, key] matrix and grows linearly with the sequence", async () => {
    const peakOf = async (T: number): Promise<number> => {
      const s: Sizes = { B: 2, Q: T, K: T, D: 16, E: 16 };
      const { q, k, v, w } = inputs(s);
      await materializeAll([q, k, v, w]);
      const before = memoryStats()[device]!;
      const { value, grads } = valueAndGrad((q: Any, k: Any, v: Any) => q.dot("d", k).mul(0.25).softmax("key").dot("key", v).mul(w).sum(["b", "q", "e"]))(q, k, v) as Any;
      await materializeAll([value, ...grads]);
      const peak = memoryStats()[device]!.peakBytes - before.bytes;
      for (const t of [value, ...grads, q, k, v, w]) t.dispose();
      return peak;
    };
    const [small, large] = [await peakOf(256), await peakOf(1024)];
    // one [query, key] matrix at 1024 is 8 MiB; the step's inputs and outputs are 128 KiB each
    expect(large).toBeLessThan(2 * 1024 * 1024);
    expect(large).toBeLessThan(4 * small + 65536);
  });
});

describe("attention's fused kernels split across the CPU's threads", () => {
  beforeAll(() => useDevice("cpu"));
  it("forward and gradients with every online kernel split (and on one thread) give the float64 loops' values", async () => {
    const ex = (getDefaultDevice() as CpuDevice).executor;
    const saved = ex.split.contraction;
    const s: Sizes = { B: 3, Q: 29, K: 29, D: 8, E: 12 };
    try {
      for (const threshold of [0, Infinity]) {
        ex.split.contraction = threshold;
        const { qa, ka, va, wa, q, k, v, w } = inputs(s);
        const later = arange("key", s.K).dynamic().gt(arange("q", s.Q).dynamic());
        const grads = grad((q: Any, k: Any, v: Any) => q.dot("d", k).mul(0.3).maskedFill(later, -Infinity).softmax("key").dot("key", v).mul(w).sum(["b", "q", "e"]))(q, k, v) as Any[];
        const want = naive(qa, ka, va, wa, s, 0.3, (_b, i, j) => j > i);
        const [dq, dk, dv] = (await Promise.all(grads.map((g) => g.data()))) as Float32Array[];
        expectClose(dq!, want.dq, 2e-4, 2e-5);
        expectClose(dk!, want.dk, 2e-4, 2e-5);
        expectClose(dv!, want.dv, 2e-4, 2e-5);
      }
    } finally {
      ex.split.contraction = saved;
    }
  });
});

describe("the multi-head attention helper's gradients", () => {
  // the inputs live on the CPU, where the float64 reference reads them; gradcheck runs every device itself
  beforeAll(() => useDevice("cpu"));
  it("(causal, odd sizes) check against float64 differences on every device, through the fused kernels", async () => {
    const [x, kv] = [input([["batch", 2], ["seq", 7], ["hidden", 6]], -1, 1), input([["batch", 2], ["key", 7], ["hidden", 6]], -1, 1)];
    const f = (x: Any, kv: Any) => scalarize(attention(x, kv, kv, { hidden: "hidden", heads: 2, query: "seq", key: "key", causal: true }));
    const grads = grad(f)(x, kv) as Any[];
    expect(largestOutput(grads)).toBeLessThan(2 * 2 * 7 * 7);
    await gradcheck(f, [x, kv], { rtol: 1e-5 });
  });
});
