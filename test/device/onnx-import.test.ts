// ONNX import: every operator of the table against onnxruntime-node on fresh random inputs (models authored in
// the test with onnx-buf), an MLP and a transformer block end to end, and the refusals (unknown operator naming
// the node, corrupt bytes, external data) as FormatErrors.
import { describe, expect, it } from "vitest";
import { FormatError, ShapeError, StateError, getDefaultDevice, memoryStats, tensor } from "../../src/index.js";
import { fromOnnx } from "../../src/onnx/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { buildModel, compareBytesWithOrt, expectAgree, float, ortRun, type ConstSpec, type Feed, type ModelSpec, type OnnxType } from "../helpers/onnx-models.js";
import { randomFloats, randomInts, testSeed } from "../helpers/random.js";

const numel = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
const w = (...shape: number[]): ConstSpec => ({ data: randomFloats(numel(shape), -1, 1), shape });
const i64 = (...data: number[]): ConstSpec => ({ data, shape: [data.length], type: "int64" });
const scalarI64 = (v: number): ConstSpec => ({ data: [v], shape: [], type: "int64" });

/** Random feeds for the model's inputs (shapes all numeric in these cases). */
function feedsFor(spec: ModelSpec, custom: Record<string, Feed> = {}): Record<string, Feed> {
  return Object.fromEntries(
    spec.inputs.map((v) => {
      const shape = v.shape as number[];
      const type: OnnxType = v.type ?? "float32";
      const data = type === "float32" ? randomFloats(numel(shape)) : type === "bool" ? Uint8Array.from(randomInts(numel(shape), 0, 2)) : randomInts(numel(shape), 0, 3);
      return [v.name, custom[v.name] ?? { data, shape, type }];
    }),
  );
}

/** Runs the model on both runtimes with the same feeds and compares every output. */
async function compare(spec: ModelSpec, opts: { custom?: Record<string, Feed>; tol?: { rel: number; abs: number } } = {}): Promise<void> {
  await compareBytesWithOrt(buildModel(spec), feedsFor(spec, opts.custom), opts.tol);
}

/** A model of one node: inputs x0, x1… (floats of the given shapes unless typed), constants as initializers. */
function single(op: string, shapes: readonly (readonly number[] | ConstSpec | { shape: number[]; type: OnnxType })[], attrs: Record<string, unknown> = {}, opset = 17, outputs = 1, type: OnnxType = "float32"): ModelSpec {
  const inputs: { name: string; shape: number[]; type?: OnnxType }[] = [];
  const initializers: Record<string, ConstSpec> = {};
  const names = shapes.map((s, i) => {
    const name = `x${i}`;
    if (Array.isArray(s)) inputs.push({ name, shape: s as number[] });
    else if ("data" in (s as ConstSpec)) initializers[name] = s as ConstSpec;
    else inputs.push({ name, ...(s as { shape: number[]; type: OnnxType }) });
    return name;
  });
  const outs = Array.from({ length: outputs }, (_, i) => `y${i}`);
  return { inputs, outputs: outs.map((name) => ({ name, type })), initializers, nodes: [{ op, inputs: names, outputs: outs, attrs: attrs as never }], opset };
}

