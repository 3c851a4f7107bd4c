// Gradients of reductions, scans, sorts and contractions against float64 central differences on fresh random
// inputs, the documented routing of max/min (an equal share to every position that attains the extreme),
// the zero-safe product rule, and that the gradient of a dot is itself a sum of products (a dot).
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { scanNode } from "../../src/graph/build.js";
import type { Node, ReduceFn } from "../../src/graph/node.js";
import { contract, grad, tensor } from "../../src/index.js";
import { type AnyTensor, wrap } from "../../src/tensor.js";
import { gradcheck, input, loose, scalarize } from "../helpers/gradcheck.js";
import { type Layout, expectClose } from "../helpers/naive.js";

const lx: Layout = [["a", 3], ["b", 4], ["c", 2]];
const scan = (fn: ReduceFn, x: AnyTensor, dim: string): AnyTensor => wrap(scanNode(fn, x.node, dim), x.masked);

describe("reductions", () => {
  const cases: [string, (x: any) => any][] = [
    ["sum over one name", (x) => x.sum("b")],
    ["sum over two names", (x) => x.sum(["c", "a"])],
    ["mean", (x) => x.mean(["a", "b"])],
    ["max", (x) => x.max("b")],
    ["min", (x) => x.min(["a", "c"])],
    ["prod", (x) => x.prod("b")],
    ["logsumexp", (x) => x.logsumexp("b")],
    ["softmax", (x) => x.softmax("b")],
    ["logSoftmax", (x) => x.logSoftmax("a")],
    ["variance", (x) => x.variance("b")],
    ["std (unbiased)", (x) => x.std(["a", "b"], { correction: 1 })],
  ];
  for (const [name, f] of cases) it(name, async () => void (await gradcheck((x) => scalarize(f(x)), [input(lx)])));

  it("max/min give every position that attains the extreme an equal share", async () => {
    const x = loose(tensor([[1, 3, 3, 0], [2, 2, 2, 2]], ["a", "b"]));
    const [gmax] = grad((t: any) => t.max("b").sum("a"))(x) as AnyTensor[];
    expect([...evaluate(gmax!.node)]).toEqual([0, 0.5, 0.5, 0, 0.25, 0.25, 0.25, 0.25]);
    const [gmin] = grad((t: any) => t.min("b").mul(tensor([2, 3], ["a"])).sum("a"))(x) as AnyTensor[];
    expect([...evaluate(gmin!.node)]).toEqual([0, 0, 0, 2, 0.75, 0.75, 0.75, 0.75]);
  });

  it("prod is exact with zeros: one zero takes the product of the others, two zeros give nothing", async () => {
    const x = loose(tensor([[2, 0, 3, 5], [0, 4, 0, 1], [1.5, -2, 0.5, 4]], ["a", "b"]));
    const [g] = grad((t: any) => t.prod("b").mul(tensor([1, 2, 3], ["a"])).sum("a"))(x) as AnyTensor[];
    expectClose(evaluate(g!.node), [0, 30, 0, 0, 0, 0, 0, 0, 3 * -4, 3 * 3, 3 * -12, 3 * -1.5]);
  });

  it("argmax and argmin carry no gradient", async () => {
    const [g] = await gradcheck((x) => scalarize(x.mul(x.argmax("b").cast("float32")).add(x.mul(0))), [input(lx)]);
    expect(g!.some((v) => v !== 0)).toBe(true);
  });
});

describe("scans (gradient = reverse scan)", () => {
  it("cumsum", async () => void (await gradcheck((x) => scalarize(x.cumsum("b")), [input(lx)])));
  it("running product", async () => void (await gradcheck((x) => scalarize(scan("prod", x, "b")), [input(lx, 0.5, 2)])));
  it("running max and min route g to where the running extreme was set", async () => {
    await gradcheck((x) => scalarize(scan("max", x, "b")), [input(lx)]);
    await gradcheck((x) => scalarize(scan("min", x, "a")), [input(lx)]);
    const x = loose(tensor([1, 3, 2, 5, 4], [["t", 5]]));
    const [g] = grad((v: any) => scan("max", v, "t").mul(tensor([1, 10, 100, 1000, 10000], [["t", 5]])).sum("t"))(x) as AnyTensor[];
    expect([...evaluate(g!.node)]).toEqual([1, 110, 0, 11000, 0]);
  });
});

describe("sort and topk (gather by argsort)", () => {
  it("sorted values", async () => void (await gradcheck((x) => scalarize(x.sort("b").values), [input(lx)])));
  it("topk values", async () => void (await gradcheck((x) => scalarize(loose(x).topk("b", 2, "best").values), [input(lx)])));
});

/** The node under any reordering views. */
const underViews = (n: Node): Node => (n.op.kind === "view" && !n.storage ? underViews(n.inputs[0]!) : n);

describe("contractions", () => {
  const w: Layout = [["b", 4], ["d", 5]];
  it("dot over one and two names, and the n-operand contract", async () => {
    await gradcheck((x, y) => scalarize(x.dot("b", y)), [input(lx), input(w)]);
    await gradcheck((x, y) => scalarize(x.dot(["b", "a"], y)), [input(lx), input([["a", 3], ["b", 4]])]);
    await gradcheck((x, y, z) => scalarize(contract([x, y, z] as never, ["b", "d"])), [input(lx), input(w), input([["d", 5], ["e", 2]])]);
  });

  it("a dot's gradient is a dot: the sum over the other names of the upstream times the other operand", async () => {
    const [gx, gy] = grad((x: any, y: any) => scalarize(x.dot("b", y)))(input(lx), input(w)) as AnyTensor[];
    for (const g of [gx!, gy!]) {
      const n = underViews(g.node);
      expect(n.op).toMatchObject({ kind: "reduce", fn: "sum" });
      // (read through the view that orders its dims as the operand's: autodiff-build.ts sumTo)
      expect(underViews(n.inputs[0]!).op).toMatchObject({ kind: "binary", fn: "mul" });
    }
    expect((underViews(gx!.node).op as unknown as { dims: string[] }).dims).toEqual(["d"]);
    expect(new Set((underViews(gy!.node).op as unknown as { dims: string[] }).dims)).toEqual(new Set(["a", "c"]));
  });
});
