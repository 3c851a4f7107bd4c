// Layer: src/backend/webgpu. The table from kernel IR operations to WGSL syntax, and the few WGSL helper functions
// some of them need (emitted only when used). Builtins are used only where they are exact on every adapter we
// test: SwiftShader's `!=` is an ordered compare, its max/min drop NaN, its log/exp/tanh/i32() mishandle NaN and
// infinities. So the transcendental functions are not WGSL's: passes/decompose.ts writes them over the IR once
// for every target, and what stays here is what WGSL itself needs (non-finite literals, NaN-aware max/min/sqrt,
// a saturating conversion). Imports only the IR types and the ALU table.
import { reduceIdentity as identityOf } from "../../kernel/alu.js";
import type { BinaryFn, ReduceFn, ScalarType, UnaryFn } from "../../kernel/ir.js";
import type { NativeFunctions } from "../../kernel/passes/decompose.js";
import { InternalError } from "../../../types/errors.js";

/**
 * The functions this generator writes itself (builtins or the helpers below); passes/decompose.ts rewrites the
 * others into IR arithmetic before emission.
 */
export const wgslNative: NativeFunctions = {
  unary: new Set(["neg", "abs", "sign", "floor", "ceil", "round", "sqrt", "rsqrt", "recip", "not", "bitsOf", "fromBits"]),
  binary: new Set(["add", "sub", "mul", "div", "max", "min", "eq", "ne", "lt", "le", "and", "or", "bitAnd", "bitOr", "bitXor", "shiftLeft", "shiftRight", "shiftRightLogical"]),
};

/** Lanes of a value: 1 (a scalar) or 4 (a vec4 along the vectorised loop). */
export type Lanes = 1 | 4;
type Use = (helper: HelperUse) => void;

const vec = (t: string, lanes: Lanes): string => (lanes === 1 ? t : `vec4<${t}>`);
/** The WGSL type of a value in expressions (bool is a real bool) and in buffers (bool is a u32 0/1). @example valueType("bool", 4) // "vec4<bool>" */
export const valueType = (t: ScalarType, lanes: Lanes = 1): string => vec(t === "bool" ? "bool" : t, lanes);
/** @example storageType("bool") // "u32" */
export const storageType = (t: ScalarType, lanes: Lanes = 1): string => vec(t === "bool" ? "u32" : t, lanes);

/** A WGSL literal for a scalar constant (splat to vec4 for 4 lanes); non-finite floats go through a helper. @example literal("f32", 0.5, use) // "0.5f" */
export function literal(type: ScalarType, value: number, use: Use, lanes: Lanes = 1): string {
  let text: string;
  if (type === "bool") text = value ? "true" : "false";
  else if (type === "i32") {
    const v = value | 0;
    text = v === -2147483648 ? "(-2147483647i - 1i)" : v < 0 ? `(${v}i)` : `${v}i`;
  } else {
    const v = Math.fround(value);
    if (!Number.isFinite(v) || Object.is(v, -0)) {
      // Infinity and NaN are no const-expressions (shader creation would fail): a helper makes them at run time.
      use("nt_bits");
      text = `nt_bits(0x${new Uint32Array(new Float32Array([v]).buffer)[0]!.toString(16)}u)`;
    } else {
      const s = String(v);
      text = /[.e]/.test(s) ? `${s}f` : `${s}.0f`;
      if (v < 0) text = `(${text})`;
    }
  }
  return lanes === 1 ? text : `${valueType(type, 4)}(${text})`;
}

/** A helper applied at a width: `nt_exp(x)` or `nt_exp4(x)`. */
function helper(name: HelperName, lanes: Lanes, use: Use, ...args: string[]): string {
  const h = (lanes === 1 ? name : `${name}4`) as HelperUse;
  use(h);
  return `${h}(${args.join(", ")})`;
}

