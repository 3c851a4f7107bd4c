// The two halves of named-tensor/onnx together: a named computation exported with toOnnx, imported back with
// fromOnnx, gives the values of the computation itself and of onnxruntime-node on the exported model, on fresh
// random inputs; a dim exported as dynamic comes back under its own name (dim_param).
import { describe, expect, it } from "vitest";
import { placeholder, tensor } from "../../src/index.js";
import { fromOnnx, toOnnx } from "../../src/onnx/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectAgree, ortRun } from "../helpers/onnx-models.js";
import { randomFloats, testSeed } from "../helpers/random.js";

for (const device of deviceNames) {
  describe(`ONNX round trip on ${device} (seed ${testSeed})`, () => {
    it("an MLP with layer norm and softmax: ours -> toOnnx -> fromOnnx -> ours, and onnxruntime-node", async () => {
      await useDevice(device);
      const w1 = tensor(randomFloats(6 * 8, -0.5, 0.5), [["feature", 6], ["hidden", 8]]);
      const w2 = tensor(randomFloats(8 * 3, -0.5, 0.5), [["hidden", 8], ["klass", 3]]);
      const forward = (x: ReturnType<typeof placeholder<[["batch", 5], ["feature", 6]]>>) => {
        const h = x.dot("feature", w1).relu();
        const centered = h.sub(h.mean("hidden"));
        const normed = centered.mul(centered.mul(centered).mean("hidden").add(1e-5).rsqrt());
        return normed.dot("hidden", w2).softmax("klass");
      };
      const x = placeholder([["batch", 5], ["feature", 6]]);
      const bytes = await toOnnx({ probs: forward(x) }, { x }, { dynamic: ["batch"] });
      const data = randomFloats(30);
      const want = await forward(x.feed(tensor(data, [["batch", 5], ["feature", 6]]))).data();
      // the exported dynamic dim comes back by its dim_param; the fixed one is named by the user
      expect((await fromOnnx(bytes)).inputs[0]!.dims).toEqual(["batch", "x_1"]);
      const model = await fromOnnx(bytes, { names: { x: ["batch", "feature"] } });
      const { probs } = model.run({ x: tensor(data, [["batch", 5], ["feature", 6]]) });
      const ours = await probs!.data();
      expectAgree({ data: ours, shape: probs!.shapeDims.map((d) => d.size) }, { data: [...want], shape: [5, 3] }, { rel: 1e-5, abs: 1e-6 });
      const ort = await ortRun(bytes, { x: { data, shape: [5, 6], type: "float32" } });
      expectAgree({ data: ours, shape: [5, 3] }, ort.probs!);
    });
  });
}
