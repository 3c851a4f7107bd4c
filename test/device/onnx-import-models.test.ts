// ONNX import end to end: an MLP and a transformer block (attention with heads split by Reshape from shape
// arithmetic, LayerNormalization, erf-GELU, residuals) authored with onnx-buf, run on fresh random inputs against
// onnxruntime-node; and how dims are named (the user's names, the model's dim_param, generated ones).
import { describe, expect, it } from "vitest";
import { ArgumentError, FormatError, ShapeError, tensor } from "../../src/index.js";
import { fromOnnx } from "../../src/onnx/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { buildModel, expectAgree, float, ortRun, type ConstSpec, type ModelSpec } from "../helpers/onnx-models.js";
import { randomFloats, testSeed } from "../helpers/random.js";

const numel = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
const w = (...shape: number[]): ConstSpec => ({ data: randomFloats(numel(shape), -0.5, 0.5), shape });
const i64 = (...data: number[]): ConstSpec => ({ data, shape: [data.length], type: "int64" });

const [D, H, F] = [16, 4, 32];
function transformerBlock(): ModelSpec {
  return {
    opset: 17,
    inputs: [{ name: "x", shape: ["batch", "seq", D] }],
    outputs: [{ name: "y", shape: ["batch", "seq", D] }],
    initializers: {
      g1: w(D), b1: w(D), wqkv: w(D, 3 * D), bqkv: w(3 * D), wo: w(D, D), bo: w(D), g2: w(D), b2: w(D),
      w1: w(D, F), bf1: w(F), w2: w(F, D), bf2: w(D),
      heads: i64(H, D / H), zero: { data: [0], shape: [], type: "int64" }, one: { data: [1], shape: [], type: "int64" },
      ax0: i64(0), flat: i64(0, 0, -1), scale: { data: [Math.sqrt(D / H)], shape: [] },
      half: { data: [0.5], shape: [] }, oneF: { data: [1], shape: [] }, rsqrt2: { data: [Math.SQRT1_2], shape: [] },
    },
    nodes: [
      { op: "LayerNormalization", inputs: ["x", "g1", "b1"], outputs: ["h"], attrs: { epsilon: float(1e-5) } },
      { op: "MatMul", inputs: ["h", "wqkv"], outputs: ["qkv0"] },
      { op: "Add", inputs: ["qkv0", "bqkv"], outputs: ["qkv"] },
      { op: "Split", inputs: ["qkv"], outputs: ["q0", "k0", "v0"], attrs: { axis: 2 } },
      // target shape [batch, seq, H, D/H] from Shape arithmetic
      { op: "Shape", inputs: ["x"], outputs: ["sh"] },
      { op: "Gather", inputs: ["sh", "zero"], outputs: ["nb"] },
      { op: "Gather", inputs: ["sh", "one"], outputs: ["ns"] },
      { op: "Unsqueeze", inputs: ["nb", "ax0"], outputs: ["nb1"] },
      { op: "Unsqueeze", inputs: ["ns", "ax0"], outputs: ["ns1"] },
      { op: "Concat", inputs: ["nb1", "ns1", "heads"], outputs: ["split4"], attrs: { axis: 0 } },
      { op: "Reshape", inputs: ["q0", "split4"], outputs: ["q1"] },
      { op: "Reshape", inputs: ["k0", "split4"], outputs: ["k1"] },
      { op: "Reshape", inputs: ["v0", "split4"], outputs: ["v1"] },
      { op: "Transpose", inputs: ["q1"], outputs: ["q"], attrs: { perm: [0, 2, 1, 3] } },
      { op: "Transpose", inputs: ["k1"], outputs: ["kT"], attrs: { perm: [0, 2, 3, 1] } },
      { op: "Transpose", inputs: ["v1"], outputs: ["v"], attrs: { perm: [0, 2, 1, 3] } },
      { op: "MatMul", inputs: ["q", "kT"], outputs: ["s0"] },
      { op: "Div", inputs: ["s0", "scale"], outputs: ["s1"] },
      { op: "Softmax", inputs: ["s1"], outputs: ["p"], attrs: { axis: -1 } },
      { op: "MatMul", inputs: ["p", "v"], outputs: ["o0"] },
      { op: "Transpose", inputs: ["o0"], outputs: ["o1"], attrs: { perm: [0, 2, 1, 3] } },
      { op: "Reshape", inputs: ["o1", "flat"], outputs: ["o2"] },
      { op: "MatMul", inputs: ["o2", "wo"], outputs: ["o3"] },
      { op: "Add", inputs: ["o3", "bo"], outputs: ["o4"] },
      { op: "Add", inputs: ["x", "o4"], outputs: ["r1"] },
      { op: "LayerNormalization", inputs: ["r1", "g2", "b2"], outputs: ["h2"] },
      { op: "MatMul", inputs: ["h2", "w1"], outputs: ["f0"] },
      { op: "Add", inputs: ["f0", "bf1"], outputs: ["f1"] },
      { op: "Mul", inputs: ["f1", "rsqrt2"], outputs: ["g0"] },
      { op: "Erf", inputs: ["g0"], outputs: ["g1e"] },
      { op: "Add", inputs: ["g1e", "oneF"], outputs: ["g2e"] },
      { op: "Mul", inputs: ["f1", "g2e"], outputs: ["g3"] },
      { op: "Mul", inputs: ["g3", "half"], outputs: ["g4"] },
      { op: "MatMul", inputs: ["g4", "w2"], outputs: ["f2"] },
      { op: "Add", inputs: ["f2", "bf2"], outputs: ["f3"] },
      { op: "Add", inputs: ["r1", "f3"], outputs: ["y"] },
    ],
  };
}