/** The WGSL text of `fn(x)` for a value of type t. @example unary("exp", "f32", "t3", use, 4) // "nt_exp4(t3)" */
export function unary(fn: UnaryFn, t: ScalarType, x: string, use: Use, lanes: Lanes = 1): string {
  if (fn === "bitsOf" || fn === "fromBits") return `bitcast<${valueType(t, lanes)}>(${x})`;
  if (t === "bool") return `(!${x})`;
  if (t === "i32") {
    if (fn === "neg") return `(-${x})`;
    if (fn === "abs" || fn === "sign") return `${fn}(${x})`;
    return x; // floor, ceil, round of an integer
  }
  switch (fn) {
    case "neg":
      return `(-${x})`;
    case "abs":
    case "floor":
    case "ceil":
    case "round": // WGSL rounds half to even, as the CPU does
      return `${fn}(${x})`;
    case "recip":
      return `(1.0f / ${x})`;
    case "rsqrt":
      return `(1.0f / ${helper("nt_sqrt", lanes, use, x)})`;
    case "sqrt":
    case "sign":
      return helper(`nt_${fn}`, lanes, use, x);
    default:
      throw new InternalError(`internal: no WGSL for ${fn} on ${t}`);
  }
}

const infix: Partial<Record<BinaryFn, string>> = { add: "+", sub: "-", mul: "*", div: "/", eq: "==", lt: "<", le: "<=", and: "&", or: "|", bitAnd: "&", bitOr: "|", bitXor: "^" };
/** WGSL shifts take a u32 amount; the logical right shift is the u32 one. */
const shifts: Partial<Record<BinaryFn, (a: string, amount: string, lanes: Lanes) => string>> = {
  shiftLeft: (a, s) => `(${a} << ${s})`,
  shiftRight: (a, s) => `(${a} >> ${s})`,
  shiftRightLogical: (a, s, lanes) => `bitcast<${valueType("i32", lanes)}>(bitcast<${vec("u32", lanes)}>(${a}) >> ${s})`,
};

/** The WGSL text of `a fn b` where both operands have type t. @example binary("ne", "f32", "a", "b", use) // "(!(a == b))" */
export function binary(fn: BinaryFn, t: ScalarType, a: string, b: string, use: Use, lanes: Lanes = 1): string {
  if (fn === "ne") return `(!(${a} == ${b}))`; // an unordered compare: NaN != NaN (SwiftShader's != is ordered)
  const shift = shifts[fn];
  if (shift) return shift(a, `${vec("u32", lanes)}(${b})`, lanes);
  if (fn === "max" || fn === "min") return t === "f32" ? helper(`nt_${fn}`, lanes, use, a, b) : `${fn}(${a}, ${b})`;
  const op = infix[fn];
  if (!op) throw new InternalError(`internal: no WGSL for ${fn} on ${t}`);
  return `(${a} ${op} ${b})`;
}

/** The WGSL text of casting x from one scalar type to another. @example cast("bool", "f32", "c", use) // "select(0.0f, 1.0f, c)" */
export function cast(from: ScalarType, to: ScalarType, x: string, use: Use, lanes: Lanes = 1): string {
  if (from === to) return x;
  const lit = (t: ScalarType, v: number): string => literal(t, v, use, lanes);
  if (to === "f32") return from === "bool" ? `select(${lit("f32", 0)}, ${lit("f32", 1)}, ${x})` : `${valueType("f32", lanes)}(${x})`;
  if (to === "i32") return from === "bool" ? `select(${lit("i32", 0)}, ${lit("i32", 1)}, ${x})` : helper("nt_f2i", lanes, use, x);
  return `(!(${x} == ${lit(from, 0)}))`;
}

/** The identity of a reduction, as WGSL text. @example reduceIdentity("prod", "i32", use) // "1i" */
export function reduceIdentity(fn: ReduceFn, t: ScalarType, use: Use): string {
  return literal(t, identityOf(fn, t), use);
}
/** The combining step `fn(acc, x)` of a reduction, as WGSL text. @example reduceStep("sum", "f32", "acc", "x", use) // "(acc + x)" */
export function reduceStep(fn: string, t: ScalarType, acc: string, x: string, use: Use): string {
  if (t === "bool") return fn === "min" || fn === "prod" ? `(${acc} & ${x})` : `(${acc} | ${x})`;
  if (fn === "sum") return `(${acc} + ${x})`;
  if (fn === "prod") return `(${acc} * ${x})`;
  return binary(fn as BinaryFn, t, acc, x, use);
}

