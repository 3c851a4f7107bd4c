// ONNX import's rewrites when a model is read (src/onnx/import-fold.ts and the constant pre-pass of import.ts): a
// BatchNormalization after a Conv with constant weights is folded into the Conv (the run's graph has no rsqrt:
// the normalisation is computed once, in the weights), nodes on constants only are computed once and skipped by
// every run, and what cannot fold (a Conv output read twice, BatchNormalization on a computed input) runs as
// before. Every case against onnxruntime-node on fresh random inputs, on every device, over two runs.
import { describe, expect, it } from "vitest";
import { kernelStats, placeholder, tensor } from "../../src/index.js";
import type { Node } from "../../src/graph/node.js";
import { fromOnnx } from "../../src/onnx/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { type ConstSpec, type ModelSpec, buildModel, expectAgree, float, ortRun } from "../helpers/onnx-models.js";
import { randomFloats, testSeed } from "../helpers/random.js";

const numel = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
const w = (...shape: number[]): ConstSpec => ({ data: randomFloats(numel(shape), -1, 1), shape });
const positive = (n: number): ConstSpec => ({ data: randomFloats(n, 0.3, 2), shape: [n] });

/** The unary functions anywhere in a tensor's lazy graph. */
function unaryFns(t: AnyTensor): Set<string> {
  const seen = new Set<Node>();
  const fns = new Set<string>();
  const walk = (n: Node): void => {
    if (seen.has(n)) return;
    seen.add(n);
    if (n.op.kind === "unary") fns.add(n.op.fn);
    n.inputs.forEach(walk);
  };
  walk(t.node);
  return fns;
}

/**
 * Runs the model twice on new random inputs each time; compares with ORT; returns the first run's output tensor
 * with the unary functions of the run's graph (built on a placeholder: a run on values is traced and computed).
 */
async function compareRuns(spec: ModelSpec, shape: number[]): Promise<{ first: AnyTensor; steps: number }> {
  const bytes = buildModel(spec);
  const model = await fromOnnx(bytes, { names: { x: ["batch", "channel", "height", "width"] } });
  let first: AnyTensor | undefined;
  const dims = [["batch", shape[0]!], ["channel", shape[1]!], ["height", shape[2]!], ["width", shape[3]!]] as const;
  const fns = unaryFns(model.run({ x: placeholder(dims) as never }).y! as unknown as AnyTensor);
  let after: { traces: number; lowerings: number; compiled: number } | undefined;
  for (let run = 0; run < 2; run++) {
    if (run === 1) after = { ...kernelStats() };
    const data = randomFloats(numel(shape), -1, 1);
    const want = await ortRun(bytes, { x: { data, shape, type: "float32" } });
    const x = tensor(data, [["batch", shape[0]!], ["channel", shape[1]!], ["height", shape[2]!], ["width", shape[3]!]]);
    const y = model.run({ x: x as never }).y! as unknown as AnyTensor;
    if (run === 0) first = y;
    const values = await y.data();
    expectAgree({ data: values as ArrayLike<number>, shape: y.shapeDims.map((d) => d.size) }, want.y!, { rel: 1e-4, abs: 2e-5 });
    if (run === 0) (first as AnyTensor & { fns?: Set<string> }).fns = fns;
  }
  // The second run of the same sizes replays the first's traced program: nothing is traced, lowered or compiled.
  const stats = kernelStats();
  expect([stats.traces - after!.traces, stats.lowerings - after!.lowerings, stats.compiled - after!.compiled]).toEqual([0, 0, 0]);
  return { first: first!, steps: (model as unknown as { steps: readonly unknown[] }).steps.length };
}
const fnsOf = (t: AnyTensor) => (t as AnyTensor & { fns: Set<string> }).fns;

