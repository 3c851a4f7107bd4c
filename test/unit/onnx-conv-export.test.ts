// ONNX export of convolution and pooling as onnxruntime's own operators (src/onnx/export-conv.ts): the exported
// graphs contain Conv / ConvTranspose / MaxPool / AveragePool (asserted by op type, and no Gather where every view
// is a window), run in onnxruntime-node at several sizes of a dynamic batch, and match our own output on fresh
// random inputs. Views that are not windows (and windows the operators cannot express) keep the Gather lowering.
import { fromBinary } from "@bufbuild/protobuf";
import * as ort from "onnxruntime-node";
import { ModelProtoSchema } from "onnx-buf";
import { describe, expect, it } from "vitest";
import { mnistModel } from "../../examples/mnist-conv.js";
import { type Tensor, avgPool, conv, convTranspose, maxPool, placeholder, randn, variable } from "../../src/index.js";
import { toOnnx } from "../../src/onnx/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { rng, testSeed } from "../helpers/random.js";

type Dims = [string, number][];
const next = rng(testSeed + 12);
const seed = testSeed % 1000;
const kernel = (dims: Dims, k: number) => variable(randn(dims as never, { seed: seed + k }));

/**
 * Exports `build` over a float32 placeholder `x` (dim `dynamic` symbolic: the first dim unless given, "" for none),
 * asserts the op types, then runs the one model at each size of that dim in onnxruntime and in the library on the
 * same random values.
 */
async function convRoundTrip(
  dims: Dims,
  build: (x: AnyTensor) => Record<string, Tensor<any, any>>,
  expected: { has: string[]; hasNot?: string[] },
  options: { dynamic?: string; sizes?: number[]; opset?: number } = {},
): Promise<string[]> {
  const dynamic = options.dynamic ?? dims[0]![0];
  const sizes = options.sizes ?? [dims[0]![1], 5, 1];
  let session: ort.InferenceSession | undefined;
  let ops: string[] = [];
  for (const size of sizes) {
    const at: Dims = dims.map(([n, s]) => [n, n === dynamic ? size : s]);
    const x = placeholder(at as never) as unknown as AnyTensor & { feedValues(v: Float32Array): void };
    const n = at.reduce((a, [, s]) => a * s, 1);
    const v = Float32Array.from({ length: n }, () => -2 + 4 * next());
    x.feedValues(v);
    const outs = build(x);
    if (!session) {
      const bytes = await toOnnx(outs, { x }, { dynamic: dynamic ? [dynamic] : [], ...(options.opset ? { opset: options.opset } : {}) });
      ops = fromBinary(ModelProtoSchema, bytes).graph!.node.map((d) => d.opType);
      for (const op of expected.has) expect(ops, `ops: ${ops.join(" ")}`).toContain(op);
      for (const op of expected.hasNot ?? []) expect(ops, `ops: ${ops.join(" ")}`).not.toContain(op);
      session = await ort.InferenceSession.create(bytes);
    }
    const got = await session.run({ x: new ort.Tensor("float32", v, at.map(([, s]) => s)) });
    for (const [name, t] of Object.entries(outs)) {
      const ours = (await t.data()) as Float32Array;
      const theirs = got[name]!;
      expect(theirs.dims, `${name} dims at ${dynamic} = ${size}`).toEqual(t.shapeDims.map((d: { size: number }) => d.size));
      const b = theirs.data as Float32Array;
      expect(b.length).toBe(ours.length);
      for (let i = 0; i < ours.length; i++) {
        const ok = Object.is(ours[i], b[i]) || Math.abs(ours[i]! - b[i]!) <= 1e-4 + 1e-4 * Math.abs(ours[i]!);
        if (!ok) expect.fail(`${name}[${i}] at ${dynamic} = ${size}: ours ${ours[i]}, onnxruntime ${b[i]} (seed ${testSeed})`);
      }
    }
  }
  return ops;
}

const window2 = { height: "kh", width: "kw" } as const;