/**
 * WGSL helper functions: the helpers they call and their text, written once for scalars and vec4s: `$F`, `$I`,
 * `$U`, `$B` are the float, int, uint and bool types and `$S` the name suffix ("" or "4"). Branch-free (select),
 * which suits SIMD emulation and GPUs alike.
 */
const helpers = {
  nt_bits: [[], "fn nt_bits$S(b: $U) -> $F { return bitcast<$F>(b); }"],
  nt_isnan: [[], "fn nt_isnan$S(x: $F) -> $B { return (bitcast<$U>(x) & $U(0x7fffffffu)) > $U(0x7f800000u); }"],
  nt_max: [["nt_isnan", "nt_bits"], "fn nt_max$S(a: $F, b: $F) -> $F { return select(max(a, b), nt_bits$S($U(0x7fc00000u)), nt_isnan$S(a) | nt_isnan$S(b)); }"],
  nt_min: [["nt_isnan", "nt_bits"], "fn nt_min$S(a: $F, b: $F) -> $F { return select(min(a, b), nt_bits$S($U(0x7fc00000u)), nt_isnan$S(a) | nt_isnan$S(b)); }"],
  nt_sqrt: [["nt_bits"], "fn nt_sqrt$S(x: $F) -> $F { return select(sqrt(x), nt_bits$S($U(0x7fc00000u)), x < $F(0.0f)); }"],
  nt_sign: [["nt_isnan"], "fn nt_sign$S(x: $F) -> $F { return select(select(select($F(0.0f), $F(-1.0f), x < $F(0.0f)), $F(1.0f), x > $F(0.0f)), x, nt_isnan$S(x)); }"],
  // Saturating float -> int conversion, NaN -> 0 (WGSL leaves NaN and out-of-range values unspecified).
  nt_f2i: [["nt_isnan"], `fn nt_f2i$S(x: $F) -> $I {
  let c = select(select($I(clamp(x, $F(-2147483648.0f), $F(2147483520.0f))), $I(2147483647i), x >= $F(2147483648.0f)), $I(-2147483647i - 1i), x <= $F(-2147483648.0f));
  return select(c, $I(0i), nt_isnan$S(x));
}`],
} as const satisfies Record<string, readonly [readonly string[], string]>;

export type HelperName = keyof typeof helpers;
/** A helper at a width: "nt_exp" (f32) or "nt_exp4" (vec4<f32>). */
export type HelperUse = `${HelperName}` | `${HelperName}4`;

/** A helper's text at a width. */
function instantiate(name: HelperName, lanes: 1 | 4): string {
  const v = (t: string): string => (lanes === 1 ? t : `vec4<${t}>`);
  return helpers[name][1]
    .replaceAll("$F", v("f32"))
    .replaceAll("$I", v("i32"))
    .replaceAll("$U", v("u32"))
    .replaceAll("$B", v("bool"))
    .replaceAll("$S", lanes === 1 ? "" : "4");
}

/** The text of the used helpers and everything they call, dependencies first, in a fixed order. @example helperText(new Set(["nt_max4"])) // nt_isnan4, nt_bits4, nt_max4 */
export function helperText(used: ReadonlySet<HelperUse>): string {
  const all = new Set<HelperUse>();
  const add = (h: HelperUse): void => {
    if (all.has(h)) return;
    const [name, lanes] = h.endsWith("4") ? [h.slice(0, -1) as HelperName, 4 as const] : [h as HelperName, 1 as const];
    for (const d of helpers[name][0]) add((lanes === 4 ? `${d}4` : d) as HelperUse);
    all.add(h);
  };
  for (const h of [...used].sort()) add(h);
  return [...all].map((h) => (h.endsWith("4") ? instantiate(h.slice(0, -1) as HelperName, 4) : instantiate(h as HelperName, 1))).join("\n");
}
