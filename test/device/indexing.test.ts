// Indexing ops (get, narrow, unbind, indexSelect, gather) on every device, against the independent loops of
// test/helpers/naive.ts on fresh random inputs of odd sizes, over materialised and lazy inputs; range errors
// eagerly (index on the CPU) and lazily (index not computed yet); every runtime ShapeError with the same
// sentence as the type error.
import { beforeAll, describe, expect, it } from "vitest";
import { ShapeError, tensor } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type Layout, expectClose, naiveRead } from "../helpers/naive.js";
import { randomFloats, randomInts } from "../helpers/random.js";
import { expectError } from "../helpers/sentences.js";

const numel = (l: Layout): number => l.reduce((n, [, z]) => n * z, 1);
/** The same values as a materialised tensor and as a lazy one (an op not computed yet). */
function variants(values: Float32Array | Int32Array, layout: Layout, dtype: "float32" | "int32" = "float32"): [string, AnyTensor][] {
  const x = tensor(values, layout, { dtype }) as unknown as AnyTensor;
  return [
    ["materialised", x],
    ["lazy", x.add(0) as AnyTensor],
  ];
}
/** Asserts that `f` (or the promise it returns) fails with a ShapeError with exactly this sentence. */
const expectSentence = (f: () => unknown, sentence: string): Promise<void> => expectError(f, ShapeError, sentence);
/** Asserts that reading `t` rejects with a ShapeError with exactly this sentence (a ShapeError found by a kernel). */
async function expectReadRejects(t: AnyTensor, sentence: string): Promise<void> {
  const read = t.data();
  await expect(read).rejects.toBeInstanceOf(ShapeError);
  await expect(read).rejects.toThrow(new ShapeError(sentence));
  await expect(t.array()).rejects.toThrow(new ShapeError(sentence));
}
/** Untyped access, to make at run time the mistakes the types reject. */
const loose = (t: unknown): any => t;

