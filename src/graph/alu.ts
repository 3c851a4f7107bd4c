// Layer: src/graph. THE table of scalar functions and reductions (the ALU): one exhaustive record per function —
// its dtype rule, its float64 meaning (the spec the reference interpreters run), its cost class, identity,
// commutativity and printing. The function names are its keys (UnaryFn, BinaryFn, ReduceFn): a new function is
// one entry here, and every `Record<Fn, …>` elsewhere (gradients) makes tsc list the places it must go too.
// Every pass, printer, interpreter and the front end ask this table for properties instead of branching on names.
// It lives in src/graph, not src/backend/kernel, because UnaryFn/BinaryFn/ReduceFn are declared here (node.ts)
// and the graph may not import the backend; src/backend/kernel/alu.ts re-exports it. Imports only src/graph.
import type { DType, Op } from "./node.js";

/**
 * Which operands a function takes and what it gives:
 * - `numeric`: float32 or int32 in, the same dtype out (neg, add, max, …);
 * - `float`: float32 in (ints are cast up front), float32 out (exp, div, atan2, …);
 * - `equality`: numeric operands, or two bools, bool out;
 * - `order`: numeric operands, bool out;
 * - `logical`: bool in, bool out;
 * - `bits`, `toBits`, `fromBits`: the kernel IR's bit-level operations, int32 in and out, float32 to its int32
 *   bits, and back (what the decompositions of transcendental functions are written with; no user method).
 */
export type DtypeRule = "numeric" | "float" | "equality" | "order" | "logical" | "bits" | "toBits" | "fromBits";

/**
 * How much one evaluation costs: `cheap` ops are a handful of instructions; `expensive` ones (polynomials,
 * range reductions) are worth computing once rather than once per step of a loop they do not depend on, and
 * worth stashing rather than recomputing (passes/stash.ts, passes/to-index-notation.ts).
 */
export type Cost = "cheap" | "expensive";

export interface UnaryInfo {
  readonly rule: DtypeRule;
  readonly cost: Cost;
  /** The value in float64: the spec. */
  readonly float64: (x: number) => number;
  /** The int32 value where it differs from float64's (wrapping). */
  readonly int32?: (x: number) => number;
}

export interface BinaryInfo {
  readonly rule: DtypeRule;
  readonly cost: Cost;
  readonly float64: (a: number, b: number) => number;
  readonly int32?: (a: number, b: number) => number;
  /** f(a, b) = f(b, a) for every a and b (a pass may order the operands). */
  readonly commutative: boolean;
  /** Printed `a op b` in index notation; without it, `fn(a, b)`. */
  readonly infix?: string;
}

export interface ReduceInfo {
  /** The binary function each step applies: acc = combine(acc, x). */
  readonly combine: BinaryFn;
  /** The value of an empty reduction, per dtype (a bool sum is any, a bool prod is all). */
  readonly identity: Readonly<Record<DType, number>>;
  /** acc = step(acc, x) in float64; NaN propagates through max and min once seen. */
  readonly step: (acc: number, x: number) => number;
  /**
   * The reduction of n copies of one value x (a body that does not read the reduced dims): x combined with n
   * by this binary function (a sum is x·n, a product xⁿ), or x itself (max, min).
   */
  readonly ofCopies: BinaryFn | "itself";
}

/** Rounds half to even, as WGSL's round and Wasm's nearest do. @example roundHalfEven(2.5) // 2 */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** The error function, accurate to about 1e-12 (series below 3, asymptotic expansion above). @example erf(1) // 0.8427007929497149 */
export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const a = Math.abs(x);
  if (a < 3) {
    let term = a;
    let sum = a;
    for (let n = 1; n < 80; n++) {
      term *= (-a * a) / n;
      const t = term / (2 * n + 1);
      sum += t;
      if (Math.abs(t) < 1e-17 * Math.abs(sum)) break;
    }
    return Math.sign(x) * (2 / Math.sqrt(Math.PI)) * sum;
  }
  let series = 1;
  let term = 1;
  for (let n = 1; n < 12; n++) {
    term *= -(2 * n - 1) / (2 * a * a);
    series += term;
  }
  return Math.sign(x) * (1 - (Math.exp(-a * a) / (a * Math.sqrt(Math.PI))) * series);
}

