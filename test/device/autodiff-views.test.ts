// Gradients through views (the adjoint of an index map) and gathers, against float64 central differences on
// fresh random inputs: every movement and indexing op, their compositions, views of materialised tensors,
// values materialised inside the differentiated function, and the one-hot fallback for maps that are not
// injective. Also the view-inversion utility itself: which maps it inverts symbolically and to what.
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { identityMap, scatterAddNode, viewNode } from "../../src/graph/build.js";
import { type IndexExpr, idxAdd, idxConst, idxDiv, idxMul, idxVar } from "../../src/graph/index-expr.js";
import { invertView } from "../../src/graph/invert-view.js";
import type { NodeDim, ViewMap } from "../../src/graph/node.js";
import { concat, grad, tensor } from "../../src/index.js";
import { type AnyTensor, wrap } from "../../src/tensor.js";
import { gradcheck, input, loose, scalarize } from "../helpers/gradcheck.js";
import { type Layout, expectClose } from "../helpers/naive.js";
import { randomFloats, randomInts } from "../helpers/random.js";

const lx: Layout = [["a", 3], ["h", 6], ["c", 2]];
/** Created inside each differentiated function, so it lives on the device the function runs on. */
const e4 = (() => {
  const values = randomFloats(4);
  return () => tensor(values, [["e", 4]]);
})();

describe("movement ops", () => {
  const cases: [string, (x: any) => any][] = [
    ["transpose", (x) => x.transpose("c", "a", "h")],
    ["rename (a swap)", (x) => x.rename({ a: "c", c: "a" })],
    ["split", (x) => x.split("h", [["p", 2], "q"])],
    ["stack", (x) => x.stack({ ac: ["c", "a"] })],
    ["split then stack across dims", (x) => x.split("h", [["p", 3], "q"]).stack({ m: ["q", "a", "p"] })],
    ["stack then split with another factorisation", (x) => x.stack({ m: ["a", "h"] }).split("m", [["u", 2], ["v", 9]])],
    ["narrow", (x) => x.narrow("h", 1, 4, "k")],
    ["get", (x) => x.get("h", 4)],
    ["pad (zero)", (x) => x.pad({ h: [2, 1], a: [0, 2] })],
    ["pad (constant value)", (x) => x.pad({ c: [1, 1] }, 3.5)],
    ["expand (the adjoint sums over the new dim)", (x) => x.expand([["e", 4]]).mul(e4())],
    ["squeeze", (x) => x.narrow("c", 1, 1, "one").squeeze("one")],
    ["unbind", (x) => x.unbind("c")[1].mul(2).add(x.unbind("c")[0])],
    ["a chain: narrow, transpose, split, pad", (x) => x.narrow("h", 0, 4, "k").transpose("k", "c", "a").split("k", [["p", 2], "q"]).pad({ p: [1, 0] })],
  ];
  // Over a materialised input (views fold into strides) and a lazy one (views compose into one map).
  for (const [name, f] of cases) {
    it(name, async () => {
      await gradcheck((x) => scalarize(f(x)), [input(lx)]);
      await gradcheck((x) => scalarize(f(x)), [loose(input(lx)).add(0)]);
    });
  }

  it("concat sends each operand its own slice", async () => {
    await gradcheck((x, y) => scalarize(concat([x, y] as never, "h")), [input(lx), input([["a", 3], ["h", 2], ["c", 2]])]);
  });

  it("views of a materialised tensor (folded into strides) still carry the gradient", async () => {
    const x = loose(input(lx)).materialize();
    expect(x.transpose("c", "h", "a").node.storage).toBeDefined();
    await gradcheck((t) => scalarize(t.transpose("c", "h", "a").split("h", [["p", 2], "q"])), [x]);
  });

  it("values materialised inside the function keep their inputs for the gradient", async () => {
    const body = (x: any, e: any) => scalarize(e.transpose("h", "c", "a").narrow("h", 2, 3, "k").mul(x.get("c", 0)));
    const computed = (x: any) => {
      const e = x.exp().materialize();
      e.sum(["a", "h", "c"]).item();
      return body(x, e);
    };
    const x = input(lx);
    const [g] = grad(computed)(x) as AnyTensor[];
    // The same function without materialising, differentiated and checked in float64; the only difference
    // left is the float32 rounding of the stored exp(x).
    const [want] = await gradcheck((t) => body(t, t.exp()), [x]);
    expectClose(evaluate(g!.node), want!, 1e-6, 1e-6);
  });
});

