// NN helpers (linear, layerNorm, embedding, dropout, crossEntropy, attention): values against independent
// float64 loops on fresh random inputs, gradients against float64 central differences, crossEntropy's fused
// backward, and the runtime sentences for wrong labels and wrong keys.
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { attention, crossEntropy, dropout, embedding, grad, layerNorm, linear, linearParams, tensor } from "../../src/index.js";
import type { Node } from "../../src/graph/node.js";
import type { AnyTensor } from "../../src/tensor.js";
import { gradcheck, input, loose, scalarize } from "../helpers/gradcheck.js";
import { expectClose, forEachPosition, naiveDot, naiveSoftmax, offsetOf, type Layout } from "../helpers/naive.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats, randomInts } from "../helpers/random.js";
import { expectSentence } from "../helpers/sentences.js";

const f64 = (t: unknown): Float64Array => evaluate((t as AnyTensor).node);
const nn: any = { attention, crossEntropy, dropout, embedding, layerNorm, linear };

describe("linear", () => {
  const lx: Layout = [["batch", 3], ["inhid", 4]];
  const lw: Layout = [["inhid", 4], ["outhid", 2]];
  it("is x·W + b by name, and its gradients check", async () => {
    const [x, w, b] = [input(lx), input(lw), input([["outhid", 2]])];
    const y = nn.linear(x, "inhid", w, b);
    const want = naiveDot(f64(x), lx, f64(w), lw, ["inhid"], [["batch", 3], ["outhid", 2]]).map((v, i) => v + f64(b)[i % 2]!);
    expectClose(f64(y), want, 1e-12, 1e-12);
    await gradcheck((x, w, b) => scalarize(nn.linear(x, "inhid", w, b)), [x, w, b]);
  });
  it("linearParams makes a weight scaled by 1/sqrt(fan-in) and a zero bias", async () => {
    const { weight, bias } = linearParams(["inhid", 16], ["outhid", 8], { seed: 3 });
    expect(weight.dims).toEqual(["inhid", "outhid"]);
    expect([...bias.dataSync()]).toEqual(new Array(8).fill(0));
    const w = [...weight.dataSync()];
    const std = Math.sqrt(w.reduce((s, v) => s + v * v, 0) / w.length);
    expect(std).toBeGreaterThan(0.15);
    expect(std).toBeLessThan(0.4);
  });
});

describe("layerNorm", () => {
  const lx: Layout = [["batch", 2], ["hidden", 5]];
  it("normalises over the named dim, then scales and shifts", async () => {
    const [x, g, b] = [input(lx), input([["hidden", 5]]), input([["hidden", 5]])];
    const xv = f64(x);
    const want = new Float64Array(10);
    for (let r = 0; r < 2; r++) {
      const row = xv.slice(r * 5, r * 5 + 5);
      const mean = row.reduce((s, v) => s + v, 0) / 5;
      const variance = row.reduce((s, v) => s + (v - mean) ** 2, 0) / 5;
      for (let i = 0; i < 5; i++) want[r * 5 + i] = ((row[i]! - mean) / Math.sqrt(variance + 1e-5)) * f64(g)[i]! + f64(b)[i]!;
    }
    expectClose(f64(nn.layerNorm(x, "hidden", g, b)), want, 1e-10, 1e-10);
    await gradcheck((x, g, b) => scalarize(nn.layerNorm(x, "hidden", g, b)), [x, g, b], { rtol: 1e-5 });
  });
});

describe("embedding", () => {
  it("looks up rows by id and scatters the gradient back, repeated ids accumulating", async () => {
    const table = input([["vocab", 6], ["embed", 3]]);
    const ids = loose(tensor(Int32Array.from([1, 4, 4, 0, 5, 1]), [["batch", 2], ["seq", 3]], { dtype: "int32" }));
    const e = nn.embedding(ids, table, "vocab");
    expect(e.dims).toEqual(["batch", "seq", "embed"]);
    const tv = f64(table);
    expect([...f64(e)]).toEqual([1, 4, 4, 0, 5, 1].flatMap((i) => [tv[i * 3]!, tv[i * 3 + 1]!, tv[i * 3 + 2]!]));
    await gradcheck((t, i) => scalarize(nn.embedding(i, t, "vocab")), [table, ids]);
  });
});