/** One case per operator (and per interesting attribute setting). */
const cases: [string, ModelSpec, { tol?: { rel: number; abs: number }; custom?: Record<string, Feed> }?][] = [
  ["Add broadcasting by position", single("Add", [[2, 3, 4], [3, 1]])],
  ["Sub with a scalar constant", single("Sub", [[3, 4], { data: [1.5], shape: [] }])],
  ["Mul both sides stretch", single("Mul", [[4, 1, 5], [3, 1]])],
  ["Div", single("Div", [[2, 3], w(3)])],
  ["Pow by 2 (negative bases)", single("Pow", [[3, 4], { data: [2], shape: [] }])],
  ["Pow by a tensor", single("Pow", [{ shape: [3, 4], type: "float32" }, { data: [0.5, 1.5, 2.5, 3], shape: [4] }]), { custom: { x0: { data: randomFloats(12, 0.1, 2), shape: [3, 4], type: "float32" } } }],
  ["Max of three", single("Max", [[2, 3], [3], [2, 1]])],
  ["Min", single("Min", [[2, 3], [2, 3]])],
  ["Where", single("Where", [{ shape: [2, 3], type: "bool" }, [3], [2, 1]])],
  ["Less gives bool", single("Less", [[2, 3], [3]], {}, 17, 1, "bool")],
  ["Equal on integers", single("Equal", [{ shape: [2, 3], type: "int64" }, { shape: [3], type: "int64" }], {}, 17, 1, "bool")],
  ["Relu", single("Relu", [[3, 5]])],
  ["Sigmoid", single("Sigmoid", [[3, 5]])],
  ["Tanh", single("Tanh", [[3, 5]])],
  ["Exp", single("Exp", [[3, 5]])],
  ["Erf", single("Erf", [[3, 5]])],
  ["Sqrt of abs", { ...single("Abs", [[4, 4]]), nodes: [{ op: "Abs", inputs: ["x0"], outputs: ["a"] }, { op: "Sqrt", inputs: ["a"], outputs: ["y0"] }] }],
  ["Neg and Reciprocal", { ...single("Neg", [[4, 4]]), nodes: [{ op: "Neg", inputs: ["x0"], outputs: ["a"] }, { op: "Reciprocal", inputs: ["a"], outputs: ["y0"] }] }],
  ["HardSigmoid", single("HardSigmoid", [[3, 5]], { alpha: float(0.25), beta: float(0.4) })],
  ["HardSwish", single("HardSwish", [[3, 5]])],
  ["LeakyRelu", single("LeakyRelu", [[3, 5]], { alpha: float(0.1) })],
  ["Gelu (exact)", single("Gelu", [[3, 5]], {}, 20)],
  ["Gelu (tanh)", single("Gelu", [[3, 5]], { approximate: "tanh" }, 20)],
  ["Clip (opset 11, inputs)", single("Clip", [[3, 5], { data: [-0.5], shape: [] }, { data: [0.7], shape: [] }])],
  ["Clip (opset 9, attributes)", single("Clip", [[3, 5]], { min: float(0), max: float(6) }, 9)],
  ["Softmax (opset 13, axis 1)", single("Softmax", [[2, 3, 4]], { axis: 1 })],
  ["Softmax (opset 11 flattens from axis 1)", single("Softmax", [[2, 3, 4]], { axis: 1 }, 11)],
  ["LogSoftmax", single("LogSoftmax", [[2, 5]], { axis: -1 })],
  ["ReduceMean keepdims (opset 13 attribute)", single("ReduceMean", [[2, 3, 4]], { axes: [-1] }, 13)],
  ["ReduceSum axes input, no keepdims", single("ReduceSum", [[2, 3, 4], i64(0, 2)], { keepdims: 0 }, 13)],
  ["ReduceMax all axes", single("ReduceMax", [[2, 3, 4]], {}, 13)],
  ["LayerNormalization", single("LayerNormalization", [[2, 3, 8], w(8), w(8)], { epsilon: float(1e-5) })],
  ["LayerNormalization over two axes", single("LayerNormalization", [[2, 3, 4], w(3, 4)], { axis: 1 })],
  ["BatchNormalization", single("BatchNormalization", [[2, 3, 4, 5], w(3), w(3), w(3), { data: randomFloats(3, 0.5, 2), shape: [3] }])],
  ["MatMul 2-D", single("MatMul", [[3, 4], [4, 5]])],
  ["MatMul batch broadcast", single("MatMul", [[2, 1, 3, 4], [3, 4, 5]])],
  ["MatMul vector-matrix", single("MatMul", [[4], [2, 4, 5]])],
  ["MatMul matrix-vector", single("MatMul", [[2, 3, 4], [4]])],
  ["Gemm transB alpha beta", single("Gemm", [[3, 4], w(5, 4), w(5)], { transB: 1, alpha: float(0.5), beta: float(2) })],
  ["Einsum batched contraction", single("Einsum", [[2, 3, 4], [4, 2, 5]], { equation: "bij,jbk->bik" })],
  ["Einsum implicit output, a sum and a transpose", single("Einsum", [[3, 4], [4, 5]], { equation: "ij,jk" })],
  ["Einsum", single("Einsum", [[3, 4]], { equation: "ij->j" })],
  ["Einsum with an ellipsis: batched matrix product", single("Einsum", [[2, 3, 4, 5], [2, 3, 5, 6]], { equation: "...ij,...jk->...ik" }, 12)],
  ["Einsum ellipsis on one operand only", single("Einsum", [[2, 3, 4, 5], [5, 6]], { equation: "...ij,jk->...ik" }, 12)],
  ["Einsum ellipsis broadcasting a size-1 dim", single("Einsum", [[2, 1, 4, 5], [2, 3, 5, 6]], { equation: "...ij,...jk->...ik" }, 12)],
  ["Einsum ellipsis, implicit output (ellipsis dims, then letters sorted)", single("Einsum", [[2, 3, 4, 5]], { equation: "...ji" }, 12)],
  ["Einsum ellipsis in the middle of a term, moved in the output", single("Einsum", [[4, 2, 3, 5], [5, 4]], { equation: "i...j,ji->...i" }, 12)],
  ["Gemm transA", single("Gemm", [[4, 3], [4, 5]], { transA: 1 })],
  ["Reshape with 0 and -1", single("Reshape", [[2, 3, 4], i64(0, -1, 2)])],
  ["Reshape merge and split", single("Reshape", [[2, 6, 2], i64(4, 3, 2)])],
  ["Flatten", single("Flatten", [[2, 3, 4, 5]], { axis: 2 })],
  ["Transpose", single("Transpose", [[2, 3, 4]], { perm: [2, 0, 1] })],
  ["Squeeze (opset 13)", single("Squeeze", [[2, 1, 3, 1], i64(1, -1)])],
  ["Squeeze (opset 11)", single("Squeeze", [[2, 1, 3]], { axes: [1] }, 11)],
  ["Unsqueeze (opset 13)", single("Unsqueeze", [[2, 3], i64(0, 3)])],
  ["Concat axis 1", single("Concat", [[2, 3, 4], [2, 5, 4], w(2, 1, 4)], { axis: 1 })],
  ["Split equal (opset 13)", single("Split", [[2, 6]], { axis: 1 }, 13, 3)],
  ["Split sizes", single("Split", [[5, 2], i64(2, 3)], { axis: 0 }, 13, 2)],
  ["Slice steps and negatives", single("Slice", [[6, 7], i64(1, -1), i64(5, 0), i64(0, 1), i64(2, -2)])],
  ["Slice to the end (INT64_MAX)", single("Slice", [[4, 5], i64(2), { data: [9.2e18], shape: [1], type: "int64" }, i64(1)])],
  ["Gather scalar index", single("Gather", [[4, 5], scalarI64(-2)], { axis: 1 })],
  ["Gather index tensor", single("Gather", [[6, 3], { data: [5, 0, 2, 2, 1, 4], shape: [2, 3], type: "int64" }])],
  ["Gather with fed indices (embedding)", single("Gather", [w(10, 4), { shape: [2, 3], type: "int64" }])],
  ["Expand", single("Expand", [[3, 1], i64(2, 3, 4)])],
  ["Cast to int32", single("Cast", [[3, 4]], { to: 6 }, 17, 1, "int32")],
  ["Identity", single("Identity", [[3, 4]])],
  [
    "Shape arithmetic on constants (Shape, Gather, Unsqueeze, Concat, Mul, Reshape)",
    {
      inputs: [{ name: "x", shape: [2, 3, 4] }],
      outputs: [{ name: "y" }],
      initializers: { i0: scalarI64(0), i1: scalarI64(1), i2: scalarI64(2), minus: i64(-1), ax: i64(0) },
      nodes: [
        { op: "Shape", inputs: ["x"], outputs: ["s"] },
        { op: "Gather", inputs: ["s", "i1"], outputs: ["d1"] },
        { op: "Gather", inputs: ["s", "i2"], outputs: ["d2"] },
        { op: "Mul", inputs: ["d1", "d2"], outputs: ["p"] },
        { op: "Unsqueeze", inputs: ["p", "ax"], outputs: ["pu"] },
        { op: "Concat", inputs: ["minus", "pu"], outputs: ["target"], attrs: { axis: 0 } },
        { op: "Reshape", inputs: ["x", "target"], outputs: ["y"] },
      ],
    },
  ],
  ["Constant node", { inputs: [{ name: "x", shape: [2, 3] }], outputs: [{ name: "y" }], nodes: [{ op: "Constant", inputs: [], outputs: ["c"], attrs: { value: { tensor: w(3) } } }, { op: "Add", inputs: ["x", "c"], outputs: ["y"] }] }],
  ["ConstantOfShape and Range", {
    inputs: [{ name: "x", shape: [4] }],
    outputs: [{ name: "y" }],
    initializers: { s: i64(4), a: scalarI64(0), b: scalarI64(8), d: scalarI64(2) },
    nodes: [
      { op: "ConstantOfShape", inputs: ["s"], outputs: ["c"], attrs: { value: { tensor: { data: [0.5], shape: [1] } } } },
      { op: "Range", inputs: ["a", "b", "d"], outputs: ["r"] },
      { op: "Cast", inputs: ["r"], outputs: ["rf"], attrs: { to: 1 } },
      { op: "Add", inputs: ["x", "c"], outputs: ["t"] },
      { op: "Mul", inputs: ["t", "rf"], outputs: ["y"] },
    ],
  }],
  ["Conv 3x3 pads strides", single("Conv", [[2, 3, 7, 6], w(4, 3, 3, 3), w(4)], { pads: [1, 1, 1, 1], strides: [2, 1] }, 11)],
  ["Conv depthwise (group = channels) dilated", single("Conv", [[1, 4, 6, 6], w(4, 1, 3, 3)], { group: 4, dilations: [2, 1], pads: [1, 0, 2, 1] }, 11)],
  ["Conv grouped SAME_UPPER", single("Conv", [[1, 4, 5, 5], w(6, 2, 3, 3)], { group: 2, auto_pad: "SAME_UPPER", strides: [2, 2] }, 11)],
  ["Conv 1x1 (a view), stride 2 on odd and even sizes", single("Conv", [[2, 3, 7, 6], w(5, 3, 1, 1), w(5)], { strides: [2, 2] }, 11)],
  ["Conv 1x3 with 1x1 stride", single("Conv", [[1, 3, 5, 6], w(2, 3, 1, 3)], { pads: [0, 1, 0, 1], strides: [2, 1] }, 11)],
  ["ConvTranspose stride 2", single("ConvTranspose", [[1, 3, 4, 5], w(3, 2, 2, 2), w(2)], { strides: [2, 2] }, 11)],
  ["ConvTranspose 3x3 pads", single("ConvTranspose", [[1, 2, 4, 4], w(2, 3, 3, 3)], { strides: [2, 2], pads: [1, 1, 1, 1], output_padding: [1, 1] }, 11)],
  ["MaxPool", single("MaxPool", [[1, 2, 7, 6]], { kernel_shape: [3, 2], strides: [2, 2], pads: [1, 0, 1, 0] }, 11)],
  ["MaxPool ceil_mode", single("MaxPool", [[1, 2, 7, 7]], { kernel_shape: [2, 2], strides: [2, 2], ceil_mode: 1 }, 11)],
  ["AveragePool excluding pads", single("AveragePool", [[1, 2, 6, 6]], { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] }, 11)],
  ["AveragePool including pads", single("AveragePool", [[1, 2, 6, 6]], { kernel_shape: [3, 2], strides: [3, 2], pads: [1, 1, 1, 1], count_include_pad: 1 }, 11)],
  ["GlobalAveragePool", single("GlobalAveragePool", [[2, 3, 4, 5]])],
  ["Resize nearest asymmetric floor (scales)", single("Resize", [[1, 2, 3, 4], { data: [], shape: [0] }, { data: [1, 1, 2, 2], shape: [4] }], { mode: "nearest", coordinate_transformation_mode: "asymmetric", nearest_mode: "floor" }, 11)],
  ["Resize linear half_pixel (sizes)", single("Resize", [[1, 2, 3, 4], { data: [], shape: [0] }, { data: [], shape: [0] }, i64(1, 2, 5, 7)], { mode: "linear" }, 13)],
  ["Resize nearest half_pixel round_prefer_floor", single("Resize", [[1, 1, 4, 4], { data: [], shape: [0] }, { data: [1, 1, 1.5, 0.75], shape: [4] }], { mode: "nearest" }, 13)],
  ["Upsample nearest (opset 9)", single("Upsample", [[1, 2, 3, 3], { data: [1, 1, 2, 2], shape: [4] }], { mode: "nearest" }, 9)],
];

