// Algebraic properties over random shapes, on every device: identities that must hold whatever the names,
// their order and the sizes (names, not positions, decide). Each property runs on several fresh random layouts
// and compares through the name-aware float64 loops, so a transposed or misaligned result cannot pass.
import { beforeAll, describe, expect, it } from "vitest";
import { type Shape, type Tensor, contract, rand, tensor, where } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, argSort, expectClose, expectSame, forEachPosition, linesAlong, naiveBinary, offsetOf, sizeOf } from "../helpers/naive.js";
import { randomBools, randomFloats, rng, testSeed } from "../helpers/random.js";

type F = Tensor<Shape, "float32">;
const f = (values: ArrayLike<number>, l: Layout): F => tensor(Float32Array.from(values), l) as unknown as F;
const next = rng(testSeed + 7);
const pickInt = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo));
const sizes = [1, 2, 3, 5, 7];

/** A random layout over some of `names`, in a random order, with random small sizes (fixed per name). */
function randomLayout(names: readonly string[], sizeOfName: Record<string, number>, min = 1): Layout {
  const chosen = names.filter(() => next() < 0.7);
  while (chosen.length < min) {
    const n = names.find((m) => !chosen.includes(m))!;
    chosen.push(n);
  }
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = pickInt(0, i + 1);
    [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
  }
  return chosen.map((n) => [n, sizeOfName[n]!]);
}
function randomSizes(names: readonly string[]): Record<string, number> {
  return Object.fromEntries(names.map((n) => [n, sizes[pickInt(0, sizes.length)]!]));
}
/** The values of `x` (laid out as `from`) rearranged into the order of `to` (same names). */
function relayout(x: ArrayLike<number>, from: Layout, to: Layout): Float64Array {
  const out = new Float64Array(x.length);
  forEachPosition(to, (at, flat) => (out[flat] = x[offsetOf(from, at)]!));
  return out;
}
const trials = 8;
/**
 * A dim name drawn at run time, typed as one literal: on a dynamic shape the ops check names at run time, but
 * their signatures still refuse the type `string` for ops along one name (softmax, cumsum…).
 */
const drawn = (layout: Layout): "a" => layout[pickInt(0, layout.length)]![0] as "a";

