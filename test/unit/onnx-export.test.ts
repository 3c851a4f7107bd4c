// ONNX export (src/onnx): every primitive family and every ALU function exported with toOnnx, run in
// onnxruntime-node (its CPU binaries ship in the npm package) on fresh random inputs, and compared with our own
// output on the same inputs: float32 within a tolerance, int32 and bool exactly. Also the dynamic dims
// (dim_param), the iris MLP and the demo transformer, and the refusals (ArgumentError, never a wrong model).
import { fromBinary } from "@bufbuild/protobuf";
import * as ort from "onnxruntime-node";
import { ModelProtoSchema } from "onnx-buf";
import { describe, expect, it } from "vitest";
import { config, createModel, logits } from "../../examples/names-transformer.js";
import { irisModel } from "../../examples/iris-mlp.js";
import { binaryNode, iotaNode, scanNode, scatterAddNode, unaryNode, viewNode } from "../../src/graph/build.js";
import { idxAdd, idxConst, idxDiv, idxMod, idxMul, idxVar } from "../../src/graph/index-expr.js";
import { ArgumentError, type DType, type Tensor, arange, avgPool, concat, conv, full, linear, linearParams, maxPool, placeholder, rand, randn, variable, where } from "../../src/index.js";
import { toOnnx } from "../../src/onnx/index.js";
import { type AnyTensor, Tensor as TensorClass } from "../../src/tensor.js";
import { rng, testSeed } from "../helpers/random.js";
import { expectError } from "../helpers/sentences.js";

type Dims = [string, number][];
type Gen = "floats" | "positive" | "ints" | "indices" | "bools" | "special";
interface InputSpec {
  readonly dims: Dims;
  readonly dtype?: DType;
  readonly gen?: Gen;
  /** For "indices": values in [0, max). */
  readonly max?: number;
}

const next = rng(testSeed + 7);
function values(spec: InputSpec, n: number): Float32Array | Int32Array | Uint8Array {
  switch (spec.gen ?? (spec.dtype === "int32" ? "ints" : spec.dtype === "bool" ? "bools" : "floats")) {
    case "floats":
      return Float32Array.from({ length: n }, () => -2 + 4 * next());
    case "positive":
      return Float32Array.from({ length: n }, () => 0.1 + 2 * next());
    case "ints":
      return Int32Array.from({ length: n }, () => Math.floor(-50 + 100 * next()));
    case "indices":
      return Int32Array.from({ length: n }, () => Math.floor(spec.max! * next()));
    case "bools":
      return Uint8Array.from({ length: n }, () => (next() < 0.5 ? 1 : 0));
    case "special": {
      // Casts to int32: NaN, saturation on both sides, truncation toward zero, and ordinary values.
      const special = [NaN, 3e9, -3e9, 2147483648, -2147483904, 2.7, -2.7, 0.5, -0.5];
      return Float32Array.from({ length: n }, (_, i) => special[i] ?? (next() - 0.5) * 1e4);
    }
  }
}

const ortType = { float32: "float32", int32: "int32", bool: "bool" } as const;
const numel = (dims: Dims) => dims.reduce((a, [, s]) => a * s, 1);

