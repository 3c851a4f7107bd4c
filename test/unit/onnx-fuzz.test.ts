// The ONNX reader on damaged models: a valid model with random bytes changed is read or refused with a
// FormatError (and, when read, runs or refuses with a NamedTensorError): never another exception, a hang or a
// huge allocation. Seeded: a failure prints its seed.
import { describe, expect, it } from "vitest";
import { NamedTensorError, tensor } from "../../src/index.js";
import { fromOnnx } from "../../src/onnx/index.js";
import { buildModel, float } from "../helpers/onnx-models.js";
import { randomFloats, rng, testSeed } from "../helpers/random.js";

const bytes = buildModel({
  opset: 13,
  inputs: [{ name: "x", shape: ["batch", 6] }],
  outputs: [{ name: "y", shape: ["batch", 3] }],
  initializers: { w: { data: randomFloats(18), shape: [3, 6] }, b: { data: randomFloats(3), shape: [3] }, s: { data: [-1, 3], shape: [2], type: "int64" } },
  nodes: [
    { op: "Gemm", inputs: ["x", "w", "b"], outputs: ["h"], attrs: { transB: 1, alpha: float(0.5) } },
    { op: "Reshape", inputs: ["h", "s"], outputs: ["r"] },
    { op: "Softmax", inputs: ["r"], outputs: ["y"], attrs: { axis: 1 } },
  ],
});

describe(`ONNX reader fuzz (seed ${testSeed})`, () => {
  it("2000 damaged copies: each read, run, or refused with a NamedTensorError", async () => {
    const next = rng(testSeed);
    const outcomes = { refused: 0, ran: 0, runRefused: 0 };
    for (let trial = 0; trial < 2000; trial++) {
      const copy = bytes.slice();
      const flips = 1 + Math.floor(next() * 4);
      for (let f = 0; f < flips; f++) copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
      const cut = next() < 0.2 ? Math.floor(next() * copy.length) : copy.length;
      let model;
      try {
        model = await fromOnnx(copy.subarray(0, cut));
      } catch (e) {
        if (!(e instanceof NamedTensorError)) throw new Error(`trial ${trial}: fromOnnx threw ${String(e)}`);
        outcomes.refused++;
        continue;
      }
      try {
        const inputs = Object.fromEntries(model.inputs.map((i) => [i.name, tensor(randomFloats(12), i.dims.map((d, k) => [d, i.sizes[k] ?? 2]) as never) as never]));
        for (const t of Object.values(model.run(inputs))) t.dataSync();
        outcomes.ran++;
      } catch (e) {
        if (!(e instanceof NamedTensorError)) throw new Error(`trial ${trial}: run threw ${String(e)}`);
        outcomes.runRefused++;
      }
    }
    expect(outcomes.refused).toBeGreaterThan(100);
    console.log(outcomes);
  });
});