describe.each(deviceNames)("properties on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("a.add(b) and b.add(a) hold the same values by name, whatever the orders", async () => {
    for (let t = 0; t < trials; t++) {
      const z = randomSizes(["p", "q", "r", "s"]);
      const [la, lb] = [randomLayout(["p", "q", "r", "s"], z), randomLayout(["p", "q", "r", "s"], z)];
      const [x, y] = [randomFloats(sizeOf(la)), randomFloats(sizeOf(lb))];
      const ab = f(x, la).add(f(y, lb));
      const ba = f(y, lb).add(f(x, la));
      const lab: Layout = ab.dims.map((n) => [n, z[n]!]);
      const lba: Layout = ba.dims.map((n) => [n, z[n]!]);
      expectSame(relayout(await ba.data(), lba, lab), await ab.data());
      expectSame(await ab.data(), Float32Array.from(naiveBinary(x, la, y, lb, lab, (p, q) => p + q)));
    }
  });

  it("a.dot(names, b) equals a.mul(b).sum(names) and contract([a, b], names)", async () => {
    for (let t = 0; t < trials; t++) {
      const z = randomSizes(["i", "j", "k", "l"]);
      const la = randomLayout(["i", "j", "k", "l"], z, 2);
      const lb = randomLayout(["i", "j", "k", "l"], z, 2);
      const shared = la.map(([n]) => n).filter((n) => lb.some(([m]) => m === n));
      if (shared.length === 0) continue;
      const names = shared.slice(0, pickInt(1, shared.length + 1));
      const [x, y] = [randomFloats(sizeOf(la)), randomFloats(sizeOf(lb))];
      const [a, b] = [f(x, la), f(y, lb)];
      const d = a.dot(names, b);
      const viaSum = a.mul(b).sum(names);
      const viaContract = contract([a, b], names);
      expect(d.dims).toEqual(viaSum.dims);
      expect(d.dims).toEqual(viaContract.dims);
      const n = names.reduce((p, m) => p * z[m]!, 1);
      expectClose(await d.data(), await viaSum.data(), 1e-5, 1e-6 * n);
      expectClose(await d.data(), await viaContract.data(), 1e-5, 1e-6 * n);
    }
  });

  it("reducing a list equals reducing one name after another; mean·n equals sum", async () => {
    for (let t = 0; t < trials; t++) {
      const z = randomSizes(["a", "b", "c"]);
      const l = randomLayout(["a", "b", "c"], z, 3);
      const x = randomFloats(sizeOf(l));
      const [first, second] = [l[pickInt(0, 3)]![0], l[pickInt(0, 3)]![0]];
      if (first === second) continue;
      const tx = f(x, l);
      expectClose(await tx.sum([first, second]).data(), await tx.sum(first).sum(second).data(), 1e-6, 1e-6 * 49);
      expectSame(await tx.max([first, second]).data(), await tx.max(first).max(second).data());
      expectClose(await tx.mean(first).mul(z[first]!).data(), await tx.sum(first).data(), 1e-6, 1e-6 * 7);
    }
  });

  it("softmax is unchanged by adding a constant along the name, and logSoftmax is log(softmax)", async () => {
    for (let t = 0; t < trials; t++) {
      const z = randomSizes(["a", "b", "c"]);
      const l = randomLayout(["a", "b", "c"], z, 2);
      const name = drawn(l);
      const rest = l.filter(([n]) => n !== name);
      const x = randomFloats(sizeOf(l), -5, 5);
      const shift = randomFloats(sizeOf(rest), -50, 50);
      const tx = f(x, l);
      const sm = await tx.softmax(name).data();
      expectClose(await tx.add(f(shift, rest)).softmax(name).data(), sm, 1e-5, 1e-6);
      expectClose(await tx.logSoftmax(name).data(), Float64Array.from(sm, Math.log), 1e-5, 1e-5);
      // logsumexp ≥ max, with equality only up to log(n).
      const lse = await tx.logsumexp(name).data();
      const mx = await tx.max(name).data();
      lse.forEach((v, i) => expect(v >= mx[i]! - 1e-6 && v <= mx[i]! + Math.log(z[name]!) + 1e-5).toBe(true));
    }
  });

  it("sort gives non-decreasing values that are the input read at the indices, a permutation; topk is its head", async () => {
    for (let t = 0; t < trials; t++) {
      const z = randomSizes(["a", "b"]);
      z.b = 7 + pickInt(0, 5);
      const l = randomLayout(["a", "b"], z, 2);
      const x = randomFloats(sizeOf(l));
      for (let i = 0; i < x.length; i += 3) x[i] = Math.round(x[i]!);
      const tx = f(x, l);
      const { values, indices } = tx.sort("b");
      const [v, idx] = [await values.data(), await indices.data()];
      for (const line of linesAlong(l, "b")) {
        const seen = new Set<number>();
        line.forEach((o, k) => {
          seen.add(idx[o]!);
          expect(v[o]).toBe(x[line[idx[o]!]!]);
          if (k > 0) expect(v[o]! >= v[line[k - 1]!]!).toBe(true);
        });
        expect(seen.size).toBe(line.length);
        expect(line.map((o) => idx[o])).toEqual(argSort(line.map((o) => x[o]!)));
      }
      const k = pickInt(1, z.b + 1);
      // Typed with both names (the layout's order is random; the type only needs the names).
      const top = await (tensor(x, l) as unknown as Tensor<[["a", number], ["b", number]]>).topk("b", k, "top").values.data();
      const desc = await tx.sort("b", { descending: true }).values.data();
      const lTop: Layout = l.map(([n, s]) => (n === "b" ? ["top", k] : [n, s]));
      forEachPosition(lTop, (at, flat) => expect(top[flat]).toBe(desc[offsetOf(l, { ...at, b: at.top! })]));
    }
  });

  it("cumsum ends at the sum, argmax points at the max, and mask/unmask is the identity", async () => {
    for (let t = 0; t < trials; t++) {
      const z = randomSizes(["a", "b", "c"]);
      const l = randomLayout(["a", "b", "c"], z, 2);
      const name = drawn(l);
      const x = randomFloats(sizeOf(l));
      const tx = f(x, l);
      const cs = await tx.cumsum(name).data();
      const sum = await tx.sum(name).data();
      const rest = l.filter(([n]) => n !== name);
      forEachPosition(rest, (at, flat) => expectClose([cs[offsetOf(l, { ...at, [name]: z[name]! - 1 })]!], [sum[flat]!], 1e-6, 1e-6 * 7));
      const am = await tx.argmax(name).data();
      const mx = await tx.max(name).data();
      forEachPosition(rest, (at, flat) => expect(x[offsetOf(l, { ...at, [name]: am[flat]! })]).toBe(mx[flat]));
      const other = l.find(([n]) => n !== name)![0];
      const round = tx.mask(other).exp().unmask();
      expect(round.dims).toEqual(tx.dims);
      expectSame(await round.data(), await tx.exp().data());
    }
  });

  it("where(c, a, b) equals a·c + b·(1 - c) and maskedFill(m, v) equals where(m, v, x)", async () => {
    for (let t = 0; t < trials; t++) {
      const z = randomSizes(["a", "b", "c"]);
      const [lc, la, lb] = [randomLayout(["a", "b", "c"], z), randomLayout(["a", "b", "c"], z), randomLayout(["a", "b", "c"], z)];
      const [c, x, y] = [randomBools(sizeOf(lc)), randomFloats(sizeOf(la)), randomFloats(sizeOf(lb))];
      const cond = tensor(c, lc, { dtype: "bool" });
      const w = where(cond, f(x, la), f(y, lb));
      const cf = cond.cast("float32");
      const blend = cf.mul(f(x, la)).add(cf.neg().add(1).mul(f(y, lb)));
      expect(new Set(blend.dims)).toEqual(new Set(w.dims));
      const lw: Layout = w.dims.map((n) => [n, z[n]!]);
      const lbl: Layout = blend.dims.map((n) => [n, z[n]!]);
      expectSame(relayout(await blend.data(), lbl, lw), await w.data());
      const v = randomFloats(1)[0]!;
      const filled = f(x, la).maskedFill(cond, v);
      const viaWhere = where(cond, v, f(x, la));
      const lf: Layout = filled.dims.map((n) => [n, z[n]!]);
      const lv: Layout = viaWhere.dims.map((n) => [n, z[n]!]);
      expectSame(relayout(await viaWhere.data(), lv, lf), await filled.data());
    }
  });

  it("simple identities: neg(neg x) = x, abs x = max(x, -x), exp(log x) ≈ x, int → float → int round-trips", async () => {
    const l: Layout = [["i", 257]];
    const x = randomFloats(257);
    const tx = f(x, l);
    expectSame(await tx.neg().neg().data(), x);
    expectSame(await tx.abs().data(), await tx.maximum(tx.neg()).data());
    const pos = randomFloats(257, 0.01, 10);
    expectClose(await f(pos, l).log().exp().data(), pos, 1e-5, 0);
    const ints = Int32Array.from(randomFloats(257, -1e6, 1e6), Math.trunc);
    expectSame(await tensor(ints, l).cast("float32").cast("int32").data(), ints);
    // The same seed draws the same numbers whatever the dims are called.
    expectSame(await rand([["p", 257]], { seed: 5 }).data(), await rand([["q", 257]], { seed: 5 }).data());
  });
});