/** Exports `build`'s outputs over placeholders, runs them in onnxruntime and in the library on the same random values. */
async function roundTrip(
  inputs: Record<string, InputSpec>,
  build: (x: Record<string, AnyTensor>) => Record<string, Tensor<any, any>>,
  options: { atol?: number; rtol?: number; dynamic?: string[]; sizes?: Record<string, number>[]; opset?: number } = {},
): Promise<void> {
  const { atol = 1e-5, rtol = 1e-4 } = options;
  const sizes = options.sizes ?? [{}];
  for (const override of sizes) {
    const resize = (dims: Dims): Dims => dims.map(([n, s]) => [n, override[n] ?? s]);
    const ph: Record<string, AnyTensor> = {};
    const feeds: Record<string, ort.Tensor> = {};
    for (const [name, spec] of Object.entries(inputs)) {
      const dims = resize(spec.dims);
      const p = placeholder(dims as never, (spec.dtype ?? "float32") as never) as unknown as AnyTensor & { feedValues(v: unknown): void };
      const v = values(spec, numel(dims));
      p.feedValues(v);
      ph[name] = p;
      feeds[name] = new ort.Tensor(ortType[spec.dtype ?? "float32"], v, dims.map(([, s]) => s));
    }
    const outs = build(ph);
    // The model is exported at the declared sizes; other sizes of dynamic dims run the same model.
    const bytes = override === sizes[0] ? await toOnnx(outs, ph, { dynamic: options.dynamic ?? [], ...(options.opset ? { opset: options.opset } : {}) }) : lastModel!;
    lastModel = bytes;
    const session = await ort.InferenceSession.create(bytes);
    const got = await session.run(feeds);
    for (const [name, t] of Object.entries(outs)) {
      const ours = await t.data();
      const theirs = got[name]!;
      expect(theirs.dims, `${name} dims`).toEqual(t.shapeDims.map((d: { size: number }) => d.size));
      const a = Array.from(ours as ArrayLike<number>, Number);
      const b = Array.from(theirs.data as ArrayLike<number | boolean>, Number);
      expect(b.length, name).toBe(a.length);
      for (let i = 0; i < a.length; i++) {
        const ok = t.dtype === "float32" ? Object.is(a[i], b[i]) || Math.abs(a[i]! - b[i]!) <= atol + rtol * Math.abs(a[i]!) : a[i] === b[i];
        if (!ok) expect.fail(`${name}[${i}]: ours ${a[i]}, onnxruntime ${b[i]} (seed ${testSeed})`);
      }
    }
  }
}
let lastModel: Uint8Array | undefined;

const x35: InputSpec = { dims: [["a", 3], ["b", 5]] };

describe("toOnnx: elementwise functions", () => {
  it("every unary function on float32 and int32", async () => {
    await roundTrip({ x: x35, p: { dims: [["a", 3], ["b", 5]], gen: "positive" }, i: { dims: [["a", 3]], dtype: "int32" } }, ({ x, p, i }) => ({
      neg: x!.neg(), abs: x!.abs(), sign: x!.sign(), floor: x!.floor(), ceil: x!.ceil(), round: x!.mul(2.5).round(),
      exp: x!.exp(), log: p!.log(), tanh: x!.tanh(), sin: x!.sin(), cos: x!.cos(), erf: x!.erf(), sqrt: p!.sqrt(), rsqrt: p!.rsqrt(),
      recip: new TensorClass(unaryNode("recip", p!.node)), relu: x!.relu(), sigmoid: x!.sigmoid(), gelu: x!.gelu(), clamp: x!.clamp(-1, 1),
      ineg: i!.neg(), iabs: i!.abs(), isign: i!.sign(), ifloor: i!.floor(), iround: i!.round(),
    }));
  });

  it("every binary function, broadcasting by name", async () => {
    const spec = { x: { dims: [["a", 3], ["b", 4]] as Dims }, y: { dims: [["b", 4], ["c", 2]] as Dims }, p: { dims: [["c", 2], ["a", 3]] as Dims, gen: "positive" as Gen } };
    await roundTrip(spec, ({ x, y, p }) => ({
      add: x!.add(y!), sub: x!.sub(y!), mul: x!.mul(y!), div: x!.div(p!), pow: p!.pow(x!), atan2: x!.atan2(y!), hypot: x!.hypot(y!),
      maximum: x!.maximum(y!), minimum: x!.minimum(0.5), eq: x!.round().eq(y!.round()), ne: x!.round().ne(y!.round()),
      lt: x!.lt(y!), le: x!.le(y!), gt: x!.gt(y!), ge: x!.ge(0), and: x!.gt(0).logicalAnd(y!.lt(0)), or: x!.gt(1).logicalOr(y!.lt(-1)),
      not: x!.gt(0).logicalNot(), where: where(x!.gt(y!), x!, p!), scalar: x!.mul(3).add(1),
    }));
  });

  it("int32 and bool operands, and the bitwise functions of the ALU", async () => {
    const spec = { i: { dims: [["a", 4], ["b", 3]] as Dims, dtype: "int32" as DType }, j: { dims: [["b", 3]] as Dims, dtype: "int32" as DType }, m: { dims: [["a", 4]] as Dims, dtype: "bool" as DType } };
    await roundTrip(spec, ({ i, j, m }) => ({
      add: i!.add(j!), sub: i!.sub(j!), mul: i!.mul(j!), max: i!.maximum(j!), eq: i!.eq(j!), lt: i!.lt(j!), where: where(m!, i!, j!),
      mand: m!.logicalAnd(i!.gt(0)), bitAnd: new TensorClass(binaryNode("bitAnd", i!.node, j!.node, i!.node.dims, "int32")),
      bitOr: new TensorClass(binaryNode("bitOr", i!.node, j!.node, i!.node.dims, "int32")),
      bitXor: new TensorClass(binaryNode("bitXor", i!.node, j!.node, i!.node.dims, "int32")),
    }));
  });

  it("casts with the library's meaning: truncation that saturates, NaN to 0, bool as x != 0", async () => {
    await roundTrip({ x: { dims: [["a", 16]], gen: "special" }, i: { dims: [["a", 16]], dtype: "int32" }, m: { dims: [["a", 16]], dtype: "bool" } }, ({ x, i, m }) => ({
      toInt: x!.cast("int32"), toBool: x!.cast("bool"), intToFloat: i!.cast("float32"), intToBool: i!.cast("bool"), boolToFloat: m!.cast("float32"), boolToInt: m!.cast("int32"),
    }));
  });
});

