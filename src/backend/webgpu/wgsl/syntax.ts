// Layer: src/backend/webgpu. The table from kernel IR operations to WGSL syntax, and the WGSL helper functions
// some of them need (emitted only when used). Builtins are used only where they are exact on every adapter we
// test: SwiftShader's `!=` is an ordered compare, its max/min drop NaN, its log/exp/tanh/i32() mishandle NaN
// and infinities, so those go through helpers that port the CPU's algorithms (src/backend/cpu/wasm/math.ts).
// Imports only the IR types.
import { reduceIdentity as identityOf } from "../../kernel/alu.js";
import type { BinaryFn, ReduceFn, ScalarType, UnaryFn } from "../../kernel/ir.js";
import type { NativeFunctions } from "../../kernel/passes/decompose.js";
import { TRIG_EXACT_FROM, cosSeries, sinSeries, twoOverPiWords } from "../../kernel/math-constants.js";

/**
 * The functions this generator writes itself (builtins or the helpers below); passes/decompose.ts rewrites the
 * others into IR arithmetic before emission.
 */
export const wgslNative: NativeFunctions = {
  unary: new Set(["neg", "abs", "sign", "floor", "ceil", "round", "sqrt", "rsqrt", "recip", "not", "exp", "log", "tanh", "sin", "cos", "erf"]),
  binary: new Set(["add", "sub", "mul", "div", "max", "min", "pow", "eq", "ne", "lt", "le", "and", "or"]),
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
    case "exp":
    case "log":
    case "tanh":
    case "erf":
    case "sign":
    case "sin":
    case "cos":
      return helper(`nt_${fn}`, lanes, use, x);
    default:
      throw new Error(`internal: no WGSL for ${fn} on ${t}`);
  }
}

const infix: Partial<Record<BinaryFn, string>> = { add: "+", sub: "-", mul: "*", div: "/", eq: "==", lt: "<", le: "<=", and: "&", or: "|" };

