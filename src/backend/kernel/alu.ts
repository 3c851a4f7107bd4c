// Layer: src/backend/kernel. The ALU table as the kernel IR sees it: the records of src/graph/alu.ts (where the
// function names are declared, so the table lives there under the graph's import rule), plus the properties
// only kernels have (scalar types instead of dtypes). Imports src/graph only.
import { binaryAlu, reduceAlu, unaryAlu } from "../../graph/alu.js";
import type { Expr, ScalarType } from "./ir.js";

export { binaryAlu, binaryMeaning, isExpensiveOp, reduceAlu, unaryAlu, unaryMeaning } from "../../graph/alu.js";
export type { BinaryInfo, Cost, DtypeRule, ReduceInfo, UnaryInfo } from "../../graph/alu.js";

const dtypeOf = { f32: "float32", i32: "int32", bool: "bool" } as const;

/**
 * The value of an empty reduction of scalar type t.
 * @example reduceIdentity("max", "f32") // -Infinity
 */
export const reduceIdentity = (fn: keyof typeof reduceAlu, t: ScalarType): number => reduceAlu[fn].identity[dtypeOf[t]];

/**
 * Whether an expression node is worth computing once rather than once per loop step (its ALU cost class).
 * @example isExpensive({ op: "unary", fn: "exp", … }) // true
 */
export function isExpensive(e: Expr): boolean {
  if (e.op === "unary") return unaryAlu[e.fn].cost === "expensive";
  if (e.op === "binary") return binaryAlu[e.fn].cost === "expensive";
  return false;
}