describe("toOnnx: reductions, scans, sorting", () => {
  it("sum, prod, max, min over one and two names; composite reductions; int32 and bool", async () => {
    const spec = { x: { dims: [["a", 3], ["b", 4], ["c", 5]] as Dims }, i: { dims: [["a", 3], ["b", 4]] as Dims, dtype: "int32" as DType }, m: { dims: [["a", 3], ["b", 4]] as Dims, dtype: "bool" as DType } };
    await roundTrip(spec, ({ x, i, m }) => ({
      sum: x!.sum("b"), sum2: x!.sum(["a", "c"]), prod: x!.prod("c"), max: x!.max("a"), min: x!.min(["b", "c"]), mean: x!.mean("c"),
      logsumexp: x!.logsumexp("b"), softmax: x!.softmax("c"), logSoftmax: x!.logSoftmax("a"), variance: x!.variance("b"),
      isum: i!.sum("b"), imax: i!.max("a"), iprod: i!.prod("a"), any: m!.any("b"), all: m!.all("a"), argmax: x!.argmax("b"), argmin: x!.argmin("c"),
    }));
  });

  it("opset 17: reductions take their axes as an attribute", async () => {
    await roundTrip({ x: { dims: [["a", 3], ["b", 4]] }, m: { dims: [["a", 3], ["b", 4]], dtype: "bool" } }, ({ x, m }) => ({ sum: x!.sum("b"), prod: x!.prod("a"), max: x!.max("b"), min: x!.min("a"), any: m!.any("b") }), { opset: 17 });
  });

  it("scans (sum, prod, max, min), sort, top-k", async () => {
    await roundTrip({ x: { dims: [["a", 3], ["t", 7]] }, i: { dims: [["t", 7], ["a", 2]], dtype: "int32" } }, ({ x, i }) => {
      const sorted = x!.sort("t");
      const desc = x!.sort("t", { descending: true });
      const top = x!.topk("t", 3, "best");
      return {
        cumsum: x!.cumsum("t"), icumsum: i!.cumsum("t"),
        cumprod: new TensorClass(scanNode("prod", x!.node, "t")), cummax: new TensorClass(scanNode("max", x!.node, "t")),
        cummin: new TensorClass(scanNode("min", x!.node, "a")), icummax: new TensorClass(scanNode("max", i!.node, "t")),
        sorted: sorted.values, order: sorted.indices, desc: desc.values, descOrder: desc.indices, top: top.values, topIndex: top.indices,
      };
    });
  });
});