function mlp(): ModelSpec {
  return {
    opset: 13,
    inputs: [{ name: "pixels", shape: ["batch", 12] }],
    outputs: [{ name: "probs", shape: ["batch", 5] }],
    initializers: { w1: w(20, 12), b1: w(20), w2: w(5, 20), b2: w(5) },
    nodes: [
      { op: "Gemm", inputs: ["pixels", "w1", "b1"], outputs: ["h0"], attrs: { transB: 1 } },
      { op: "Relu", inputs: ["h0"], outputs: ["h1"] },
      { op: "Gemm", inputs: ["h1", "w2", "b2"], outputs: ["logits"], attrs: { transB: 1 } },
      { op: "Softmax", inputs: ["logits"], outputs: ["probs"], attrs: { axis: 1 } },
    ],
  };
}

for (const device of deviceNames) {
  describe(`ONNX models end to end on ${device} against onnxruntime-node (seed ${testSeed})`, () => {
    it("a transformer block, at two sequence lengths (dynamic dims)", async () => {
      await useDevice(device);
      const bytes = buildModel(transformerBlock());
      const model = await fromOnnx(bytes);
      expect(model.inputs[0]!.dims).toEqual(["batch", "seq", "x_2"]);
      for (const [b, s] of [[2, 5], [1, 9]] as const) {
        const data = randomFloats(b * s * D);
        const want = await ortRun(bytes, { x: { data, shape: [b, s, D], type: "float32" } });
        const { y } = model.run({ x: tensor(data, [["batch", b], ["seq", s], ["x_2", D]]) });
        expect(y!.dims).toEqual(["batch", "seq", "y_2"]);
        expectAgree({ data: await y!.data(), shape: [b, s, D] }, want.y!);
      }
    });
    it("an MLP with the user's dim names", async () => {
      await useDevice(device);
      const bytes = buildModel(mlp());
      const model = await fromOnnx(bytes, { names: { pixels: ["batch", "feature"], probs: ["batch", "digit"] } });
      const data = randomFloats(7 * 12);
      const want = await ortRun(bytes, { pixels: { data, shape: [7, 12], type: "float32" } });
      // the feed may list its dims in any order: they are matched by name
      const x = tensor(data, [["batch", 7], ["feature", 12]]).transpose("feature", "batch");
      const { probs } = model.run({ pixels: x });
      expect(probs!.dims).toEqual(["batch", "digit"]);
      expectAgree({ data: await probs!.data(), shape: [7, 5] }, want.probs!);
      expect([...(await probs!.sum("digit").data())].every((v) => Math.abs(v - 1) < 1e-5)).toBe(true);
    });
  });
}

