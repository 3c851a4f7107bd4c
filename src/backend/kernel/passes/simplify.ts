// Layer: src/backend/kernel, pass 3 of lower.ts. Canonical index arithmetic and constant folding: affine
// addresses become `c0 + Σ ci·var` (views of views collapse to strides), casts to the same type vanish,
// operations on constants fold. Input and output: a verified Kernel with the same meaning.
import { type IndexExpr, idxAdd, idxConst, idxDiv, idxMod, idxMul, idxVar, toAffine } from "../../../graph/index-expr.js";
import type { Expr, Kernel } from "../ir.js";

/** An index in canonical form: affine when possible, else with simplified parts. */
export function simplifyIndex(e: IndexExpr): IndexExpr {
  const a = toAffine(e);
  if (a) {
    let out: IndexExpr = idxConst(0);
    for (const [v, c] of a.coeffs) out = idxAdd(out, idxMul(idxVar(v), c));
    return idxAdd(out, idxConst(a.constant));
  }
  switch (e.op) {
    case "add":
      return idxAdd(simplifyIndex(e.a), simplifyIndex(e.b));
    case "mul":
      return idxMul(simplifyIndex(e.a), e.c);
    case "div":
      return idxDiv(simplifyIndex(e.a), e.c);
    case "mod":
      return idxMod(simplifyIndex(e.a), e.c);
    default:
      return e;
  }
}

/** The rewrite of e, each distinct node once: a node shared by two parents stays shared (the generators compute it once). */
function simplifyExpr(e: Expr, memo: Map<Expr, Expr>): Expr {
  let r = memo.get(e);
  if (!r) memo.set(e, (r = simplifyExprNode(e, memo)));
  return r;
}

function simplifyExprNode(e: Expr, memo: Map<Expr, Expr>): Expr {
  switch (e.op) {
    case "idx": {
      const index = simplifyIndex(e.index);
      return index.op === "const" ? { op: "const", type: "i32", value: index.value } : { ...e, index };
    }
    case "load":
      return {
        ...e,
        index: simplifyIndex(e.index),
        ...(e.dynamic ? { dynamic: { ...e.dynamic, value: simplifyExpr(e.dynamic.value, memo) } } : {}),
        ...(e.guard ? { guard: simplifyExpr(e.guard, memo) } : {}),
      };
    case "random":
      return { ...e, index: simplifyIndex(e.index), seed: simplifyExpr(e.seed, memo) };
    case "unary":
      return { ...e, x: simplifyExpr(e.x, memo) };
    case "cast": {
      const x = simplifyExpr(e.x, memo);
      if (x.type === e.type) return x;
      if (x.op === "const") return { op: "const", type: e.type, value: e.type === "bool" ? Number(x.value !== 0) : e.type === "i32" ? Math.trunc(x.value) : x.value };
      return { ...e, x };
    }
    case "binary":
      return { ...e, a: simplifyExpr(e.a, memo), b: simplifyExpr(e.b, memo) };
    case "where": {
      const cond = simplifyExpr(e.cond, memo);
      if (cond.op === "const") return simplifyExpr(cond.value ? e.a : e.b, memo);
      return { ...e, cond, a: simplifyExpr(e.a, memo), b: simplifyExpr(e.b, memo) };
    }
    default:
      return e;
  }
}

/** The kernel with canonical indices and folded constants. @example simplifyKernel(k) */
export function simplifyKernel(k: Kernel): Kernel {
  const memo = new Map<Expr, Expr>();
  return {
    ...k,
    phases: k.phases.map((p) => ({ ...p, body: simplifyExpr(p.body, memo) })),
    value: simplifyExpr(k.value, memo),
    output: { ...k.output, index: simplifyIndex(k.output.index) },
  };
}
