// Attention's forward as a kernel with several outputs (kernel/ir.ts OnlineSoftmax.rowOutputs): when another
// kernel needs the softmax's row max and sum (a backward pass), the forward's online kernel stores them besides
// its output, from the same pass over the keys. On every device, on fresh random inputs: the program is that one
// kernel, and the three values it writes are the float64 loops' — odd sizes (rows after the last whole tile of
// 16, keys after the last block), d not a multiple of 4, values of both the flash and the per-key forms, causal
// and padding masks, a private batch dim.
import { beforeAll, describe, expect, it } from "vitest";
import { arange, getDefaultDevice, tensor } from "../../src/index.js";
import type { Node } from "../../src/graph/node.js";
import { lowerGraph } from "../../src/backend/kernel/lower.js";
import { realizeOn, viewOf } from "../../src/backend/realize.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { loose } from "../helpers/gradcheck.js";
import { type MaskFn, type Sizes, naiveAttention } from "../helpers/attention.js";
import { expectClose } from "../helpers/naive.js";
import { randomFloats, randomInts } from "../helpers/random.js";

type Any = any;

/** Independent float64 loops: row (b, i)'s max M of scale · q·k (masked) over the keys and Σ_j exp(s_j − M). */
function naiveRowStatistics(q: Float32Array, k: Float32Array, { B, Q, K, D }: Sizes, scale: number, masked?: MaskFn) {
  const [max, sum] = [new Float64Array(B * Q), new Float64Array(B * Q)];
  for (let b = 0; b < B; b++)
    for (let i = 0; i < Q; i++) {
      const s: number[] = [];
      for (let j = 0; j < K; j++) {
        let dot = 0;
        for (let d = 0; d < D; d++) dot += q[(b * Q + i) * D + d]! * k[(b * K + j) * D + d]!;
        s.push(masked?.(b, i, j) ? -Infinity : dot * scale);
      }
      max[b * Q + i] = Math.max(...s);
      sum[b * Q + i] = s.reduce((a, x) => a + Math.exp(x - max[b * Q + i]!), 0);
    }
  return { max, sum };
}

/** softmax's row max and sum nodes inside p = softmax_key(x) (div(exp(x − max), sum), src/ops/reduce.ts). */
function statisticsOf(p: Node): { max: Node; sum: Node } {
  const sum = p.inputs[1]!;
  return { max: sum.inputs[0]!.inputs[0]!.inputs[1]!, sum };
}

describe.each(deviceNames)("attention's forward storing its softmax's row max and sum on %s", (device) => {
  beforeAll(() => useDevice(device));

  const cases: [string, Sizes, number, "causal" | "padding" | undefined][] = [
    ["37 queries, 29 keys, d 5, e 8 (the flash form's leftover rows and keys)", { B: 2, Q: 37, K: 29, D: 5, E: 8 }, 0.45, undefined],
    ["causal, 33 queries and keys, d 6, e 3 (the per-key forms)", { B: 3, Q: 33, K: 33, D: 6, E: 3 }, 0.3, "causal"],
    ["a padding mask per batch, d 16, e 4", { B: 3, Q: 19, K: 21, D: 16, E: 4 }, 0.25, "padding"],
  ];
  for (const [name, s, scale, maskKind] of cases) {
    it(`${name}: one kernel, its three outputs the float64 loops' values`, async () => {
      const [qa, ka, va] = [randomFloats(s.B * s.Q * s.D, -1, 1), randomFloats(s.B * s.K * s.D, -1, 1), randomFloats(s.B * s.K * s.E, -1, 1)];
      const q = loose(tensor(qa, [["b", s.B], ["q", s.Q], ["d", s.D]])).materialize();
      const k = loose(tensor(ka, [["b", s.B], ["key", s.K], ["d", s.D]])).materialize();
      const v = loose(tensor(va, [["b", s.B], ["key", s.K], ["e", s.E]])).materialize();
      const lengths = Int32Array.from({ length: s.B }, (_, b) => (b === 0 ? s.K : 1 + (randomInts(1, 0, s.K - 1)[0]! | 0)));
      const masked: MaskFn | undefined = maskKind === "causal" ? (_b, i, j) => j > i : maskKind === "padding" ? (b, _i, j) => j >= lengths[b]! : undefined;
      let x = q.dot("d", k).mul(scale);
      if (maskKind === "causal") x = x.maskedFill(arange("key", s.K).dynamic().gt(arange("q", s.Q).dynamic()), -Infinity);
      if (maskKind === "padding") x = x.maskedFill(arange("key", s.K, { dtype: "int32" }).dynamic().ge(loose(tensor(lengths, [["b", s.B]]))), -Infinity);
      const p = x.softmax("key");
      const o = p.dot("key", v);
      const { max, sum } = statisticsOf(p.node);
      const dev = getDefaultDevice();
      const steps = lowerGraph([o.node, max, sum], dev.lowering).filter((st) => st.kind === "kernel");
      if (!dev.interpretsGraph) {
        // one online kernel writes all three: its output and, as further outputs, the row max and sum
        expect(steps.length).toBe(1);
        expect(steps[0]!.kernel.online?.rowOutputs?.map((r) => r.stat)).toEqual(["max", "sum"]);
        expect(steps[0]!.more).toEqual([max, sum]);
      }
      realizeOn(dev, [o.node, max, sum]);
      const read = async (n: Node): Promise<ArrayLike<number>> => dev.read(viewOf(n));
      const want = naiveRowStatistics(qa, ka, s, scale, masked);
      expectClose(await read(o.node), naiveAttention(qa, ka, va, s, scale, masked), 2e-5, 2e-6);
      expectClose(await read(max), want.max, 2e-5, 2e-6);
      expectClose(await read(sum), want.sum, 2e-5, 2e-6);
    });
  }

  it("private (masked) batch dims: the statistics over the heads and batch stored row by row", async () => {
    const s: Sizes = { B: 6, Q: 17, K: 11, D: 7, E: 4 };
    const [qa, ka, va] = [randomFloats(s.B * s.Q * s.D, -1, 1), randomFloats(s.B * s.K * s.D, -1, 1), randomFloats(s.B * s.K * s.E, -1, 1)];
    const q = loose(tensor(qa, [["h", 2], ["b", 3], ["q", s.Q], ["d", s.D]])).materialize();
    const k = loose(tensor(ka, [["h", 2], ["b", 3], ["key", s.K], ["d", s.D]])).materialize();
    const v = loose(tensor(va, [["h", 2], ["b", 3], ["key", s.K], ["e", s.E]])).materialize();
    const p = q.mask("h", "b").dot("d", k.mask("h", "b")).softmax("key");
    const o = p.dot("key", v.mask("h", "b")).unmask() as Any;
    const { max, sum } = statisticsOf(p.node);
    const dev = getDefaultDevice();
    realizeOn(dev, [o.node, max, sum]);
    const want = naiveRowStatistics(qa, ka, s, 1);
    expectClose(await dev.read(viewOf(o.node)), naiveAttention(qa, ka, va, s, 1), 2e-5, 2e-6);
    expectClose(await dev.read(viewOf(max)), want.max, 2e-5, 2e-6);
    expectClose(await dev.read(viewOf(sum)), want.sum, 2e-5, 2e-6);
  });
});
