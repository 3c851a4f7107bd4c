// Layer: src/backend/kernel, a scheduling pass used by code generators. Collapses neighbouring loops that
// every access walks contiguously (a·B + b, with b's stride times B equal to a's) into one loop over a·b, so
// an elementwise kernel over [batch, seq, hidden] becomes a single long loop that vectorises well. A pair is
// merged only when every index in the kernel stays affine afterwards, and the merged loop is no longer than
// LOOP_LIMIT (a 32-bit counter's reach, long-loops.ts); otherwise the loops are kept.
import { type IndexExpr, idxDiv, idxMod, idxVar, substitute, toAffine } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, type LoopVar, type Phase, dagRewrite, kernelExprs, walkExpr } from "../ir.js";
import { LOOP_LIMIT } from "./long-loops.js";
import { simplifyIndex } from "./simplify.js";

/** One node of e with its index rewritten by f; `again` rewrites its sub-expressions. */
function mapNode(e: Expr, f: (i: IndexExpr) => IndexExpr, again: (x: Expr) => Expr): Expr {
  switch (e.op) {
    case "idx":
      return { ...e, index: f(e.index) };
    case "load":
      return {
        ...e,
        index: f(e.index),
        ...(e.dynamic ? { dynamic: { ...e.dynamic, value: again(e.dynamic.value) } } : {}),
        ...(e.guard ? { guard: again(e.guard) } : {}),
      };
    case "random":
      return { ...e, index: f(e.index), seed: again(e.seed) };
    case "unary":
    case "cast":
      return { ...e, x: again(e.x) };
    case "binary":
      return { ...e, a: again(e.a), b: again(e.b) };
    case "where":
      return { ...e, cond: again(e.cond), a: again(e.a), b: again(e.b) };
    default:
      return e;
  }
}

function allIndices(k: Kernel): IndexExpr[] {
  const out: IndexExpr[] = [k.output.index];
  for (const e of kernelExprs(k)) walkExpr(e, (x) => void (x.op === "idx" || x.op === "load" || x.op === "random" ? out.push(x.index) : 0));
  return out;
}

/** Tries to merge loop `a` with the loop `b` right inside it (named `a`, extent a·b); undefined if not affine. */
function merge(k: Kernel, a: LoopVar, b: LoopVar): Kernel | undefined {
  const env = new Map<string, IndexExpr>([
    [a.name, idxDiv(idxVar(a.name), b.extent)],
    [b.name, idxMod(idxVar(a.name), b.extent)],
  ]);
  const rewrite = (i: IndexExpr): IndexExpr => simplifyIndex(substitute(i, env));
  // every index rewritten; shared nodes stay shared (dagRewrite)
  const mapIndices = dagRewrite((e, again) => mapNode(e, rewrite, again));
  const merged: Kernel = {
    ...k,
    phases: k.phases.map((p) => ({ ...p, body: mapIndices(p.body) })),
    value: mapIndices(k.value),
    output: { ...k.output, index: rewrite(k.output.index) },
  };
  if (!allIndices(merged).every((i) => toAffine(i))) return undefined;
  return merged;
}

function collapseList(k: Kernel, vars: readonly LoopVar[], put: (k: Kernel, vars: LoopVar[]) => Kernel): Kernel {
  let list = [...vars];
  let kernel = k;
  for (let i = list.length - 2; i >= 0; i--) {
    const [a, b] = [list[i]!, list[i + 1]!];
    // one counter never runs past what 32-bit code can count (long-loops.ts)
    if (a.extent * b.extent > LOOP_LIMIT) continue;
    const m = merge(kernel, a, b);
    if (!m) continue;
    list = [...list.slice(0, i), { name: a.name, extent: a.extent * b.extent }, ...list.slice(i + 2)];
    kernel = put(m, list);
  }
  return put(kernel, list);
}

/**
 * Collapses contiguous loops: the outer loops (when the kernel has no phases), the inner loops, and each
 * phase's loops. @example collapseLoops(k).outer // [{ name: "batch", extent: 32768 }] for a 3-d elementwise op
 */
export function collapseLoops(k: Kernel): Kernel {
  if (k.online) return k; // its loops are scheduled by its own templates (passes/online-softmax.ts)
  let kernel = k;
  if (k.phases.length === 0 && k.mode.kind === "map") kernel = collapseList(kernel, kernel.outer, (x, vars) => ({ ...x, outer: vars }));
  if (k.mode.kind === "map") kernel = collapseList(kernel, kernel.inner, (x, vars) => ({ ...x, inner: vars }));
  for (let p = 0; p < kernel.phases.length; p++) {
    kernel = collapseList(kernel, kernel.phases[p]!.vars, (x, vars) => ({
      ...x,
      phases: x.phases.map((ph, i): Phase => (i === p ? { ...ph, vars } : ph)),
    }));
  }
  return kernel;
}
