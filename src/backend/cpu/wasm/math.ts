// Layer: src/backend/cpu. Transcendental functions for generated kernels. Wasm has no exp or log, so each is a
// polynomial approximation written once in a small expression language and compiled inline either to
// scalar f32 code or to f32x4 SIMD code — the same arithmetic in both, so a vectorised loop and its scalar
// remainder agree bit for bit. Accuracy: within a few float32 ulps of the float64 reference on the ranges
// tested in test/wasm-math.test.ts. Imports only the Wasm writer.
import type { FunctionBuilder } from "./module.js";

/** A math expression: f32 or i32 values (lanes of v128 when vectorised). */
export type M =
  | { readonly k: "arg"; readonly i: number }
  | { readonly k: "f"; readonly v: number }
  | { readonly k: "i"; readonly v: number }
  | { readonly k: "op"; readonly name: OpName; readonly args: readonly M[] }
  | { readonly k: "let"; readonly id: number; readonly value: M };

/** Scalar and SIMD spellings of each operation and its result kind; comparisons give 0/1 (scalar) or
 *  all-ones masks (SIMD), which `select` and the bitwise ops treat alike. */
const ops = {
  fadd: ["f32.add", "f32x4.add", "f"], fsub: ["f32.sub", "f32x4.sub", "f"], fmul: ["f32.mul", "f32x4.mul", "f"], fdiv: ["f32.div", "f32x4.div", "f"],
  fmin: ["f32.min", "f32x4.min", "f"], fmax: ["f32.max", "f32x4.max", "f"],
  /** pmin(a, b) = b < a ? b : a — one instruction on x64; NaN in a passes through. */
  fpmin: ["", "f32x4.pmin", "f"], fpmax: ["", "f32x4.pmax", "f"], fneg: ["f32.neg", "f32x4.neg", "f"], fabs: ["f32.abs", "f32x4.abs", "f"],
  fnearest: ["f32.nearest", "f32x4.nearest", "f"], ffloor: ["f32.floor", "f32x4.floor", "f"], fsqrt: ["f32.sqrt", "f32x4.sqrt", "f"],
  flt: ["f32.lt", "f32x4.lt", "i"], fgt: ["f32.gt", "f32x4.gt", "i"], fle: ["f32.le", "f32x4.le", "i"], fge: ["f32.ge", "f32x4.ge", "i"],
  feq: ["f32.eq", "f32x4.eq", "i"], fne: ["f32.ne", "f32x4.ne", "i"],
  iadd: ["i32.add", "i32x4.add", "i"], isub: ["i32.sub", "i32x4.sub", "i"], iand: ["i32.and", "v128.and", "i"], ior: ["i32.or", "v128.or", "i"],
  ixor: ["i32.xor", "v128.xor", "i"], ishl: ["i32.shl", "i32x4.shl", "i"], ishr: ["i32.shr_s", "i32x4.shr_s", "i"], ilt: ["i32.lt_s", "i32x4.lt_s", "i"],
  ftoi: ["i32.trunc_sat_f32_s", "i32x4.trunc_sat_f32x4_s", "i"], itof: ["f32.convert_i32_s", "f32x4.convert_i32x4_s", "f"],
  bits: ["i32.reinterpret_f32", "", "i"], float: ["f32.reinterpret_i32", "", "f"],
  /** select(cond, a, b): a where cond; its kind is its operands'. */
  select: ["select", "v128.bitselect", ""],
} as const;
type OpName = keyof typeof ops;

let lets = 0;
const op = (name: OpName, ...args: M[]): M => ({ k: "op", name, args });
const f = (v: number): M => ({ k: "f", v });
const i = (v: number): M => ({ k: "i", v });
/** Evaluates once, then reuses (a local). */
const bind = (value: M): M => ({ k: "let", id: lets++, value });
const arg = (index = 0): M => ({ k: "arg", i: index });

const add = (a: M, b: M): M => op("fadd", a, b);
const sub = (a: M, b: M): M => op("fsub", a, b);
const mul = (a: M, b: M): M => op("fmul", a, b);
const select = (c: M, a: M, b: M): M => op("select", c, a, b);
/**
 * c0 + x·(c1 + x·(c2 + …)), Horner's rule, written (…·x + c1)·x + c0 so the emitted stack code keeps two
 * values live (the constant-first order left every coefficient on the stack at once, and V8 spilled).
 */
const poly = (x: M, cs: readonly number[]): M => cs.slice(0, -1).reduceRight<M>((acc, c) => add(mul(acc, x), f(c)), f(cs[cs.length - 1]!));
/** 2^n for integer n in [-126, 127], built from the exponent bits. */
const pow2 = (n: M): M => op("float", op("ishl", op("iadd", n, i(127)), i(23)));

/** Adding 1.5·2^23 rounds a float to an integer (ties to even) and leaves that integer in the low mantissa bits. */
const MAGIC = 12582912;
const MAGIC_BITS = 0x4b400000;

