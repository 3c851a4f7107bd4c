// Layer: src/backend/kernel/sparse. Sparse tensor index notation (taco §2–4) as plain data: operands with their
// levels in storage order, each level accessed by one index variable; expressions over accesses, constants and
// the ALU's functions; an assignment `out(vars) = expr` whose variables absent from the output are summed.
// Which operands a function lets through is not a list of names: `zeroStructure` reads it from the ALU's float64
// meaning (f(x, 0) and f(0, x)), so mul intersects, add/sub/max union, div and exp give dense results.
// Imports src/graph (types, the ALU) and src/types only.
import { binaryAlu, unaryAlu } from "../../../graph/alu.js";
import type { BinaryFn, UnaryFn } from "../../../graph/node.js";
import type { LevelKind } from "../../../types/sparse.js";

/** One level of an operand: the index variable that accesses it, its kind and its size. */
export interface OperandLevel {
  readonly var: string;
  readonly kind: LevelKind;
  readonly size: number;
}
/** An operand (or the output): a name for printing and its levels in storage order. */
export interface Operand {
  readonly name: string;
  readonly levels: readonly OperandLevel[];
}

export type SparseExpr =
  | { readonly op: "access"; readonly tensor: number }
  | { readonly op: "const"; readonly value: number }
  | { readonly op: "unary"; readonly fn: UnaryFn; readonly x: SparseExpr }
  | { readonly op: "binary"; readonly fn: BinaryFn; readonly a: SparseExpr; readonly b: SparseExpr };

/** `output(vars) = Σ_(vars not in output) expr`, over `operands` (accesses name them by position). */
export interface Assignment {
  readonly output: Operand;
  readonly operands: readonly Operand[];
  readonly expr: SparseExpr;
}

/**
 * How a binary function treats zeros, read from its float64 meaning on probe values:
 * - `intersection`: f(x, 0) = f(0, x) = 0 — non-zero only where both are (mul);
 * - `union`: f(0, 0) = 0 but f(x, 0) or f(0, x) need not be — non-zero where either is (add, sub, max);
 * - `dense`: f(0, 0) ≠ 0 — every point may be non-zero (div: 0/0 is NaN).
 * @example zeroStructure("mul") // "intersection"; zeroStructure("add") // "union"
 */
export function zeroStructure(fn: BinaryFn): "intersection" | "union" | "dense" {
  const f = binaryAlu[fn].float64;
  if (!Object.is(f(0, 0), 0) && f(0, 0) !== 0) return "dense";
  const probes = [1.5, -2.25, 3];
  return probes.every((x) => f(x, 0) === 0 && f(0, x) === 0) ? "intersection" : "union";
}

/**
 * Whether a unary function maps 0 to 0, so a sparse operand keeps its pattern (neg, abs, sqrt, relu, sin…).
 * @example keepsZero("neg") // true; keepsZero("exp") // false
 */
export const keepsZero = (fn: UnaryFn): boolean => unaryAlu[fn].float64(0) === 0;

/** The tensors an expression accesses, in order of first access. @example accessedTensors(b_plus_c_times_d) // [0, 1, 2] */
export function accessedTensors(e: SparseExpr, into: number[] = []): number[] {
  if (e.op === "access" && !into.includes(e.tensor)) into.push(e.tensor);
  if (e.op === "unary") accessedTensors(e.x, into);
  if (e.op === "binary") [e.a, e.b].forEach((x) => accessedTensors(x, into));
  return into;
}

/** The index variables of an operand, in storage order. @example operandVars(cscA) // ["j", "i"] */
export const operandVars = (o: Operand): string[] => o.levels.map((l) => l.var);

/**
 * An expression in index notation, accesses written with their variables in storage order.
 * @example showExpr(mulAB, operands) // "A(i,j) * x(j)"
 */
export function showExpr(e: SparseExpr, operands: readonly Operand[]): string {
  switch (e.op) {
    case "access":
      return `${operands[e.tensor]!.name}(${operandVars(operands[e.tensor]!).join(",")})`;
    case "const":
      return String(e.value);
    case "unary":
      return `${e.fn}(${showExpr(e.x, operands)})`;
    case "binary": {
      const infix = binaryAlu[e.fn].infix;
      const [a, b] = [showExpr(e.a, operands), showExpr(e.b, operands)];
      return infix ? `(${a} ${infix} ${b})` : `${e.fn}(${a}, ${b})`;
    }
  }
}

/**
 * The assignment in index notation, with its summed variables.
 * @example showAssignment(spmv) // "y(i) = Σ_j (A(i,j) * x(j))"
 */
export function showAssignment(a: Assignment): string {
  const free = new Set(operandVars(a.output));
  const summed = [...new Set(a.operands.flatMap(operandVars))].filter((v) => !free.has(v));
  return `${a.output.name}(${operandVars(a.output).join(",")}) = ${summed.length ? `Σ_${summed.join(",")} ` : ""}${showExpr(a.expr, a.operands)}`;
}
