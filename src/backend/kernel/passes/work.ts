// Layer: src/backend/kernel, the planner's cost model (plan.ts): the arithmetic a scheduled kernel does, and the
// arithmetic the nodes it computes would do evaluated one by one (each once per element). The planner compares
// the two for every kernel it forms, so a kernel never recomputes more than fusing it saves;
// test/unit/planner-work.test.ts counts the CPU program the same way, independently. Operations weigh what
// they cost on the CPU: an expensive function of the ALU table (exp, tanh, …) or a random draw 16, a division
// or root 4, anything else 1. Imports src/graph and the kernel IR.
import type { Node } from "../../../graph/node.js";
import { binaryAlu, unaryAlu } from "../alu.js";
import { type BinaryFn, type Expr, type Kernel, type UnaryFn, children, exprDeps, kernelExprs, onlineExprs } from "../ir.js";

/** The weight of an expensive function (or a random draw) in simple operations. */
export const EXPENSIVE_WEIGHT = 16;
/** The weight of a division or a root. */
export const DIVISION_WEIGHT = 4;
const DIVISION: ReadonlySet<string> = new Set(["div", "recip", "sqrt", "rsqrt"]);

/** What one evaluation of a unary or binary function costs. @example fnWeight("exp") // 16 */
export function fnWeight(fn: UnaryFn | BinaryFn): number {
  const info = (unaryAlu as Record<string, { cost: string } | undefined>)[fn] ?? (binaryAlu as Record<string, { cost: string }>)[fn]!;
  return info.cost === "expensive" ? EXPENSIVE_WEIGHT : DIVISION.has(fn) ? DIVISION_WEIGHT : 1;
}

/**
 * The arithmetic of one kernel: each distinct operation of its DAG (a code generator computes a shared node once
 * per point) once per point of the loops it reads (invariants are hoisted; a phase's result varies with the
 * loops around its reduction), and each reduction's combine once per point of its loops. An online
 * softmax-weighted kernel counts its loop over `online.vars` the same way, with its accumulation.
 * @example kernelArithmetic(expSumKernel) // 17 · points: the exp and the sum's add
 */
export function kernelArithmetic(k: Kernel): number {
  const o = k.online;
  const extents = new Map<string, number>();
  for (const v of [...k.outer, ...k.inner, ...k.phases.flatMap((p) => p.vars), ...(o ? [...o.vars, ...o.phases.flatMap((p) => p.vars), ...(o.accumulations ?? []).flatMap((a) => a.inner)] : [])])
    extents.set(v.name, v.extent);
  const around = [...k.outer, ...(o ? o.vars : [])].map((v) => v.name);
  const memo = new Map<Expr, ReadonlySet<string>>();
  const seen = new Set<Expr>();
  let work = 0;
  const points = (e: Expr): number => {
    const vars = new Set<string>();
    for (const v of exprDeps(memo, e, k.output.index)) for (const x of v.startsWith("%") ? around : [v]) vars.add(x);
    let n = 1;
    for (const v of vars) n *= extents.get(v) ?? 1;
    return n;
  };
  const visit = (e: Expr): void => {
    if (seen.has(e)) return;
    seen.add(e);
    if (e.op === "unary" || e.op === "binary") work += fnWeight(e.fn) * points(e);
    else if (e.op === "where" || e.op === "cast") work += points(e);
    else if (e.op === "random") work += EXPENSIVE_WEIGHT * points(e);
    for (const c of children(e)) visit(c);
  };
  for (const e of [...kernelExprs(k), ...onlineExprs(k), ...k.phases.flatMap((p) => (p.stash ? [p.stash] : []))]) visit(e);
  const product = (vs: readonly { extent: number }[]): number => vs.reduce((n, v) => n * v.extent, 1);
  for (const p of k.phases) work += product([...k.outer, ...p.vars]);
  if (o) {
    for (const p of o.phases) work += product([...k.outer, ...o.vars, ...p.vars]);
    work += product([...k.outer, ...o.vars]) * (1 + (2 + (o.rescale.op === "const" ? 0 : 1)) * product(k.inner));
    // a further weighted sum's multiply-add per point of its inner loops (ir.ts Accumulation)
    for (const a of o.accumulations ?? []) work += product([...k.outer, ...o.vars]) * 2 * product(a.inner);
  }
  return work;
}

/**
 * The arithmetic of evaluating n alone, once per element: its function's weight, a reduction's combine per
 * input element, a pad's bound tests, an index's conversion to float.
 * @example nodeArithmetic(x.exp().node) // 16 · x.numel
 */
export function nodeArithmetic(n: Node): number {
  const op = n.op;
  if (op.kind === "unary" || op.kind === "binary") return fnWeight(op.fn) * n.numel;
  if (op.kind === "where" || op.kind === "cast") return n.numel;
  if (op.kind === "random") return EXPENSIVE_WEIGHT * n.numel;
  if (op.kind === "iota") return n.dtype !== "int32" ? n.numel : 0;
  if (op.kind === "reduce") return n.inputs[0]!.numel;
  if (op.kind === "view") return (3 * op.map.bounds.length + (op.map.bounds.length ? 1 : 0)) * n.numel;
  return 0;
}
