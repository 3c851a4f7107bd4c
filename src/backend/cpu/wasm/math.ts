// Layer: src/backend/cpu. Transcendental functions for generated kernels. Wasm has no exp or log, so each is a
// polynomial approximation written once in a small expression language and compiled inline either to
// scalar f32 code or to f32x4 SIMD code — the same arithmetic in both, so a vectorised loop and its scalar
// remainder agree bit for bit. Accuracy: within a few float32 ulps of the float64 reference on the ranges
// tested in test/wasm-math.test.ts, and for sin and cos on every float32 (Payne–Hanek past TRIG_EXACT_FROM).
// Imports the Wasm writer and the shared math constants.
import { TRIG_EXACT_FROM, cosSeries, sinSeries, twoOverPiWords } from "../../kernel/math-constants.js";
import { FunctionBuilder } from "./module.js";

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
  const s = bind(mul(r, poly(r2, sinSeries(5))));
  const c = bind(poly(r2, cosSeries(6)));
  const q = bind(op("iadd", op("ftoi", kf), i(cosine ? 1 : 0)));
  const useCos = bind(op("iand", q, i(1)));
  const odd = op("ilt", i(0), useCos);
  const value = select(odd, c, s);
  const negate = op("ilt", i(0), op("iand", q, i(2)));
  return select(negate, op("fneg", value), value);
}

let exactTrigFunction: FunctionBuilder | undefined;
/**
 * $exact_trig(x: f32, cosine: i32) -> f32: sin x (or cos x) for any float32 x with |x| >= TRIG_EXACT_FROM,
 * with Payne–Hanek reduction. x = m·2^e (m a 24-bit integer); x·2/π mod 4 needs only the bits of 2/π from
 * 2^-(e-1) on (the earlier ones give multiples of 4), so a 96-bit window W of them makes m·W, whose bits 32..95
 * are x·2/π mod 4 with 62 fraction bits — far more than float32's worst cancellation needs. The remainder
 * r ∈ [-π/4, π/4] goes through float64 series. Rarely called (a kernel branches to it only for large lanes).
 */