describe("ONNX import: naming and wrong feeds", () => {
  const bytes = buildModel(mlp());
  it("names come from the user, else dim_param, else <value>_<axis>", async () => {
    const model = await fromOnnx(bytes);
    expect(model.inputs).toEqual([{ name: "pixels", dims: ["batch", "pixels_1"], sizes: [undefined, 12], dtype: "float32", ranked: true }]);
    expect(model.outputs[0]!.dims).toEqual(["batch", "probs_1"]);
  });
  it("inside the graph names flow with the data: Reshape keeps the axes it does not change, new axes are fresh", async () => {
    const spec: ModelSpec = {
      inputs: [{ name: "x", shape: ["batch", "seq", 8] }],
      outputs: [{ name: "heads" }, { name: "swapped" }],
      initializers: { s: i64(0, 0, 2, 4) },
      nodes: [
        { op: "Reshape", inputs: ["x", "s"], outputs: ["heads"] },
        { op: "Transpose", inputs: ["heads"], outputs: ["swapped"], attrs: { perm: [0, 2, 1, 3] } },
      ],
    };
    const model = await fromOnnx(buildModel(spec), { names: { x: ["batch", "seq", "hidden"] } });
    const out = model.run({ x: tensor(randomFloats(48), [["batch", 2], ["seq", 3], ["hidden", 8]]) });
    expect(out.heads!.dims).toEqual(["batch", "seq", "_0", "_1"]);
    expect(out.swapped!.dims).toEqual(["batch", "_0", "seq", "_1"]);
    // the same structure at another size gets the same names (so the compiled program is replayed)
    expect(model.run({ x: tensor(randomFloats(40), [["batch", 1], ["seq", 5], ["hidden", 8]]) }).heads!.dims).toEqual(["batch", "seq", "_0", "_1"]);
  });
  it("a feed without the input's dims is a ShapeError saying which it needs", async () => {
    const model = await fromOnnx(bytes, { names: { pixels: ["batch", "feature"] } });
    expect(() => model.run({ pixels: tensor(randomFloats(24), [["batch", 2], ["pixel", 12]]) })).toThrow(ShapeError);
    expect(() => model.run({ pixels: tensor(randomFloats(24), [["batch", 2], ["pixel", 12]]) })).toThrow('the input "pixels" must have the dims { batch, feature }, not { batch, pixel }');
    expect(() => model.run({ pixels: tensor(randomFloats(22), [["batch", 2], ["feature", 11]]) })).toThrow('dimension "feature" of the input "pixels" is 11 here but 12 in the model');
    expect(() => model.run({})).toThrow(ArgumentError);
  });
  it("names for a value the model does not have, or of the wrong rank, are ArgumentErrors", async () => {
    await expect(fromOnnx(bytes, { names: { image: ["a", "b"] } })).rejects.toThrow('fromOnnx: the model has no input or output "image" to name (it has "pixels", "probs")');
    await expect(fromOnnx(bytes, { names: { pixels: ["a"] } })).rejects.toThrow(ArgumentError);
    for (const junk of [null, 5, "x", [1], { names: 3 }, { names: null }, { names: [["a"]] }]) await expect(fromOnnx(bytes, junk as never)).rejects.toThrow(ArgumentError);
    for (const junk of [null, 5, new Uint8Array(3), "model"]) await expect(fromOnnx(junk as never)).rejects.toThrow(junk instanceof Uint8Array ? FormatError : ArgumentError);
    const model = await fromOnnx(bytes);
    for (const junk of [null, 5, "x", { pixels: 3 }]) expect(() => model.run(junk as never)).toThrow(ArgumentError);
  });
});
