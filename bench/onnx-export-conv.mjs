// The exported conv net in onnxruntime-node: the mnist-shaped net (conv 3×3 "same" → relu → max pool 2 → conv 3×3
// pad 1 → relu → max pool 2 → linear) exported with toOnnx (from ../dist: build first) with a dynamic batch, run
// by ORT's CPU session at several batch sizes beside our own CPU execution of the same net, in ONE process,
// alternating; prints the median times and the exported graph's operator counts. `--before DIR` also exports with
// the toOnnx of another build's dist/onnx folder copied into this dist (e.g. dist/onnx-before, so that it shares
// the Tensor class) to compare lowerings: ORT's time with each model is what changes.
//   node bench/onnx-export-conv.mjs [--runs 9] [--before dist/onnx-before]
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as ort from "onnxruntime-node";
import { convNet } from "./lib/conv-net.mjs";
import { option } from "./lib/options.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(option("runs", 9));
const onnxDirs = [path.join(root, "dist/onnx"), ...(option("before") ? [path.resolve(option("before"))] : [])];
const nt = await import(path.join(root, "dist/index.js"));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
let seed = 11;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;

const { net, images, side } = convNet(nt);

// Each build's toOnnx over the same variables (the graph is the library's: only the lowering differs).
const sessions = [];
for (const dir of onnxDirs) {
  const { toOnnx } = await import(path.join(dir, "index.js"));
  const x = images(4);
  const bytes = await toOnnx({ logits: net(x) }, { images: x }, { dynamic: ["image"] });
  const { fromBinary } = await import("@bufbuild/protobuf");
  const { ModelProtoSchema } = await import("onnx-buf");
  const counts = {};
  for (const n of fromBinary(ModelProtoSchema, bytes).graph.node) counts[n.opType] = (counts[n.opType] ?? 0) + 1;
  const ops = Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([op, c]) => `${op}×${c}`).join(" ");
  sessions.push({ name: dir === onnxDirs[0] ? "this build" : path.relative(process.cwd(), dir) || dir, session: await ort.InferenceSession.create(bytes, { extra: { session: { intra_op: { allow_spinning: "0" }, inter_op: { allow_spinning: "0" } } } }), ops }); // spinning off: see onnx-import.mjs
}

console.log(`exported mnist-shaped conv net in onnxruntime-node ${ort.env.versions.common} (CPU) beside ours (CPU), ${runs} runs each (median ms), Node ${process.version}`);
for (const s of sessions) console.log(`- ${s.name}: ${s.ops}`);
console.log(`| batch | ${sessions.map((s) => `ORT, ${s.name}`).join(" | ")} | ours |`);
console.log(`| ---: | ${sessions.map(() => "---:").join(" | ")} | ---: |`);
for (const n of [1, 16, 64, 256]) {
  const data = Float32Array.from({ length: n * side * side }, random);
  const x = images(n);
  x.feedValues(data);
  const feeds = { images: new ort.Tensor("float32", data, [n, 1, side, side]) };
  const ours = async () => net(x).data();
  const want = await ours();
  const times = sessions.map(() => []);
  const mine = [];
  for (const s of sessions) {
    const got = (await s.session.run(feeds)).logits.data;
    let diff = 0;
    for (let i = 0; i < want.length; i++) diff = Math.max(diff, Math.abs(want[i] - got[i]));
    if (diff > 1e-3) throw new Error(`${s.name}: ORT differs from ours by ${diff} at batch ${n}`);
  }
  for (let r = 0; r < runs; r++) {
    for (const [i, s] of sessions.entries()) {
      const t = performance.now();
      await s.session.run(feeds);
      times[i].push(performance.now() - t);
    }
    const t = performance.now();
    await ours();
    mine.push(performance.now() - t);
  }
  console.log(`| ${n} | ${times.map((t) => median(t).toFixed(2)).join(" | ")} | ${median(mine).toFixed(2)} |`);
}