describe("toOnnx: convolution and pooling as ONNX operators", () => {
  it("the mnist conv net: Conv and MaxPool (no Gather), at batch 3, 5 and 1", async () => {
    const net = mnistModel(seed);
    await convRoundTrip([["image", 3], ["channels", 1], ["height", 28], ["width", 28]], (x) => ({ logits: net(x as never) }), { has: ["Conv", "MaxPool"], hasNot: ["Gather"] });
  });

  it("padded, strided and dilated conv; grouped and depthwise conv; each one Conv", async () => {
    const k1 = kernel([["filters", 4], ["channels", 2], ["kh", 3], ["kw", 2]], 1);
    const k2 = kernel([["maps", 6], ["filters", 2], ["kh", 3], ["kw", 3]], 2);
    const k3 = kernel([["depth", 6], ["maps", 1], ["kh", 3], ["kw", 3]], 3);
    const ops = await convRoundTrip(
      [["image", 2], ["channels", 2], ["height", 13], ["width", 11]],
      (x) => {
        const a = conv(x as never, k1, { channel: "channels", window: window2, stride: [2, 1] as never, padding: { height: [2, 1], width: 1 }, dilation: { height: 2 } });
        // groups = 2: channels of 4 in two groups of 2, maps of 6 in two groups of 3
        const b = conv(a, k2, { channel: "filters", window: window2, groups: 2, padding: "same" });
        // depthwise: groups = maps
        const c = conv(b, k3, { channel: "maps", window: window2, groups: 6, padding: 1 });
        return { a, b, c };
      },
      { has: ["Conv"], hasNot: ["Gather", "Einsum", "Pad"] },
    );
    expect(ops.filter((o) => o === "Conv")).toHaveLength(3);
  });

  it("1-D and 3-D convolutions, the channel and batch in any dim order, several batch dims", async () => {
    const k1 = kernel([["out", 3], ["channels", 2], ["kt", 4]], 4);
    const k3 = kernel([["channels", 2], ["kd", 2], ["out", 3], ["kh", 2], ["kw", 3]], 5);
    await convRoundTrip(
      [["time", 9], ["batch", 3], ["channels", 2], ["clip", 2]],
      (x) => ({ y: conv(x as never, k1, { channel: "channels", window: { time: "kt" }, stride: 2, padding: 1 }) }),
      { has: ["Conv"], hasNot: ["Gather"] },
      { dynamic: "batch", sizes: [3, 4] },
    );
    await convRoundTrip(
      [["batch", 2], ["depth", 4], ["channels", 2], ["height", 5], ["width", 6]],
      (x) => ({ y: conv(x as never, k3, { channel: "channels", window: { depth: "kd", height: "kh", width: "kw" }, padding: "same" }) }),
      { has: ["Conv"], hasNot: ["Gather"] },
      { sizes: [2, 1] },
    );
  });

  it("transposed convolutions (strided, padded, output padding): ConvTranspose", async () => {
    const k1 = kernel([["channels", 3], ["out", 2], ["kh", 4], ["kw", 3]], 6);
    const k2 = kernel([["out", 2], ["o2", 2], ["kh", 3], ["kw", 3]], 7);
    const ops = await convRoundTrip(
      [["image", 2], ["channels", 3], ["height", 5], ["width", 4]],
      (x) => {
        const a = convTranspose(x as never, k1, { channel: "channels", window: window2, stride: 2, padding: 1 });
        const b = convTranspose(a, k2, { channel: "out", window: window2, stride: { height: 3 }, padding: { width: 1 }, dilation: { width: 2 }, outputPadding: { height: 1 } } as never);
        const c = convTranspose(a, k2, { channel: "out", window: window2 });
        return { a, b, c };
      },
      { has: ["ConvTranspose"], hasNot: ["Gather", "Einsum"] },
    );
    expect(ops.filter((o) => o === "ConvTranspose")).toHaveLength(3);
  });

  it("max and average pooling, padded, strided, dilated, counting the padding or not: MaxPool and AveragePool", async () => {
    const ops = await convRoundTrip(
      [["image", 2], ["channels", 3], ["height", 9], ["width", 8]],
      (x) => ({
        max: maxPool(x as never, { window: { height: 3, width: 2 }, stride: 2, padding: 1 }),
        maxDilated: maxPool(x as never, { window: { height: 2, width: 2 }, stride: 1, dilation: 2 }),
        avg: avgPool(x as never, { window: { height: 2, width: 2 } }),
        avgSame: avgPool(x as never, { window: { height: 3, width: 3 }, stride: 1, padding: "same" }),
        avgCounted: avgPool(x as never, { window: { height: 3, width: 3 }, stride: 2, padding: 1, countPadding: true }),
        pool1d: maxPool(x as never, { window: { width: 3 }, stride: 1, padding: "same" }),
        // a pad with another value (0, then -1.5 in the window's own padding), and padding as wide as the window: a Pad first
        maxOfPad: maxPool(x.pad({ height: [1, 2] } as never, -1.5) as never, { window: { height: 3, width: 2 }, stride: 2 }),
        maxWide: maxPool(x as never, { window: { height: 2, width: 2 }, stride: 1, padding: { height: [2, 0] } }),
      }),
      { has: ["MaxPool", "AveragePool"], hasNot: ["Gather", "ReduceMax", "ReduceSum"] },
    );
    expect(ops.filter((o) => o === "MaxPool")).toHaveLength(5);
    expect(ops.filter((o) => o === "AveragePool")).toHaveLength(3);
    expect(ops.filter((o) => o === "Pad")).toHaveLength(2);
  });

  it("a pool over a tensor with no batch or channel dims, a conv of one image, a pool of several batch dims: squeezed and merged around the operator", async () => {
    const k = kernel([["out", 2], ["channels", 3], ["kh", 2], ["kw", 3]], 10);
    const ops = await convRoundTrip(
      [["height", 9], ["width", 8], ["channels", 3]],
      (x) => ({
        pooled: maxPool(x.sum("channels") as never, { window: { height: 3, width: 3 }, stride: 2, padding: 1 }),
        image: conv(x as never, k, { channel: "channels", window: window2, padding: "same" }),
        many: avgPool(x.stack({ hw: ["height", "width"] }).split("hw" as never, [["a", 3], ["b", 3], ["width", 8]] as never) as never, { window: { width: 2 } }),
      }),
      { has: ["Conv", "MaxPool", "AveragePool"], hasNot: ["Gather"] },
      { dynamic: "", sizes: [9] },
    );
    expect(ops).toContain("Squeeze");
  });

  it("a dilated average pool before opset 19 (no dilations on AveragePool) keeps the general lowering", async () => {
    const ops = await convRoundTrip(
      [["image", 2], ["channels", 3], ["height", 9], ["width", 8]],
      (x) => ({ y: avgPool(x as never, { window: { height: 2, width: 2 }, stride: 1, dilation: 2 }) }),
      { has: ["Gather"], hasNot: ["AveragePool"] },
      { opset: 18 },
    );
    expect(ops).toContain("ReduceSum");
    await convRoundTrip(
      [["image", 2], ["channels", 3], ["height", 9], ["width", 8]],
      (x) => ({ y: avgPool(x as never, { window: { height: 2, width: 2 }, stride: 1, dilation: 2 }) }),
      { has: ["AveragePool"], hasNot: ["Gather"] },
      { opset: 19 },
    );
  });

  it("a conv over a transposed input is one Conv; grouped transposed convs (one and two outputs per group) are ConvTranspose", async () => {
    const k = kernel([["out", 3], ["channels", 4], ["kh", 2], ["kw", 2]], 8);
    const kg = kernel([["channels", 4], ["out", 1], ["kh", 2], ["kw", 2]], 9);
    const kg2 = kernel([["channels", 4], ["out", 2], ["kh", 3], ["kw", 2]], 11);
    const ops = await convRoundTrip(
      [["image", 2], ["height", 6], ["width", 5], ["channels", 4]],
      (x) => ({
        y: conv(x.transpose("image", "channels", "width", "height") as never, k, { channel: "channels", window: window2, stride: 2 }),
        g: convTranspose(x as never, kg, { channel: "channels", window: window2, stride: 2, groups: 4 }),
        g2: convTranspose(x as never, kg2, { channel: "channels", window: window2, stride: { height: 2 }, padding: { height: 1 }, groups: 2 } as never),
      }),
      { has: ["Conv", "ConvTranspose"], hasNot: ["Gather", "Einsum"] },
    );
    expect(ops.filter((o) => o === "ConvTranspose")).toHaveLength(2);
  });
});