/**
 * e^x: x = n·ln2 + r with |r| <= ln2/2 (n rounded with the magic-number trick, which is cheaper than nearest
 * plus a saturating conversion), e^r by a degree-5 polynomial, times 2^n as 2^⌊n/2⌋·2^(n-⌊n/2⌋): the two
 * factors stay normal floats, so the products overflow to Infinity, underflow through subnormals to 0, and a
 * NaN input (which passes the pmin/pmax clamp) stays NaN through the polynomial — no selects needed.
 */
function expOf(x0: M): M {
  const x = bind(op("fpmin", op("fpmax", x0, f(-104)), f(89)));
  const t = bind(add(mul(x, f(Math.LOG2E)), f(MAGIC)));
  const n = bind(sub(t, f(MAGIC)));
  const r = bind(sub(sub(x, mul(n, f(0.693359375))), mul(n, f(-2.12194440e-4))));
  // degree 5, interpolating e^r at the Chebyshev nodes of [-ln2/2, ln2/2] (near-minimax: 1.4 ulp)
  const p = poly(r, [1.0000001192092896, 1, 0.49998870491981506, 0.16666504740715027, 0.041917506605386734, 0.008369148708879948]);
  const k = bind(op("isub", op("bits", t), i(MAGIC_BITS)));
  const half = bind(op("ishr", k, i(1)));
  return mul(mul(p, pow2(half)), pow2(op("isub", k, half)));
}

/** ln x: x = m·2^e with m in [√½, √2), ln m = 2·atanh(s), s = (m-1)/(m+1); subnormals rescaled first. */
function logOf(x0: M): M {
  const tiny = bind(op("flt", x0, f(1.1754943508222875e-38)));
  const x = bind(select(tiny, mul(x0, f(8388608)), x0));
  const b = bind(op("bits", x));
  const e0 = op("isub", op("iand", op("ishr", b, i(23)), i(0xff)), i(127));
  const m0 = bind(op("float", op("ior", op("iand", b, i(0x7fffff)), i(0x3f800000))));
  const big = bind(op("fgt", m0, f(Math.SQRT2)));
  const m = bind(select(big, mul(m0, f(0.5)), m0));
  // (comparisons are 0/1 in scalar code and all-ones in SIMD code, so select rather than mask them)
  const e = op("itof", op("isub", op("iadd", e0, select(big, i(1), i(0))), select(tiny, i(23), i(0))));
  const s = bind(op("fdiv", sub(m, f(1)), add(m, f(1))));
  const s2 = bind(mul(s, s));
  const lnm = mul(mul(f(2), s), poly(s2, [1, 1 / 3, 1 / 5, 1 / 7, 1 / 9, 1 / 11]));
  const y = add(mul(e, f(Math.LN2)), lnm);
  // x < 0 or NaN -> NaN; 0 -> -Infinity; +Infinity -> +Infinity.
  const finite = select(op("feq", x0, f(Infinity)), f(Infinity), y);
  const zero = select(op("feq", x0, f(0)), f(-Infinity), finite);
  return select(op("fge", x0, f(0)), zero, f(NaN));
}

/** tanh: an odd polynomial near 0, else ±(1 - 2/(e^{2|x|} + 1)). */
function tanhOf(x0: M): M {
  const x = bind(x0);
  const a = bind(op("fabs", x));
  const x2 = bind(mul(x, x));
  const small = mul(x, poly(x2, [1, -1 / 3, 2 / 15, -17 / 315, 62 / 2835, -1382 / 155925]));
  const big = sub(f(1), op("fdiv", f(2), add(expOf(mul(a, f(2))), f(1))));
  const signed = op("float", op("ior", op("bits", big), op("iand", op("bits", x), i(-2147483648))));
  return select(op("flt", a, f(0.3)), small, signed);
}

/** sin or cos: x = k·π/2 + r with |r| <= π/4 (three-part π/2), then the quadrant picks ±sin r or ±cos r. */
function trig(x0: M, cosine: boolean): M {
  const x = bind(x0);
  const kf = bind(op("fnearest", mul(x, f(2 / Math.PI))));
  const r = bind(sub(sub(sub(x, mul(kf, f(1.5703125))), mul(kf, f(4.837512969970703125e-4))), mul(kf, f(7.549789948768648e-8))));
  const r2 = bind(mul(r, r));
  const s = bind(mul(r, poly(r2, [1, -1 / 6, 1 / 120, -1 / 5040, 1 / 362880])));
  const c = bind(poly(r2, [1, -1 / 2, 1 / 24, -1 / 720, 1 / 40320, -1 / 3628800]));
  const q = bind(op("iadd", op("ftoi", kf), i(cosine ? 1 : 0)));
  const useCos = bind(op("iand", q, i(1)));
  const odd = op("ilt", i(0), useCos);
  const value = select(odd, c, s);
  const negate = op("ilt", i(0), op("iand", q, i(2)));
  return select(negate, op("fneg", value), value);
}

