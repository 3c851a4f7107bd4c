// Layer: src/onnx. THE operator table of the ONNX importer: one record from ONNX op type to the function that
// builds its outputs with the library's public ops (import-ops-math.ts, import-ops-shape.ts, import-ops-conv.ts).
// An op type outside this table is refused when the model is read, naming the op and the node. Constant lives
// here: its value is read once when the model is read (import.ts) and kept as a Const.
import type { Value } from "./import-values.js";
import { Const } from "./import-values.js";
import { type OnnxOp, mathOps } from "./import-ops-math.js";
import { shapeOps } from "./import-ops-shape.js";
import { convOps } from "./import-ops-conv.js";

export type { OnnxOp };

/** Constant: exactly one of value (a tensor), value_float(s), value_int(s). */
const constant: OnnxOp = (_, ctx) => {
  const kinds: [string, (v: unknown) => Value][] = [
    ["value", (v) => v as Const],
    ["value_float", (v) => new Const([Math.fround(v as number)], [], "float32")],
    ["value_floats", (v) => new Const(Float32Array.from(v as number[]), [(v as number[]).length], "float32")],
    ["value_int", (v) => new Const([v as number], [], "int32")],
    ["value_ints", (v) => new Const(v as number[], [(v as number[]).length], "int32")],
  ];
  const given = kinds.filter(([k]) => ctx.attr(k) !== undefined);
  if (given.length !== 1) ctx.fail(`it must have exactly one of value, value_float(s), value_int(s) (it has ${given.length})`);
  const [name, make] = given[0]!;
  const v = make(ctx.attr(name));
  if (name === "value" && !(v instanceof Const)) ctx.fail("its value attribute is not a tensor");
  return [v];
};

/** Every ONNX operator fromOnnx imports, by op type (ai.onnx domain). */
export const onnxOps: Readonly<Record<string, OnnxOp>> = { ...mathOps, ...shapeOps, ...convOps, Constant: constant };