/** The WGSL text of `a fn b` where both operands have type t. @example binary("ne", "f32", "a", "b", use) // "(!(a == b))" */
export function binary(fn: BinaryFn, t: ScalarType, a: string, b: string, use: Use, lanes: Lanes = 1): string {
  if (fn === "ne") return `(!(${a} == ${b}))`; // an unordered compare: NaN != NaN (SwiftShader's != is ordered)
  if (fn === "pow") return helper("nt_pow", lanes, use, a, b);
  if (fn === "max" || fn === "min") return t === "f32" ? helper(`nt_${fn}`, lanes, use, a, b) : `${fn}(${a}, ${b})`;
  const op = infix[fn];
  if (!op) throw new Error(`internal: no WGSL for ${fn} on ${t}`);
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

/** A float constant for helper text. */
const c = (v: number): string => literal("f32", v, () => undefined);
/** c0 + x·(c1 + x·(c2 + …)), Horner's rule, as WGSL text. */
const poly = (x: string, cs: readonly number[]): string => cs.slice(0, -1).reduceRight((acc, k) => `(${c(k)} + ${x} * ${acc})`, c(cs[cs.length - 1]!));

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
  // e^x as on the CPU: x = n ln2 + r, a degree-6 polynomial for e^r, n added to the exponent bits. round(), not
  // the CPU's magic-number rounding: drivers may reassociate (x + 1.5·2^23) - 1.5·2^23 away.
  nt_exp: [["nt_isnan", "nt_bits"], `fn nt_exp$S(x0: $F) -> $F {
  let x = clamp(x0, $F(-87.33654f), $F(88.72284f));
  let n = round(x * ${c(Math.LOG2E)});
  let r = (x - n * 0.693359375f) - n * ${c(-2.1219444e-4)};
  let p = ${poly("r", [1, 1, 1 / 2, 1 / 6, 1 / 24, 1 / 120, 1 / 720])};
  let y = bitcast<$F>(bitcast<$I>(p) + ($I(n) << $U(23u)));
  let big = select(y, nt_bits$S($U(0x7f800000u)), x0 > $F(88.72283f));
  return select(select(big, $F(0.0f), x0 < $F(-87.33654f)), x0, nt_isnan$S(x0));
}`],
  // ln x as on the CPU: x = m 2^e with m in [sqrt(1/2), sqrt 2), ln m = 2 atanh((m-1)/(m+1)); subnormals rescaled.
  nt_log: [["nt_isnan", "nt_bits"], `fn nt_log$S(x0: $F) -> $F {
  let tiny = bitcast<$U>(x0) < $U(0x00800000u);
  let x = select(x0, x0 * 8388608.0f, tiny);
  let b = bitcast<$I>(x);
  let m0 = bitcast<$F>((b & $I(0x7fffff)) | $I(0x3f800000));
  let big = m0 > $F(${c(Math.SQRT2)});
  let m = select(m0, m0 * 0.5f, big);
  let e = ((b >> $U(23u)) & $I(0xff)) - $I(127) - select($I(0), $I(23), tiny) + select($I(0), $I(1), big);
  let s = (m - 1.0f) / (m + 1.0f);
  let s2 = s * s;
  let y = $F(e) * ${c(Math.LN2)} + 2.0f * s * ${poly("s2", [1, 1 / 3, 1 / 5, 1 / 7, 1 / 9, 1 / 11])};
  let inf = nt_bits$S($U(0x7f800000u));
  let special = select(select(y, inf, x0 == inf), -inf, x0 == $F(0.0f));
  return select(special, nt_bits$S($U(0x7fc00000u)), nt_isnan$S(x0) | (x0 < $F(0.0f)));
}`],
  // tanh: an odd polynomial below 0.3, else sign(x) (1 - 2/(e^{2|x|} + 1)).
  nt_tanh: [["nt_exp"], `fn nt_tanh$S(x: $F) -> $F {
  let a = abs(x);
  let x2 = x * x;
  let small = x * ${poly("x2", [1, -1 / 3, 2 / 15, -17 / 315, 62 / 2835, -1382 / 155925])};
  let big = 1.0f - 2.0f / (nt_exp$S(2.0f * a) + 1.0f);
  let signed = bitcast<$F>(bitcast<$U>(big) | (bitcast<$U>(x) & $U(0x80000000u)));
  return select(signed, small, a < $F(0.3f));
}`],
  // erf: its Taylor series for |x| <= 1, else 1 - (a1 t + ... + a5 t^5) e^{-x^2}, t = 1/(1 + p|x|).
  nt_erf: [["nt_exp"], `fn nt_erf$S(x: $F) -> $F {
  let a = abs(x);
  let x2 = x * x;
  let small = x * ${c(2 / Math.sqrt(Math.PI))} * ${poly("x2", [1, -1 / 3, 1 / 10, -1 / 42, 1 / 216, -1 / 1320, 1 / 9360, -1 / 75600, 1 / 685440, -1 / 6894720])};
  let t = 1.0f / (1.0f + ${c(0.3275911)} * a);
  let big = 1.0f - t * ${poly("t", [0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429])} * nt_exp$S(-x2);
  let signed = bitcast<$F>(bitcast<$U>(big) | (bitcast<$U>(x) & $U(0x80000000u)));
  return select(signed, small, a <= $F(1.0f));
}`],
  // sin and cos as on the CPU (WGSL's builtins are only absolutely accurate to 2^-11, and Chromium's SwiftShader
  // is that coarse): x = k π/2 + r with a three-part π/2, |r| <= π/4, then the quadrant picks ±sin r or ±cos r.
  nt_trig: [["nt_trig_large"], `fn nt_trig$S(x: $F, quarter: $I) -> $F {
  let kf = round(x * ${c(2 / Math.PI)});
  let r = ((x - kf * 1.5703125f) - kf * ${c(4.837512969970703125e-4)}) - kf * ${c(7.549789948768648e-8)};
  let r2 = r * r;
  let s = r * ${poly("r2", sinSeries(5))};
  let c = ${poly("r2", cosSeries(6))};
  let q = $I(clamp(kf, $F(-1e9f), $F(1e9f))) + quarter;
  let v = select(s, c, (q & $I(1)) != $I(0));
  return nt_trig_large$S(x, quarter, select(v, -v, (q & $I(2)) != $I(0)));
}`],
  // The fast value where |x| < TRIG_EXACT_FROM, else the exact reduction's (a branch: large lanes are rare).
  nt_trig_large: [["nt_trig_exact"], `fn nt_trig_large(x: f32, quarter: i32, fast: f32) -> f32 {
  if (abs(x) < ${c(TRIG_EXACT_FROM)}) { return fast; }
  return nt_trig_exact(x, quarter);
}`, `fn nt_trig_large4(x: vec4<f32>, quarter: vec4<i32>, fast: vec4<f32>) -> vec4<f32> {
  if (all(abs(x) < vec4<f32>(${c(TRIG_EXACT_FROM)}))) { return fast; }
  var v = fast;
  for (var i = 0; i < 4; i++) {
    if (!(abs(x[i]) < ${c(TRIG_EXACT_FROM)})) { v[i] = nt_trig_exact(x[i], quarter[i]); }
  }
  return v;
}`],
  // (hi, lo) of the 64-bit product of two u32, from 16-bit halves (WGSL has no 64-bit integers).
  nt_mul_wide: [[], `fn nt_mul_wide(a: u32, b: u32) -> vec2<u32> {
  let p00 = (a & 0xffffu) * (b & 0xffffu);
  let p01 = (a & 0xffffu) * (b >> 16u);
  let p10 = (a >> 16u) * (b & 0xffffu);
  let mid = (p00 >> 16u) + (p01 & 0xffffu) + (p10 & 0xffffu);
  return vec2<u32>((a >> 16u) * (b >> 16u) + (p01 >> 16u) + (p10 >> 16u) + (mid >> 16u), (p00 & 0xffffu) | (mid << 16u));
}`],
  // sin (quarter 0) or cos (quarter 1) of any float32 by Payne–Hanek, as the CPU's $exact_trig: x = m·2^e, the
  // 96 bits of 2/π from 2^-(e-1) on make m·W, whose bits 32..95 are x·2/π mod 4 with 62 fraction bits; the
  // nearest quadrant leaves r in [-π/4, π/4] as a signed 64-bit fixed-point number (hi, lo).
  nt_trig_exact: [["nt_mul_wide"], `fn nt_trig_exact(x: f32, quarter: i32) -> f32 {
  var table = array<u32, 9>(${twoOverPiWords().map((w) => `0x${w.toString(16)}u`).join(", ")});
  let bits = bitcast<u32>(x);
  let exponent = (bits >> 23u) & 0xffu;
  if (exponent == 0xffu) { return bitcast<f32>(bits | 0x7fc00000u); } // NaN (x - x may be folded to 0)
  let m = (bits & 0x7fffffu) | 0x800000u;
  let start = u32(max(i32(exponent) - 88, 0));
  let j = start >> 5u;
  let shift = start & 31u;
  var w: array<u32, 3>;
  for (var n = 0u; n < 3u; n++) {
    w[n] = (table[j + n] << shift) | select(table[j + n + 1u] >> ((32u - shift) & 31u), 0u, shift == 0u);
  }
  let a = nt_mul_wide(m, w[0]);
  let b = nt_mul_wide(m, w[1]);
  let c = nt_mul_wide(m, w[2]);
  let t_lo = b.y + c.x;
  let t_hi = a.y + b.x + select(0u, 1u, t_lo < b.y);
  let q = ((t_hi + 0x20000000u) >> 30u) & 3u;
  var hi = t_hi - (q << 30u);
  var lo = t_lo;
  let negative = (hi & 0x80000000u) != 0u;
  if (negative) {
    lo = ~lo + 1u;
    hi = ~hi + select(0u, 1u, lo == 0u);
  }
  let magnitude = (f32(hi) * 4294967296.0f + f32(lo)) * ${c((Math.PI / 2) * 2 ** -62)};
  let r = select(magnitude, -magnitude, negative);
  let r2 = r * r;
  let k = i32(q) + quarter;
  var v = select(r * ${poly("r2", sinSeries(5))}, ${poly("r2", cosSeries(6))}, (k & 1) != 0);
  v = select(v, -v, (k & 2) != 0);
  return select(v, -v, quarter == 0 && x < 0.0f);
}`],
  nt_sin: [["nt_trig"], "fn nt_sin$S(x: $F) -> $F { return nt_trig$S(x, $I(0)); }"],
  nt_cos: [["nt_trig"], "fn nt_cos$S(x: $F) -> $F { return nt_trig$S(x, $I(1)); }"],
  // x^y = e^{y ln|x|}; a negative x only for an integer y (the sign by its parity); y = 0 gives 1.
  nt_pow: [["nt_exp", "nt_log", "nt_bits"], `fn nt_pow$S(x: $F, y: $F) -> $F {
  let magnitude = nt_exp$S(y * nt_log$S(abs(x)));
  let odd = (y - 2.0f * floor(y * 0.5f)) == $F(1.0f);
  let negative = select(select(magnitude, -magnitude, odd), nt_bits$S($U(0x7fc00000u)), !(round(y) == y));
  return select(select(magnitude, negative, x < $F(0.0f)), $F(1.0f), y == $F(0.0f));
}`],
  // The counter-based generator of the CPU: key = mix(seed + mix(stream + golden)); bits = mix(mix(i ^ key) + key).
  nt_mix: [[], `fn nt_mix$S(x0: $U) -> $U {
  let x1 = (x0 ^ (x0 >> $U(16u))) * 0x7feb352du;
  let x2 = (x1 ^ (x1 >> $U(15u))) * 0x846ca68bu;
  return x2 ^ (x2 >> $U(16u));
}`],
  nt_uniform: [["nt_mix"], `fn nt_uniform$S(seed: i32, stream: u32, index: $I) -> $F {
  let key = nt_mix(bitcast<u32>(seed) + nt_mix(stream));
  let bits = nt_mix$S(nt_mix$S(bitcast<$U>(index) ^ $U(key)) + $U(key));
  return $F(bitcast<$I>(bits >> $U(8u))) * ${c(1 / 16777216)};
}`],
} as const satisfies Record<string, readonly [readonly string[], string, string?]>;

