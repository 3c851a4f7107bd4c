// Layer: src/onnx. The entry point `named-tensor/onnx`: ONNX export and import, apart from the main entry so that
// the core library loads without the protobuf schema they need (onnx-buf): a browser page without a bundler
// resolves no bare package name, and a program that never touches ONNX pays nothing. Imports only src/onnx.
export { toOnnx } from "./export.js";
export type { OnnxOptions } from "./export.js";
export { fromOnnx, OnnxModel } from "./import.js";
export type { OnnxImportOptions, OnnxValueInfo } from "./import.js";
