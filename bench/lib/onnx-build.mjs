// Benchmark layer (bench/ only). Builds small float32 ONNX graphs in memory for onnxruntime-node with onnx-buf (the
// ONNX 1.20 protobuf schema on @bufbuild/protobuf, the library's own dependency for toOnnx) instead of a
// hand-written encoder.
import { create, toBinary } from "@bufbuild/protobuf";
import {
  AttributeProtoSchema,
  AttributeProto_AttributeType as A,
  GraphProtoSchema,
  ModelProtoSchema,
  NodeProtoSchema,
  OperatorSetIdProtoSchema,
  TensorProtoSchema,
  TensorProto_DataType as T,
  TensorShapeProtoSchema,
  TensorShapeProto_DimensionSchema,
  TypeProtoSchema,
  TypeProto_TensorSchema,
  ValueInfoProtoSchema,
} from "onnx-buf";

const ELEM = { float32: T.FLOAT, int64: T.INT64 };

function valueInfo(name, shape, dtype = "float32") {
  const dim = shape.map((d) => create(TensorShapeProto_DimensionSchema, { value: { case: "dimValue", value: BigInt(d) } }));
  const tensorType = create(TypeProto_TensorSchema, { elemType: ELEM[dtype], shape: create(TensorShapeProtoSchema, { dim }) });
  return create(ValueInfoProtoSchema, { name, type: create(TypeProtoSchema, { value: { case: "tensorType", value: tensorType } }) });
}

function attribute(name, v) {
  if (typeof v === "string") return create(AttributeProtoSchema, { name, type: A.STRING, s: new TextEncoder().encode(v) });
  if (Array.isArray(v)) return create(AttributeProtoSchema, { name, type: A.INTS, ints: v.map(BigInt) });
  if (Number.isInteger(v)) return create(AttributeProtoSchema, { name, type: A.INT, i: BigInt(v) });
  return create(AttributeProtoSchema, { name, type: A.FLOAT, f: v });
}

function tensorProto(name, dtype, dims, values) {
  const raw = dtype === "int64" ? BigInt64Array.from(values.map(BigInt)) : Float32Array.from(values);
  return create(TensorProtoSchema, { name, dims: dims.map(BigInt), dataType: ELEM[dtype], rawData: new Uint8Array(raw.buffer) });
}

/**
 * graph = { inputs: [[name, shape]], outputs: [[name, shape]], nodes: [{op, inputs, outputs, attrs}],
 *           initializers: [{name, dtype, dims, values}] }
 * Returns ONNX model bytes (IR 8, default-domain opset `opset`).
 * @example buildModel({ inputs: [["x", [4]]], outputs: [["y", [4]]], nodes: [{ op: "Tanh", inputs: ["x"], outputs: ["y"] }] })
 */
export function buildModel(graph, { opset = 17 } = {}) {
  const g = create(GraphProtoSchema, {
    name: "g",
    node: graph.nodes.map((n, i) =>
      create(NodeProtoSchema, {
        input: n.inputs,
        output: n.outputs,
        name: `${n.op}_${i}`,
        opType: n.op,
        attribute: Object.entries(n.attrs || {}).map(([k, v]) => attribute(k, v)),
      }),
    ),
    initializer: (graph.initializers || []).map((t) => tensorProto(t.name, t.dtype, t.dims, t.values)),
    input: graph.inputs.map(([name, shape]) => valueInfo(name, shape)),
    output: graph.outputs.map(([name, shape]) => valueInfo(name, shape)),
  });
  const model = create(ModelProtoSchema, {
    irVersion: 8n,
    producerName: "peer-bench",
    graph: g,
    opsetImport: [create(OperatorSetIdProtoSchema, { domain: "", version: BigInt(opset) })],
  });
  return toBinary(ModelProtoSchema, model);
}