describe("toOnnx: views, gathers, creation", () => {
  it("transpose, rename, narrow, get, expand, squeeze, split, stack, pad, concat, unbind", async () => {
    await roundTrip({ x: { dims: [["a", 4], ["b", 6], ["c", 3]] }, y: { dims: [["c", 3], ["b", 2]] } }, ({ x, y }) => ({
      transpose: x!.transpose("c", "a", "b"), rename: x!.rename({ a: "z" }), narrow: x!.narrow("b", 1, 3, "bb"), get: x!.get("b", 4),
      expand: y!.expand({ e: 2 }), split: x!.split("b", [["h", 2], "d"]), stack: x!.stack({ ab: ["a", "b"] }),
      stackApart: x!.stack({ ac: ["a", "c"] }), stackSwapped: x!.stack({ ca: ["c", "a"] }), pad: x!.pad({ b: [2, 1] }, -1), padBoth: x!.pad({ a: [1, 0], c: [0, 2] }),
      concat: concat([x!.narrow("b", 0, 2, "bb"), x!.narrow("b", 3, 3, "bb").transpose("c", "bb", "a")], "bb"), unbind: x!.unbind("a")[2]!,
      splitMerge: x!.split("b", [["h", 3], "d"]).transpose("d", "a", "h", "c").stack({ m: ["h", "d"] }), squeeze: x!.narrow("a", 1, 1, "one").squeeze("one"),
      contiguous: x!.transpose("b", "c", "a").contiguous(),
    }));
  });

  it("views no movement operator expresses (diagonal, strided, reversed, div of a sum, a bound that is not a pad) read through a Gather", async () => {
    const v = (name: string, size: number) => ({ name, size });
    await roundTrip({ x: { dims: [["a", 6], ["b", 6]] } }, ({ x }) => {
      const n = x!.node;
      const i = idxVar("i");
      return {
        diagonal: new TensorClass(viewNode(n, [v("i", 6)], { index: { a: i, b: i }, bounds: [], fill: 0 })),
        strided: new TensorClass(viewNode(n, [v("i", 3), v("b", 6)], { index: { a: idxMul(i, 2), b: idxVar("b") }, bounds: [], fill: 0 })),
        reversed: new TensorClass(viewNode(n, [v("i", 6), v("b", 6)], { index: { a: idxAdd(idxConst(5), idxMul(i, -1)), b: idxVar("b") }, bounds: [], fill: 0 })),
        divOfSum: new TensorClass(viewNode(n, [v("i", 4), v("j", 6)], { index: { a: idxDiv(idxAdd(i, idxVar("j")), 2), b: idxMod(idxAdd(i, idxVar("j")), 6) }, bounds: [], fill: 0 })),
        bounded: new TensorClass(viewNode(n, [v("a", 6), v("b", 6)], { index: { a: idxVar("a"), b: idxVar("b") }, bounds: [{ expr: idxAdd(idxVar("a"), idxVar("b")), lo: 2, hi: 9 }], fill: -3 })),
      };
    });
  });

  it("indexSelect, pointwise gather, embedding lookups and scatter-add", async () => {
    const spec = {
      table: { dims: [["vocab", 7], ["embed", 3]] as Dims },
      ids: { dims: [["batch", 2], ["seq", 4]] as Dims, dtype: "int32" as DType, gen: "indices" as Gen, max: 7 },
      logits: { dims: [["batch", 2], ["seq", 4], ["vocab", 7]] as Dims },
      g: { dims: [["batch", 2], ["seq", 4], ["embed", 3]] as Dims },
    };
    await roundTrip(spec, ({ table, ids, logits: l, g }) => ({
      select: table!.indexSelect("vocab", ids!), pointwise: l!.gather("vocab", ids!),
      scatter: new TensorClass(scatterAddNode(g!.node, "vocab", ids!.node, table!.node.dims)),
    }));
  });

  it("arange, full, iota and random values (fixed at export)", async () => {
    await roundTrip({ x: x35 }, ({ x }) => ({
      arange: x!.add(arange("b", 5)), full: full([["c", 2]], 3.5).add(x!), iota: new TensorClass(iotaNode("a", [{ name: "b", size: 2 }, { name: "a", size: 3 }], "int32")),
      random: x!.mul(rand([["b", 5]], { seed: 3 })),
    }));
  });
});

