// Movement ops (transpose, rename, split, stack, pad, expand, squeeze, concat) on every device, against the
// independent loops of test/helpers/naive.ts on fresh random inputs of odd sizes, over materialised and lazy
// inputs; round-trip properties; and every runtime ShapeError with the same sentence as the type error.
import { beforeAll, describe, expect, it } from "vitest";
import { concat, tensor } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, expectClose, naiveRead } from "../helpers/naive.js";
import { randomBools, randomFloats, randomInts } from "../helpers/random.js";
import { expectSentence } from "../helpers/sentences.js";

/** The same values as a materialised tensor and as a lazy one (an op not computed yet). */
function variants(values: Float32Array, layout: Layout): [string, AnyTensor][] {
  const x = tensor(values, layout) as unknown as AnyTensor;
  return [
    ["materialised", x],
    ["lazy", x.add(0) as AnyTensor],
  ];
}
const numel = (l: Layout): number => l.reduce((n, [, z]) => n * z, 1);
/** Untyped access, to make at run time the mistakes the types reject. */
const loose = (t: unknown): any => t;

describe.each(deviceNames)("movement on %s", (device) => {
  beforeAll(() => useDevice(device));
  const lx: Layout = [["a", 3], ["b", 5], ["c", 7]];
  const xv = randomFloats(numel(lx));

  it("transpose reorders by name, and transposing back is the identity", async () => {
    for (const [kind, x] of variants(xv, lx)) {
      const y = loose(x).transpose("c", "a", "b");
      expect(y.dims, kind).toEqual(["c", "a", "b"]);
      expectClose(await y.data(), naiveRead(xv, lx, [["c", 7], ["a", 3], ["b", 5]], (at) => at));
      expect(await y.transpose("a", "b", "c").data()).toEqual(xv);
    }
  });

  it("transpose keeps private dims first and private", async () => {
    for (const [, x] of variants(xv, lx)) {
      const y = loose(x).mask("b").transpose("c", "a");
      expect(y.dims).toEqual(["b", "c", "a"]);
      expect([...y.masked]).toEqual(["b"]);
      expect(y.unmask().dims).toEqual(["b", "c", "a"]);
      expectClose(await y.data(), naiveRead(xv, lx, [["b", 5], ["c", 7], ["a", 3]], (at) => at));
    }
  });

  it("rename renames in place, swaps included", async () => {
    for (const [, x] of variants(xv, lx)) {
      const r = loose(x).rename({ a: "p", c: "a" });
      expect(r.dims).toEqual(["p", "b", "a"]);
      expect(await r.data()).toEqual(xv);
      const s = loose(x).rename({ a: "b", b: "a" });
      expect(s.shape).toEqual({ b: 3, a: 5, c: 7 });
      // reading the swapped names back in the old order is a transpose of the original
      const t = s.transpose("a", "b", "c");
      expectClose(await t.data(), naiveRead(xv, lx, [["a", 5], ["b", 3], ["c", 7]], (at) => ({ a: at.b!, b: at.a!, c: at.c! })));
    }
  });

  it("split replaces the name in place, the first part outermost", async () => {
    const l: Layout = [["b", 3], ["h", 35], ["w", 2]];
    const v = randomFloats(numel(l));
    for (const [, x] of variants(v, l)) {
      const y = loose(x).split("h", [["height", 5], "q"]);
      expect(y.shape).toEqual({ b: 3, height: 5, q: 7, w: 2 });
      expectClose(await y.data(), naiveRead(v, l, [["b", 3], ["height", 5], ["q", 7], ["w", 2]], (at) => ({ b: at.b!, h: at.height! * 7 + at.q!, w: at.w! })));
      const z = loose(x).split("h", ["h", ["r", 5]]);
      expect(z.shape).toEqual({ b: 3, h: 7, r: 5, w: 2 });
      expectClose(await z.data(), naiveRead(v, l, [["b", 3], ["h", 7], ["r", 5], ["w", 2]], (at) => ({ b: at.b!, h: at.h! * 5 + at.r!, w: at.w! })));
    }
    const n = randomFloats(30);
    const three = loose(tensor(n, [["n", 30]])).split("n", [["i", 2], "j", ["k", 5]]);
    expect(three.shape).toEqual({ i: 2, j: 3, k: 5 });
    expectClose(await three.data(), naiveRead(n, [["n", 30]], [["i", 2], ["j", 3], ["k", 5]], (at) => ({ n: at.i! * 15 + at.j! * 5 + at.k! })));
  });

  it("stack merges row-major in the listed order where the first listed dim stood", async () => {
    for (const [, x] of variants(xv, lx)) {
      const hb = loose(x).stack({ hb: ["b", "a"] });
      expect(hb.shape).toEqual({ hb: 15, c: 7 });
      expectClose(await hb.data(), naiveRead(xv, lx, [["hb", 15], ["c", 7]], (at) => ({ a: at.hb! % 3, b: Math.floor(at.hb! / 3), c: at.c! })));
      const all = loose(x).stack({ all: ["c", "a", "b"] });
      expect(all.shape).toEqual({ all: 105 });
      expectClose(await all.data(), naiveRead(xv, lx, [["all", 105]], (at) => ({ c: Math.floor(at.all! / 15), a: Math.floor(at.all! / 5) % 3, b: at.all! % 5 })));
    }
  });

  it("stack with several keys does not depend on their order", async () => {
    const x = loose(tensor(xv, lx));
    const one = x.stack({ ca: ["c", "a"], bb: ["b"] });
    const two = x.stack({ bb: ["b"], ca: ["c", "a"] });
    expect(one.dims).toEqual(["bb", "ca"]);
    expect(two.dims).toEqual(["bb", "ca"]);
    const expected = naiveRead(xv, lx, [["bb", 5], ["ca", 21]], (at) => ({ a: at.ca! % 3, b: at.bb!, c: Math.floor(at.ca! / 3) }));
    expectClose(await one.data(), expected);
    expectClose(await two.data(), expected);
  });

  it("split then stack, and stack then split, are the identity", async () => {
    for (const [, x] of variants(xv, lx)) {
      const back = loose(x).split("c", [["p", 7], "q"]).stack({ c: ["p", "q"] });
      expect(back.shape).toEqual({ a: 3, b: 5, c: 7 });
      expect(await back.data()).toEqual(xv);
      const again = loose(x).stack({ ab: ["a", "b"] }).split("ab", [["a", 3], "b"]);
      expect(again.shape).toEqual({ a: 3, b: 5, c: 7 });
      expect(await again.data()).toEqual(xv);
      const split3 = loose(x).stack({ m: ["b", "c", "a"] }).split("m", ["b", ["c", 7], ["a", 3]]).transpose("a", "b", "c");
      expect(await split3.data()).toEqual(xv);
    }
  });

  it("pad adds `value` around the data, as a view", async () => {
    const l: Layout = [["a", 3], ["b", 5]];
    const v = randomFloats(15);
    for (const [, x] of variants(v, l)) {
      const y = loose(x).pad({ a: [1, 2], b: [0, 3] }, -7.5);
      expect(y.shape).toEqual({ a: 6, b: 8 });
      const inside = (at: Readonly<Record<string, number>>) => (at.a! >= 1 && at.a! < 4 && at.b! < 5 ? { a: at.a! - 1, b: at.b! } : undefined);
      expectClose(await y.data(), naiveRead(v, l, [["a", 6], ["b", 8]], inside, -7.5));
      // pads with different fills, then a narrow of the padded view
      const z = loose(x).pad({ b: [1, 1] }, 1).pad({ b: [2, 0] }, 2).narrow("b", 1, 7, "k");
      const reference = (at: Readonly<Record<string, number>>): number => {
        const p = at.k! + 1; // position in the outer pad
        if (p < 2) return 2;
        const q = p - 2; // position in the inner pad
        return q < 1 || q > 5 ? 1 : v[at.a! * 5 + q - 1]!;
      };
      const expected = new Float64Array(21).map((_, i) => reference({ a: Math.floor(i / 7), k: i % 7 }));
      expectClose(await z.data(), expected);
    }
    const ints = randomInts(15, -9, 9);
    const pi = loose(tensor(ints, l)).pad({ a: [2, 0] }, 4);
    expect(pi.dtype).toBe("int32");
    expect(Array.from(await pi.data())).toEqual(Array.from(naiveRead(ints, l, [["a", 5], ["b", 5]], (at) => (at.a! >= 2 ? { a: at.a! - 2, b: at.b! } : undefined), 4)));
    const bools = randomBools(15);
    const pb = loose(tensor(bools, l, { dtype: "bool" })).pad({ b: [1, 0] }, true);
    expect(Array.from(await pb.data())).toEqual(Array.from(naiveRead(bools, l, [["a", 3], ["b", 6]], (at) => (at.b! >= 1 ? { a: at.a!, b: at.b! - 1 } : undefined), 1)));
  });

  it("expand adds broadcast dims in front without copying", async () => {
    const v = randomFloats(3);
    for (const [, x] of variants(v, [["a", 3]])) {
      const y = loose(x).expand([["n", 4], ["m", 2]]);
      expect(y.shape).toEqual({ n: 4, m: 2, a: 3 });
      expectClose(await y.data(), naiveRead(v, [["a", 3]], [["n", 4], ["m", 2], ["a", 3]], (at) => ({ a: at.a! })));
      expectClose(await y.sum(["n", "m"]).data(), Array.from(v, (e) => 8 * e), 1e-6);
      // One new dim as an object: the same as one pair.
      const z = loose(x).expand({ n: 4 });
      expect(z.dims).toEqual(["n", "a"]);
      expectClose(await z.data(), naiveRead(v, [["a", 3]], [["n", 4], ["a", 3]], (at) => ({ a: at.a! })));
    }
  });

  it("views over a materialised tensor share its buffer", async () => {
    const x = loose(tensor(xv, lx));
    const buffer = x.node.storage.buffer;
    for (const y of [x.transpose("c", "b", "a"), x.split("c", [["p", 7], ["q", 1]]), x.expand([["n", 5]]), x.rename({ a: "z" }), x.split("c", [["p", 7], ["one", 1]]).squeeze("one")]) {
      expect(y.node.storage?.buffer).toBe(buffer);
    }
  });

  it("private dims stay private (and in place) through every movement op", async () => {
    const l: Layout = [["a", 3], ["b", 5], ["c", 6], ["one", 1]];
    const v = randomFloats(numel(l));
    const x = loose(tensor(v, l)).mask("b");
    const ops: [string, any, string[]][] = [
      ["rename", x.rename({ a: "z" }), ["z", "b", "c", "one"]],
      ["split", x.split("c", [["p", 2], "q"]), ["a", "b", "p", "q", "one"]],
      ["stack", x.stack({ ca: ["c", "a"] }), ["b", "ca", "one"]],
      ["pad", x.pad({ a: [1, 0] }), ["a", "b", "c", "one"]],
      ["expand", x.expand([["n", 2]]), ["n", "a", "b", "c", "one"]],
      ["squeeze", x.squeeze("one"), ["a", "b", "c"]],
    ];
    for (const [op, y, dims] of ops) {
      expect(y.dims, op).toEqual(dims);
      expect([...y.masked], op).toEqual(["b"]);
    }
    const y = ops[2]![1].unmask();
    expectClose(await y.data(), naiveRead(v, l, [["b", 5], ["ca", 18], ["one", 1]], (at) => ({ a: at.ca! % 3, b: at.b!, c: Math.floor(at.ca! / 3), one: 0 })));
  });

  it("squeeze removes size-1 dims", async () => {
    const l: Layout = [["a", 3], ["one", 1], ["b", 5], ["two", 1]];
    const v = randomFloats(15);
    for (const [, x] of variants(v, l)) {
      const y = loose(x).squeeze("two", "one");
      expect(y.shape).toEqual({ a: 3, b: 5 });
      expect(await y.data()).toEqual(v);
    }
  });

  it("views of views match the loop reference (split, transpose, narrow, get), materialised midway or not", async () => {
    const l: Layout = [["b", 3], ["h", 35], ["w", 4]];
    const v = randomFloats(numel(l));
    const expected = naiveRead(v, l, [["w", 4], ["r", 4], ["b", 3]], (at) => ({ b: at.b!, h: 3 * 7 + at.r! + 2, w: at.w! }));
    for (const [, x] of variants(v, l)) {
      const chain = (t: any): any => t.split("h", [["p", 5], "q"]).transpose("w", "q", "b", "p");
      expectClose(await chain(x).narrow("q", 2, 4, "r").get("p", 3).data(), expected);
      expectClose(await chain(x).materialize().narrow("q", 2, 4, "r").get("p", 3).data(), expected);
      expectClose(await chain(x).narrow("q", 2, 4, "r").materialize().get("p", 3).data(), expected);
    }
  });

  it("concat joins along a name, matching operands by name", async () => {
    const [la, lb, lc]: [Layout, Layout, Layout] = [[["t", 2], ["f", 3]], [["f", 3], ["t", 5]], [["t", 1], ["f", 3]]];
    const [va, vb, vc] = [randomFloats(6), randomFloats(15), randomFloats(3)];
    const reference = new Float64Array(24).map((_, i) => {
      const [t, f] = [Math.floor(i / 3), i % 3];
      return t < 2 ? va[t * 3 + f]! : t < 7 ? vb[f * 5 + (t - 2)]! : vc[f]!;
    });
    const [a, b, c] = [variants(va, la), variants(vb, lb), variants(vc, lc)];
    for (let k = 0; k < 2; k++) {
      const y = concat([a[k]![1], b[1 - k]![1], c[k]![1]] as any, "t") as unknown as AnyTensor;
      expect(y.shape).toEqual({ t: 8, f: 3 });
      expectClose(await y.data(), reference);
    }
    const single = concat([b[0]![1]] as any, "t") as unknown as AnyTensor;
    expect(await single.data()).toEqual(vb);
  });

  it("concat promotes int32 with float32 and keeps private dims private", async () => {
    const ints = randomInts(6, -5, 5);
    const floats = randomFloats(9);
    const y = concat([tensor(ints, [["t", 2], ["f", 3]]).mask("f"), tensor(floats, [["f", 3], ["t", 3]])], "t") as unknown as AnyTensor;
    expect(y.dtype).toBe("float32");
    expect([...y.masked]).toEqual(["f"]);
    const expected = new Float64Array(15).map((_, i) => {
      const [t, f] = [Math.floor(i / 3), i % 3];
      return t < 2 ? ints[t * 3 + f]! : floats[f * 3 + (t - 2)]!;
    });
    expectClose(await y.data(), expected);
    const bools = [randomBools(4), randomBools(2)];
    const yb = concat([tensor(bools[0]!, [["t", 4]], { dtype: "bool" }), tensor(bools[1]!, [["t", 2]], { dtype: "bool" })], "t");
    expect(yb.dtype).toBe("bool");
    expect(Array.from(await yb.data())).toEqual([...bools[0]!, ...bools[1]!]);
  });
});

