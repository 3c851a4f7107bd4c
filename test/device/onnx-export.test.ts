// ONNX export on every device of NT_DEVICES: the values fixed at export (variables, random values) are read from
// the device that holds them (asynchronously: WebGPU reads no value synchronously), and the model run in
// onnxruntime-node (CPU) agrees with the device's own output on fresh random inputs.
import * as ort from "onnxruntime-node";
import { beforeAll, describe, expect, it } from "vitest";
import { linear, linearParams, placeholder, rand, variable } from "../../src/index.js";
import { toOnnx } from "../../src/onnx/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats, testSeed } from "../helpers/random.js";

describe.each(deviceNames)("toOnnx on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("variables and random values living on the device become initializers; onnxruntime agrees with the device", async () => {
    const x = placeholder([["batch", 6], ["feature", 5]]);
    const p = linearParams(["feature", 5], ["hidden", 4], { seed: testSeed % 1000 });
    const scale = variable(rand([["hidden", 4]], { seed: testSeed % 997 }));
    const y = linear(x, "feature", p.weight, p.bias).tanh().mul(scale).softmax("hidden");
    const bytes = await toOnnx({ y }, { x }, { dynamic: ["batch"] });
    const values = randomFloats(30);
    x.feedValues(values);
    const ours = await y.data();
    const session = await ort.InferenceSession.create(bytes);
    const { y: theirs } = await session.run({ x: new ort.Tensor("float32", values, [6, 5]) });
    expect(theirs!.dims).toEqual([6, 4]);
    const t = theirs!.data as Float32Array;
    for (let i = 0; i < ours.length; i++) expect(Math.abs(ours[i]! - t[i]!), `y[${i}] (seed ${testSeed})`).toBeLessThanOrEqual(1e-5 + 1e-4 * Math.abs(ours[i]!));
  });
});