describe("toOnnx: contractions", () => {
  it("a sum of a product (dot, linear) is one Einsum, not Mul then ReduceSum", async () => {
    const spec = { a: { dims: [["i", 3], ["k", 5]] as Dims }, b: { dims: [["k", 5], ["j", 4], ["h", 2]] as Dims } };
    await roundTrip(spec, ({ a, b }) => ({ dot: a!.dot("k", b!), dotT: b!.dot("k", a!).transpose("i", "h", "j"), both: a!.mul(b!).sum(["k", "h"]) }));
    const a = placeholder([["i", 3], ["k", 5]]);
    const b = placeholder([["k", 5], ["j", 4]]);
    const ops = fromBinary(ModelProtoSchema, await toOnnx({ y: a.dot("k", b) }, { a, b })).graph!.node.map((n) => n.opType);
    expect(ops).toContain("Einsum");
    expect(ops).not.toContain("ReduceSum");
  });
});

describe("toOnnx: dynamic dims and whole models", () => {
  it("the doc example: a linear layer with a dynamic batch runs at any batch size", async () => {
    const x = placeholder([["batch", 2], ["feature", 4]]);
    const p = linearParams(["feature", 4], ["hidden", 3], { seed: 0 });
    const bytes = await toOnnx({ y: linear(x, "feature", p.weight, p.bias).tanh() }, { x }, { dynamic: ["batch"] });
    const session = await ort.InferenceSession.create(bytes);
    const v = Float32Array.from({ length: 20 }, () => next() - 0.5);
    const { y } = await session.run({ x: new ort.Tensor("float32", v, [5, 4]) });
    expect(y!.dims).toEqual([5, 3]);
    const wide = placeholder([["batch", 5], ["feature", 4]]);
    wide.feedValues(v);
    const ours = await linear(wide, "feature", p.weight, p.bias).tanh().data();
    Array.from(ours).forEach((o, i) => expect(Math.abs(o - (y!.data as Float32Array)[i]!)).toBeLessThan(1e-5));
  });

  it("dynamic dims are dim_param on the inputs and outputs; the names are in the doc strings and metadata", async () => {
    const x = placeholder([["batch", 4], ["feature", 3]]);
    const model = fromBinary(ModelProtoSchema, await toOnnx({ y: x.sum("feature").exp() }, { x }, { dynamic: ["batch"] }));
    const dims = (v: (typeof model.graph & {})["input"][number]) => v.type!.value.case === "tensorType" ? v.type!.value.value.shape!.dim.map((d) => d.value) : [];
    expect(dims(model.graph!.input[0]!)).toEqual([{ case: "dimParam", value: "batch" }, { case: "dimValue", value: 3n }]);
    expect(dims(model.graph!.output[0]!)).toEqual([{ case: "dimParam", value: "batch" }]);
    expect(model.graph!.input[0]!.docString).toBe("dims: [batch, feature]");
    expect(Object.fromEntries(model.metadataProps.map((p) => [p.key, p.value]))).toEqual({ "dims.x": '["batch","feature"]', "dims.y": '["batch"]' });
    expect(model.opsetImport[0]!.version).toBe(18n);
  });

  it("a dynamic dim runs at other sizes: broadcasts, views and reductions follow it", async () => {
    await roundTrip(
      { x: { dims: [["batch", 3], ["f", 4]] }, w: { dims: [["f", 4], ["o", 2]] } },
      ({ x, w }) => ({ y: x!.mul(w!).sum("f").transpose("o", "batch").softmax("batch"), z: x!.split("f", [["h", 2], "d"]).add(x!.max("f")).cumsum("batch").mul(full([["h", 2]], 1.5)) }),
      { dynamic: ["batch"], sizes: [{}, { batch: 7 }, { batch: 1 }] },
    );
  });

  it("the iris MLP, with a dynamic number of flowers", async () => {
    const model = irisModel(testSeed % 1000);
    await roundTrip({ x: { dims: [["flower", 5], ["feature", 4]] } }, ({ x }) => ({ logits: model(x as never) }), { dynamic: ["flower"], sizes: [{}, { flower: 11 }] });
  });

  it("a conv net (padded and strided conv, bias, relu, max and average pooling, a merge into features) with a dynamic batch", async () => {
    const k1 = variable(randn([["filters", 4], ["channels", 2], ["kh", 3], ["kw", 3]], { seed: testSeed % 1000 }));
    const k2 = variable(randn([["maps", 3], ["filters", 4], ["kh", 3], ["kw", 3]], { seed: (testSeed % 1000) + 1 }));
    const b1 = variable(randn([["filters", 4]], { seed: (testSeed % 1000) + 2 }));
    const window = { height: "kh", width: "kw" } as const;
    const net = ({ x }: Record<string, AnyTensor>) => {
      const h = maxPool(conv(x as never, k1, { channel: "channels", window, padding: "same" }).add(b1).relu(), { window: { height: 2, width: 2 } });
      const h2 = avgPool(conv(h, k2, { channel: "filters", window, stride: 2, padding: 1 }), { window: { height: 2, width: 2 }, stride: 1 });
      return { y: h2.stack({ feature: ["maps", "height", "width"] }).tanh() };
    };
    await roundTrip({ x: { dims: [["image", 3], ["channels", 2], ["height", 12], ["width", 10]] } }, net as never, { dynamic: ["image"], sizes: [{}, { image: 5 }, { image: 1 }] });
  });

  it("the demo transformer's forward pass (embedding, causal attention, layer norm, GELU MLP)", async () => {
    const model = createModel(testSeed % 1000);
    await roundTrip({ ids: { dims: [["batch", 3], ["seq", config.context]], dtype: "int32", gen: "indices", max: config.vocab } }, ({ ids }) => ({ logits: logits(model, ids as never) }), {
      atol: 1e-4,
      dynamic: ["batch"],
      sizes: [{}, { batch: 2 }],
    });
  }, 60_000);
});

