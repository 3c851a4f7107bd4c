// The free variables of the public API's @examples (scripts/check-examples.mjs): per example id (the API name;
// `Name#2` for a name's second example), `setup` (TS declared before the example, replacing the default),
// `template` (the example's code replaces `$`; for fragments such as a `return` or a bare type value),
// `after` (TS run after it, e.g. calling a function the example declares), `gpu` (the example uses WebGPU).
// Sizes are small so that the whole file runs in seconds; inputs are random (seeded) where values do not matter.
export const defaultSetup = `const x = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);`;

const r = (dims, seed = 0) => `randn(${JSON.stringify(dims)}, { seed: ${seed} })`;
/** The sparse examples' A: a 3×4 CSR matrix with 5 at (0, 1), 6 at (2, 0) and 7 at (2, 3); x a dense vector over col. */
const sparseA = `const A = fromCoo([["row", 3], ["col", 4]], { coords: { row: [0, 2, 2], col: [1, 0, 3] }, values: [5, 6, 7] }, csr("row", "col"));\nconst x = tensor([1, 2, 3, 4], ["col"]);`;
function sparseSetups() {
  const withA = { setup: sparseA };
  const ab = { setup: `${sparseA}\nconst B = fromCoo([["row", 3], ["col", 4]], { coords: { row: [0, 1], col: [1, 2] }, values: [1, 2] }, csr("row", "col"));` };
  const vectors = { setup: `const a = fromCoo([["i", 6]], { coords: { i: [0, 3] }, values: [1, 2] }, [["i", "compressed"]]);\nconst b = fromCoo([["i", 6]], { coords: { i: [3, 5] }, values: [4, 5] }, [["i", "compressed"]]);` };
  return {
    "SparseTensor.materialize": ab,
    "SparseTensor.values": withA,
    "SparseTensor.withValues": withA,
    "SparseTensor.shape": withA,
    "SparseTensor.dims": withA,
    "SparseTensor.dtype": withA,
    "SparseTensor.format": withA,
    "SparseTensor.nnz": withA,
    "SparseTensor.density": withA,
    "SparseTensor.toDense": withA,
    "SparseTensor.entries": withA,
    "SparseTensor.toString": withA,
    "SparseTensor.dot": withA,
    "SparseTensor.mul": {
      setup: `const S = fromCoo([["row", 3], ["col", 4]], { coords: { row: [0, 2], col: [1, 3] }, values: [1, 2] }, csr("row", "col"));\nconst A = randn([["row", 3], ["k", 5]], { seed: 0 });\nconst B = randn([["k", 5], ["col", 4]], { seed: 1 });`,
    },
    "SparseTensor.add": vectors,
    "SparseTensor.sub": vectors,
    "SparseTensor.sum": withA,
    "SparseTensor.transpose": withA,
    "SparseTensor.rename": withA,
    "SparseTensor.mask": withA,
    "SparseTensor.unmask": withA,
    asFormat: withA,
    explainSparse: withA,
    mapValues: withA,
    renameSparse: withA,
    transposeSparse: withA,
    fromMtx: { setup: `writeFileSync("KNex1_20.mtx", toMtx(fromCoo([["r", 20], ["c", 20]], { coords: { r: [0, 19], c: [1, 2] }, values: [1, 2] }, csr("r", "c"))));` },
    toMtx: withA,
    // scipy.sparse.save_npz("A.npz", csr_matrix([[0, 1.5, 0, 0], [0, 0, 0, 0], [2, 0, 0, -1]])), deflated.
    fromSafetensorsSparse: { setup: `${sparseA}\nconst S = A;` },
    fromNpz: { setup: `writeFileSync("A.npz", Uint8Array.from(atob("UEsDBC0AAAAIAAAAIQCWxw5G//////////8LABQAaW5kaWNlcy5ucHkBABAAjAAAAAAAAABKAAAAAAAAAJvsF+obEMnIUMZQrZ6SWpxcpG6loG6TaaKuo6Cell9UUpSYF59flJIKEndLzClOBYoXZyQWpAL5GsY6mjoKtQoUAC5GBghgBmIAUEsDBC0AAAAIAAAAIQAdc5Fa//////////8KABQAaW5kcHRyLm5weQEAEACQAAAAAAAAAEwAAAAAAAAAm+wX6hsQychQxlCtnpJanFykbqWgbpNpoq6joJ6WX1RSlJgXn1+UkgoSd0vMKU4FihdnJBakAvkaJjqaOgq1ChQALgYgYIRiZiAGAFBLAwQtAAAACAAAACEAo8N0l///////////CgAUAGZvcm1hdC5ucHkBABAAgwAAAAAAAABFAAAAAAAAAJvsF+obEMnIUMZQrZ6SWpxcpG6loF4TbKyuo6Cell9UUpSYF59flJIKEndLzClOBYoXZyQWpAL5Gpo6CrUKFAGu5OIiAFBLAwQtAAAACAAAACEA6NDTqP//////////CQAUAHNoYXBlLm5weQEAEACQAAAAAAAAAEoAAAAAAAAAm+wX6hsQychQxlCtnpJanFykbqWgbpNpoa6joJ6WX1RSlJgXn1+UkgoSd0vMKU4FihdnJBakAvkaRjqaOgq1ChQALmYGCGCB0gBQSwMELQAAAAgAAAAhAB7rK6L//////////wgAFABkYXRhLm5weQEAEACYAAAAAAAAAFAAAAAAAAAAm+wX6hsQychQxlCtnpJanFykbqWgbpNmoa6joJ6WX1RSlJgXn1+UkgoSd0vMKU4FihdnJBakAvkaxjqaOgq1ChQALgYw+GEPoRkcINSH/QBQSwECLQMtAAAACAAAACEAlscORkoAAACMAAAACwAAAAAAAAAAAAAAgAEAAAAAaW5kaWNlcy5ucHlQSwECLQMtAAAACAAAACEAHXORWkwAAACQAAAACgAAAAAAAAAAAAAAgAGHAAAAaW5kcHRyLm5weVBLAQItAy0AAAAIAAAAIQCjw3SXRQAAAIMAAAAKAAAAAAAAAAAAAACAAQ8BAABmb3JtYXQubnB5UEsBAi0DLQAAAAgAAAAhAOjQ06hKAAAAkAAAAAkAAAAAAAAAAAAAAIABkAEAAHNoYXBlLm5weVBLAQItAy0AAAAIAAAAIQAe6yuiUAAAAJgAAAAIAAAAAAAAAAAAAACAARUCAABkYXRhLm5weVBLBQYAAAAABQAFABYBAACfAgAAAAA="), (c) => c.charCodeAt(0)));`, after: `await __equal(A.toDense(), [[0, 1.5, 0, 0], [0, 0, 0, 0], [2, 0, 0, -1]], "the values");` },
  };
}