describe("dropout", () => {
  it("zeroes about p of the values with a seeded mask, scales the rest, and passes the gradient through the mask", async () => {
    const x = input([["a", 40], ["b", 50]], 1, 2);
    const y = f64(nn.dropout(x, 0.25, 7));
    const again = f64(nn.dropout(x, 0.25, 7));
    expect([...y]).toEqual([...again]);
    const xv = f64(x);
    const zeros = y.filter((v) => v === 0).length / y.length;
    expect(zeros).toBeGreaterThan(0.2);
    expect(zeros).toBeLessThan(0.3);
    y.forEach((v, i) => v !== 0 && expect(v).toBeCloseTo(xv[i]! / 0.75, 5));
    await gradcheck((x) => scalarize(nn.dropout(x, 0.5, 11)), [input([["a", 3], ["b", 4]])]);
    expect(nn.dropout(x, 0, 1)).toBe(x);
  });
});

describe("crossEntropy", () => {
  const ll: Layout = [["batch", 3], ["seq", 2], ["class", 5]];
  const labels = (): AnyTensor => loose(tensor(randomInts(6, 0, 5), [["seq", 2], ["batch", 3]], { dtype: "int32" }));
  it("is the mean negative log-likelihood of the labels (labels in any dim order)", async () => {
    const [x, y] = [input(ll, -3, 3), labels()];
    const p = naiveSoftmax(f64(x), ll, "class");
    let want = 0;
    const yv = f64(y);
    forEachPosition([["batch", 3], ["seq", 2]], (at) => {
      want -= Math.log(p[offsetOf(ll, { ...at, class: yv[offsetOf([["seq", 2], ["batch", 3]], at)]! })]!);
    });
    expect(f64(nn.crossEntropy(x, y, "class"))[0]).toBeCloseTo(want / 6, 10);
  });

  it("its fused gradient is (softmax − onehot) / count, and matches finite differences", async () => {
    const [x, y] = [input(ll, -3, 3), labels()];
    const [g] = await gradcheck((x, y) => nn.crossEntropy(x, y, "class"), [x, y]);
    const p = naiveSoftmax(f64(x), ll, "class");
    const yv = f64(y);
    const want = new Float64Array(30);
    forEachPosition(ll, (at, flat) => {
      want[flat] = (p[flat]! - (yv[offsetOf([["seq", 2], ["batch", 3]], at)] === at.class ? 1 : 0)) / 6;
    });
    expectClose(g!, want, 1e-10, 1e-12);
    // The fused rule builds far less backward graph than differentiating logsumexp and the pick.
    const unfused = (x: any, y: any) => x.logsumexp("class").sub(x.mul(y.eq(tensor(Int32Array.from([0, 1, 2, 3, 4]), [["class", 5]], { dtype: "int32" })).cast("float32")).sum("class")).mean(["batch", "seq"]);
    const [gu] = grad(unfused)(x, y) as AnyTensor[];
    expectClose(f64(gu), want, 1e-10, 1e-12);
    const [gf] = grad((x: any, y: any) => nn.crossEntropy(x, y, "class"))(x, y) as AnyTensor[];
    expect(graphSize(gf!.node)).toBeLessThan(graphSize(gu!.node));
  });

  it("keeps private dims and rejects wrong labels with a sentence", async () => {
    const x = loose(input(ll)).mask("batch");
    const loss = nn.crossEntropy(x, loose(labels()).mask("batch"), "class");
    expect(loss.shapeDims).toEqual([{ name: "batch", size: 3, masked: true }]);
    const bad = loose(tensor(randomInts(3, 0, 5), [["batch", 3]], { dtype: "int32" }));
    expectSentence(() => nn.crossEntropy(input(ll), bad, "class"), 'the labels must have the dimensions of the logits other than "class", { batch: 3, seq: 2 }, not { batch: 3 }');
    expectSentence(() => nn.crossEntropy(input(ll), input([["batch", 3], ["seq", 2]]), "class"), "the labels must be int32, not float32");
  });
});

/** Nodes in a graph that are not materialised (the work left to compute). */
function graphSize(root: Node): number {
  const seen = new Set<Node>();
  const visit = (n: Node): void => {
    if (seen.has(n) || n.storage) return;
    seen.add(n);
    n.inputs.forEach(visit);
  };
  visit(root);
  return seen.size;
}

