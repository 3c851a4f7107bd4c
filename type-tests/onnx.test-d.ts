// fromOnnx: an imported model's values are checked at run time (their dims are the model's), so run() gives
// Tensor<Shape, DType>: every op type-checks and checks names and sizes at run time with the same sentences.
import { expectError, expectType } from "tsd";
import { type DType, type OnnxModel, type OnnxValueInfo, type Shape, type Tensor, fromOnnx, tensor } from "../dist/index.js";

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
