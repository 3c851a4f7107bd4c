// The scatter-add primitive (a routine: src/backend/kernel/routine.ts) on every device, against independent
// float64 loops on fresh random inputs with repeated indices and odd sizes; the O(N) gradients of indexSelect,
// gather and embedding it gives; out-of-range indices as a ShapeError naming the dim, the index, its position
// and the bound (on WebGPU a status word read back, never a clamp); and the planned program of an embedding's
// backward (a scatter-add routine, not a one-hot contraction over the vocabulary).
import { beforeAll, describe, expect, it } from "vitest";
import { lowerGraph } from "../../src/backend/kernel/lower.js";
import { scatterAddNode } from "../../src/graph/build.js";
import type { Node } from "../../src/graph/node.js";
import { ShapeError, embedding, grad, tensor } from "../../src/index.js";
import { type AnyTensor, wrap } from "../../src/tensor.js";
import { indexRangeAt } from "../../src/types/errors.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, expectClose, forEachPosition, offsetOf } from "../helpers/naive.js";
import { randomFloats, randomInts } from "../helpers/random.js";

const numel = (l: Layout): number => l.reduce((n, [, z]) => n * z, 1);
const loose = (t: unknown): any => t;
const floats = (l: Layout): AnyTensor => loose(tensor(randomFloats(numel(l)), l));
const ints = (l: Layout, hi: number): { t: AnyTensor; values: Int32Array } => {
  const values = randomInts(numel(l), 0, hi);
  return { t: loose(tensor(values, l, { dtype: "int32" })), values };
};
/** The sum over every dim: a scalar loss. */
const total = (y: AnyTensor): AnyTensor => loose(y).sum(y.node.dims.map((d) => d.name));
const dimsOf = (l: Layout): { name: string; size: number }[] => l.map(([name, size]) => ({ name, size }));

/** out[lout] = Σ over the values' positions p of values[p] at out[…, dim = index[p], …], in float64. */
function naiveScatterAdd(values: ArrayLike<number>, lv: Layout, index: ArrayLike<number>, li: Layout, dim: string, lout: Layout): Float64Array {
  const out = new Float64Array(numel(lout));
  forEachPosition(lv, (at, flat) => {
    const o = offsetOf(lout, { ...at, [dim]: index[offsetOf(li, at)]! });
    out[o] = out[o]! + values[flat]!;
  });
  return out;
}

/** The scatter-add node of tensors, as a tensor. */
const scatterAdd = (values: AnyTensor, dim: string, index: AnyTensor, out: Layout): AnyTensor =>
  loose(wrap(scatterAddNode(values.node as Node, dim, index.node as Node, dimsOf(out))));