describe.each(deviceNames)("indexing on %s", (device) => {
  beforeAll(() => useDevice(device));
  const lx: Layout = [["b", 3], ["h", 5], ["w", 7]];
  const xv = randomFloats(numel(lx));

  it("get removes the dim, reading one position", async () => {
    for (const [, x] of variants(xv, lx)) {
      for (const i of [0, 2, 4]) {
        const y = loose(x).get("h", i);
        expect(y.shape).toEqual({ b: 3, w: 7 });
        expectClose(await y.data(), naiveRead(xv, lx, [["b", 3], ["w", 7]], (at) => ({ ...at, h: i })));
      }
      const corner = loose(x).get("b", 2).get("w", 6);
      expectClose(await corner.data(), naiveRead(xv, lx, [["h", 5]], (at) => ({ b: 2, h: at.h!, w: 6 })));
    }
  });

  it("narrow replaces the dim in place under its new name", async () => {
    for (const [, x] of variants(xv, lx)) {
      const y = loose(x).narrow("w", 2, 4, "mid");
      expect(y.shape).toEqual({ b: 3, h: 5, mid: 4 });
      expectClose(await y.data(), naiveRead(xv, lx, [["b", 3], ["h", 5], ["mid", 4]], (at) => ({ b: at.b!, h: at.h!, w: at.mid! + 2 })));
      const empty = loose(x).narrow("w", 7, 0, "none");
      expect(empty.shape).toEqual({ b: 3, h: 5, none: 0 });
      expect((await empty.data()).length).toBe(0);
      const twice = loose(x).narrow("h", 1, 4, "h2").narrow("h2", 1, 2, "h3");
      expectClose(await twice.data(), naiveRead(xv, lx, [["b", 3], ["h3", 2], ["w", 7]], (at) => ({ b: at.b!, h: at.h3! + 2, w: at.w! })));
    }
  });

  it("unbind gives one tensor per position", async () => {
    for (const [, x] of variants(xv, lx)) {
      const parts = loose(x).unbind("w");
      expect(parts.length).toBe(7);
      for (let i = 0; i < 7; i++) {
        expect(parts[i].shape).toEqual({ b: 3, h: 5 });
        expectClose(await parts[i].data(), naiveRead(xv, lx, [["b", 3], ["h", 5]], (at) => ({ ...at, w: i })));
      }
    }
  });

  it("indexSelect puts the index's dims where the name stood", async () => {
    const le: Layout = [["vocab", 11], ["embed", 5]];
    const ev = randomFloats(55);
    const ids = randomInts(12, 0, 11);
    for (const [, e] of variants(ev, le)) {
      for (const [, index] of variants(ids, [["batch", 4], ["seq", 3]], "int32")) {
        const y = loose(e).indexSelect("vocab", index);
        expect(y.shape).toEqual({ batch: 4, seq: 3, embed: 5 });
        expectClose(await y.data(), naiveRead(ev, le, [["batch", 4], ["seq", 3], ["embed", 5]], (at) => ({ vocab: ids[at.batch! * 3 + at.seq!]!, embed: at.embed! })));
      }
    }
    // along a middle dim, with an index that reuses the selected name
    const pick = randomInts(4, 0, 5);
    const y = loose(tensor(xv, lx)).indexSelect("h", tensor(pick, [["h", 4]], { dtype: "int32" }));
    expect(y.shape).toEqual({ b: 3, h: 4, w: 7 });
    expectClose(await y.data(), naiveRead(xv, lx, [["b", 3], ["h", 4], ["w", 7]], (at) => ({ b: at.b!, h: pick[at.h!]!, w: at.w! })));
  });

  it("gather matches shared dims pointwise (logits.gather(class, labels))", async () => {
    const ll: Layout = [["batch", 5], ["class", 7]];
    const lv = randomFloats(35);
    const labels = randomInts(5, 0, 7);
    for (const [, logits] of variants(lv, ll)) {
      for (const [, index] of variants(labels, [["batch", 5]], "int32")) {
        const y = loose(logits).gather("class", index);
        expect(y.shape).toEqual({ batch: 5 });
        expectClose(await y.data(), naiveRead(lv, ll, [["batch", 5]], (at) => ({ batch: at.batch!, class: labels[at.batch!]! })));
      }
    }
  });

  it("gather works like torch.gather, with the index's dims in any order", async () => {
    // x [b, h, w], index [w, k, b]: b and w are matched pointwise, k replaces h
    const idx = randomInts(7 * 2 * 3, 0, 5);
    const li: Layout = [["w", 7], ["k", 2], ["b", 3]];
    for (const [, x] of variants(xv, lx)) {
      const y = loose(x).gather("h", tensor(idx, li, { dtype: "int32" }));
      expect(y.shape).toEqual({ b: 3, k: 2, w: 7 });
      expectClose(await y.data(), naiveRead(xv, lx, [["b", 3], ["k", 2], ["w", 7]], (at) => ({ b: at.b!, h: idx[at.w! * 6 + at.k! * 3 + at.b!]!, w: at.w! })));
      // the index has the gathered name itself: it stays in place with the index's size
      const same = randomInts(3 * 2 * 7, 0, 5);
      const z = loose(x).gather("h", tensor(same, [["b", 3], ["h", 2], ["w", 7]], { dtype: "int32" }));
      expect(z.shape).toEqual({ b: 3, h: 2, w: 7 });
      expectClose(await z.data(), naiveRead(xv, lx, [["b", 3], ["h", 2], ["w", 7]], (at) => ({ b: at.b!, h: same[at.b! * 14 + at.h! * 7 + at.w!]!, w: at.w! })));
    }
  });

  it("gather keeps private dims private", async () => {
    const labels = randomInts(3, 0, 5);
    const y = loose(tensor(xv, lx)).mask("w").gather("h", tensor(labels, [["b", 3]], { dtype: "int32" }));
    expect(y.dims).toEqual(["b", "w"]);
    expect([...y.masked]).toEqual(["w"]);
    expectClose(await y.data(), naiveRead(xv, lx, [["b", 3], ["w", 7]], (at) => ({ b: at.b!, h: labels[at.b!]!, w: at.w! })));
  });

  it("private dims stay private through get, narrow, unbind and indexSelect", async () => {
    const x = loose(tensor(xv, lx)).mask("b");
    const pick = randomInts(2, 0, 7);
    const ops: [string, any, string[]][] = [
      ["get", x.get("h", 4), ["b", "w"]],
      ["narrow", x.narrow("w", 1, 5, "v"), ["b", "h", "v"]],
      ["unbind", x.unbind("h")[3], ["b", "w"]],
      ["indexSelect", x.indexSelect("w", tensor(pick, [["k", 2]], { dtype: "int32" })), ["b", "h", "k"]],
    ];
    for (const [op, y, dims] of ops) {
      expect(y.dims, op).toEqual(dims);
      expect([...y.masked], op).toEqual(["b"]);
    }
    expectClose(await ops[3]![1].data(), naiveRead(xv, lx, [["b", 3], ["h", 5], ["k", 2]], (at) => ({ b: at.b!, h: at.h!, w: pick[at.k!]! })));
  });

  it("an index out of range is a ShapeError at the call when the index is on the CPU, else when read", async () => {
    const x = loose(tensor(xv, lx));
    for (const bad of [5, -1, 99]) {
      const values = randomInts(4, 0, 5);
      values[2] = bad;
      const sentence = `index ${bad} is out of range for "h" (5)`;
      const index = tensor(values, [["k", 4]], { dtype: "int32" });
      const shared = randomInts(12, 0, 5);
      shared[7] = bad;
      const sharedIndex = tensor(shared, [["b", 3], ["k", 4]], { dtype: "int32" });
      if (device === "cpu") {
        await expectSentence(() => x.indexSelect("h", index), sentence);
        await expectSentence(() => x.gather("h", sharedIndex), sentence);
      } else {
        // On this device the index tensor lives on the device too: its values are only known to a kernel, so the
        // call succeeds and reading the result rejects with the same sentence.
        await expectReadRejects(x.indexSelect("h", index), sentence);
        await expectReadRejects(x.gather("h", sharedIndex), sentence);
      }
      const lazy = loose(index).add(0);
      const selected = x.indexSelect("h", lazy);
      await expectSentence(() => selected.data(), sentence);
      const gathered = x.gather("h", lazy);
      await expectSentence(() => gathered.data(), sentence);
    }
  });
});