/** erf: its Taylor series for |x| <= 1, else 1 - (a1·t + … + a5·t⁵)·e^{-x²} with t = 1/(1 + p|x|). */
function erfOf(x0: M): M {
  const x = bind(x0);
  const a = bind(op("fabs", x));
  const x2 = bind(mul(x, x));
  const taylor = [1, -1 / 3, 1 / 10, -1 / 42, 1 / 216, -1 / 1320, 1 / 9360, -1 / 75600, 1 / 685440, -1 / 6894720];
  const small = mul(mul(x, f(2 / Math.sqrt(Math.PI))), poly(x2, taylor));
  const t = bind(op("fdiv", f(1), add(f(1), mul(f(0.3275911), a))));
  const tail = mul(mul(t, poly(t, [0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429])), expOf(op("fneg", x2)));
  const big = sub(f(1), tail);
  const signed = op("float", op("ior", op("bits", big), op("iand", op("bits", x), i(-2147483648))));
  return select(op("fle", a, f(1)), small, signed);
}

/** x^y = e^{y·ln|x|}, negative x only for integer y (sign by parity), y = 0 gives 1. */
function powOf(x0: M, y0: M): M {
  const [x, y] = [bind(x0), bind(y0)];
  const magnitude = bind(expOf(mul(y, logOf(op("fabs", x)))));
  const integer = bind(op("feq", op("fnearest", y), y));
  const oddY = op("feq", sub(y, mul(f(2), op("ffloor", mul(y, f(0.5))))), f(1));
  const negative = select(integer, select(oddY, op("fneg", magnitude), magnitude), f(NaN));
  const result = select(op("flt", x, f(0)), negative, magnitude);
  return select(op("feq", y, f(0)), f(1), result);
}

export const mathFunctions = {
  exp: () => expOf(arg()),
  log: () => logOf(arg()),
  tanh: () => tanhOf(arg()),
  sin: () => trig(arg(), false),
  cos: () => trig(arg(), true),
  erf: () => erfOf(arg()),
  pow: () => powOf(arg(0), arg(1)),
} as const;
export type MathFunction = keyof typeof mathFunctions;

const definitions = new Map<MathFunction, M>();
const definition = (name: MathFunction): M => {
  let d = definitions.get(name);
  if (!d) definitions.set(name, (d = mathFunctions[name]()));
  return d;
};

/**
 * Emits `name` applied to the values in the argument locals (f32 scalars, or v128 when `vector`), leaving
 * the result on the stack. @example emitMath(f, "exp", true, [x]) // f32x4 e^x
 */
export function emitMath(fb: FunctionBuilder, name: MathFunction, vector: boolean, args: readonly number[]): void {
  const locals = new Map<number, number>();
  const emit = (m: M): "f" | "i" => {
    switch (m.k) {
      case "arg":
        fb.get(args[m.i]!);
        return "f";
      case "f":
        if (vector) fb.v128f(m.v);
        else fb.f32(m.v);
        return "f";
      case "i":
        if (vector) fb.v128i([m.v, m.v, m.v, m.v]);
        else fb.i32(m.v);
        return "i";
      case "let": {
        const known = locals.get(m.id);
        if (known !== undefined) {
          fb.get(known);
          return kindOf(m.value);
        }
        const kind = emit(m.value);
        const local = fb.local(vector ? "v128" : kind === "f" ? "f32" : "i32");
        fb.tee(local);
        locals.set(m.id, local);
        return kind;
      }
      case "op": {
        const [scalar, simd, kind] = ops[m.name];
        if (vector && (m.name === "ishl" || m.name === "ishr")) {
          emit(m.args[0]!);
          const amount = m.args[1]!;
          if (amount.k !== "i") throw new Error("internal: vector shifts need a constant amount");
          fb.i32(amount.v).op(simd);
          return "i";
        }
        if (!vector && (m.name === "fpmin" || m.name === "fpmax")) {
          // b < a ? b : a (pmin) and a < b ? b : a (pmax), as select(b, a, cond)
          const [a, b] = [fb.local("f32"), fb.local("f32")];
          emit(m.args[0]!);
          fb.set(a);
          emit(m.args[1]!);
          fb.set(b);
          fb.get(b).get(a);
          if (m.name === "fpmin") fb.get(b).get(a).op("f32.lt");
          else fb.get(a).get(b).op("f32.lt");
          fb.op("select");
          return "f";
        }
        if (m.name === "select") {
          // scalar select takes (a, b, cond); v128.bitselect takes (a, b, mask)
          emit(m.args[1]!);
          const kind = emit(m.args[2]!);
          emit(m.args[0]!);
          fb.op(vector ? simd : scalar);
          return kind;
        }
        for (const a of m.args) emit(a);
        const name = vector ? simd : scalar;
        if (name) fb.op(name);
        return kind as "f" | "i";
      }
    }
  };
  emit(definition(name));
}

function kindOf(m: M): "f" | "i" {
  if (m.k === "f" || m.k === "arg") return "f";
  if (m.k === "i") return "i";
  if (m.k === "let") return kindOf(m.value);
  return m.name === "select" ? kindOf(m.args[1]!) : (ops[m.name][2] as "f" | "i");
}