describe("toOnnx: refusals", () => {
  const x = placeholder([["batch", 4], ["feature", 3]]);
  const y = placeholder([["feature", 3]]);
  const w = variable(randn([["feature", 3]], { seed: 1 }));
  const cases: [string, () => unknown, string][] = [
    ["a placeholder not among the inputs", () => toOnnx({ z: x.add(y) }, { x }), "toOnnx: the outputs read a placeholder [feature] float32 that is not among the inputs"],
    // @ts-expect-error — a literal dynamic name that no input has is a compile error too (the sentence without the inputs list)
    ["a dynamic dim of no input", () => toOnnx({ z: x.exp() }, { x }, { dynamic: ["seq"] }), 'toOnnx: the dynamic dim "seq" is not a dim of any input (x [batch, feature])'],
    ["a dynamic dim merged by a view", () => toOnnx({ z: x.stack({ bf: ["batch", "feature"] }) }, { x }, { dynamic: ["batch"] }), 'toOnnx: the dim "batch" cannot stay dynamic through a view that slices, splits or merges it: it needs its size'],
    ["a dynamic dim a variable has", () => toOnnx({ z: x.add(w) }, { x }, { dynamic: ["feature"] }), 'toOnnx: the dim "feature" cannot stay dynamic: a value fixed at export (a variable or constant) has it'],
    ["opset 16", () => toOnnx({ z: x.exp() }, { x }, { opset: 16 }), "toOnnx takes an opset of 17 or newer, not the number 16"],
    ["a tensor instead of a record", () => toOnnx(x.exp() as never, { x }), "toOnnx takes its outputs as an object of named tensors such as { x }, not a Tensor"],
    ["a shift of the kernel IR", () => toOnnx({ z: new TensorClass(binaryNode("shiftLeft", x.cast("int32").node, x.cast("int32").node, x.node.dims, "int32")) as never }, { x }), "toOnnx: the scalar function shiftLeft has no ONNX lowering"],
  ];
  for (const [what, call, sentence] of cases) it(`${what}: an ArgumentError`, () => expectError(call, ArgumentError, sentence));

  it("an output already read (its inputs dropped) is refused rather than frozen into a constant", async () => {
    const p = placeholder([["a", 3]]);
    p.feedValues([1, 2, 3]);
    const out = p.exp().mul(2);
    await out.data();
    await expectError(() => toOnnx({ out }, { p }), ArgumentError, "toOnnx: a binary value [a] the outputs read was already computed and no longer knows its inputs: export before reading values");
  });
});
