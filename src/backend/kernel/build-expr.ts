// Layer: src/backend/kernel. Small constructors of kernel IR expressions, for passes that write arithmetic over
// the IR (passes/decompose.ts writes whole functions with them); result types follow the ALU table's dtype rules.
// A value used twice is the same object twice: the IR is a DAG, and the code generators evaluate a shared node
// once per point. Imports only the IR and the ALU table.
import { binaryAlu, unaryAlu } from "./alu.js";
import type { BinaryFn, Expr, ScalarType, UnaryFn } from "./ir.js";

/** A float32 constant. @example f32(0.5) */
export const f32 = (value: number): Expr => ({ op: "const", type: "f32", value });
/** An int32 constant. @example i32(127) */
export const i32 = (value: number): Expr => ({ op: "const", type: "i32", value: value | 0 });

/** A unary node of the operand's type. @example un("abs", x) */
export const un = (fn: UnaryFn, x: Expr): Expr => {
  const rule = unaryAlu[fn].rule;
  return { op: "unary", type: rule === "toBits" ? "i32" : rule === "fromBits" ? "f32" : givesBool(rule) ? "bool" : x.type, fn, x };
};

const givesBool = (rule: string): boolean => rule === "equality" || rule === "order" || rule === "logical";
const resultType = (fn: BinaryFn, a: Expr): ScalarType => (givesBool(binaryAlu[fn].rule) ? "bool" : a.type);
/** A binary node; comparisons and logic give bool, the rest the operands' type. @example bin("mul", x, x) */
export const bin = (fn: BinaryFn, a: Expr, b: Expr): Expr => ({ op: "binary", type: resultType(fn, a), fn, a, b });

/** a + b. @example add(x, f32(1)) */
export const add = (a: Expr, b: Expr): Expr => bin("add", a, b);
/** a − b. @example sub(x, f32(1)) */
export const sub = (a: Expr, b: Expr): Expr => bin("sub", a, b);
/** a · b. @example mul(x, x) */
export const mul = (a: Expr, b: Expr): Expr => bin("mul", a, b);
/** a / b. @example div(f32(1), x) */
export const div = (a: Expr, b: Expr): Expr => bin("div", a, b);
/** a < b, as bool. @example lt(x, f32(0)) */
export const lt = (a: Expr, b: Expr): Expr => bin("lt", a, b);
/** a <= b, as bool. @example le(f32(0), x) */
export const le = (a: Expr, b: Expr): Expr => bin("le", a, b);
/** a == b, as bool (false for NaN). @example eq(x, f32(0)) */
export const eq = (a: Expr, b: Expr): Expr => bin("eq", a, b);
/** Logical and of two bools. @example and(eq(x, f32(0)), lt(y, f32(0))) */
export const and = (a: Expr, b: Expr): Expr => bin("and", a, b);
/** Logical or of two bools. @example or(eq(a, inf), eq(b, inf)) */
export const or = (a: Expr, b: Expr): Expr => bin("or", a, b);

/** `cond ? a : b`. @example where(lt(x, f32(0)), un("neg", x), x) */
export const where = (cond: Expr, a: Expr, b: Expr): Expr => ({ op: "where", type: a.type, cond, a, b });
/** `cond ? a : b` where cond rarely holds: a generator evaluates `a` only when needed. @example rareWhere(huge, exact, fast) */
export const rareWhere = (cond: Expr, a: Expr, b: Expr): Expr => ({ op: "where", type: a.type, cond, a, b, rare: true });
/** The int32 bits of a float32. @example bitsOf(f32(1)) // 0x3f800000 */
export const bitsOf = (x: Expr): Expr => un("bitsOf", x);
/** The float32 with these int32 bits. @example fromBits(i32(0x3f800000)) // 1 */
export const fromBits = (x: Expr): Expr => un("fromBits", x);

/**
 * c0 + x·(c1 + x·(c2 + …)) by Horner's rule over f32 constants.
 * @example poly(x2, [1, -1 / 6, 1 / 120]) // sin r / r in r²
 */
export function poly(x: Expr, cs: readonly number[]): Expr {
  let acc = f32(cs[cs.length - 1]!);
  for (let k = cs.length - 2; k >= 0; k--) acc = add(mul(acc, x), f32(cs[k]!));
  return acc;
}

/**
 * Whether x's sign bit is set, for f32 x that is not NaN: x < 0, or x is -0 (1/-0 is -Infinity).
 * @example signBit(f32(-0)) // a bool expression, true
 */
export const signBit = (x: Expr): Expr => or(lt(x, f32(0)), and(eq(x, f32(0)), lt(un("recip", x), f32(0))));