for (const device of deviceNames) {
  describe(`ONNX import on ${device}: each operator against onnxruntime-node (seed ${testSeed})`, () => {
    for (const [name, spec, opts] of cases) {
      it(name, async () => {
        await useDevice(device);
        await compare(spec, opts);
      });
    }
  });
}

for (const device of deviceNames) {
  describe(`ONNX import on ${device}: dispose`, () => {
    it("dispose gives back the model's weights and programs at once; a later run is a StateError", async () => {
      await useDevice(device);
      const spec: ModelSpec = {
        inputs: [{ name: "x", shape: [2, 3] }],
        outputs: [{ name: "y" }],
        initializers: { w: w(3, 4) },
        nodes: [{ op: "Constant", inputs: [], outputs: ["c"], attrs: { value: { tensor: w(4) } } }, { op: "MatMul", inputs: ["x", "w"], outputs: ["h"] }, { op: "Add", inputs: ["h", "c"], outputs: ["y"] }],
      };
      const feeds = feedsFor(spec);
      const want = await ortRun(buildModel(spec), feeds);
      const x = tensor(Float32Array.from(feeds.x!.data), [["row", 2], ["col", 3]]);
      const live = () => memoryStats()[getDefaultDevice().name]!.buffers;
      const before = live();
      const model = await fromOnnx(buildModel(spec), { names: { x: ["row", "col"] } });
      for (let i = 0; i < 2; i++) {
        using y = model.run({ x }).y!;
        expectAgree({ data: (await y.data()) as ArrayLike<number>, shape: [2, 4] }, want.y!);
      }
      expect(live()).toBeGreaterThan(before); // the weights on the device and the traced program's buffers
      model.dispose();
      expect(live()).toBe(before);
      expect(() => model.run({ x })).toThrow(StateError);
      expect(() => model.run({ x })).toThrow(/the model was disposed/);
      model.dispose(); // twice is harmless
      x.dispose();
    });
  });
}