/** Conv (weight, optional bias) → BatchNormalization → Relu; `bnFrom` feeds the normalisation's parameters. */
function convBn(opts: { bias?: boolean; group?: number; channels?: number; constantNodes?: boolean; extraUse?: boolean; transposed?: boolean; addShape?: number[] } = {}): ModelSpec {
  const c = opts.channels ?? 3;
  const group = opts.group ?? 1;
  const m = 4 * group;
  // Conv's weight is M × C/group × k…; ConvTranspose's C × M/group × k…
  const init: Record<string, ConstSpec> = { W: opts.transposed ? w(c, m / group, 3, 3) : w(m, c / group, 3, 3), ...(opts.bias ? { B: w(m) } : {}) };
  const params = { scale: w(m), shift: w(m), mean: w(m), var: positive(m) };
  const nodes: ModelSpec["nodes"][number][] = [];
  if (opts.addShape) init.A = w(...opts.addShape);
  if (opts.constantNodes) for (const [k, v] of Object.entries(params)) nodes.push({ op: "Constant", inputs: [], outputs: [k], attrs: { value: { tensor: v } } });
  else Object.assign(init, params);
  nodes.push(
    { op: opts.transposed ? "ConvTranspose" : "Conv", inputs: ["x", "W", ...(opts.bias ? ["B"] : [])], outputs: [opts.addShape ? "c0" : "c"], attrs: { pads: [1, 1, 1, 1], group, ...(opts.transposed ? { strides: [2, 2] } : {}) } },
    // a bias written as its own Add (as paddle2onnx writes a ConvTranspose's)
    ...(opts.addShape ? [{ op: "Add", inputs: ["c0", "A"], outputs: ["c"] }] : []),
    { op: "BatchNormalization", inputs: ["c", "scale", "shift", "mean", "var"], outputs: ["n"], attrs: { epsilon: float(1e-3) } },
    { op: "Relu", inputs: ["n"], outputs: opts.extraUse ? ["r"] : ["y"] },
  );
  if (opts.extraUse) nodes.push({ op: "Add", inputs: ["r", "c"], outputs: ["y"] });
  return { inputs: [{ name: "x", shape: [2, c, 7, 6] }], outputs: [{ name: "y" }], initializers: init, nodes, opset: 17 };
}

for (const device of deviceNames) {
  describe(`fromOnnx folds at read time on ${device} (seed ${testSeed})`, () => {
    it("Conv or ConvTranspose → BatchNormalization is one conv (no rsqrt in the run's graph), with and without a bias, grouped", async () => {
      await useDevice(device);
      for (const opts of [{}, { bias: true }, { bias: true, group: 2, channels: 4 }, { group: 3, channels: 3 }, { transposed: true, bias: true }, { transposed: true, group: 2, channels: 6 }]) {
        const { first, steps } = await compareRuns(convBn(opts), [2, opts.channels ?? 3, 7, 6]);
        expect(fnsOf(first).has("rsqrt"), JSON.stringify(opts)).toBe(false);
        expect(steps, JSON.stringify(opts)).toBe(2);
      }
    });

    it("a bias as its own Add of one value per channel ([M, 1, 1], [1, M, 1, 1]) folds into the conv, then the BatchNormalization", async () => {
      await useDevice(device);
      for (const opts of [{ transposed: true, addShape: [4, 1, 1] }, { bias: true, addShape: [1, 4, 1, 1] }]) {
        const { first, steps } = await compareRuns(convBn(opts), [2, 3, 7, 6]);
        expect(fnsOf(first).has("rsqrt"), JSON.stringify(opts)).toBe(false);
        expect(steps, JSON.stringify(opts)).toBe(2);
      }
      // an Add along the width is no channel bias: Conv, Add, BatchNormalization and Relu all run
      const { first, steps } = await compareRuns(convBn({ addShape: [6] }), [2, 3, 7, 6]);
      expect(fnsOf(first).has("rsqrt")).toBe(true);
      expect(steps).toBe(4);
    });

    it("parameters from Constant nodes are folded first, then the normalisation: the run builds Conv and Relu only", async () => {
      await useDevice(device);
      const { first, steps } = await compareRuns(convBn({ bias: true, constantNodes: true }), [2, 3, 7, 6]);
      expect(fnsOf(first).has("rsqrt")).toBe(false);
      expect(steps).toBe(2);
    });

    it("a Conv output read twice keeps its BatchNormalization (computed per run, the same values)", async () => {
      await useDevice(device);
      const { first, steps } = await compareRuns(convBn({ extraUse: true }), [2, 3, 7, 6]);
      expect(fnsOf(first).has("rsqrt")).toBe(true);
      expect(steps).toBe(4);
    });

    it("shape arithmetic on constants is computed once: Reshape to a Concat of Constants", async () => {
      await useDevice(device);
      const spec: ModelSpec = {
        inputs: [{ name: "x", shape: [2, 3, 4, 5] }],
        outputs: [{ name: "y" }],
        initializers: { a: { data: [2, 3], shape: [2], type: "int64" } },
        nodes: [
          { op: "Constant", inputs: [], outputs: ["b"], attrs: { value: { tensor: { data: [4, 5], shape: [2], type: "int64" } } } },
          { op: "Concat", inputs: ["a", "b"], outputs: ["s"], attrs: { axis: 0 } },
          { op: "Constant", inputs: [], outputs: ["k"], attrs: { value_floats: { floats: [0.5, -1.5, 2] } } },
          { op: "Reshape", inputs: ["x", "s"], outputs: ["r"] },
          { op: "Transpose", inputs: ["r"], outputs: ["t"], attrs: { perm: [0, 3, 2, 1] } },
          { op: "Mul", inputs: ["t", "k"], outputs: ["y"] },
        ],
        opset: 17,
      };
      const { steps } = await compareRuns(spec, [2, 3, 4, 5]);
      expect(steps).toBe(3);
    });
  });
}
