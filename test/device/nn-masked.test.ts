// NN layers with private (masked) dims: every layer, called with 0, 1, 2 and 3 private dims of different names
// in front, gives the values of independent float64 loops on fresh random inputs (the private dims act as a
// batch), keeps those private dims in its result, and its gradients check. Also the essay's attention
// (examples/attention.ts, written once for any private dims) with a batch and a beam hidden.
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { attention, crossEntropy, dropout, embedding, layerNorm, linear, tensor } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { attention as essayAttention, randomParams } from "../../examples/attention.js";
import { gradcheck, input, loose, scalarize } from "../helpers/gradcheck.js";
import { type Layout, expectClose, forEachPosition, naiveAlong, naiveDot, naivePerLine, naiveSoftmax, offsetOf } from "../helpers/naive.js";
import { randomInts } from "../helpers/random.js";
import { expectSentence } from "../helpers/sentences.js";

const f64 = (t: unknown): Float64Array => evaluate((t as AnyTensor).node);
const nn: any = { attention, crossEntropy, dropout, embedding, layerNorm, linear };

/** Private dims in front of the visible ones: none, one, two, three, with different names and sizes. */
const configs: Layout[] = [[], [["sample", 3]], [["batch", 2], ["beam", 3]], [["device", 2], ["batch", 1], ["beam", 2]]];
const names = (m: Layout): string[] => m.map(([n]) => n);
const masked = (t: AnyTensor, m: Layout): any => (m.length ? loose(t).mask(...names(m)) : t);
const privateDims = (m: Layout) => m.map(([name, size]) => ({ name, size, masked: true }));
const visibleDims = (l: Layout) => l.map(([name, size]) => ({ name, size, masked: false }));
const label = (m: Layout): string => (m.length ? names(m).join(", ") : "nothing") + " private";

