// fromSafetensors types each tensor with the names given (sizes known only at run time).
import { expectError, expectType } from "tsd";
import { type DType, type Tensor, fromSafetensors } from "../dist/index.js";

declare const bytes: Uint8Array;
const r = fromSafetensors(bytes, { "h.0.weight": ["out", "in"], bias: ["out"] });
expectType<Tensor<[["out", number], ["in", number]], DType>>(r["h.0.weight"]);
expectType<Tensor<[["out", number]], DType>>(r.bias);
expectType<Tensor<[["out", number]], DType>>(r["h.0.weight"].sum("in"));
expectError(r.bias.sum("in"));
