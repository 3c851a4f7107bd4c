// Attention in one kernel (kernel/passes/online-softmax.ts): q.dot("d", k).softmax("key").dot("key", v) — with
// a scale, a causal or a padding mask, private batch dims, and inside the multi-head `attention` helper — runs
// as one online-softmax kernel on every device and gives the values of independent float64 loops on fresh
// random inputs (odd sizes; sizes that take the SIMD paths; a fully masked row gives NaN like softmax), and its
// peak memory grows with the sequence, not with its square.
import { beforeAll, describe, expect, it } from "vitest";
import { attention, arange, explain, kernelStats, memoryStats, tensor, valueAndGrad } from "../../src/index.js";
import { onlineSoftmaxFusion } from "../../src/backend/kernel/passes/online-softmax.js";

/** The defaults of NAMED_TENSOR_ONLINE_SOFTMAX_MIN and …_MIN_BACKWARD (the setup file lowers them to 0 for the suites). */
const defaultMinLogits = Number(process.env.NAMED_TENSOR_ONLINE_SOFTMAX_MIN ?? 0);
const defaultMinBackwardLogits = Number(process.env.NAMED_TENSOR_ONLINE_SOFTMAX_MIN_BACKWARD ?? process.env.NAMED_TENSOR_ONLINE_SOFTMAX_MIN ?? 1 << 22);
/** How many kernels explain() lists for a tensor (nothing runs). */
const explainKernels = (t: Parameters<typeof explain>[0]): number => Number(/(\d+) kernels?$/.exec(explain(t, { code: false }).split("\n")[0]!)?.[1] ?? NaN);
import { deviceNames, useDevice } from "../helpers/devices.js";
import { gradcheck, input, loose, scalarize } from "../helpers/gradcheck.js";
import { type MaskFn, type Sizes, attentionInputs, naiveAttention } from "../helpers/attention.js";
import { expectClose } from "../helpers/naive.js";
import { randomFloats, randomInts } from "../helpers/random.js";

type Any = any;

/** Launches of the kernels that computing `f()` takes (the inputs are computed before). */
async function launches(f: () => Any): Promise<{ values: Float32Array; launches: number }> {
  const before = kernelStats().launches;
  const values = (await f().data()) as Float32Array;
  return { values, launches: kernelStats().launches - before };
}

const inputs = attentionInputs;