describe.each(configs.map((m) => [label(m), m] as const))("NN layers with %s", (_, m) => {
  it("linear is x·W + b, the private dims kept in front", () => {
    const lx: Layout = [...m, ["seq", 3], ["inhid", 4]];
    const lw: Layout = [["inhid", 4], ["outhid", 2]];
    const [x, w, b] = [input(lx), input(lw), input([["outhid", 2]])];
    const y = nn.linear(masked(x, m), "inhid", w, b);
    expect(y.shapeDims).toEqual([...privateDims(m), ...visibleDims([["seq", 3], ["outhid", 2]])]);
    const want = naiveDot(f64(x), lx, f64(w), lw, ["inhid"], [...m, ["seq", 3], ["outhid", 2]]).map((v, i) => v + f64(b)[i % 2]!);
    expectClose(f64(y), want, 1e-12, 1e-12);
  });

  it("layerNorm normalises each line over the named dim, then scales and shifts", () => {
    const lx: Layout = [...m, ["seq", 2], ["hidden", 5]];
    const [x, g, b] = [input(lx), input([["hidden", 5]]), input([["hidden", 5]])];
    const y = nn.layerNorm(masked(x, m), "hidden", g, b);
    expect(y.shapeDims).toEqual([...privateDims(m), ...visibleDims([["seq", 2], ["hidden", 5]])]);
    const normed = naiveAlong(f64(x), lx, "hidden", (line) => {
      const mean = line.reduce((s, v) => s + v, 0) / line.length;
      const variance = line.reduce((s, v) => s + (v - mean) ** 2, 0) / line.length;
      return line.map((v) => (v - mean) / Math.sqrt(variance + 1e-5));
    });
    const want = new Float64Array(normed.length);
    forEachPosition(lx, (at, flat) => (want[flat] = normed[flat]! * f64(g)[at.hidden!]! + f64(b)[at.hidden!]!));
    expectClose(f64(y), want, 1e-10, 1e-10);
  });

  it("dropout draws the same mask as without private dims, and keeps them", () => {
    const lx: Layout = [...m, ["a", 6], ["b", 7]];
    const x = input(lx, 1, 2);
    const y = nn.dropout(masked(x, m), 0.25, 5);
    expect(y.shapeDims).toEqual([...privateDims(m), ...visibleDims([["a", 6], ["b", 7]])]);
    const plain = f64(nn.dropout(x, 0.25, 5));
    expect([...f64(y)]).toEqual([...plain]);
    const xv = f64(x);
    f64(y).forEach((v, i) => v !== 0 && expect(v).toBeCloseTo(xv[i]! / 0.75, 5));
  });

  it("embedding reads the table's rows at ids that have private dims", () => {
    const li: Layout = [...m, ["seq", 3]];
    const n = li.reduce((p, [, z]) => p * z, 1);
    const idv = randomInts(n, 0, 6);
    const ids = masked(loose(tensor(idv, li, { dtype: "int32" })), m);
    const table = input([["vocab", 6], ["embed", 3]]);
    const e = nn.embedding(ids, table, "vocab");
    expect(e.shapeDims).toEqual([...privateDims(m), ...visibleDims([["seq", 3], ["embed", 3]])]);
    const tv = f64(table);
    expect([...f64(e)]).toEqual([...idv].flatMap((i) => [tv[i * 3]!, tv[i * 3 + 1]!, tv[i * 3 + 2]!]));
  });

  it("crossEntropy averages over the visible dims only: one loss per private position", () => {
    const ll: Layout = [...m, ["seq", 2], ["class", 5]];
    const ly: Layout = [...m, ["seq", 2]];
    const x = input(ll, -3, 3);
    const yv = randomInts(ly.reduce((p, [, z]) => p * z, 1), 0, 5);
    const loss = nn.crossEntropy(masked(x, m), masked(loose(tensor(yv, ly, { dtype: "int32" })), m), "class");
    expect(loss.shapeDims).toEqual(privateDims(m));
    const p = naiveSoftmax(f64(x), ll, "class");
    const want = new Float64Array(Math.max(1, m.reduce((q, [, z]) => q * z, 1)));
    forEachPosition(ly, (at) => {
      const i = offsetOf(m, at);
      want[i] = want[i]! - Math.log(p[offsetOf(ll, { ...at, class: yv[offsetOf(ly, at)]! })]!) / 2;
    });
    expectClose(f64(loss), want, 1e-10, 1e-12);
  });

  for (const causal of [false, true]) {
    it(`attention splits heads by name, per private position${causal ? ", causal" : ""}`, () => {
      const lq: Layout = [...m, ["seq", 3], ["hidden", 4]];
      const lk: Layout = [...m, ["key", 3], ["hidden", 4]];
      const [q, k, v] = [input(lq), input(lk), input(lk)];
      const y = nn.attention(masked(q, m), masked(k, m), masked(v, m), { hidden: "hidden", heads: 2, query: "seq", key: "key", causal });
      expect(y.shapeDims).toEqual([...privateDims(m), ...visibleDims([["seq", 3], ["hidden", 4]])]);
      const [qv, kv, vv] = [f64(q), f64(k), f64(v)];
      const want = new Float64Array(qv.length);
      forEachPosition([...m, ["head", 2], ["seq", 3]], (at) => {
        const d = 2;
        const feature = (e: number) => at.head! * d + e;
        const scores = [0, 1, 2].map((j) => {
          if (causal && j > at.seq!) return -Infinity;
          let dot = 0;
          for (let e = 0; e < d; e++) dot += qv[offsetOf(lq, { ...at, hidden: feature(e) })]! * kv[offsetOf(lk, { ...at, key: j, hidden: feature(e) })]!;
          return dot / Math.sqrt(d);
        });
        const top = Math.max(...scores);
        const weights = scores.map((s) => Math.exp(s - top));
        const z = weights.reduce((a, c) => a + c, 0);
        for (let e = 0; e < d; e++)
          want[offsetOf(lq, { ...at, hidden: feature(e) })] = weights.reduce((acc, w, j) => acc + (w / z) * vv[offsetOf(lk, { ...at, key: j, hidden: feature(e) })]!, 0);
      });
      expectClose(f64(y), want, 1e-10, 1e-12);
    });
  }
});

describe("NN gradients with two private dims", () => {
  const m: Layout = [["batch", 2], ["beam", 2]];
  it("layerNorm, linear and attention: each gradient has its argument's dims, private flags included, and checks", async () => {
    const [x, g] = [input([...m, ["hidden", 4]]), input([["hidden", 4]])];
    await gradcheck((x, g) => scalarize(nn.layerNorm(masked(x, m), "hidden", g)), [x, g], { rtol: 1e-5 });
    const [xm, w] = [masked(input([...m, ["inhid", 3]]), m), input([["inhid", 3], ["outhid", 2]])];
    await gradcheck((x, w) => scalarize(nn.linear(x, "inhid", w)), [xm, w]);
    const [q, k] = [masked(input([...m, ["seq", 2], ["hidden", 4]]), m), masked(input([...m, ["key", 2], ["hidden", 4]]), m)];
    await gradcheck((q, k) => scalarize(nn.attention(q, k, k, { hidden: "hidden", heads: 2, query: "seq", key: "key" })), [q, k], { rtol: 1e-5 });
  });
});

