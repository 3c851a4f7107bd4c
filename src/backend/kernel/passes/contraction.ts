// Layer: src/backend/kernel, a scheduling pass (lower.ts). Recognises a contraction: a kernel whose
// one phase is Σ_k A·B and whose stored value (the epilogue: bias, activation, scale) reads that sum, from a
// register, at each output point. Its loop variables fall in four classes, like a batched matrix product
//   C[batch, m, n] = Σ_k A[batch, m, k] · B[batch, k, n]
// where m (n) are the output loops only A (only B) reads. A and B are arbitrary expressions (prologues:
// they are evaluated while packing). The pass records it on the kernel (Kernel.contraction), and code
// generators turn it into a tiled, register-blocked kernel.
import { toAffine } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, type LoopVar, loopVarsOf } from "../ir.js";

export interface Contraction {
  /** The factor that reads the m loops, and the one that reads the n loops. */
  readonly a: Expr;
  readonly b: Expr;
  readonly batch: readonly LoopVar[];
  readonly m: readonly LoopVar[];
  readonly n: readonly LoopVar[];
  readonly k: readonly LoopVar[];
}

/**
 * The contraction a kernel computes, or undefined when it is not one (then it is generated as loops).
 * @example matchContraction(lowerGraph([a.dot("k", b).node])[0].kernel)?.m // [{ name: "i", extent: 256 }]
 */
export function matchContraction(k: Kernel): Contraction | undefined {
  if (k.mode.kind !== "map" || k.phases.length !== 1 || k.inner.length !== 0) return undefined;
  const phase = k.phases[0]!;
  if (phase.fn !== "sum" || phase.type !== "f32" || k.output.type !== "f32") return undefined;
  const body = phase.body;
  if (body.op !== "binary" || body.fn !== "mul") return undefined;
  const [va, vb] = [loopVarsOf(body.a), loopVarsOf(body.b)];
  const reduce = new Set(phase.vars.map((v) => v.name));
  // Every reduced loop must be read by both factors (otherwise it is a plain sum, better as loops).
  if (![...reduce].every((r) => va.has(r) && vb.has(r))) return undefined;
  const onlyA = k.outer.filter((v) => va.has(v.name) && !vb.has(v.name));
  const onlyB = k.outer.filter((v) => vb.has(v.name) && !va.has(v.name));
  if (onlyA.length === 0 || onlyB.length === 0) return undefined;
  const batch = k.outer.filter((v) => !onlyA.includes(v) && !onlyB.includes(v));
  // n is the side the output is contiguous along, when one is: generators store a tile's rows as vectors
  // along n (an NCHW 1×1 convolution's output runs along the positions, A's side as the factors come).
  const out = toAffine(k.output.index);
  const unit = (vs: readonly LoopVar[]): boolean => out?.coeffs.get(vs[vs.length - 1]!.name) === 1;
  if (!unit(onlyB) && unit(onlyA)) return { a: body.b, b: body.a, batch, m: onlyB, n: onlyA, k: phase.vars };
  return { a: body.a, b: body.b, batch, m: onlyA, n: onlyB, k: phase.vars };
}

/**
 * The scheduling pass: the kernel with its contraction recorded, when it is one (the last pass of a list:
 * the recorded factors are the kernel's own expressions).
 * @example markContraction(kernel).contraction?.k // [{ name: "k", extent: 64 }]
 */
export function markContraction(k: Kernel): Kernel {
  const contraction = matchContraction(k);
  return contraction ? { ...k, contraction } : k;
}
