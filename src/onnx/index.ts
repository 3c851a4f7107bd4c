// Layer: src/onnx. The entry point `named-tensor/onnx`: ONNX export, apart from the main entry so that the core
// library loads without the protobuf schema it needs (onnx-buf): a browser page without a bundler resolves no bare
// package name, and a program that never exports pays nothing. Imports only src/onnx.
export { toOnnx } from "./export.js";
export type { OnnxOptions } from "./export.js";
