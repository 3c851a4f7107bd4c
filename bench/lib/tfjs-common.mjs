// Benchmark layer (bench/ only). TensorFlow.js workloads for any tfjs backend: `makeTfjsLib({ id, backend,
// load })` gives a bench/libs module. All tfjs backends share one tfjs-core engine in the process, so every
// cell switches to its backend with tf.setBackend before creating its inputs. Peers are bench/ dependencies.

import { loadExample } from "./example.mjs";
import { trainHandle } from "./ours-common.mjs";
import { tfjsIris, tfjsMlp } from "./small-models.mjs";

let tfShared = null;
/** Loads @tensorflow/tfjs once (cpu backend included); backends add themselves by import. */
export async function loadTfjs() {
  tfShared ??= await import("@tensorflow/tfjs");
  return tfShared;
}

/**
 * A library module for TensorFlow.js on `backend`. `load()` imports tfjs plus the backend package and returns
 * tf. On cpu and wasm an op returns once its result is computed (synchronous kernels); a GPU backend passes
 * `complete(t)` to wait for its result without reading it back.
 * @example export default makeTfjsLib({ id: "tfjs-cpu", backend: "cpu", load: loadTfjs })
 */
export function makeTfjsLib({ id, label, backend, load, order = 10, threads = 1, complete = null, read = (t) => t.dataSync(), info = async () => ({}) }) {
  let tf = null;
  const mk = (data, shape) => tf.tensor(data, shape, "float32");
  async function use() {
    if (tf.getBackend() !== backend && !(await tf.setBackend(backend))) throw new Error(`tf.setBackend("${backend}") failed`);
  }
  function handle(variant, inputs, fn) {
    let last = null;
    return {
      variant,
      async compute() {
        last?.dispose();
        last = tf.tidy(fn);
        if (complete) await complete(last);
      },
      read: () => read(last),
      dispose() {
        last?.dispose();
        last = null;
        for (const t of inputs) t.dispose();
      },
    };
  }
  return {
    id, label: label ?? id, order, threads,
    async setup() {
      tf = await load();
      await use();
      await tf.ready();
      if (tf.getBackend() !== backend) throw new Error(`tfjs fell back to "${tf.getBackend()}" instead of "${backend}"`);
      const extra = await info(tf);
      return { version: `@tensorflow/tfjs-core ${tf.version_core ?? tf.version?.["tfjs-core"]} backend "${backend}"`, ...extra };
    },
    impls: {
      async matmul(I) {
        await use();
        const a = mk(I.a, I.aShape), b = mk(I.b, I.bShape);
        return handle("tf.matMul(a, b)", [a, b], () => tf.matMul(a, b));
      },
      async sigmoid(I) {
        await use();
        const x = mk(I.x, I.shape);
        return handle("tf.reciprocal(tf.add(tf.exp(tf.neg(x)), 1))", [x], () => tf.reciprocal(tf.add(tf.exp(tf.neg(x)), 1)));
      },
      async affine(I) {
        await use();
        const x = mk(I.x, I.shape);
        return handle("tf.add(tf.mul(x, 2), 1)", [x], () => tf.add(tf.mul(x, 2), 1));
      },
      async mlp(I, p) {
        await use();
        return trainHandle(p, { ...tfjsMlp(tf), expr: "optimizer.minimize(softmaxCrossEntropy(...), true).dataSync()" });
      },
      async iris(I, p) {
        await use();
        const split = (await loadExample("iris-mlp")).irisSplit(0);
        return trainHandle(p, { ...(await tfjsIris(tf, split)), expr: "optimizer.minimize(softmaxCrossEntropy(...), true).dataSync()" });
      },
      async sigmoidOp(I) {
        await use();
        const x = mk(I.x, I.shape);
        return handle("tf.sigmoid(x)", [x], () => tf.sigmoid(x));
      },
      async chain(I) {
        await use();
        const a = mk(I.a, I.shape), b = mk(I.b, I.shape), c = mk(I.c, I.shape);
        return handle("tf.tanh(tf.add(tf.mul(a, b), c))", [a, b, c], () => tf.tanh(tf.add(tf.mul(a, b), c)));
      },
      async rowsum(I) {
        await use();
        const x = mk(I.x, I.shape);
        return handle("tf.sum(x, -1)", [x], () => tf.sum(x, -1));
      },
      async colsum(I) {
        await use();
        const x = mk(I.x, I.shape);
        return handle("tf.sum(x, 0)", [x], () => tf.sum(x, 0));
      },
      async softmax(I) {
        await use();
        const x = mk(I.x, I.shape);
        return handle("tf.softmax(x)", [x], () => tf.softmax(x));
      },
      async attention(I) {
        // The matMul form: tf.einsum on cpu materialises the whole [b,q,k,d] product (23 s here) and the wasm
        // backend has no Einsum kernel (research/perf-anchors.md), so this is tfjs's fastest way to write it.
        await use();
        const q = mk(I.q, I.qShape), k = mk(I.k, I.kShape), v = mk(I.v, I.vShape);
        return handle("tf.matMul(tf.softmax(tf.matMul(q, k, false, true)), v)", [q, k, v], () => tf.matMul(tf.softmax(tf.matMul(q, k, false, true)), v));
      },
      async conv(I, p) {
        await use();
        const x = mk(I.x, [p.b, p.h, p.w, p.cin]), bias = mk(I.bias, [p.cout]);
        const filter = mk(I.filter, p.depthwise ? [p.k, p.k, p.cin, 1] : [p.k, p.k, p.cin, p.cout]);
        const args = { x, filter, bias, strides: p.stride, pad: "same", activation: "relu" };
        return p.depthwise
          ? handle("tf.fused.depthwiseConv2d({ x, filter, bias, pad: 'same', activation: 'relu' })", [x, filter, bias], () => tf.fused.depthwiseConv2d(args))
          : handle("tf.fused.conv2d({ x, filter, bias, pad: 'same', activation: 'relu' })", [x, filter, bias], () => tf.fused.conv2d(args));
      },
      async permute(I) {
        await use();
        const x = mk(I.x, I.shape);
        return handle(`tf.transpose(x, [${I.perm}])`, [x], () => tf.transpose(x, I.perm));
      },
    },
  };
}
