// Layer: src/backend/kernel, a code generation pass. Each code generator declares which scalar functions it has
// natively (a `NativeFunctions` table beside its syntax); this pass rewrites every other function into IR
// arithmetic the target does have, written once here, so every target computes the same float32 operations.
// Unchanged subtrees keep their identity, and one input node becomes one output node (stash and hoisting
// match expressions by object). Runs after the scheduling passes, on the kernel a generator emits; the
// structural hash and the interpreters see the undecomposed kernel (the interpreters run the ALU table's
// float64 meanings, the spec these decompositions approximate). Imports the IR, its builders and the ALU table.
import { add, bin, div, eq, f32, lt, mul, or, poly, signBit, sub, un, where } from "../build-expr.js";
import type { BinaryFn, Expr, Kernel, UnaryFn } from "../ir.js";

/** The functions a target evaluates itself; every other one is decomposed (and must have a decomposition). */
export interface NativeFunctions {
  readonly unary: ReadonlySet<UnaryFn>;
  readonly binary: ReadonlySet<BinaryFn>;
}

/** How a function is written over the IR: its arguments in, its value out (f32 only so far). */
type Decomposition = (...args: Expr[]) => Expr;

/**
 * atan2(y, x) by octant reduction: t = min(|x|,|y|) / max(|x|,|y|) in [0, 1]; past tan(π/8), atan t =
 * π/4 + atan((t − 1)/(t + 1)), so the polynomial (Cephes' atanf, about 2 ulp) sees |u| ≤ tan(π/8); then the
 * octant is undone: |y| > |x| reflects about π/4, a negative x (−0 included) about π/2, y's sign bit sets the
 * sign. Both zero reads t = 0 (atan2(±0, ±0) = ±0 or ±π) and both infinite t = 1 (±π/4, ±3π/4); NaN stays NaN.
 */
function atan2Of(y: Expr, x: Expr): Expr {
  const [ax, ay] = [un("abs", x), un("abs", y)];
  const [hi, lo] = [bin("max", ax, ay), bin("min", ax, ay)];
  const t = where(eq(hi, f32(0)), f32(0), where(eq(lo, hi), f32(1), div(lo, hi)));
  const big = lt(f32(Math.SQRT2 - 1), t);
  const u = where(big, div(sub(t, f32(1)), add(t, f32(1))), t);
  const u2 = mul(u, u);
  const atanU = add(mul(mul(u, u2), poly(u2, [-3.33329491539e-1, 1.99777106478e-1, -1.38776856032e-1, 8.05374449538e-2])), u);
  // c ± v as (c_lo ± v) + c_hi: c_hi is c rounded to float32 and c_lo the rest, so c adds no rounding error.
  const plus = (c: number, v: Expr, sign: 1 | -1): Expr => {
    const hi = Math.fround(c);
    const low = f32(c - hi);
    return add(sign > 0 ? add(low, v) : sub(low, v), f32(hi));
  };
  const octant = where(big, plus(Math.PI / 4, atanU, 1), atanU);
  const quadrant = where(lt(ax, ay), plus(Math.PI / 2, octant, -1), octant);
  const half = where(signBit(x), plus(Math.PI, quadrant, -1), quadrant);
  return where(signBit(y), un("neg", half), half);
}

/**
 * hypot(a, b) = M·√(1 + (m/M)²) with M = max(|a|, |b|) and m the other: no intermediate overflows or underflows
 * (m/M ≤ 1), so huge and tiny arguments keep their precision. An infinite argument gives +Infinity even beside a
 * NaN (IEEE 754, as Math.hypot); both zero give 0 (where m/M is 0/0).
 */
function hypotOf(a: Expr, b: Expr): Expr {
  const [ax, ay] = [un("abs", a), un("abs", b)];
  const [hi, lo] = [bin("max", ax, ay), bin("min", ax, ay)];
  const r = div(lo, hi);
  const h = mul(hi, un("sqrt", add(f32(1), mul(r, r))));
  const inf = f32(Infinity);
  return where(or(eq(ax, inf), eq(ay, inf)), inf, where(eq(hi, f32(0)), f32(0), h));
}

/** The decompositions, by function; a function a target lacks must have one. */
const unaryDecompositions: Partial<Record<UnaryFn, Decomposition>> = {};
const binaryDecompositions: Partial<Record<BinaryFn, Decomposition>> = { atan2: atan2Of, hypot: hypotOf };

/** e with its children replaced by `rewrite`'s; e itself when none changed. */
function mapChildren(e: Expr, rewrite: (x: Expr) => Expr): Expr {
  switch (e.op) {
    case "unary":
    case "cast": {
      const x = rewrite(e.x);
      return x === e.x ? e : { ...e, x };
    }
    case "binary": {
      const [a, b] = [rewrite(e.a), rewrite(e.b)];
      return a === e.a && b === e.b ? e : { ...e, a, b };
    }
    case "where": {
      const [cond, a, b] = [rewrite(e.cond), rewrite(e.a), rewrite(e.b)];
      return cond === e.cond && a === e.a && b === e.b ? e : { ...e, cond, a, b };
    }
    case "load": {
      const guard = e.guard && rewrite(e.guard);
      const value = e.dynamic && rewrite(e.dynamic.value);
      if (guard === e.guard && value === e.dynamic?.value) return e;
      return { ...e, ...(guard ? { guard } : {}), ...(e.dynamic && value ? { dynamic: { ...e.dynamic, value } } : {}) };
    }
    case "random": {
      const seed = rewrite(e.seed);
      return seed === e.seed ? e : { ...e, seed };
    }
    default:
      return e;
  }
}

/**
 * The kernel with every function the target lacks written in IR arithmetic it has.
 * @example decomposeKernel(k, wasmNative) // atan2(in0[i], in1[i]) becomes selects over abs, max, min, div, …
 */
export function decomposeKernel(k: Kernel, native: NativeFunctions): Kernel {
  const memo = new Map<Expr, Expr>();
  const rewrite = (e: Expr): Expr => {
    let out = memo.get(e);
    if (out) return out;
    out = mapChildren(e, rewrite);
    if (out.op === "unary" && !native.unary.has(out.fn)) out = rewrite(expand(unaryDecompositions[out.fn], out.fn, [out.x]));
    else if (out.op === "binary" && !native.binary.has(out.fn)) out = rewrite(expand(binaryDecompositions[out.fn], out.fn, [out.a, out.b]));
    memo.set(e, out);
    return out;
  };
  return {
    ...k,
    phases: k.phases.map((p) => ({ ...p, body: rewrite(p.body), ...(p.stash ? { stash: rewrite(p.stash) } : {}) })),
    value: rewrite(k.value),
  };
}

function expand(d: Decomposition | undefined, fn: string, args: Expr[]): Expr {
  if (!d) throw new Error(`internal: the target has no ${fn} and there is no decomposition of it`);
  return d(...args);
}
