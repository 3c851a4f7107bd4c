// Which attention kernels take the CPU's flash form (cpu/wasm/online.ts: a score and a value micro-kernel called
// per block of keys, a per-thread scratch tile): the attention shape with a scale, a causal or padding mask and
// batch dims does, and so do the backward's weighted forms (row max and sum, Σ P·v, dq, dk, dv); values whose e is
// not a multiple of 4 keep the per-key forms. The values themselves are checked on every device in
// test/device/attention-tiles.test.ts, attention-fused.test.ts and attention-backward.test.ts.
import { describe, expect, it } from "vitest";
import { generateWasm } from "../../src/backend/cpu/wasm/codegen.js";
import { cpuPasses } from "../../src/backend/cpu/device.js";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { acrossRows } from "../../src/backend/kernel/ir.js";
import { arange, type Tensor, tensor, valueAndGrad, zeros } from "../../src/index.js";
import { randomFloats } from "../helpers/random.js";

type Any = Tensor<any, any>;
const z = (dims: [string, number][]): Any => (zeros(dims as any) as Any).materialize();
const wasmOf = (x: Any) => lowerKernels([x.node], { passes: cpuPasses }).map((s) => generateWasm(s.kernel, { shared: true, maxPages: 65536 }));

describe("the CPU's flash form of attention", () => {
  const q = z([["b", 2], ["q", 24], ["d", 12]]);
  const k = z([["b", 2], ["key", 40], ["d", 12]]);
  const v = z([["b", 2], ["key", 40], ["e", 8]]);

  it("a scaled attention is one kernel with the two micro-kernels and a scratch tile", () => {
    const [w, ...rest] = wasmOf(q.dot("d", k).mul(0.3).softmax("key").dot("key", v));
    expect(rest).toEqual([]);
    expect(w!.text).toContain("call $flashScores");
    expect(w!.text).toContain("call $flashValues");
    // the queries transposed [d][16], the block's weights [16][16], rescales, maxes and totals [16]
    expect(w!.scratchBytes).toBe(Math.ceil((4 * 16 * (12 + 16 + 3)) / 64) * 64);
  });

  it("with a causal or a padding mask too (the masks read along the queries or not at all)", () => {
    const later = arange("key", 40).dynamic().gt(arange("q", 24).dynamic());
    const lengths = tensor(Int32Array.from([40, 7]), [["b", 2]]).materialize();
    const pad = arange("key", 40, { dtype: "int32" }).dynamic().ge(lengths);
    for (const mask of [later, pad]) {
      const [w] = wasmOf(q.dot("d", k).maskedFill(mask as Any, -Infinity).softmax("key").dot("key", v));
      expect(w!.text).toContain("call $flashScores");
    }
  });

  it("the backward's weighted forms take it too: dk with dv and dq (two score tiles) in one kernel; the forward stores the row max and sum", () => {
    const w8 = z([["b", 2], ["q", 24], ["e", 8]]);
    const { value, grads } = valueAndGrad((q: Any, k: Any, v: Any) => q.dot("d", k).mul(0.3).softmax("key").dot("key", v).mul(w8).sum(["b", "q", "e"]))(q, k, v) as unknown as { value: Any; grads: Any[] };
    const steps = lowerKernels([value.node, ...grads.map((g) => g.node)], { passes: cpuPasses, accumulateAcrossRows: true });
    const weighted = steps.filter((s) => s.kernel.online);
    // the forward's softmax-weighted Σ P·v, which stores the row max and sum besides (one pass over the keys for
    // the three), and dk with dv (a further sum per key row) and dq (a sum across the key rows): one pass over
    // the queries for the three
    expect(weighted.map((s) => s.kernel.online!.result ?? "softmax").sort()).toEqual(["softmax", "sum"]);
    expect(weighted.find((s) => !s.kernel.online!.result)!.kernel.online!.rowOutputs?.map((r) => r.stat)).toEqual(["max", "sum"]);
    const backward = weighted.find((s) => s.kernel.online!.result === "sum")!;
    expect(backward.kernel.online!.accumulations!.map((a) => acrossRows(backward.kernel, a)).sort()).toEqual([false, true]);
    for (const s of weighted) {
      const w = generateWasm(s.kernel, { shared: true, maxPages: 65536 });
      const { phases, accumulations = [] } = s.kernel.online!;
      const [dots, D] = [phases.length, phases.reduce((n, p) => n + p.vars[0]!.extent, 0)];
      expect(w.text.match(/call \$flashScores/g)?.length).toBe(dots);
      expect(w.text.match(/call \$flashValues/g)?.length).toBe(1 + accumulations.filter((a) => !acrossRows(s.kernel, a)).length);
      expect(w.text.match(/call \$flashAcross/g)?.length ?? 0).toBe(accumulations.filter((a) => acrossRows(s.kernel, a)).length);
      // each dot product's row tile [d][16] (d 12 for the scores, e 8 for dO·v), a score tile [16][16] per dot
      // product and a weight tile per further sum, then rescales, maxes and totals [16]
      expect(w.scratchBytes).toBe(Math.ceil((4 * 16 * (D + (dots + accumulations.length) * 16 + 3)) / 64) * 64);
    }
    expect(weighted.map((s) => s.kernel.online!.phases.length).sort()).toEqual([1, 2]);
  });

  it("values with e not a multiple of 4 keep the per-key forms (no micro-kernel calls)", () => {
    const v5 = tensor(randomFloats(2 * 40 * 5), [["b", 2], ["key", 40], ["e", 5]]).materialize();
    const [w] = wasmOf(q.dot("d", k).softmax("key").dot("key", v5 as Any));
    expect(w!.text).not.toContain("$flashScores");
  });
});