describe.each(deviceNames)("attention in one kernel on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("keeps no [query, key] matrix: peak memory is the inputs and the output", async () => {
    const s: Sizes = { B: 2, Q: 1024, K: 1024, D: 16, E: 16 };
    const { q, k, v } = inputs(s);
    await q.data();
    const before = memoryStats()[device]!;
    const { launches: n } = await launches(() => q.dot("d", k).mul(0.25).softmax("key").dot("key", v));
    const peak = memoryStats()[device]!.peakBytes;
    expect(n).toBe(1);
    // one [query, key] matrix would be 8 MiB; the output is 128 KiB
    expect(peak - before.bytes).toBeLessThanOrEqual(2 * s.B * s.Q * s.E * 4 + 65536);
  });

  it("by default, the forward fuses at every size; a small training step's backward stays on the three (faster) kernels", async () => {
    const small: Sizes = { B: 2, Q: 64, K: 64, D: 8, E: 8 };
    const large: Sizes = { B: 4, Q: 1024, K: 1024, D: 8, E: 8 }; // 4M logits: the backward's default threshold
    const kernelsOf = (s: Sizes): number => {
      const { q, k, v } = inputs(s);
      return explainKernels(q.dot("d", k).softmax("key").dot("key", v));
    };
    /** Whether a training step's gradient of q is planned with online (weighted) kernels: no [query, key] buffer. */
    const backwardFused = (s: Sizes): boolean => {
      const { q, k, v } = inputs(s);
      const { grads } = valueAndGrad((q: Any, k: Any, v: Any) => q.dot("d", k).softmax("key").dot("key", v).sum(["b", "q", "e"]))(q, k, v);
      return / online (max|sum) over key/.test(explain(grads[0] as Any, { code: false }));
    };
    const set = [onlineSoftmaxFusion.minLogits, onlineSoftmaxFusion.minBackwardLogits] as const;
    [onlineSoftmaxFusion.minLogits, onlineSoftmaxFusion.minBackwardLogits] = [defaultMinLogits, defaultMinBackwardLogits];
    try {
      expect(defaultMinLogits).toBe(0);
      expect(defaultMinBackwardLogits).toBe(1 << 22);
      expect(kernelsOf(small)).toBe(1);
      expect(kernelsOf(large)).toBe(1);
      expect(backwardFused(small)).toBe(false);
    } finally {
      [onlineSoftmaxFusion.minLogits, onlineSoftmaxFusion.minBackwardLogits] = set;
    }
    expect(backwardFused(small)).toBe(true); // the suites fuse every size (test/helpers/fuse-every-size.ts)
  });

  const cases: [string, Sizes, number, ((s: Sizes) => MaskFn) | undefined][] = [
    ["odd sizes", { B: 3, Q: 5, K: 7, D: 3, E: 4 }, 1, undefined],
    ["odd sizes, scaled", { B: 2, Q: 33, K: 70, D: 17, E: 19 }, 0.3, undefined],
    ["head size 64 (the SIMD paths)", { B: 2, Q: 20, K: 300, D: 64, E: 64 }, 1 / 8, undefined],
    ["a causal mask", { B: 2, Q: 37, K: 37, D: 8, E: 5 }, 0.5, () => (_b, i, j) => j > i],
  ];
  for (const [name, s, scale, mask] of cases) {
    it(`${name}: one kernel, the float64 loops' values`, async () => {
      const { qa, ka, va, q, k, v } = inputs(s);
      const later = arange("key", s.K).dynamic().gt(arange("q", s.Q).dynamic());
      const { values, launches: n } = await launches(() => {
        const scores = q.dot("d", k).mul(scale);
        return (mask ? scores.maskedFill(later, -Infinity) : scores).softmax("key").dot("key", v);
      });
      expect(n).toBe(1);
      expectClose(values, naiveAttention(qa, ka, va, s, scale, mask?.(s)), 2e-4, 2e-5);
    });
  }

  it("a padding mask per batch, one batch with no keys at all (NaN, as softmax gives)", async () => {
    const s: Sizes = { B: 4, Q: 6, K: 23, D: 5, E: 7 };
    const lengths = Int32Array.from([23, 1 + (randomInts(1, 0, 21)[0]! | 0), 9, 0]);
    const { qa, ka, va, q, k, v } = inputs(s);
    const pad = arange("key", s.K, { dtype: "int32" }).dynamic().ge(loose(tensor(lengths, [["b", s.B]])));
    const { values, launches: n } = await launches(() => q.dot("d", k).maskedFill(pad, -Infinity).softmax("key").dot("key", v));
    expect(n).toBe(1);
    const want = naiveAttention(qa, ka, va, s, 1, (b, _i, j) => j >= lengths[b]!);
    expect(want.slice(3 * s.Q * s.E).every(Number.isNaN)).toBe(true);
    expect(Array.from(values.slice(3 * s.Q * s.E)).every(Number.isNaN)).toBe(true);
    expectClose(values.slice(0, 3 * s.Q * s.E), want.slice(0, 3 * s.Q * s.E), 2e-4, 2e-5);
  });

  it("private (masked) batch dims pass through the fused kernel", async () => {
    const s: Sizes = { B: 6, Q: 9, K: 13, D: 6, E: 3 };
    const { qa, ka, va, q, k, v } = inputs(s, [["h", 2], ["b", 3]]);
    const [mq, mk, mv] = [q.mask("h", "b"), k.mask("h", "b"), v.mask("h", "b")];
    const { values, launches: n } = await launches(() => {
      const y = mq.dot("d", mk).softmax("key").dot("key", mv);
      expect(y.dims).toEqual(["h", "b", "q", "e"]);
      return y.unmask();
    });
    expect(n).toBe(1);
    expectClose(values, naiveAttention(qa, ka, va, s, 1), 2e-4, 2e-5);
  });

  it("the multi-head attention helper (causal) fuses its attention: no [query, key] buffer", async () => {
    const [B, T, H, heads] = [2, 21, 12, 3];
    const [xa, ya] = [randomFloats(B * T * H, -1, 1), randomFloats(B * T * H, -1, 1)];
    const x = loose(tensor(xa, [["batch", B], ["seq", T], ["hidden", H]])).materialize();
    const kv = loose(tensor(ya, [["batch", B], ["key", T], ["hidden", H]])).materialize();
    await x.data();
    const before = memoryStats()[device]!;
    const { values, launches: n } = await launches(() => attention(x, kv, kv, { hidden: "hidden", heads, query: "seq", key: "key", causal: true }));
    // the fused kernel and the copy that stacks the heads back into hidden
    expect(n).toBeLessThanOrEqual(2);
    expect(memoryStats()[device]!.peakBytes - before.bytes).toBeLessThanOrEqual(Math.max(before.peakBytes - before.bytes, 2 * B * T * H * 4 + 1024));
    const d = H / heads;
    const want = new Float64Array(B * T * H);
    for (let b = 0; b < B; b++)
      for (let h = 0; h < heads; h++) {
        const pick = (a: Float32Array) => {
          const out = new Float32Array(T * d);
          for (let t = 0; t < T; t++) for (let e = 0; e < d; e++) out[t * d + e] = a[(b * T + t) * H + h * d + e]!;
          return out;
        };
        const o = naiveAttention(pick(xa), pick(ya), pick(ya), { B: 1, Q: T, K: T, D: d, E: d }, 1 / Math.sqrt(d), (_b, i, j) => j > i);
        for (let t = 0; t < T; t++) for (let e = 0; e < d; e++) want[(b * T + t) * H + h * d + e] = o[t * d + e]!;
      }
    expectClose(values, want, 2e-4, 2e-5);
  });

  it("a softmax already read (materialised, its graph dropped) is read from its buffer by the weighted sum", async () => {
    const s: Sizes = { B: 2, Q: 5, K: 11, D: 4, E: 3 };
    const { qa, ka, va, q, k, v } = inputs(s);
    const p = q.dot("d", k).softmax("key");
    await p.data();
    const { values, launches: n } = await launches(() => p.dot("key", v));
    expect(n).toBe(1);
    expectClose(values, naiveAttention(qa, ka, va, s, 1), 2e-4, 2e-5);
  });
});

describe("attention's gradients", () => {
  // the inputs live on the CPU, where the float64 reference reads them; gradcheck runs every device itself
  beforeAll(() => useDevice("cpu"));
  it("gradients through it (scaled, causal, odd sizes) check against float64 differences, computed on every device", async () => {
    // training reads the softmax in the backward pass too: the planner then stores its row max and sum and every
    // reader recomputes it (the fused backward; attention-backward.test.ts checks it against float64 loops)
    const [q, k, v] = [input([["b", 2], ["q", 5], ["d", 3]]), input([["b", 2], ["key", 5], ["d", 3]]), input([["b", 2], ["key", 5], ["e", 2]])];
    const later = arange("key", 5).dynamic().gt(arange("q", 5).dynamic());
    await gradcheck((q, k, v) => scalarize(q.dot("d", k).mul(0.7).maskedFill(later, -Infinity).softmax("key").dot("key", v)), [q, k, v], { rtol: 1e-5 });
  });
});
