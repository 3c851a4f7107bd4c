// Layer: src/backend/cpu. The Wasm generator's table from kernel IR functions to instructions, scalar and 4-lane,
// and the functions it has natively (passes/decompose.ts writes the others over the IR). Imports the IR's types.
import type { NativeFunctions } from "../../kernel/passes/decompose.js";

/**
 * The functions this generator writes itself (an instruction or a few each); passes/decompose.ts rewrites the
 * others — exp, log, tanh, erf, sin, cos, pow, atan2, hypot and random draws — into IR arithmetic before emission.
 */
export const wasmNative: NativeFunctions = {
  unary: new Set(["neg", "abs", "sign", "floor", "ceil", "round", "sqrt", "rsqrt", "recip", "not", "bitsOf", "fromBits"]),
  binary: new Set(["add", "sub", "mul", "div", "max", "min", "eq", "ne", "lt", "le", "and", "or", "bitAnd", "bitOr", "bitXor", "shiftLeft", "shiftRight", "shiftRightLogical"]),
};

/** Instructions by function name and operand kind (scalar or 4 lanes, float, int or bool). */
export const scalarFloat: Partial<Record<string, string>> = {
  add: "f32.add", sub: "f32.sub", mul: "f32.mul", div: "f32.div", max: "f32.max", min: "f32.min",
  eq: "f32.eq", ne: "f32.ne", lt: "f32.lt", le: "f32.le",
};
export const scalarInt: Partial<Record<string, string>> = {
  add: "i32.add", sub: "i32.sub", mul: "i32.mul", eq: "i32.eq", ne: "i32.ne", lt: "i32.lt_s", le: "i32.le_s", and: "i32.and", or: "i32.or",
  bitAnd: "i32.and", bitOr: "i32.or", bitXor: "i32.xor", shiftLeft: "i32.shl", shiftRight: "i32.shr_s", shiftRightLogical: "i32.shr_u",
};
/** Bit reinterpretations: an instruction for scalars, nothing for v128. */
export const reinterpretations: Partial<Record<string, string>> = { bitsOf: "i32.reinterpret_f32", fromBits: "f32.reinterpret_i32" };
export const vectorShift: Partial<Record<string, string>> = { shiftLeft: "i32x4.shl", shiftRight: "i32x4.shr_s", shiftRightLogical: "i32x4.shr_u" };
export const vectorFloat: Partial<Record<string, string>> = {
  add: "f32x4.add", sub: "f32x4.sub", mul: "f32x4.mul", div: "f32x4.div", max: "f32x4.max", min: "f32x4.min",
  eq: "f32x4.eq", ne: "f32x4.ne", lt: "f32x4.lt", le: "f32x4.le",
};
export const vectorInt: Partial<Record<string, string>> = {
  add: "i32x4.add", sub: "i32x4.sub", mul: "i32x4.mul", max: "i32x4.max_s", min: "i32x4.min_s",
  eq: "i32x4.eq", ne: "i32x4.ne", lt: "i32x4.lt_s", le: "i32x4.le_s", bitAnd: "v128.and", bitOr: "v128.or", bitXor: "v128.xor",
};
export const vectorBool: Partial<Record<string, string>> = { and: "v128.and", or: "v128.or", eq: "i32x4.eq", ne: "i32x4.ne" };
