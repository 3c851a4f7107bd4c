// The ONNX reader on damaged models: a valid model with random bytes changed is read or refused with a
// FormatError (and, when read, runs or refuses with a NamedTensorError): never another exception, a hang or a
// huge allocation. Seeded: a failure prints its seed.
import { describe, expect, it } from "vitest";
import { FormatError, NamedTensorError, tensor } from "../../src/index.js";
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

describe("ONNX reader: where a damaged file breaks", () => {
  it("a file cut at any byte is a FormatError; one the protobuf decoder refuses says at which byte and in which part", async () => {
    let located = 0;
    for (let cut = 0; cut < bytes.length; cut++) {
      const e = await fromOnnx(bytes.subarray(0, cut)).then(
        () => undefined,
        (err: unknown) => err,
      );
      if (e === undefined) continue; // a cut between whole top-level fields can still be a (smaller) model
      expect(e).toBeInstanceOf(FormatError);
      const f = e as FormatError;
      if (!f.message.includes("not an ONNX protobuf message")) continue;
      expect(f.offset).toBeGreaterThanOrEqual(0);
      expect(f.offset).toBeLessThanOrEqual(cut);
      expect(f.message).toMatch(/at byte \d+: .*(truncated|corrupt)/);
      located++;
    }
    expect(located).toBeGreaterThan(bytes.length / 2);
  });
  it("a node whose length runs past the graph is named; an illegal wire type names its byte", async () => {
    const graphAt = bytes.indexOf(0x3a); // field 7 (graph), wire type 2
    const copy = bytes.slice();
    copy[graphAt] = 0x3f; // field 7, wire type 7
    await expect(fromOnnx(copy)).rejects.toThrow(`the ONNX file is invalid in model at byte ${graphAt}: the bytes are not an ONNX protobuf message: field 7 has wire type 7`);
    // the first node's length grows by 100: it runs past the graph
    const graphLen = graphAt + 1;
    let nodeAt = graphLen;
    while (bytes[nodeAt]! & 0x80) nodeAt++;
    nodeAt++;
    expect(bytes[nodeAt]).toBe(0x0a); // graph field 1 (node), wire type 2
    const grown = bytes.slice();
    grown[nodeAt + 1] = grown[nodeAt + 1]! + 100;
    await expect(fromOnnx(grown)).rejects.toThrow(new RegExp(`in graph at byte ${nodeAt}: .*node 0 declares \\d+ bytes but only \\d+ remain`));
  });
});
