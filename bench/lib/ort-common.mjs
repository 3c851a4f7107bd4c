// Benchmark layer (bench/ only). onnxruntime-node (CPU execution provider) workloads on small ONNX graphs
// encoded in memory (lib/onnx-build.mjs): `makeOrtLib({ id, threads })` gives a bench/libs module with
// intraOpNumThreads = threads. Outputs go into pre-allocated JS tensors, so compute already includes the
// readback. onnxruntime-node is a bench/ dependency only (bench/.npmrc skips its CUDA download).
import { createRequire } from "node:module";
import { buildModel } from "./onnx-build.mjs";
import { pkgVersion } from "./jax-common.mjs";

const require = createRequire(import.meta.url);
let ortShared = null;
const prod = (s) => s.reduce((a, b) => a * b, 1);

/** The graph of each workload kind at size p: inputs, outputs, nodes, initializers. */
const GRAPHS = {
  matmul: (p) => ({
    inputs: [["a", [p.n, p.n]], ["b", [p.n, p.n]]], outputs: [["y", [p.n, p.n]]],
    nodes: [{ op: "MatMul", inputs: ["a", "b"], outputs: ["y"] }], variant: "MatMul",
  }),
  sigmoid: (p) => ({
    inputs: [["x", [p.n]]], outputs: [["y", [p.n]]], initializers: [{ name: "one", dtype: "float32", dims: [], values: [1] }],
    nodes: [
      { op: "Neg", inputs: ["x"], outputs: ["t1"] }, { op: "Exp", inputs: ["t1"], outputs: ["t2"] },
      { op: "Add", inputs: ["t2", "one"], outputs: ["t3"] }, { op: "Reciprocal", inputs: ["t3"], outputs: ["y"] },
    ],
    variant: "Reciprocal(Add(Exp(Neg(x)), 1))",
  }),
  sigmoidOp: (p) => ({ inputs: [["x", [p.n]]], outputs: [["y", [p.n]]], nodes: [{ op: "Sigmoid", inputs: ["x"], outputs: ["y"] }], variant: "Sigmoid" }),
  chain: (p) => ({
    inputs: [["a", [p.n]], ["b", [p.n]], ["c", [p.n]]], outputs: [["y", [p.n]]],
    nodes: [{ op: "Mul", inputs: ["a", "b"], outputs: ["t1"] }, { op: "Add", inputs: ["t1", "c"], outputs: ["t2"] }, { op: "Tanh", inputs: ["t2"], outputs: ["y"] }],
    variant: "Tanh(Add(Mul(a, b), c))",
  }),
  rowsum: (p) => ({
    inputs: [["x", [p.rows, p.cols]]], outputs: [["y", [p.rows]]], initializers: [{ name: "axes", dtype: "int64", dims: [1], values: [-1] }],
    nodes: [{ op: "ReduceSum", inputs: ["x", "axes"], outputs: ["y"], attrs: { keepdims: 0 } }], variant: "ReduceSum(axes=[-1])",
  }),
  colsum: (p) => ({
    inputs: [["x", [p.rows, p.cols]]], outputs: [["y", [p.cols]]], initializers: [{ name: "axes", dtype: "int64", dims: [1], values: [0] }],
    nodes: [{ op: "ReduceSum", inputs: ["x", "axes"], outputs: ["y"], attrs: { keepdims: 0 } }], variant: "ReduceSum(axes=[0])",
  }),
  softmax: (p) => ({
    inputs: [["x", [p.rows, p.cols]]], outputs: [["y", [p.rows, p.cols]]],
    nodes: [{ op: "Softmax", inputs: ["x"], outputs: ["y"], attrs: { axis: -1 } }], variant: "Softmax(axis=-1)",
  }),
  // Transpose+MatMul is 1.37× faster than ORT's Einsum at 1 thread (research/perf-anchors.md), so this is ORT's best form.
  attention: (p) => ({
    inputs: [["q", [p.b, p.q, p.d]], ["k", [p.b, p.k, p.d]], ["v", [p.b, p.k, p.d]]], outputs: [["y", [p.b, p.q, p.d]]],
    nodes: [
      { op: "Transpose", inputs: ["k"], outputs: ["kt"], attrs: { perm: [0, 2, 1] } },
      { op: "MatMul", inputs: ["q", "kt"], outputs: ["s"] },
      { op: "Softmax", inputs: ["s"], outputs: ["p"], attrs: { axis: -1 } },
      { op: "MatMul", inputs: ["p", "v"], outputs: ["y"] },
    ],
    variant: "MatMul(q, Transpose(k)) → Softmax → MatMul(·, v)",
  }),
  // ORT's Conv is NCHW with OIHW weights: the NHWC input and [kh, kw, c, o] filter are transposed once when the
  // cell is set up (not timed), and the NCHW output back to NHWC only in read() (the readback column).
  conv: (p) => {
    const [oh, ow] = [Math.ceil(p.h / p.stride), Math.ceil(p.w / p.stride)];
    const total = (size, o) => Math.max(0, (o - 1) * p.stride + p.k - size);
    const [th, tw] = [total(p.h, oh), total(p.w, ow)];
    const group = p.depthwise ? p.cin : 1;
    const perGroup = p.cin / group;
    return {
      inputs: [["x", [p.b, p.cin, p.h, p.w]]], outputs: [["y", [p.b, p.cout, oh, ow]]],
      initializers: [
        { name: "W", dtype: "float32", dims: [p.cout, perGroup, p.k, p.k], values: null },
        { name: "B", dtype: "float32", dims: [p.cout], values: null },
      ],
      nodes: [
        { op: "Conv", inputs: ["x", "W", "B"], outputs: ["c"], attrs: { kernel_shape: [p.k, p.k], strides: [p.stride, p.stride], pads: [Math.floor(th / 2), Math.floor(tw / 2), th - Math.floor(th / 2), tw - Math.floor(tw / 2)], group } },
        { op: "Relu", inputs: ["c"], outputs: ["y"] },
      ],
      variant: "Relu(Conv(x, W, B)), NCHW",
      prepare(I, graph) {
        const x = new Float32Array(I.x.length);
        for (let b = 0; b < p.b; b++) for (let i = 0; i < p.h; i++) for (let j = 0; j < p.w; j++) for (let c = 0; c < p.cin; c++) x[((b * p.cin + c) * p.h + i) * p.w + j] = I.x[((b * p.h + i) * p.w + j) * p.cin + c];
        const W = new Float32Array(I.filter.length);
        for (let kh = 0; kh < p.k; kh++) for (let kw = 0; kw < p.k; kw++) for (let c = 0; c < perGroup; c++) for (let o = 0; o < p.cout; o++) {
          const from = p.depthwise ? (kh * p.k + kw) * p.cin + o : ((kh * p.k + kw) * p.cin + c) * p.cout + o;
          W[((o * perGroup + c) * p.k + kh) * p.k + kw] = I.filter[from];
        }
        graph.initializers[0].values = W;
        graph.initializers[1].values = I.bias;
        return { x };
      },
      readOut(y) {
        const out = new Float32Array(y.length);
        for (let b = 0; b < p.b; b++) for (let o = 0; o < p.cout; o++) for (let i = 0; i < oh; i++) for (let j = 0; j < ow; j++) out[((b * oh + i) * ow + j) * p.cout + o] = y[((b * p.cout + o) * oh + i) * ow + j];
        return out;
      },
    };
  },
  permute: (p) => ({
    inputs: [["x", p.shape]], outputs: [["y", [2, 0, 1].map((i) => p.shape[i])]],
    nodes: [{ op: "Transpose", inputs: ["x"], outputs: ["y"], attrs: { perm: [2, 0, 1] } }], variant: "Transpose(perm=[2,0,1])",
  }),
};