describe("movement errors: the runtime sentence is the type error's", () => {
  const x = loose(tensor(randomFloats(6 * 96 * 4), [["b", 6], ["h", 96], ["w", 4]]));
  const m = x.mask("b");
  const cases: [string, () => unknown, string][] = [
    ["transpose missing", () => x.transpose("w", "b"), 'transpose must list every dimension once: "h" is missing'],
    ["transpose duplicate", () => x.transpose("w", "b", "h", "w"), 'dimension names must be unique: "w" appears twice'],
    ["transpose absent", () => x.transpose("w", "b", "hh"), '"hh" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["transpose private", () => m.transpose("w", "h", "b"), '"b" is private (masked)'],
    ["transpose bad name", () => x.transpose("w", "b", "1h"), '"1h" is not a valid dimension name: use an identifier such as "batch"'],
    ["rename taken", () => x.rename({ h: "w" }), '"w" is already a dimension'],
    ["rename absent", () => x.rename({ hh: "w" }), '"hh" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["rename private", () => m.rename({ b: "batch" }), '"b" is private (masked)'],
    ["rename bad name", () => x.rename({ h: "1x" }), '"1x" is not a valid dimension name: use an identifier such as "batch"'],
    ["rename same target", () => x.rename({ h: "z", w: "z" }), 'dimension names must be unique: "z" appears twice'],
    ["split indivisible", () => x.split("h", [["height", 7], "q"]), 'cannot split "h" (96) into pieces of 7'],
    ["split product", () => x.split("h", [["height", 7], ["q", 12]]), 'cannot split "h" (96) into parts whose sizes multiply to 84'],
    ["split unknowns", () => x.split("h", ["a", "q"]), 'cannot split "h" (96): the parts "a", "q" have no size; give the size of every part but one'],
    ["split taken", () => x.split("h", [["w", 8], "q"]), '"w" is already a dimension'],
    ["split duplicate", () => x.split("h", [["a", 8], "a"]), 'dimension names must be unique: "a" appears twice'],
    ["split absent", () => x.split("hx", [["a", 8], "q"]), '"hx" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["split private", () => m.split("b", [["a", 2], "q"]), '"b" is private (masked)'],
    ["split bad size", () => x.split("h", [["a", -8], "q"]), 'the size of "a" must be a non-negative integer, not -8'],
    ["split bad name", () => x.split("h", [["2a", 8], "q"]), '"2a" is not a valid dimension name: use an identifier such as "batch"'],
    ["stack absent", () => x.stack({ bh: ["b", "hh"] }), '"hh" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["stack duplicate", () => x.stack({ bh: ["b", "b"] }), 'dimension names must be unique: "b" appears twice'],
    ["stack duplicate across keys", () => x.stack({ bh: ["b", "h"], hw: ["h", "w"] }), 'dimension names must be unique: "h" appears twice'],
    ["stack taken", () => x.stack({ w: ["b", "h"] }), '"w" is already a dimension'],
    ["stack empty", () => x.stack({ bh: [] }), 'cannot stack into "bh": list at least one dimension to merge'],
    ["stack private", () => m.stack({ bh: ["b", "h"] }), '"b" is private (masked)'],
    ["stack bad name", () => x.stack({ "b-h": ["b", "h"] }), '"b-h" is not a valid dimension name: use an identifier such as "batch"'],
    ["pad width", () => x.pad({ h: [-1, 2] }), 'the padding of "h" must be a non-negative integer, not -1'],
    ["pad fractional width", () => x.pad({ h: [1, 0.5] }), 'the padding of "h" must be a non-negative integer, not 0.5'],
    ["pad absent", () => x.pad({ q: [1, 2] }), '"q" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["pad private", () => m.pad({ b: [1, 2] }), '"b" is private (masked)'],
    ["expand taken", () => x.expand([["h", 3]]), '"h" is already a dimension'],
    ["expand taken by a private dim", () => m.expand([["b", 3]]), '"b" is already a dimension'],
    ["expand bad size", () => x.expand([["n", -3]]), 'the size of "n" must be a non-negative integer, not -3'],
    ["expand duplicate", () => x.expand([["n", 2], ["n", 3]]), 'dimension names must be unique: "n" appears twice'],
    ["expand object taken", () => x.expand({ h: 3 }), '"h" is already a dimension'],
    ["expand object of two keys", () => x.expand({ n: 3, m: 2 }), "expand takes one new dimension per object ({ name: size }); to add several, list them in order as pairs: [[name, size], ...]"],
    ["expand empty object", () => x.expand({}), "expand takes one new dimension per object ({ name: size }); to add several, list them in order as pairs: [[name, size], ...]"],
    ["squeeze size", () => x.squeeze("h"), 'cannot squeeze "h": its size is 96, not 1'],
    ["squeeze absent", () => x.squeeze("one"), '"one" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["concat size", () => concat([x, tensor(randomFloats(140), [["w", 4], ["h", 5], ["b", 7]])], "h"), 'dimension "b" is 6 in the left operand but 7 in the right'],
    ["concat missing", () => concat([x, tensor(randomFloats(24), [["w", 4], ["b", 6]])], "h"), 'cannot concat: "h" is not a dimension of every operand'],
    ["concat missing other", () => concat([x, tensor(randomFloats(24), [["w", 4], ["h", 6]])], "h"), '"b" is not a dimension of { w: 4, h: 6 }'],
    ["concat extra", () => concat([x, tensor(randomFloats(48), [["w", 4], ["h", 1], ["b", 6], ["z", 2]])], "h"), '"z" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["concat private", () => concat([m, m], "b"), '"b" is private (masked)'],
    ["concat bool", () => concat([x, tensor(randomBools(24), [["b", 6], ["h", 1], ["w", 4]], { dtype: "bool" })], "h"), "arithmetic needs numbers, not bool: cast the bool operand first"],
  ];
  it.each(cases)("%s", (_, f, sentence) => expectSentence(f, sentence));
});
