// Layer: src/onnx. The element types of ONNX as the library's dtypes: one table, and the bytes of an
// initializer (raw_data is little-endian). Imports src/graph (the DType) and the onnx-buf schema.
import { TensorProto_DataType } from "onnx-buf";
import type { DType } from "../graph/node.js";

/** The ONNX element type of each dtype (bool is ONNX's BOOL, one byte a value). */
export const onnxType: Readonly<Record<DType, TensorProto_DataType>> = {
  float32: TensorProto_DataType.FLOAT,
  int32: TensorProto_DataType.INT32,
  bool: TensorProto_DataType.BOOL,
};

/**
 * The little-endian bytes of values of a dtype, as an initializer's raw_data holds them.
 * @example rawBytes(Float32Array.of(1), "float32") // Uint8Array [0, 0, 128, 63]
 */
export function rawBytes(values: Float32Array | Int32Array | Uint8Array | BigInt64Array, dtype: DType | "int64"): Uint8Array<ArrayBuffer> {
  const width = dtype === "bool" ? 1 : dtype === "int64" ? 8 : 4;
  const out = new Uint8Array(values.length * width);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (dtype === "float32") view.setFloat32(i * 4, v as number, true);
    else if (dtype === "int32") view.setInt32(i * 4, v as number, true);
    else if (dtype === "int64") view.setBigInt64(i * 8, v as bigint, true);
    else out[i] = v ? 1 : 0;
  }
  return out;
}
