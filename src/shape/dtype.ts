// Layer: src/shape. Runtime twin of src/types/dtype.ts.
import type { DType } from "../types/dims.js";
import { ShapeError, boolArithmetic, needsBool } from "../types/errors.js";

/** The dtype of a number-valued binary op; bool operands are rejected. Twin of `ArithmeticType`. */
export function arithmeticType(a: DType, b: DType): DType {
  if (a === "bool" || b === "bool") throw new ShapeError(boolArithmetic());
  return a === "float32" || b === "float32" ? "float32" : "int32";
}
/** Float-only results (division, exp …): float32; bool is rejected. Twin of `FloatType`. */
export function floatType(a: DType, b: DType = a): DType {
  if (a === "bool" || b === "bool") throw new ShapeError(boolArithmetic());
  return "float32";
}
/** Logical ops need bool. Twin of `LogicalType`. */
export function logicalType(a: DType, b: DType = a): DType {
  const bad = a !== "bool" ? a : b !== "bool" ? b : undefined;
  if (bad) throw new ShapeError(needsBool("a logical operand", bad));
  return "bool";
}
/** A bool condition. Twin of `ConditionType`. */
export function conditionType(c: DType): DType {
  if (c !== "bool") throw new ShapeError(needsBool("the condition", c));
  return "bool";
}