function exactTrig(): FunctionBuilder {
  if (exactTrigFunction) return exactTrigFunction;
  const f = new FunctionBuilder("exact_trig", ["f32", "i32"], ["f32"]);
  const [x, cosine] = [0, 1];
  const [bits, exponent, start, shift] = [f.local("i32"), f.local("i32"), f.local("i32"), f.local("i64")];
  const words = [f.local("i64"), f.local("i64"), f.local("i64"), f.local("i64")];
  const [m, t, q] = [f.local("i64"), f.local("i64"), f.local("i64")];
  const [r, r2, value] = [f.local("f64"), f.local("f64"), f.local("f64")];
  const table = twoOverPiWords();
  f.get(x).op("i32.reinterpret_f32").tee(bits).i32(23).op("i32.shr_u").i32(255).op("i32.and").tee(exponent);
  f.i32(255).op("i32.eq").if().get(x).get(x).op("f32.sub").op("return").end(); // ±Infinity and NaN: NaN
  // m, and the bit of the zero-padded table where the window starts: 64 + (e − 2) with e = exponent − 150.
  f.get(bits).i32(0x7fffff).op("i32.and").i32(0x800000).op("i32.or").op("i64.extend_i32_u").set(m);
  f.get(exponent).i32(150 - 62).op("i32.sub").tee(start).i32(31).op("i32.and").op("i64.extend_i32_u").set(shift);
  f.get(start).i32(5).op("i32.shr_u").set(start); // now the word index
  for (const [n, w] of words.entries()) {
    // words[n] = table[start + n], by a chain of selects (no memory of its own to index)
    f.i64(table[table.length - 1]!).set(w);
    for (let k = table.length - 2; k >= 0; k--) f.i64(table[k]!).get(w).get(start).i32(k - n).op("i32.eq").op("select").set(w);
  }
  // The three 32-bit words of the window: (words[n]·2^32 + words[n+1]) << shift, top half.
  const window = (n: number): void => {
    f.get(words[n]!).i64(32n).op("i64.shl").get(words[n + 1]!).op("i64.or").get(shift).op("i64.shl").i64(32n).op("i64.shr_u");
  };
  // t = (m·W >> 32) mod 2^64 = (m·w0 << 32) + m·w1 + (m·w2 >> 32)
  f.get(m);
  window(0);
  f.op("i64.mul").i64(32n).op("i64.shl").get(m);
  window(1);
  f.op("i64.mul").op("i64.add").get(m);
  window(2);
  f.op("i64.mul").i64(32n).op("i64.shr_u").op("i64.add").tee(t);
  // the nearest quadrant q = round(t / 2^62) mod 4, and r = (t − q·2^62)·2^-62·π/2
  f.i64(1n << 61n).op("i64.add").i64(62n).op("i64.shr_u").set(q);
  f.get(t).get(q).i64(62n).op("i64.shl").op("i64.sub").op("f64.convert_i64_s").f64((Math.PI / 2) * 2 ** -62).op("f64.mul").tee(r);
  f.get(r).op("f64.mul").set(r2);
  const horner = (cs: readonly number[]): void => {
    f.f64(cs[cs.length - 1]!);
    for (let k = cs.length - 2; k >= 0; k--) f.get(r2).op("f64.mul").f64(cs[k]!).op("f64.add");
  };
  // quadrant q + cosine: odd picks cos r, 2 and 3 negate
  f.get(q).op("i32.wrap_i64").get(cosine).op("i32.add").tee(start);
  f.i32(1).op("i32.and").if("f64");
  horner(cosSeries(7));
  f.else();
  horner(sinSeries(7));
  f.get(r).op("f64.mul").end().set(value);
  f.get(value).op("f64.neg").get(value).get(start).i32(2).op("i32.and").op("select").set(value);
  // sin is odd: the reduction used |x|
  f.get(value).op("f64.neg").get(value).get(cosine).op("i32.eqz").get(x).f32(0).op("f32.lt").op("i32.and").op("select");
  f.op("f32.demote_f64");
  return (exactTrigFunction = f);
}

/**
 * Replaces the fast sin/cos value on the stack with `exactTrig`'s where |x| >= TRIG_EXACT_FROM: a scalar
 * branch, or for four lanes one test of all of them and then a branch per lane (the common case costs a
 * compare and an any_true). The scalar and SIMD forms stay bit-identical.
 */
function exactForLargeArguments(fb: FunctionBuilder, vector: boolean, x: number, cosine: boolean): void {
  const fast = fb.local(vector ? "v128" : "f32");
  fb.set(fast);
  const large = (lane: number | undefined): void => {
    /** The f32 of `local`: the value itself, or one lane of it. */
    const read = (local: number): FunctionBuilder => (lane === undefined ? fb.get(local) : fb.get(local).lane("f32x4.extract_lane", lane));
    read(x).op("f32.abs").f32(TRIG_EXACT_FROM).op("f32.ge").if("f32");
    read(x).i32(cosine ? 1 : 0).call(exactTrig()).else();
    read(fast).end();
  };
  if (!vector) {
    large(undefined);
    return;
  }
  fb.get(x).op("f32x4.abs").v128f(TRIG_EXACT_FROM).op("f32x4.ge").op("v128.any_true").if();
  for (let lane = 0; lane < 4; lane++) {
    fb.get(fast);
    large(lane);
    fb.lane("f32x4.replace_lane", lane).set(fast);
  }
  fb.end().get(fast);
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
  if (name === "sin" || name === "cos") exactForLargeArguments(fb, vector, args[0]!, name === "cos");
}

function kindOf(m: M): "f" | "i" {
  if (m.k === "f" || m.k === "arg") return "f";
  if (m.k === "i") return "i";
  if (m.k === "let") return kindOf(m.value);
  return m.name === "select" ? kindOf(m.args[1]!) : (ops[m.name][2] as "f" | "i");
}
