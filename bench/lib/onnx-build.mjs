// Benchmark layer (bench/ only; ours, from shared/research/peers-bench). A minimal hand-written ONNX (protobuf)
// encoder: just enough of onnx.proto to build small float32 graphs in memory for onnxruntime-node, with no
// dependency on onnx/protobufjs.
// Field numbers from onnx/onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto,
// ValueInfoProto, TypeProto, TensorShapeProto, TensorProto, OperatorSetIdProto).

class W {
  constructor() { this.parts = []; this.len = 0; }
  bytes(u8) { this.parts.push(u8); this.len += u8.length; return this; }
  varint(v) {
    let n = BigInt.asUintN(64, BigInt(v)); const out = [];
    do { let b = Number(n & 0x7fn); n >>= 7n; if (n) b |= 0x80; out.push(b); } while (n);
    return this.bytes(Uint8Array.from(out));
  }
  key(field, wire) { return this.varint((field << 3) | wire); }
  int(field, v) { return this.key(field, 0).varint(v); }
  str(field, s) { const u = new TextEncoder().encode(s); return this.key(field, 2).varint(u.length).bytes(u); }
  msg(field, sub) { const u = sub.finish(); return this.key(field, 2).varint(u.length).bytes(u); }
  raw(field, u8) { return this.key(field, 2).varint(u8.length).bytes(u8); }
  float(field, f) { const b = new Uint8Array(4); new DataView(b.buffer).setFloat32(0, f, true); return this.key(field, 5).bytes(b); }
  finish() { const out = new Uint8Array(this.len); let o = 0; for (const p of this.parts) { out.set(p, o); o += p.length; } return out; }
}

const ELEM = { float32: 1, int64: 7 };

function valueInfo(name, shape, dtype = "float32") {
  const dims = new W();
  for (const d of shape) dims.msg(1, new W().int(1, d)); // Dimension.dim_value
  const tensorType = new W().int(1, ELEM[dtype]).msg(2, dims);
  return new W().str(1, name).msg(2, new W().msg(1, tensorType));
}

function attribute(name, v) {
  const a = new W().str(1, name);
  if (typeof v === "string") a.raw(4, new TextEncoder().encode(v)).int(20, 3);
  else if (Array.isArray(v)) { for (const x of v) a.int(8, x); a.int(20, 7); }
  else if (Number.isInteger(v)) a.int(3, v).int(20, 2);
  else a.float(2, v).int(20, 1);
  return a;
}

function tensorProto(name, dtype, dims, values) {
  const t = new W();
  for (const d of dims) t.int(1, d);
  t.int(2, ELEM[dtype]).str(8, name);
  const raw = dtype === "int64" ? new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer)
    : new Uint8Array(Float32Array.from(values).buffer);
  return t.raw(9, raw);
}

/**
 * graph = { inputs: [[name, shape]], outputs: [[name, shape]], nodes: [{op, inputs, outputs, attrs}],
 *           initializers: [{name, dtype, dims, values}] }
 * Returns ONNX model bytes (IR 8, default-domain opset `opset`).
 */
export function buildModel(graph, { opset = 17 } = {}) {
  const g = new W();
  graph.nodes.forEach((n, i) => {
    const nd = new W();
    for (const x of n.inputs) nd.str(1, x);
    for (const y of n.outputs) nd.str(2, y);
    nd.str(3, `${n.op}_${i}`).str(4, n.op);
    for (const [k, v] of Object.entries(n.attrs || {})) nd.msg(5, attribute(k, v));
    g.msg(1, nd);
  });
  g.str(2, "g");
  for (const t of graph.initializers || []) g.msg(5, tensorProto(t.name, t.dtype, t.dims, t.values));
  for (const [name, shape] of graph.inputs) g.msg(11, valueInfo(name, shape));
  for (const [name, shape] of graph.outputs) g.msg(12, valueInfo(name, shape));
  const m = new W().int(1, 8).str(2, "peer-bench").msg(7, g).msg(8, new W().str(1, "").int(2, opset));
  return m.finish();
}