export type HelperName = keyof typeof helpers;
/** Helpers that exist only for scalars: the per-lane work of a vec4 helper. */
const scalarOnly = new Set<string>(["nt_trig_exact", "nt_mul_wide"]);
/** A helper at a width: "nt_exp" (f32) or "nt_exp4" (vec4<f32>). */
export type HelperUse = `${HelperName}` | `${HelperName}4`;

/** A helper's text at a width: its own vec4 text where it has one (a per-lane branch), else the template's. */
function instantiate(name: HelperName, lanes: 1 | 4): string {
  const v = (t: string): string => (lanes === 1 ? t : `vec4<${t}>`);
  const [, text, vec4Text] = helpers[name] as readonly [readonly string[], string, string?];
  if (lanes === 4 && vec4Text) return vec4Text;
  return text
    .replaceAll("$F", v("f32"))
    .replaceAll("$I", v("i32"))
    .replaceAll("$U", v("u32"))
    .replaceAll("$B", v("bool"))
    .replaceAll("$S", lanes === 1 ? "" : "4");
}

/** The text of the used helpers and everything they call, dependencies first, in a fixed order. @example helperText(new Set(["nt_tanh4"])) // nt_isnan4, nt_bits4, nt_exp4, nt_tanh4 */
export function helperText(used: ReadonlySet<HelperUse>): string {
  const all = new Set<HelperUse>();
  const add = (h: HelperUse): void => {
    if (all.has(h)) return;
    const [name, lanes] = h.endsWith("4") ? [h.slice(0, -1) as HelperName, 4 as const] : [h as HelperName, 1 as const];
    // Scalar-only helpers (nt_trig_exact, nt_mul_wide) are called by name from their callers' vec4 text.
    for (const d of helpers[name][0]) add((lanes === 4 && !scalarOnly.has(d) ? `${d}4` : d) as HelperUse);
    // nt_uniform4 calls the scalar nt_mix for its key.
    if (h === "nt_uniform4") add("nt_mix");
    all.add(h);
  };
  for (const h of [...used].sort()) add(h);
  return [...all].map((h) => (h.endsWith("4") ? instantiate(h.slice(0, -1) as HelperName, 4) : instantiate(h as HelperName, 1))).join("\n");
}