describe("gathers (their adjoint is the scatter-add primitive) and scatter-add (its adjoint is a gather)", () => {
  it("indexSelect, with repeated indices accumulating", async () => {
    const ids = loose(tensor(Int32Array.from([0, 2, 2, 5, 0]), [["n", 5]], { dtype: "int32" }));
    const [g] = await gradcheck((x, i) => scalarize(x.indexSelect("h", i)), [input(lx), ids]);
    expect(g!.length).toBe(36);
  });

  it("gather with index dims matched pointwise and new ones", async () => {
    const idx = loose(tensor(randomInts(3 * 4, 0, 6), [["a", 3], ["k", 4]], { dtype: "int32" }));
    await gradcheck((x, i) => scalarize(x.gather("h", i)), [input(lx), idx]);
  });

  it("scatter-add itself, with repeated indices", async () => {
    const idx = loose(tensor(Int32Array.from([1, 3, 1, 0, 3, 3, 2]), [["n", 7]], { dtype: "int32" }));
    const out = [{ name: "h", size: 4 }, { name: "e", size: 3 }];
    await gradcheck((v, i) => scalarize(wrap(scatterAddNode(v.node, "h", i.node, out))), [input([["n", 7], ["e", 3]]), idx]);
  });
});

/** A raw view of x, to reach maps no movement op builds. */
function rawView(x: AnyTensor, dims: NodeDim[], index: Record<string, IndexExpr>, bounds: ViewMap["bounds"] = []): AnyTensor {
  return wrap(viewNode(x.node, dims, { index, bounds, fill: 0 }));
}

describe("maps that are not injective or not recognised use the one-hot scatter", () => {
  const x = (): AnyTensor => input([["i", 3], ["j", 3]]);
  it("a diagonal (two dims read one index) is inverted with a divisibility bound", async () => {
    const diag = (t: AnyTensor) => rawView(t, [{ name: "d", size: 3 }], { i: idxVar("d"), j: idxVar("d") });
    await gradcheck((t) => scalarize(diag(t)), [x()]);
  });
  it("nearest-neighbour upsampling (each input read twice) sums both reads", async () => {
    const up = (t: AnyTensor) => rawView(t, [{ name: "u", size: 6 }, { name: "j", size: 3 }], { i: idxDiv(idxVar("u"), 2), j: idxVar("j") });
    expect(invertView([{ name: "i", size: 3 }, { name: "j", size: 3 }], [{ name: "u", size: 6 }, { name: "j", size: 3 }], { index: { i: idxDiv(idxVar("u"), 2), j: idxVar("j") }, bounds: [], fill: 0 })).toBeNull();
    await gradcheck((t) => scalarize(up(t)), [x()]);
  });
  it("a flip (negative stride) is inverted symbolically", async () => {
    const flip = (t: AnyTensor) => rawView(t, [{ name: "i", size: 3 }, { name: "j", size: 3 }], { i: idxAdd(idxConst(2), idxMul(idxVar("i"), -1)), j: idxVar("j") });
    await gradcheck((t) => scalarize(flip(t)), [x()]);
  });
});

describe("invertView", () => {
  const d = (name: string, size: number): NodeDim => ({ name, size });
  const src = [d("a", 3), d("h", 6)];
  const mapOf = (x: AnyTensor): ViewMap => (x.node.op as { map: ViewMap }).map;
  const lazy = (): any => loose(tensor(new Float32Array(18), [["a", 3], ["h", 6]])).add(1);

  it("inverts transpose, split and stack exactly, with no bounds", async () => {
    for (const v of [lazy().transpose("h", "a"), lazy().split("h", [["p", 2], "q"]), lazy().stack({ m: ["h", "a"] })]) {
      const inv = invertView(src, v.node.dims, mapOf(v))!;
      expect(inv).not.toBeNull();
      expect(inv.map.bounds).toEqual([]);
      expect(inv.summed).toEqual([]);
    }
  });

  it("a narrow's adjoint pads: bounds select the narrowed range", async () => {
    const v = lazy().narrow("h", 1, 4, "k");
    const inv = invertView(src, v.node.dims, mapOf(v))!;
    expect(inv.map.index.k).toEqual(idxAdd(idxVar("h"), idxConst(-1)));
    expect(inv.map.bounds).toEqual([{ expr: idxAdd(idxVar("h"), idxConst(-1)), lo: 0, hi: 4 }]);
  });

  it("an expand's new dim is summed", async () => {
    const v = lazy().expand([["e", 4]]);
    expect(invertView(src, v.node.dims, mapOf(v))!.summed).toEqual(["e"]);
  });

  it("the adjoint view reproduces the scatter on random upstream values", async () => {
    const x = lazy();
    const v = x.split("h", [["p", 3], "q"]).stack({ m: ["q", "a"] }).narrow("p", 1, 2, "r");
    const g = loose(input(v.node.dims.map((e: NodeDim) => [e.name, e.size])));
    const [dx] = grad((t: any) => t.split("h", [["p", 3], "q"]).stack({ m: ["q", "a"] }).narrow("p", 1, 2, "r").mul(g).sum(["m", "r"]))(x) as AnyTensor[];
    // Independent scatter: walk every view position and add g there to the source position it reads.
    const want = new Float64Array(18);
    const gv = evaluate(g.node);
    for (let m = 0; m < 6; m++) for (let r = 0; r < 2; r++) {
      const [q, a, p] = [Math.floor(m / 3), m % 3, r + 1];
      want[a * 6 + p * 2 + q] = want[a * 6 + p * 2 + q]! + gv[r * 6 + m]!;
    }
    expect([...evaluate(dx!.node)]).toEqual([...want]);
    expect(identityMap(x.node)).toBeDefined();
  });
});
