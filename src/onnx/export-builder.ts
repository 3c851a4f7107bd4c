// Layer: src/onnx. A small builder over the onnx-buf schema (the ONNX 1.20 protobuf on @bufbuild/protobuf):
// nodes with fresh value names, attributes by JavaScript type, int64 and scalar constants as initializers, and
// the final ModelProto bytes. It knows ONNX, not the graph. Imports src/graph (DType) and src/onnx/dtypes.ts.
import { create, toBinary } from "@bufbuild/protobuf";
import {
  type AttributeProto,
  AttributeProtoSchema,
  AttributeProto_AttributeType,
  GraphProtoSchema,
  ModelProtoSchema,
  type NodeProto,
  NodeProtoSchema,
  OperatorSetIdProtoSchema,
  StringStringEntryProtoSchema,
  type TensorProto,
  TensorProtoSchema,
  TensorShapeProtoSchema,
  TensorShapeProto_DimensionSchema,
  TypeProtoSchema,
  TypeProto_TensorSchema,
  type ValueInfoProto,
  ValueInfoProtoSchema,
} from "onnx-buf";
import type { DType } from "../graph/node.js";
import { onnxType, rawBytes } from "./dtypes.js";

/** An attribute value: an integer, `{ float }`, a string, a list of integers, or a tensor. */
export type AttrValue = number | { readonly float: number } | string | readonly number[] | TensorProto;
/** One axis of a graph input or output: a fixed size, or a symbolic one named `param`. */
export type AxisInfo = { readonly name: string; readonly size: number; readonly param?: string };

/** Builds a GraphProto node by node. */
export class GraphBuilder {
  readonly nodes: NodeProto[] = [];
  readonly initializers: TensorProto[] = [];
  #count = 0;
  readonly #constants = new Map<string, string>();

  /** A fresh value name with a readable prefix. */
  fresh(prefix: string): string {
    // User names (inputs, outputs) cannot hold "/" (toOnnx checks), so these never collide with them.
    return `nt/${prefix}_${this.#count++}`;
  }

  /** Adds a node `op(inputs) -> outputs` (fresh names unless given); returns the output names. */
  nodeN(op: string, inputs: readonly string[], attrs: Readonly<Record<string, AttrValue>> = {}, outputs: number | readonly string[] = 1): string[] {
    const out = typeof outputs === "number" ? Array.from({ length: outputs }, () => this.fresh(op)) : [...outputs];
    const attribute = Object.entries(attrs).map(([name, v]) => attributeProto(name, v));
    this.nodes.push(create(NodeProtoSchema, { input: [...inputs], output: out, name: this.fresh(`${op}_node`), opType: op, attribute }));
    return out;
  }
  /** Adds a node with one output; returns its name. */
  node(op: string, inputs: readonly string[], attrs: Readonly<Record<string, AttrValue>> = {}): string {
    return this.nodeN(op, inputs, attrs)[0]!;
  }

  /** Adds an initializer; returns its name. */
  initializer(name: string, dtype: DType | "int64", dims: readonly number[], values: Float32Array | Int32Array | Uint8Array | BigInt64Array): string {
    const dataType = dtype === "int64" ? 7 : onnxType[dtype];
    this.initializers.push(create(TensorProtoSchema, { name, dims: dims.map(BigInt), dataType, rawData: rawBytes(values, dtype) }));
    return name;
  }

  /** An int64 constant (a 1-d list, or a scalar with `scalar`), shared between uses. */
  int64(values: readonly number[], scalar = false): string {
    return this.#constant(`i64${scalar ? "s" : ""}:${values.join(",")}`, () =>
      this.initializer(this.fresh("const_i64"), "int64", scalar ? [] : [values.length], BigInt64Array.from(values, (v) => BigInt(v))),
    );
  }
  /** A scalar constant of a dtype, shared between uses. */
  scalar(value: number, dtype: DType): string {
    const Kind = dtype === "float32" ? Float32Array : dtype === "int32" ? Int32Array : Uint8Array;
    return this.#constant(`${dtype}:${Object.is(value, -0) ? "-0" : value}`, () => this.initializer(this.fresh(`const_${dtype}`), dtype, [], Kind.of(value)));
  }
  #constant(key: string, make: () => string): string {
    let name = this.#constants.get(key);
    if (name === undefined) this.#constants.set(key, (name = make()));
    return name;
  }

  /** The model's bytes. */
  toModel(options: {
    readonly name: string;
    readonly opset: number;
    readonly inputs: readonly ValueInfoProto[];
    readonly outputs: readonly ValueInfoProto[];
    readonly docString: string;
    readonly metadata: Readonly<Record<string, string>>;
  }): Uint8Array {
    const graph = create(GraphProtoSchema, {
      name: options.name,
      node: this.nodes,
      initializer: this.initializers,
      input: [...options.inputs],
      output: [...options.outputs],
      docString: options.docString,
    });
    const model = create(ModelProtoSchema, {
      // IR version 8 (ONNX 1.12+) is read by every onnxruntime that supports opset 17 and newer.
      irVersion: 8n,
      producerName: "named-tensor",
      opsetImport: [create(OperatorSetIdProtoSchema, { domain: "", version: BigInt(options.opset) })],
      graph,
      docString: options.docString,
      metadataProps: Object.entries(options.metadata).map(([key, value]) => create(StringStringEntryProtoSchema, { key, value })),
    });
    return toBinary(ModelProtoSchema, model);
  }
}

/**
 * A graph input's or output's description: its element type and each axis as a `dim_value`, or a `dim_param`
 * when symbolic; the axis names go to the doc string.
 * @example valueInfo("x", "float32", [{ name: "batch", size: 8, param: "batch" }, { name: "feature", size: 4 }])
 */
export function valueInfo(name: string, dtype: DType, axes: readonly AxisInfo[]): ValueInfoProto {
  const dim = axes.map((a) =>
    create(TensorShapeProto_DimensionSchema, {
      value: a.param !== undefined ? { case: "dimParam", value: a.param } : { case: "dimValue", value: BigInt(a.size) },
    }),
  );
  const tensorType = create(TypeProto_TensorSchema, { elemType: onnxType[dtype], shape: create(TensorShapeProtoSchema, { dim }) });
  return create(ValueInfoProtoSchema, {
    name,
    type: create(TypeProtoSchema, { value: { case: "tensorType", value: tensorType } }),
    docString: `dims: [${axes.map((a) => a.name).join(", ")}]`,
  });
}

function attributeProto(name: string, v: AttrValue): AttributeProto {
  const T = AttributeProto_AttributeType;
  if (typeof v === "number") return create(AttributeProtoSchema, { name, type: T.INT, i: BigInt(v) });
  if (typeof v === "string") return create(AttributeProtoSchema, { name, type: T.STRING, s: new TextEncoder().encode(v) });
  if (Array.isArray(v)) return create(AttributeProtoSchema, { name, type: T.INTS, ints: (v as readonly number[]).map(BigInt) });
  if ("float" in (v as object)) return create(AttributeProtoSchema, { name, type: T.FLOAT, f: (v as { float: number }).float });
  return create(AttributeProtoSchema, { name, type: T.TENSOR, t: v as TensorProto });
}