describe("attention", () => {
  const lq: Layout = [["batch", 2], ["seq", 3], ["hidden", 4]];
  const lk: Layout = [["key", 3], ["batch", 2], ["hidden", 4]];
  /** Independent loops: per batch and head, softmax(q·k/sqrt(d)) · v. */
  function naiveAttention(q: Float64Array, k: Float64Array, v: Float64Array, heads: number, causal: boolean): Float64Array {
    const out = new Float64Array(24);
    const d = 4 / heads;
    for (let b = 0; b < 2; b++) for (let h = 0; h < heads; h++) for (let i = 0; i < 3; i++) {
      const s = [0, 1, 2].map((j) => {
        if (causal && j > i) return -Infinity;
        let dot = 0;
        for (let e = 0; e < d; e++) dot += q[b * 12 + i * 4 + h * d + e]! * k[j * 8 + b * 4 + h * d + e]!;
        return dot / Math.sqrt(d);
      });
      const m = Math.max(...s);
      const w = s.map((x) => Math.exp(x - m));
      const z = w.reduce((a, c) => a + c, 0);
      for (let e = 0; e < d; e++) out[b * 12 + i * 4 + h * d + e] = w.reduce((acc, wj, j) => acc + (wj / z) * v[j * 8 + b * 4 + h * d + e]!, 0);
    }
    return out;
  }
  for (const causal of [false, true]) {
    it(`splits and stacks heads by name${causal ? " with a causal mask" : ""}; gradients check`, async () => {
      const [q, k, v] = [input(lq), input(lk), input(lk)];
      const opts = { hidden: "hidden", heads: 2, query: "seq", key: "key", causal };
      const y = nn.attention(q, k, v, opts);
      expect(y.dims).toEqual(["batch", "seq", "hidden"]);
      expectClose(f64(y), naiveAttention(f64(q), f64(k), f64(v), 2, causal), 1e-10, 1e-12);
      await gradcheck((q, k, v) => scalarize(nn.attention(q, k, v, opts)), [q, k, v], { rtol: 1e-5 });
    });
  }
  it("takes callers' dims named like its inner per-head dims (\"heads\", \"headDim\") as ordinary batch dims", async () => {
    const [q, k, v] = [input(lq), input(lk), input(lk)];
    for (const name of ["heads", "headDim"]) {
      const opts = { hidden: "hidden", heads: 2, query: "seq", key: "key", causal: true };
      const y = nn.attention(q.rename({ batch: name }), k.rename({ batch: name }), v.rename({ batch: name }), opts);
      expect(y.dims).toEqual([name, "seq", "hidden"]);
      expectClose(await y.data(), naiveAttention(f64(q), f64(k), f64(v), 2, true), 1e-5, 1e-6);
    }
  });
  it("rejects keys without the queries' other dims", async () => {
    const q = input(lq);
    expectSentence(
      () => nn.attention(q, input([["key", 3], ["hidden", 4]]), input(lk), { hidden: "hidden", heads: 2, query: "seq", key: "key" }),
      'the keys must have the dimensions { batch: 2, hidden: 4 } of the queries and "key", not { key: 3, hidden: 4 }',
    );
  });
});

describe.each(deviceNames)("crossEntropy labels on %s", (device) => {
  it("a label outside [0, classes) is an error naming the class dim and its size, not a loss", async () => {
    await useDevice(device);
    const logits = loose(tensor(randomFloats(4 * 3), [["batch", 4], ["cls", 3]]));
    for (const bad of [7, -1, 3]) {
      const labels = loose(tensor(Int32Array.from([0, 2, bad, 1]), [["batch", 4]], { dtype: "int32" }));
      await expect((async () => crossEntropy(logits, labels, "cls").data())()).rejects.toThrow(`index ${bad} is out of range for "cls" (3)`);
      // labels computed on the device: the check runs inside the kernel (on WebGPU a status word read back)
      await expect((async () => crossEntropy(logits, labels.add(0), "cls").data())()).rejects.toThrow(`is out of range for "cls" (3)`);
    }
    const good = loose(tensor(Int32Array.from([0, 2, 1, 1]), [["batch", 4]], { dtype: "int32" }));
    expect(Number.isFinite((await crossEntropy(logits, good, "cls").data())[0])).toBe(true);
  });
});