const bool = (c: boolean): number => (c ? 1 : 0);
const word = new DataView(new ArrayBuffer(4));
/** The int32 bits of x rounded to float32. @example bitsOf(1) // 0x3f800000 */
export const bitsOf = (x: number): number => (word.setFloat32(0, x), word.getInt32(0));
/** The float32 whose bits are the int32 b. @example fromBits(0x3f800000) // 1 */
export const fromBits = (b: number): number => (word.setInt32(0, b), word.getFloat32(0));
const float = (rule: "float", float64: (x: number) => number, cost: Cost = "expensive"): UnaryInfo => ({ rule, cost, float64 });

/** Every unary function. */
const unaryTable = {
  neg: { rule: "numeric", cost: "cheap", float64: (x) => -x, int32: (x) => -x | 0 },
  abs: { rule: "numeric", cost: "cheap", float64: Math.abs, int32: (x) => Math.abs(x) | 0 },
  sign: { rule: "numeric", cost: "cheap", float64: (x) => (Number.isNaN(x) ? NaN : x > 0 ? 1 : x < 0 ? -1 : 0) },
  floor: { rule: "numeric", cost: "cheap", float64: Math.floor },
  ceil: { rule: "numeric", cost: "cheap", float64: Math.ceil },
  round: { rule: "numeric", cost: "cheap", float64: roundHalfEven },
  exp: float("float", Math.exp),
  log: float("float", Math.log),
  tanh: float("float", Math.tanh),
  sin: float("float", Math.sin),
  cos: float("float", Math.cos),
  erf: float("float", erf),
  sqrt: float("float", Math.sqrt, "cheap"),
  rsqrt: float("float", (x) => 1 / Math.sqrt(x), "cheap"),
  recip: float("float", (x) => 1 / x, "cheap"),
  not: { rule: "logical", cost: "cheap", float64: (x) => bool(!x) },
  bitsOf: { rule: "toBits", cost: "cheap", float64: bitsOf },
  fromBits: { rule: "fromBits", cost: "cheap", float64: fromBits },
} satisfies Record<string, UnaryInfo>;
/** Scalar functions of one argument. */
export type UnaryFn = keyof typeof unaryTable;
export const unaryAlu: Readonly<Record<UnaryFn, UnaryInfo>> = unaryTable;

/** x^y as IEEE 754 defines it: Math.pow except 1^y = 1 and (−1)^±∞ = 1 (JavaScript gives NaN for those). */
export function ieeePow(x: number, y: number): number {
  return x === 1 || (Math.abs(x) === 1 && Math.abs(y) === Infinity) ? 1 : Math.pow(x, y);
}

