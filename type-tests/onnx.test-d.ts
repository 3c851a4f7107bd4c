// Type tests (tsd, against dist/*.d.ts): ONNX export. toOnnx takes its outputs and inputs as records of named
// tensors of any shape and dtype and gives (a promise of) the model's bytes; a bare tensor where a record belongs does not
// compile, nor does an option of the wrong kind.
import { expectError, expectType } from "tsd";
import { placeholder } from "../dist/index.js";
import { type OnnxOptions, toOnnx } from "../dist/onnx/index.js";

const x = placeholder([["batch", 8], ["feature", 4]]);
const ids = placeholder([["batch", 8]], "int32");
expectType<Promise<Uint8Array>>(toOnnx({ y: x.sum("feature"), picked: x.gather("feature", ids.minimum(3)) }, { x, ids }));
expectType<Promise<Uint8Array>>(toOnnx({ y: x.exp() }, { x }, { name: "m", opset: 18, dynamic: ["batch"] }));
const options: OnnxOptions = { dynamic: ["batch"] };
expectType<Promise<Uint8Array>>(toOnnx({ y: x.exp() }, { x }, options));

expectError(toOnnx(x.exp(), { x }));
expectError(toOnnx({ y: x.exp() }, x));
expectError(toOnnx({ y: x.exp() }, { x }, { dynamic: "batch" }));
expectError(toOnnx({ y: [1, 2] }, { x }));

// ONNX import: an imported model's values are checked at run time (their dims are the model's), so run() gives
// Tensor<Shape, DType>: every op type-checks and checks names and sizes at run time with the same sentences.
import { type DType, type Shape, type Tensor, tensor } from "../dist/index.js";
import { type OnnxModel, type OnnxValueInfo, fromOnnx } from "../dist/onnx/index.js";

declare const bytes: Uint8Array;
const model = await fromOnnx(bytes, { names: { x: ["batch", "feature"] } });
expectType<OnnxModel>(model);
expectType<readonly OnnxValueInfo[]>(model.inputs);
const out = model.run({ x: tensor([1, 2], [["batch", 1], ["feature", 2]]) });
expectType<Record<string, Tensor<Shape, DType>>>(out);
expectType<Tensor<Shape, DType>>(out.probs!.sum("digit"));
expectError(fromOnnx("model.onnx"));
expectError(fromOnnx(bytes, { names: { x: "batch" } }));
expectError(model.run({ x: [1, 2] }));

// toOnnx's dynamic names are dims of the inputs (a list built at run time is checked at run time)
expectType<Promise<Uint8Array>>(toOnnx({ y: x.exp() }, { x, ids }, { dynamic: ["batch", "feature"] as const }));
declare const names: string[];
expectType<Promise<Uint8Array>>(toOnnx({ y: x.exp() }, { x }, { dynamic: names }));
expectError(toOnnx({ y: x.exp() }, { x }, { dynamic: ["batchh"] }));
expectError(toOnnx({ y: x.exp() }, { x }, { dynamic: ["batch", "seq"] }));