/** An application's own GPUDevice (here the library's, so the examples share one adapter). */
const appDevice = `const device = ((await getDevice("webgpu")) as WebGpuDevice).gpu;`;
const gpuSetup = `const x = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);\nconst gpu = (await getDevice("webgpu")) as WebGpuDevice;`;

export const setups = {
  "Tensor.to": { gpu: true },
  "Tensor.dispose": { setup: `${defaultSetup}\nconst use = (t: Tensor<[["batch", 2], ["feat", 3]]>) => t.sum("feat").toArray();` },
  "Tensor.dynamic": { after: `await __equal(center(x, "feat"), [[-1, 0, 1], [-1, 0, 1]], "center(x, \\"feat\\")");` },
  DimName: { after: `await __equal(center(x, "batch"), [[-1.5, -1.5, -1.5], [1.5, 1.5, 1.5]], "center(x, \\"batch\\")");` },
  "Tensor.shapedLike": {
    setup: `${defaultSetup}\nconst body = (t: Tensor<Shape>) => t.mul(2);\nconst n = 3;\nconst Y = ${r([["seqlen", 5], ["inhid", 7]])};\nconst scores = ${r([["batch", 3], ["seqlen", 5]], 1)}.mask("batch").dynamic();`,
    after: `await __equal(out, [[2, 4, 6], [8, 10, 12]], "out");`,
  },
  "Tensor.add": { setup: `${defaultSetup}\nconst bias = tensor([0.5, -1, 2], ["feat"]);`, after: `await __equal(x.add(bias), [[1.5, 1, 5], [4.5, 4, 8]], "x.add(bias)");` },
  "Tensor.mul": { setup: `const im = ${r([["h", 4], ["w", 5]])};\nconst mask = ${r([["w", 5]], 1)}.gt(0);` },
  "Tensor.atan2": { setup: `const x = ${r([["batch", 2], ["feat", 3]])};\nconst y = ${r([["batch", 2], ["feat", 3]], 1)};` },
  "Tensor.hypot": { setup: `const re = ${r([["freq", 8]])};\nconst im = ${r([["freq", 8]], 1)};` },
  "Tensor.eq": { setup: `const labels = randint([["batch", 8]], 0, 10, { seed: 0 });` },
  "Tensor.logicalAnd": { setup: `const a = rand([["batch", 2], ["feat", 3]], { seed: 0 });` },
  "Tensor.logicalOr": { setup: `const a = ${r([["batch", 2], ["feat", 3]])};` },
  "Tensor.logicalNot": { setup: `const mask = ${r([["seq", 6]])}.gt(0);` },
  "Tensor.rsqrt": { setup: `const variance = ${r([["batch", 2], ["feat", 3]])}.variance("feat");` },
  "Tensor.gelu": { setup: `const h = ${r([["batch", 2], ["hidden", 8]])};` },
  "Tensor.cast": { setup: `const mask = ${r([["seq", 6]])}.gt(0);` },
  "Tensor.maskedFill": { setup: `const scores = ${r([["query", 3], ["key", 4]])};\nconst pad = tensor([false, false, true, true], ["key"]);` },
  "Tensor.sum": { setup: `const ims = ${r([["batch", 2], ["height", 6], ["width", 5], ["channels", 3]])};` },
  "Tensor.mean": { setup: `const named_ims = ${r([["batch", 2], ["height", 6], ["width", 5], ["channels", 3]])};` },
  "Tensor.prod": { setup: `const x = ${r([["batch", 2], ["k", 4]])};` },
  "Tensor.max": { setup: `const scores = ${r([["query", 3], ["key", 4]])};` },
  "Tensor.min": { setup: `const x = ${r([["batch", 2], ["seq", 5]])};` },
  "Tensor.logsumexp": { setup: `const logits = ${r([["batch", 4], ["class", 10]])};` },
  "Tensor.all": { setup: `const mask = ${r([["batch", 2], ["seq", 5]])}.gt(-1);` },
  "Tensor.any": { setup: `const mask = ${r([["batch", 2], ["seq", 5]])}.gt(1);` },
  "Tensor.argmax": { setup: `const logits = ${r([["batch", 4], ["class", 10]])};` },
  "Tensor.argmin": { setup: `const d = ${r([["point", 6], ["centroid", 3]])};` },
  "Tensor.softmax": { setup: `const scores = ${r([["query", 3], ["key", 4]])};` },
  "Tensor.logSoftmax": { setup: `const logits = ${r([["batch", 4], ["class", 10]])};` },
  "Tensor.cumsum": { setup: `const x = tensor([1, 2, 3, 4], ["time"]);`, after: `await __equal(x.cumsum("time"), [1, 3, 6, 10], "x.cumsum(\\"time\\")");` },
  "Tensor.sort": { setup: `const ex = ${r([["height", 3], ["width", 7]])};` },
  "Tensor.topk": { setup: `const logits = ${r([["batch", 4], ["class", 10]])};` },
  "Tensor.mask": { setup: `const ys = ${r([["batch", 3], ["seqlen", 5], ["inhid", 7]])};` },
  "Tensor.unmask": { setup: `const Y = ${r([["batch", 3], ["seqlen", 5], ["inhid", 7]])}.mask("batch");` },
  "Tensor.dot": {
    setup: `const im = ${r([["height", 8], ["width", 96], ["channels", 3]])};\nconst im2 = ${r([["height", 8]], 1)};\nconst ht = ${r([["batch", 3], ["inhid", 7]], 2)};\nconst Wh = ${r([["inhid", 7], ["outhid", 5]], 3)};`,
  },
  "Tensor.transpose": { setup: `const x = ${r([["height", 96], ["width", 64]])};` },
  "Tensor.rename": { setup: `const x = ${r([["h", 96], ["w", 64]])};` },
  "Tensor.split": { setup: `const x = ${r([["h", 96], ["w", 4]])};` },
  "Tensor.stack": { setup: `const x = ${r([["b", 6], ["h", 96], ["w", 2]])};` },
  "Tensor.pad": { setup: `const x = tensor([1, 2], ["seq"]);`, after: `await __equal(x.pad({ seq: [0, 3] }, -1), [1, 2, -1, -1, -1], "pad");` },
  "Tensor.expand": { setup: `const bias = tensor([0.5, -1, 2], ["feat"]);` },
  "Tensor.expand#2": { setup: `const bias = tensor([0.5, -1, 2], ["feat"]);` },
  "Tensor.squeeze": { setup: `const x = ${r([["one", 1], ["feat", 3]])};` },
  "Tensor.contiguous": { setup: `const x = ${r([["a", 2], ["b", 3], ["c", 4]])};` },
  "Tensor.narrow": { setup: `const x = ${r([["batch", 2], ["seq", 128]])};` },
  "Tensor.unbind": { setup: `const pair = tensor([[1, 2, 3], [4, 5, 6]], ["side", "feat"]);`, after: `await __equal(second, [4, 5, 6], "second");` },
  "Tensor.indexSelect": {
    setup: `const embedding = ${r([["vocab", 10], ["embed", 4]])};\nconst ids = randint([["batch", 2], ["seq", 3]], 0, 10, { seed: 1 });`,
  },
  "Tensor.gather": { setup: `const logits = ${r([["batch", 4], ["class", 10]])};\nconst labels = randint([["batch", 4]], 0, 10, { seed: 1 });` },
  "Tensor.[Symbol.dispose]": { setup: `let total = 0;\nconst x = tensor([-1, 2, 3], ["i"]);`, after: `await __equal(total, 5, "total");` },
  FormatError: { setup: `const bytes = new Uint8Array([0x93, 78, 85, 77, 80, 89, 1, 0]);` },
  NamedTensorError: { setup: `const bytes = new Uint8Array([0x93, 78, 85, 77, 80, 89, 1, 0]);\nconst reported: string[] = [];\nconst report = (m: string) => reported.push(m);`, after: `if (reported.length !== 1) throw new Error("fromNpy of a truncated file did not throw a NamedTensorError");` },
  ShapeError: { setup: `const a = ${r([["n", 2]])}.dynamic();\nconst b = ${r([["n", 3]])}.dynamic();` },
  contract: { setup: `const q = ${r([["query", 3], ["d", 4]])};\nconst k = ${r([["key", 5], ["d", 4]], 1)};` },
  concat: { setup: `const a = ${r([["time", 2], ["feat", 3]])};\nconst b = ${r([["feat", 3], ["time", 5]], 1)};` },
  fromNpy: { setup: `writeFileSync("x.npy", await toNpy(${r([["rows", 2], ["cols", 3]])}));`, after: `await __equal(x.shape, { batch: 2, feat: 3 }, "x.shape");\nawait __equal(x, await fromNpy(new Uint8Array(readFileSync("x.npy")), ["batch", "feat"]).array(), "the values");` },
  toNpy: { after: `await __equal(fromNpy(new Uint8Array(readFileSync("x.npy")), ["batch", "feat"]), [[1, 2, 3], [4, 5, 6]], "the file read back");` },
  fromSafetensors: { setup: `const bytes = await toSafetensors({ "wte.weight": ${r([["v", 11], ["h", 4]])} });`, after: `await __equal(wte.shape, { vocab: 11, hidden: 4 }, "wte.shape");` },
  toSafetensors: { setup: `const W = ${r([["in", 4], ["out", 2]])};\nconst b = ${r([["out", 2]], 1)};`, after: `await __equal(fromSafetensors(bytes, { "head.bias": ["out"] })["head.bias"], await b.array(), "head.bias read back");` },
  ShapeSpec: { setup: "", template: "const spec: ShapeSpec = $;\nawait __equal(zeros(spec).shape, { batch: 32, seq: 128 }, \"zeros(spec).shape\");" },
  SafetensorsSpec: { setup: "", template: "const spec: SafetensorsSpec = $;\nvoid spec;" },
  constant: { setup: `const values = Array.from({ length: 27 }, (_, i) => i / 27);` },
  kindOf: { setup: `const W = variable(${r([["inhid", 7], ["outhid", 5]])});` },
  variablesOf: {
    setup: `const W = variable(${r([["inhid", 7], ["outhid", 5]])});\nconst b = variable(zeros([["outhid", 5]]));\nconst loss = ${r([["batch", 2], ["inhid", 7]], 1)}.dot("inhid", W).add(b).pow(2).sum(["batch", "outhid"]);`,
  },
  "Persistent.assign": { setup: `const w = persistent(${r([["feat", 3]])});\nconst grad = ${r([["feat", 3]], 1)};` },
  "Placeholder.feed": { setup: `const ids = placeholder([["batch", 8], ["seq", 16]], "int32");\nconst batch = Array.from({ length: 128 }, (_, i) => i % 27);`, after: `await __equal(ids.sum(["batch", "seq"]), 1594, "the sum of the fed ids");` },
  "Placeholder.feedValues": { setup: `const ids = placeholder([["batch", 8], ["seq", 16]], "int32");\nconst batch = Array.from({ length: 128 }, (_, i) => i % 27);`, after: `await __equal(ids.sum(["batch", "seq"]), 1594, "the sum of the fed ids");` },
  keep: { setup: `const x = tensor([-1, 2, 3], ["i"]);`, after: `await __equal(w, 5, "w");` },
  scope: {
    setup: `const model = { loss: (b: Tensor<[["batch", 4], ["feat", 3]]>) => b.pow(2).mean(["batch", "feat"]) };\nconst batches = [${r([["batch", 4], ["feat", 3]])}, ${r([["batch", 4], ["feat", 3]], 1)}];`,
  },
  customGradient: { setup: `const x = variable(${r([["i", 4]])});`, after: `await __equal(grad((t: Tensor<[["i", 4]]>) => customGradient(t.exp(), [t], (g) => [g.mul(t.exp())]).sum("i"))(x)[0], await x.exp().array(), "the gradient");` },
  grad: { setup: `const x = ${r([["batch", 2], ["inhid", 7]])};\nconst W = ${r([["inhid", 7], ["outhid", 5]], 1)};` },
  materializeAll: { setup: `const value = ${r([["i", 3]])}.sum("i");\nconst dW = ${r([["inhid", 7], ["outhid", 5]], 1)}.mul(2);\nconst db = ${r([["outhid", 5]], 2)}.exp();` },
  valueAndGrad: {
    setup: `const W = variable(${r([["inhid", 4], ["class", 3]])});\nconst model = (x: Tensor<[["batch", 2], ["inhid", 4]]>) => x.dot("inhid", W);\nconst x = ${r([["batch", 2], ["inhid", 4]], 1)};\nconst labels = tensor([0, 2], [["batch", 2]], { dtype: "int32" });`,
    after: `await __dims(dW, [["inhid", 4], ["class", 3]], "float32", "dW");`,
  },
  "VariableGrads.variables": {
    setup: `const W = variable(${r([["inhid", 4], ["class", 3]])});\nconst x = ${r([["batch", 2], ["inhid", 4]], 1)};\nconst grads = valueAndGrad(() => x.dot("inhid", W).pow(2).mean(["batch", "class"]))().variables;`,
    after: `if (grads.variables.length !== 1) throw new Error("one variable");`,
  },
  "VariableGrads.get": {
    setup: `const W = variable(${r([["inhid", 7], ["outhid", 5]])});\nconst x = ${r([["batch", 2], ["inhid", 7]], 1)};\nconst grads = valueAndGrad(() => x.dot("inhid", W).pow(2).mean(["batch", "outhid"]))().variables;`,
  },
  "Optimizer.update": {
    setup: `const opt = sgd({ lr: 0.1 });\nconst W = variable(${r([["inhid", 4], ["class", 3]])});\nconst x = ${r([["batch", 2], ["inhid", 4]], 1)};\nconst grads = valueAndGrad(() => x.dot("inhid", W).pow(2).mean(["batch", "class"]))().variables;\nconst before = await W.array();`,
    after: `if (JSON.stringify(await W.array()) === JSON.stringify(before)) throw new Error("W did not change");`,
  },
  "Optimizer.commit": {
    setup: `const opt = sgd({ lr: 0.1 });\nconst W = variable(${r([["inhid", 4], ["class", 3]])});\nconst x = ${r([["batch", 2], ["inhid", 4]], 1)};\nconst { value: loss, variables } = valueAndGrad(() => x.dot("inhid", W).pow(2).mean(["batch", "class"]))();\nopt.update(W, variables.get(W));`,
    after: `if (!loss.isMaterialized) throw new Error("the loss was not computed with the step");`,
  },
  "Optimizer.apply": {
    setup: `const opt = adam({ lr: 0.01 });\nconst W = variable(${r([["inhid", 4], ["class", 3]])});\nconst x = ${r([["batch", 2], ["inhid", 4]], 1)};\nconst lossFn = () => x.dot("inhid", W).pow(2).mean(["batch", "class"]);`,
  },
  "Optimizer.step": {
    setup: `const opt = sgd({ lr: 0.5 });\nconst W = variable(${r([["inhid", 4], ["class", 3]])}.mul(0.1));\nconst model = (x: Tensor<[["batch", 6], ["inhid", 4]]>) => x.dot("inhid", W);\nconst x = ${r([["batch", 6], ["inhid", 4]], 1)};\nconst y = tensor([0, 1, 2, 0, 1, 2], [["batch", 6]], { dtype: "int32" });\nconst first = crossEntropy(model(x), y, "class").item();`,
    after: `if (!(crossEntropy(model(x), y, "class").item() < first)) throw new Error("the loss did not decrease");`,
  },
  "Optimizer.trace": {
    setup: `const opt = adam({ lr: 0.05 });\nconst W = variable(${r([["feature", 4], ["class", 3]])}.mul(0.1));\nconst model = (x: Tensor<[["batch", 8], ["feature", 4]]>) => x.dot("feature", W);\nconst x0 = ${r([["batch", 8], ["feature", 4]], 1)};\nconst y0 = tensor([0, 1, 2, 0, 1, 2, 0, 1], [["batch", 8]], { dtype: "int32" });\nconst batches = Array.from({ length: 20 }, () => [x0, y0] as const);\nconst first = crossEntropy(model(x0), y0, "class").item();`,
    after: `if (!(crossEntropy(model(x0), y0, "class").item() < first)) throw new Error("the loss did not decrease");`,
  },
  trace: {
    setup: `const W = variable(${r([["feature", 4], ["out", 3]])});\nconst x = ${r([["batch", 8], ["feature", 4]], 1)};`,
    after: `await __equal(y, await x.dot("feature", W).relu().array(), "infer(x)");`,
  },
  sgd: { setup: `const W = variable(${r([["feat", 3]])});\nconst loss = () => W.pow(2).sum("feat");\nconst first = loss().item();`, after: `if (!(loss().item() < first)) throw new Error("the loss did not decrease");` },
  adam: {
    setup: `const W = variable(${r([["feat", 3]])});\nconst model = { loss: (b: Tensor<[["feat", 3]]>) => W.sub(b).pow(2).sum("feat") };\nconst batch = ${r([["feat", 3]], 1)};`,
    after: `if (!(loss > 0)) throw new Error("the step's loss is a positive number");`,
  },
  linear: { setup: `const x = ${r([["batch", 2], ["inhid", 7]])};\nconst W = ${r([["inhid", 7], ["outhid", 5]], 1)};\nconst b = ${r([["outhid", 5]], 2)};`, after: `__dims(h, [["batch", 2], ["outhid", 5]], "float32", "h");` },
  dropout: { setup: `const h = ${r([["batch", 2], ["hidden", 8]])};\nconst step = 7;` },
  embedding: { setup: `const ids = randint([["batch", 2], ["seq", 3]], 0, 10, { seed: 1 });\nconst table = ${r([["vocab", 10], ["embed", 4]])};`, after: `__dims(embedding(ids, table, "vocab"), [["batch", 2], ["seq", 3], ["embed", 4]], "float32", "embedding");` },
  layerNorm: { setup: `const x = ${r([["batch", 2], ["hidden", 64]])};\nconst gamma = ones([["hidden", 64]]);\nconst beta = zeros([["hidden", 64]]);`, after: `await __equal(h.mean("hidden").abs().max("batch").item() < 1e-5, true, "the mean is 0");` },
  crossEntropy: { setup: `const logits = ${r([["batch", 2], ["seq", 3], ["vocab", 10]])};\nconst targets = randint([["batch", 2], ["seq", 3]], 0, 10, { seed: 1 });`, after: `__dims(loss, [], "float32", "loss (the mean over batch and seq)");` },
  attention: { setup: `const x = ${r([["batch", 2], ["seq", 5], ["hidden", 8]])};`, after: `__dims(y, [["batch", 2], ["seq", 5], ["hidden", 8]], "float32", "y");` },
  checkedArg: {
    setup: "",
    template: `// Guard and CheckShape are not exported: the guarded parameter type is spelled through checkedArg itself.\nfunction first<const I extends readonly [string, number]>(input: Parameters<typeof checkedArg<"ok", I>>[0]): I {\n$\nreturn [name, size] as unknown as I;\n}\nawait __equal(first(["feat", 3]), ["feat", 3], "first");`,
  },
  maskedLike: {
    setup: `const ys = ${r([["batch", 3], ["seqlen", 5], ["inhid", 7]])};\nconst hs = ${r([["batch", 3], ["inhid", 7]], 1)};`,
    template: `function step<P extends Shape>(Y: Masked<P, [["seqlen", number], ["inhid", number]]>, ht: Masked<P, [["inhid", number]]>) {\nconst at = Y.dot("inhid", ht).softmax("seqlen");\nconst rt = Y.dot("seqlen", at);\n$\n}\nconst { at } = step(ys.mask("batch"), hs.mask("batch"));\n__dims(at, [["batch", 3], ["seqlen", 5]], "float32", "at");`,
  },
  privateLike: {
    setup: `const ls = ${r([["batch", 3], ["class", 4]])};`,
    template: `function total<P extends Shape>(logits: Masked<P, [["class", number]]>) {\nconst loss = logits.exp();\nconst visibleNames = ["class"] as const;\n$\n}\n__dims(total(ls.mask("batch")), [["batch", 3]], "float32", "total");`,
  },
  getDevice: { gpu: true },
  setDevice: { gpu: true },
  kernelStats: { setup: `${defaultSetup}\nconst step = () => x.mul(2).add(1).sum("feat").dataSync();\nstep();` },
  "WebGpuDevice.restart": { gpu: true, setup: gpuSetup },
  "WebGpuDevice.contractionPrecision": { gpu: true, setup: gpuSetup, after: `gpu.contractionPrecision = "f32";` },
  "WebGpuDevice.adapter": { gpu: true, setup: gpuSetup },
  "WebGpuDevice.destroy": { gpu: true, setup: gpuSetup, after: `await gpu.restart();` },
  "WebGpuDevice.trim": { gpu: true, setup: gpuSetup },
  "WebGpuDevice.timing": { gpu: true, setup: `${gpuSetup}\nconst step = () => x.mul(2).sum("feat").data();`, after: `gpu.timing = false;` },
  "WebGpuDevice.lend": { gpu: true, setup: appDevice },
  useGpuDevice: { gpu: true, setup: appDevice },
  ...sparseSetups(),
  InternalError: { setup: `${defaultSetup}\nconst run = () => x.sum("feat").toArray();\nconst reportBug = (e: Error) => { throw e; };` },
  fromGpuBuffer: {
    gpu: true,
    setup: `${appDevice}\nawait useGpuDevice(device);\nconst buffer = device.createBuffer({ size: 24, usage: 0x80 | 0x4 | 0x8 });\ndevice.queue.writeBuffer(buffer, 0, new Float32Array([1, 2, 3, 4, 5, 6]));`,
    after: `await __equal(t.sum("feat"), [6, 15], "t.sum(\\"feat\\")");\nbuffer.destroy();`,
  },
  gpuBufferOf: {
    gpu: true,
    setup: `${appDevice}\nawait useGpuDevice(device);\nconst y = tensor([[1, 2], [3, 4]], ["a", "b"]).transpose("b", "a");\nconst encoder = device.createCommandEncoder();\nconst staging = device.createBuffer({ size: 16, usage: 0x1 | 0x8 });`,
    after: `device.queue.submit([encoder.finish()]);\nawait staging.mapAsync(1);\nconst copied = Array.from(new Float32Array(staging.getMappedRange()));\nif (copied.join() !== "1,3,2,4") throw new Error(\`gpuBufferOf: the application read \${copied}\`);\nstaging.destroy();`,
  },
};

// Examples that cannot run until the library changes (each with why); listed here, they must still fail.
export const knownBroken = {};
