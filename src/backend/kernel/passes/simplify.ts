// Layer: src/backend/kernel, pass 3 of lower.ts. Canonical index arithmetic and constant folding: affine
// addresses become `c0 + Σ ci·var` (views of views collapse to strides), casts to the same type vanish,
// operations on constants fold. Input and output: a verified Kernel with the same meaning.
import { type IndexExpr, idxAdd, idxConst, idxDiv, idxMod, idxMul, idxVar, toAffine } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, dagRewrite, mapOnline } from "../ir.js";

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

/** One node of e with canonical indices and folded constants; `again` simplifies its sub-expressions. */
function simplifyNode(e: Expr, again: (x: Expr) => Expr): Expr {
  switch (e.op) {
    case "idx": {
      const index = simplifyIndex(e.index);
      return index.op === "const" ? { op: "const", type: "i32", value: index.value } : { ...e, index };
    }
    case "load":
      return {
        ...e,
        index: simplifyIndex(e.index),
        ...(e.dynamic ? { dynamic: { ...e.dynamic, value: again(e.dynamic.value) } } : {}),
        ...(e.guard ? { guard: again(e.guard) } : {}),
      };
    case "random":
      return { ...e, index: simplifyIndex(e.index), seed: again(e.seed) };
    case "unary":
      return { ...e, x: again(e.x) };
    case "cast": {
      const x = again(e.x);
      if (x.type === e.type) return x;
      if (x.op === "const") return { op: "const", type: e.type, value: e.type === "bool" ? Number(x.value !== 0) : e.type === "i32" ? Math.trunc(x.value) : x.value };
      return { ...e, x };
    }
    case "binary":
      return { ...e, a: again(e.a), b: again(e.b) };
    case "where": {
      const cond = again(e.cond);
      if (cond.op === "const") return again(cond.value ? e.a : e.b);
      return { ...e, cond, a: again(e.a), b: again(e.b) };
    }
    default:
      return e;
  }
}

/** The kernel with canonical indices and folded constants. @example simplifyKernel(k) */
export function simplifyKernel(k: Kernel): Kernel {
  // shared nodes stay shared (dagRewrite)
  const simplify = dagRewrite(simplifyNode);
  const out: Kernel = {
    ...k,
    phases: k.phases.map((p) => ({ ...p, body: simplify(p.body) })),
    value: simplify(k.value),
    output: { ...k.output, index: simplifyIndex(k.output.index) },
  };
  return mapOnline(out, simplify);
}
