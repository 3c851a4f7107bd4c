// Layer: src/backend/kernel, a code generation pass. Each code generator declares which scalar functions it has
// natively (a `NativeFunctions` set beside its syntax); this pass rewrites every other function — and every random
// draw — into IR arithmetic the target does have, written once (transcendental.ts, trig.ts, the generator below),
// so every target computes the same float32 operations. Unchanged subtrees keep their identity, and one input node
// becomes one output node (stash and hoisting match expressions by object); the result is a DAG. Runs last, on
// the kernel a generator emits. The structural hash and the interpreters see the undecomposed kernel: the
// interpreters run the ALU table's float64 meanings, the spec these decompositions approximate (the kernel
// interpreter can run a decomposed kernel too, in float64, as test/decompose.test.ts does). Imports the IR, its
// builders and the math files.
import { type BinaryFn, type Expr, type Kernel, type UnaryFn, dagRewrite, mapChildren, mapOnline } from "../ir.js";
import { bin, f32, i32, mul } from "../build-expr.js";
import { atan2Of, erfOf, expOf, hypotOf, logOf, powOf, tanhOf } from "./transcendental.js";
import { trigOf } from "./trig.js";
import { InternalError } from "../../../types/errors.js";

/** The functions a target evaluates itself; every other one is decomposed (and must have a decomposition). */
export interface NativeFunctions {
  readonly unary: ReadonlySet<UnaryFn>;
  readonly binary: ReadonlySet<BinaryFn>;
}

/** How a function is written over the IR: its arguments in, its value out (f32 only so far). */
type Decomposition = (...args: Expr[]) => Expr;

/** The decompositions, by function; a function a target lacks must have one. */
const unaryDecompositions: Partial<Record<UnaryFn, Decomposition>> = {
  exp: expOf,
  log: logOf,
  tanh: tanhOf,
  erf: erfOf,
  sin: (x) => trigOf(x, false),
  cos: (x) => trigOf(x, true),
};
const binaryDecompositions: Partial<Record<BinaryFn, Decomposition>> = { pow: powOf, atan2: atan2Of, hypot: hypotOf };

/** The 32-bit mixing function of the generator ("lowbias32"), over int32 bits with logical shifts. */
function mix(x: Expr): Expr {
  const step = (v: Expr, shift: number, factor: number): Expr => mul(bin("bitXor", v, bin("shiftRightLogical", v, i32(shift))), i32(factor));
  const x2 = step(step(x, 16, 0x7feb352d), 15, 0x846ca68b);
  return bin("bitXor", x2, bin("shiftRightLogical", x2, i32(16)));
}
/** mix on a JavaScript number (a kernel constant is mixed once, here). */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return x ^ (x >>> 16);
}

/**
 * The counter-based generator of src/backend/cpu/random.ts (its spec, which the interpreters run) over the IR:
 * key = mix(seed + mix(stream + golden)); bits = mix(mix(index ^ key) + key); value = (bits >>> 8) / 2^24.
 */
function uniformOf(e: Extract<Expr, { op: "random" }>): Expr {
  const key = mix(bin("add", e.seed, i32(mix32((e.stream + 0x9e3779b9) | 0))));
  const index: Expr = { op: "idx", type: "i32", index: e.index };
  const bits = mix(bin("add", mix(bin("bitXor", index, key)), key));
  return mul({ op: "cast", type: "f32", x: bin("shiftRightLogical", bits, i32(8)) }, f32(1 / 16777216));
}

/**
 * The kernel with every function the target lacks written in IR arithmetic it has.
 * @example decomposeKernel(k, wasmNative) // atan2(in0[i], in1[i]) becomes selects over abs, max, min, div, …
 */
export function decomposeKernel(k: Kernel, native: NativeFunctions): Kernel {
  const rewrite = dagRewrite((e, again) => {
    const out = mapChildren(e, again);
    if (out.op === "unary" && !native.unary.has(out.fn)) return again(expand(unaryDecompositions[out.fn], out.fn, [out.x]));
    if (out.op === "binary" && !native.binary.has(out.fn)) return again(expand(binaryDecompositions[out.fn], out.fn, [out.a, out.b]));
    if (out.op === "random") return again(uniformOf(out));
    return out;
  });
  const out: Kernel = {
    ...k,
    phases: k.phases.map((p) => ({ ...p, body: rewrite(p.body), ...(p.stash ? { stash: rewrite(p.stash) } : {}) })),
    value: rewrite(k.value),
  };
  return mapOnline(out, rewrite);
}

function expand(d: Decomposition | undefined, fn: string, args: Expr[]): Expr {
  if (!d) throw new InternalError(`internal: the target has no ${fn} and there is no decomposition of it`);
  return d(...args);
}