describe("indexing errors: the runtime sentence is the type error's", () => {
  const x = loose(tensor(randomFloats(6 * 96 * 4), [["b", 6], ["h", 96], ["w", 4]]));
  const m = x.mask("b");
  const ids = tensor(randomInts(20, 0, 4), [["batch", 4], ["w", 5]], { dtype: "int32" });
  const cases: [string, () => unknown, string][] = [
    ["get past the end", () => x.get("h", 96), 'index 96 is out of range for "h" (96)'],
    ["get negative", () => x.get("h", -1), 'index -1 is out of range for "h" (96)'],
    ["get fractional", () => x.get("h", 1.5), 'index 1.5 is out of range for "h" (96)'],
    ["get absent", () => x.get("q", 0), '"q" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["get private", () => m.get("b", 0), '"b" is private (masked)'],
    ["narrow past the end", () => x.narrow("h", 90, 10, "hh"), 'narrow of "h" (96) from 90 with length 10 goes past the end'],
    ["narrow negative start", () => x.narrow("h", -1, 10, "hh"), 'narrow of "h" (96) from -1 with length 10 goes past the end'],
    ["narrow negative length", () => x.narrow("h", 3, -2, "hh"), 'narrow of "h" (96) from 3 with length -2 goes past the end'],
    ["narrow keeps the name", () => x.narrow("h", 0, 10, "h"), '"h" is already a dimension'],
    ["narrow to another name", () => x.narrow("h", 0, 10, "w"), '"w" is already a dimension'],
    ["narrow to a private name", () => m.narrow("h", 0, 10, "b"), '"b" is already a dimension'],
    ["narrow bad name", () => x.narrow("h", 0, 10, "h h"), '"h h" is not a valid dimension name: use an identifier such as "batch"'],
    ["narrow absent", () => x.narrow("q", 0, 1, "r"), '"q" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["unbind absent", () => x.unbind("q"), '"q" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["unbind private", () => m.unbind("b"), '"b" is private (masked)'],
    ["indexSelect name taken", () => x.indexSelect("h", ids), '"w" is already a dimension'],
    ["indexSelect float index", () => x.indexSelect("h", tensor(randomFloats(4), [["batch", 4]])), "the index must be int32, not float32"],
    ["indexSelect absent", () => x.indexSelect("q", ids), '"q" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["indexSelect private", () => m.indexSelect("b", ids), '"b" is private (masked)'],
    ["gather size mismatch", () => x.gather("h", ids), 'dimension "w" is 4 in the left operand but 5 in the right'],
    ["gather float index", () => x.gather("h", tensor(randomFloats(4), [["w", 4]])), "the index must be int32, not float32"],
    ["gather absent", () => x.gather("q", ids), '"q" is not a dimension of { b: 6, h: 96, w: 4 }'],
    ["gather private", () => m.gather("b", ids), '"b" is private (masked)'],
  ];
  it.each(cases)("%s", async (_, f, sentence) => expectSentence(f, sentence));
});