/** Every binary function. `gt`/`ge` are `lt`/`le` with the operands swapped (src/ops/elementwise.ts). */
const binaryTable = {
  add: { rule: "numeric", cost: "cheap", commutative: true, infix: "+", float64: (a, b) => a + b, int32: (a, b) => (a + b) | 0 },
  sub: { rule: "numeric", cost: "cheap", commutative: false, infix: "-", float64: (a, b) => a - b, int32: (a, b) => (a - b) | 0 },
  mul: { rule: "numeric", cost: "cheap", commutative: true, infix: "*", float64: (a, b) => a * b, int32: Math.imul },
  // NaN wins in max and min (Math.max agrees), on every device.
  max: { rule: "numeric", cost: "cheap", commutative: true, float64: Math.max },
  min: { rule: "numeric", cost: "cheap", commutative: true, float64: Math.min },
  div: { rule: "float", cost: "cheap", commutative: false, infix: "/", float64: (a, b) => a / b },
  // IEEE 754 pow (C99, NumPy, PyTorch), where JavaScript's differs: 1^y = 1 and (−1)^±∞ = 1, NaN y included.
  pow: { rule: "float", cost: "expensive", commutative: false, float64: ieeePow, int32: (a, b) => ieeePow(a, b) | 0 },
  // atan2(y, x): the angle of the point (x, y), in [-π, π], signed by y's sign bit.
  atan2: { rule: "float", cost: "expensive", commutative: false, float64: Math.atan2 },
  // √(a² + b²) without overflow or underflow in between; +Infinity when either is infinite, even beside NaN.
  hypot: { rule: "float", cost: "expensive", commutative: true, float64: Math.hypot },
  eq: { rule: "equality", cost: "cheap", commutative: true, infix: "==", float64: (a, b) => bool(a === b) },
  ne: { rule: "equality", cost: "cheap", commutative: true, infix: "!=", float64: (a, b) => bool(a !== b) },
  lt: { rule: "order", cost: "cheap", commutative: false, infix: "<", float64: (a, b) => bool(a < b) },
  le: { rule: "order", cost: "cheap", commutative: false, infix: "<=", float64: (a, b) => bool(a <= b) },
  and: { rule: "logical", cost: "cheap", commutative: true, infix: "&&", float64: (a, b) => bool(!!a && !!b) },
  or: { rule: "logical", cost: "cheap", commutative: true, infix: "||", float64: (a, b) => bool(!!a || !!b) },
  // Bit-level int32 operations of the kernel IR (shift amounts in [0, 32)).
  bitAnd: { rule: "bits", cost: "cheap", commutative: true, infix: "&", float64: (a, b) => a & b },
  bitOr: { rule: "bits", cost: "cheap", commutative: true, infix: "|", float64: (a, b) => a | b },
  bitXor: { rule: "bits", cost: "cheap", commutative: true, infix: "^", float64: (a, b) => a ^ b },
  shiftLeft: { rule: "bits", cost: "cheap", commutative: false, infix: "<<", float64: (a, b) => a << b },
  shiftRight: { rule: "bits", cost: "cheap", commutative: false, infix: ">>", float64: (a, b) => a >> b },
  shiftRightLogical: { rule: "bits", cost: "cheap", commutative: false, infix: ">>>", float64: (a, b) => (a >>> b) | 0 },
} satisfies Record<string, BinaryInfo>;
/** Scalar functions of two arguments. */
export type BinaryFn = keyof typeof binaryTable;
export const binaryAlu: Readonly<Record<BinaryFn, BinaryInfo>> = binaryTable;

/** Every reduction. A bool max is any and a bool min is all. */
const reduceTable = {
  sum: { combine: "add", identity: { float32: 0, int32: 0, bool: 0 }, step: (a, v) => a + v, ofCopies: "mul" },
  prod: { combine: "mul", identity: { float32: 1, int32: 1, bool: 1 }, step: (a, v) => a * v, ofCopies: "pow" },
  // Once the accumulator is NaN it stays NaN.
  max: { combine: "max", identity: { float32: -Infinity, int32: -2147483648, bool: 0 }, step: (a, v) => (Number.isNaN(a) ? a : v > a || Number.isNaN(v) ? v : a), ofCopies: "itself" },
  min: { combine: "min", identity: { float32: Infinity, int32: 2147483647, bool: 1 }, step: (a, v) => (Number.isNaN(a) ? a : v < a || Number.isNaN(v) ? v : a), ofCopies: "itself" },
} satisfies Record<string, ReduceInfo>;
/** Associative reductions. */
export type ReduceFn = keyof typeof reduceTable;
export const reduceAlu: Readonly<Record<ReduceFn, ReduceInfo>> = reduceTable;

/**
 * A unary function's meaning at a dtype (int32 wraps).
 * @example unaryMeaning("neg", "int32")(-2147483648) // -2147483648
 */
export function unaryMeaning(fn: UnaryFn, dtype: DType): (x: number) => number {
  const info = unaryAlu[fn];
  return (dtype === "int32" && info.int32) || info.float64;
}

/**
 * A binary function's meaning at its result's dtype (int32 wraps).
 * @example binaryMeaning("mul", "int32")(65536, 65536) // 0
 */
export function binaryMeaning(fn: BinaryFn, dtype: DType): (a: number, b: number) => number {
  const info = binaryAlu[fn];
  return (dtype === "int32" && info.int32) || info.float64;
}

/**
 * Whether a graph op evaluates an expensive scalar function (its ALU cost class).
 * @example isExpensiveOp({ kind: "unary", fn: "exp" }) // true
 */
export function isExpensiveOp(op: Op): boolean {
  if (op.kind === "unary") return unaryAlu[op.fn].cost === "expensive";
  if (op.kind === "binary") return binaryAlu[op.fn].cost === "expensive";
  return false;
}