/** Feeds in graph input order from the workload's inputs. */
function feeds(ort, graph, I) {
  const byName = { a: I.a, b: I.b, c: I.c, x: I.x, q: I.q, k: I.k, v: I.v };
  return Object.fromEntries(graph.inputs.map(([name, shape]) => [name, new ort.Tensor("float32", byName[name], shape)]));
}

/**
 * A library module for onnxruntime-node with `threads` intra-op threads; one inference session per cell.
 * @example export default makeOrtLib({ id: "ort-t1", threads: 1 })
 */
export function makeOrtLib({ id, label, threads, order = 40 }) {
  let ort = null;
  async function handle(kind, I, p) {
    const graph = GRAPHS[kind](p);
    if (graph.prepare) I = { ...I, ...graph.prepare(I, graph) };
    // Spinning off: ORT's idle intra-op threads otherwise keep spinning after a run and steal the CPU from
    // whatever the shared process times next (measured: our cells after ORT's ran up to 2× slower).
    const sess = await ort.InferenceSession.create(buildModel(graph), {
      intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: "sequential", graphOptimizationLevel: "all",
      extra: { session: { intra_op: { allow_spinning: "0" }, inter_op: { allow_spinning: "0" } } },
    });
    const f = feeds(ort, graph, I);
    const [oname, oshape] = graph.outputs[0];
    const outT = new ort.Tensor("float32", new Float32Array(prod(oshape)), oshape);
    return {
      variant: graph.variant,
      async compute() {
        await sess.run(f, { [oname]: outT });
      },
      read: () => (graph.readOut ? graph.readOut(outT.data) : outT.data),
      dispose: () => sess.release(),
    };
  }
  return {
    id, label: label ?? id, order, threads,
    async setup() {
      ortShared ??= require("onnxruntime-node");
      ort = ortShared;
      return {
        version: `onnxruntime-node ${pkgVersion("onnxruntime-node")} (CPU EP, intraOpNumThreads ${threads})`,
        notes: ["outputs go into pre-allocated JS tensors, so its compute time already includes the readback"],
      };
    },
    impls: Object.fromEntries(Object.keys(GRAPHS).map((kind) => [kind, (I, p) => handle(kind, I, p)])),
  };
}