for (const device of deviceNames) {
  describe(`scatter-add on ${device}`, () => {
    beforeAll(() => useDevice(device));

    // [name, values layout, index layout, scattered dim, output layout]
    const cases: [string, Layout, Layout, string, Layout][] = [
      ["rows of an embedding table (indexSelect's adjoint)", [["b", 3], ["s", 7], ["e", 5]], [["b", 3], ["s", 7]], "v", [["v", 6], ["e", 5]]],
      ["one value per row (gather's adjoint), batch dims kept", [["b", 9]], [["b", 9]], "c", [["b", 9], ["c", 4]]],
      ["index dims fewer than the values' (broadcast index)", [["t", 11], ["e", 3]], [["t", 11]], "v", [["e", 3], ["v", 5]]],
      ["the scattered dim among the values' (a sort's gather)", [["r", 3], ["c", 7]], [["r", 3], ["c", 7]], "c", [["r", 3], ["c", 7]]],
      ["long odd sizes with many repeats", [["n", 1031], ["e", 3]], [["n", 1031]], "v", [["v", 13], ["e", 3]]],
    ];
    for (const [name, lv, li, dim, lout] of cases) {
      it(name, async () => {
        const values = floats(lv);
        const limit = lout.find(([n]) => n === dim)![1];
        const index = ints(li, limit);
        const want = naiveScatterAdd(await values.data(), lv, index.values, li, dim, lout);
        // Materialised inputs and lazy ones (their kernels run first in the same program).
        expectClose(await scatterAdd(values, dim, index.t, lout).data(), want, 1e-5, 1e-5);
        expectClose(await scatterAdd(values.mul(1), dim, index.t.add(0), lout).data(), want, 1e-5, 1e-5);
      });
    }

    it("an index out of range is a ShapeError naming the dim, the index, its position and the bound", async () => {
      const lv: Layout = [["t", 7], ["e", 3]];
      const bad = Int32Array.from([0, 2, 1, 2, 5, 0, 1]);
      const index = loose(tensor(bad, [["t", 7]], { dtype: "int32" })).add(0);
      const sentence = indexRangeAt(5, "v", 4, 4);
      expect(sentence).toBe('index 5 at position 4 of the indices is out of range for "v" (4)');
      const out = scatterAdd(floats(lv), "v", index, [["v", 4], ["e", 3]]);
      await expect(out.data()).rejects.toThrow(new ShapeError(sentence));
      await expect(out.data()).rejects.toBeInstanceOf(ShapeError);
      const negative = loose(tensor(Int32Array.from([0, -1, 1]), [["t", 3]], { dtype: "int32" })).add(0);
      await expect(scatterAdd(floats([["t", 3]]), "v", negative, [["v", 2]]).data()).rejects.toThrow(new ShapeError(indexRangeAt(-1, "v", 2, 1)));
    });

    it("an index error names its own kernel's dim when two kernels of one program check indices", async () => {
      const X = floats([["v", 5], ["e", 3]]);
      const Y = floats([["w", 7], ["e", 3]]);
      const good = loose(tensor(Int32Array.from([0, 1, 2, 3]), [["t", 4]], { dtype: "int32" })).add(0);
      const bad = loose(tensor(Int32Array.from([0, 1, 9, 3]), [["t", 4]], { dtype: "int32" })).add(0);
      // The first reduction is kept over t, so it is a kernel of its own before the second one.
      const out = X.indexSelect("v", good).sum("e").add(Y.indexSelect("w", bad)).sum(["t", "e"]);
      await expect(out.data()).rejects.toThrow(new ShapeError('index 9 is out of range for "w" (7)'));
    });

    it("gradients of indexSelect and embedding: each row of g added where its id points (repeated ids accumulate)", async () => {
      const [lt, li] = [[["vocab", 9], ["e", 5]], [["b", 4], ["s", 5]]] as [Layout, Layout];
      const table = floats(lt);
      const ids = ints(li, 9);
      const w = floats([...li, ["e", 5]]);
      const wv = await w.data();
      const want = naiveScatterAdd(wv, [...li, ["e", 5]], ids.values, li, "vocab", lt);
      const [viaSelect] = grad((x: AnyTensor) => total(x.indexSelect("vocab", ids.t).mul(w)))(table) as AnyTensor[];
      expectClose(await viaSelect!.data(), want, 1e-5, 1e-5);
      const [viaEmbedding] = grad((x: AnyTensor) => total(loose(embedding)(ids.t, x, "vocab").mul(w)))(table) as AnyTensor[];
      expectClose(await viaEmbedding!.data(), want, 1e-5, 1e-5);
    });

    it("the gradient of gather: g at the gathered class of each row, zero elsewhere", async () => {
      const lx: Layout = [["b", 7], ["c", 5]];
      const x = floats(lx);
      const labels = ints([["b", 7]], 5);
      const w = floats([["b", 7]]);
      const wv = await w.data();
      const want = new Float64Array(35);
      labels.values.forEach((c, b) => (want[b * 5 + c] = wv[b]!));
      const [g] = grad((t: AnyTensor) => total(t.gather("c", labels.t).mul(w)))(x) as AnyTensor[];
      expectClose(await g!.data(), want, 1e-6, 1e-6);
    });
  });
}

describe("the embedding backward is O(tokens), not O(tokens × vocab)", () => {
  it("plans a scatter-add routine and kernels whose work does not grow with tokens × vocab", () => {
    const [vocab, tokens, e] = [1000, 64, 8];
    const table = floats([["vocab", vocab], ["e", e]]);
    const ids = ints([["t", tokens]], vocab);
    const w = floats([["t", tokens], ["e", e]]);
    const [g] = grad((x: AnyTensor) => total(loose(embedding)(ids.t, x, "vocab").mul(w)))(table) as AnyTensor[];
    const steps = lowerGraph([g!.node as Node]);
    expect(steps.some((s) => s.kind === "routine" && s.routine.kind === "scatterAdd")).toBe(true);
    // Work of a kernel: its stores times the iterations of its reductions (the one-hot form was Σ_t over [vocab, e]).
    const work = steps.reduce((n, s) => {
      if (s.kind === "routine") return n + (s.routine.kind === "scatterAdd" ? s.routine.sizes.reduce((a, b) => a * b, 1) + s.routine.outLength : 0);
      const reduced = s.kernel.phases.reduce((m, p) => m + p.vars.reduce((k, v) => k * v.extent, 1), 0);
      return n + s.kernel.output.length * Math.max(1, reduced);
    }, 0);
    expect(work).toBeLessThan(4 * (tokens * e + vocab * e));
  });
});