describe("ONNX import: refusals", () => {
  it("an operator outside the table is a FormatError naming the op and the node", async () => {
    const bytes = buildModel({ inputs: [{ name: "x", shape: [2] }], outputs: [{ name: "y" }], nodes: [{ op: "Frobnicate", name: "mystery_node", inputs: ["x"], outputs: ["y"] }] });
    await expect(fromOnnx(bytes)).rejects.toThrow(FormatError);
    await expect(fromOnnx(bytes)).rejects.toThrow(/node 0 "mystery_node" \(Frobnicate\).*the operator Frobnicate is not supported/);
  });
  it("another domain's operator is refused by name", async () => {
    const bytes = buildModel({ inputs: [{ name: "x", shape: [2] }], outputs: [{ name: "y" }], nodes: [{ op: "FusedGemm", domain: "com.microsoft", inputs: ["x"], outputs: ["y"] }] });
    await expect(fromOnnx(bytes)).rejects.toThrow(/com\.microsoft\.FusedGemm is not supported/);
  });
  it("truncated and corrupt bytes are FormatErrors, never crashes", async () => {
    const bytes = buildModel(single("MatMul", [[3, 4], w(4, 5)]));
    for (const cut of [1, 7, bytes.length >> 1, bytes.length - 3]) await expect(fromOnnx(bytes.subarray(0, cut))).rejects.toThrow(FormatError);
    const junk = Uint8Array.from(randomInts(256, 0, 256));
    let threw = false;
    try {
      await fromOnnx(junk);
    } catch (e) {
      threw = true;
      expect(e).toBeInstanceOf(FormatError);
    }
    expect(threw).toBe(true);
  });
  it("a tensor whose data does not fill its shape is a FormatError naming the initializer", async () => {
    const bytes = buildModel({ inputs: [{ name: "x", shape: [2] }], outputs: [{ name: "y" }], initializers: { b: { data: [1, 2, 3], shape: [2, 2] } }, nodes: [{ op: "Add", inputs: ["x", "b"], outputs: ["y"] }] });
    await expect(fromOnnx(bytes)).rejects.toThrow(/initializer 0 "b".*raw_data has 12 bytes but the shape needs 4 × 4/);
  });
  it("external data is refused by name", async () => {
    const bytes = buildModel({ inputs: [{ name: "x", shape: [2] }], outputs: [{ name: "y" }], initializers: { big: { data: [], shape: [2], external: true } }, nodes: [{ op: "Add", inputs: ["x", "big"], outputs: ["y"] }] });
    await expect(fromOnnx(bytes)).rejects.toThrow(/initializer 0 "big".*stored outside the model file \(external data\)/);
  });
  it("sizes that do not fit at run time are a ShapeError naming the node", async () => {
    const bytes = buildModel({ inputs: [{ name: "x", shape: ["n", "k"] }], outputs: [{ name: "y" }], initializers: { w: w(4, 5) }, nodes: [{ op: "MatMul", name: "proj", inputs: ["x", "w"], outputs: ["y"] }] });
    const model = await fromOnnx(bytes);
    expect(() => model.run({ x: tensor(randomFloats(6), [["n", 2], ["k", 3]]) })).toThrow(ShapeError);
    expect(() => model.run({ x: tensor(randomFloats(6), [["n", 2], ["k", 3]]) })).toThrow('node 0 "proj" (MatMul): A has 3 columns but B has 4 rows');
  });
  it("a huge declared size does not allocate: it fails on the bytes present", async () => {
    const bytes = buildModel({ inputs: [{ name: "x", shape: [2] }], outputs: [{ name: "y" }], initializers: { b: { data: [1, 2], shape: [2 ** 20, 2 ** 20] } }, nodes: [{ op: "Add", inputs: ["x", "b"], outputs: ["y"] }] });
    await expect(fromOnnx(bytes)).rejects.toThrow(FormatError);
  });
});