describe("the essay's attention, written once for any private dims", () => {
  it.each(configs.map((m) => [label(m), m] as const))("with %s gives the values of the batch-only call on the same data", async (_, m) => {
    const params = randomParams(7, 3);
    const [Y, ht, rt1] = [input([...m, ["seqlen", 5], ["inhid", 7]]), input([...m, ["inhid", 7]]), input([...m, ["inhid", 7]])];
    const { rt, at } = essayAttention(params, masked(Y, m), masked(ht, m), masked(rt1, m));
    expect(rt.shapeDims).toEqual([...privateDims(m), ...visibleDims([["inhid", 7]])]);
    expect(at.shapeDims).toEqual([...privateDims(m), ...visibleDims([["seqlen", 5]])]);
    // The private dims in front are one flat batch of the same data: the earlier single-batch form of the call.
    const flat = Math.max(1, m.reduce((p, [, z]) => p * z, 1));
    const asBatch = (t: AnyTensor, rest: Layout) => loose(tensor(t.dataSync() as Float32Array, [["batch", flat], ...rest])).mask("batch");
    const ref = essayAttention(params, asBatch(Y, [["seqlen", 5], ["inhid", 7]]), asBatch(ht, [["inhid", 7]]), asBatch(rt1, [["inhid", 7]]));
    expectClose(f64(at), f64(ref.at), 1e-12, 1e-12);
    expectClose(f64(rt), f64(ref.rt), 1e-12, 1e-12);
    expectClose(await at.data(), f64(ref.at), 1e-4, 1e-5);
    const rows = naivePerLine(f64(at), [...m, ["seqlen", 5]], "seqlen", (line) => line.reduce((a, c) => a + c, 0));
    rows.forEach((s) => expect(s).toBeCloseTo(1, 6));
  });
});

describe("maskedLike and privateLike check at run time", () => {
  it("give the shapedLike sentence when the dims are not the promised ones", async () => {
    const { maskedLike, privateLike } = await import("../../src/index.js");
    const Y = loose(input([["batch", 2], ["beam", 3], ["seqlen", 5], ["inhid", 4]])).mask("batch", "beam");
    const at = loose(Y).sum("inhid");
    expect(maskedLike(at, Y, ["seqlen"]).shapeDims).toEqual([...privateDims([["batch", 2], ["beam", 3]]), ...visibleDims([["seqlen", 5]])]);
    expectSentence(
      () => maskedLike(at, Y, ["inhid"] as never),
      "expected the dimensions { batch (private): 2, beam (private): 3, inhid: 4 } but this tensor has { batch (private): 2, beam (private): 3, seqlen: 5 }",
    );
    expectSentence(() => maskedLike(at, Y, ["hidden"] as never), '"hidden" is not a dimension of { seqlen: 5, inhid: 4 }');
    expectSentence(() => maskedLike(at.unmask(), Y, ["seqlen"]), "expected the dimensions { batch (private): 2, beam (private): 3, seqlen: 5 } but this tensor has { batch: 2, beam: 3, seqlen: 5 }");
    expect(privateLike(loose(at).sum("seqlen"), Y).shapeDims).toEqual(privateDims([["batch", 2], ["beam", 3]]));
    expectSentence(() => privateLike(at, Y), "expected the dimensions { batch (private): 2, beam (private): 3 } but this tensor has { batch (private): 2, beam (private): 3, seqlen: 5 }");
  });
});

describe("sentences name the private dims a layer's argument lacks", () => {
  it("crossEntropy's labels and attention's keys: the same sentence as the compile error", () => {
    const logits = loose(input([["batch", 3], ["beam", 2], ["seq", 4], ["hidden", 8]])).mask("batch", "beam");
    expectSentence(
      () => nn.crossEntropy(logits, tensor(new Int32Array(4), [["seq", 4]], { dtype: "int32" }), "hidden"),
      'the labels must have the dimensions of the logits other than "hidden", { batch (private): 3, beam (private): 2, seq: 4 }, not { seq: 4 }',
    );
    expectSentence(
      () => nn.attention(logits, input([["key", 4], ["hidden", 8]]), logits.rename({ seq: "key" }), { hidden: "hidden", heads: 2, query: "seq", key: "key" }),
      'the keys must have the dimensions { batch (private): 3, beam (private): 2, hidden: 8 } of the queries and "key", not { key: 4, hidden: 8 }',
    );
  });
});
