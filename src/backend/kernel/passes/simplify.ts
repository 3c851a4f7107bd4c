// Layer: src/backend/kernel, pass 3 of lower.ts. Canonical index arithmetic and constant folding: affine
// addresses become `c0 + Σ ci·var` (views of views collapse to strides), casts to the same type vanish,
// operations on constants fold. Input and output: a verified Kernel with the same meaning.
import { type IndexExpr, idxAdd, idxConst, idxDiv, idxMod, idxMul, idxVar, toAffine } from "../../../graph/index-expr.js";
import { reduceAlu } from "../alu.js";
import { type Expr, type Kernel, type Phase, dagRewrite, loopVarsOf, mapOnline } from "../ir.js";

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
  // A loop of no points never reads its body: a reduction over an empty dim is its identity, and a kernel with
  // no output elements computes nothing. Their bodies become constants, so that no load in them (a gather's
  // checked index) runs once anyway after a code generator hoists it out of its loops as invariant.
  const empty = k.output.length === 0 && !k.online && !k.contraction;
  const zero = (type: Expr["type"]): Expr => ({ op: "const", type, value: 0 });
  const out: Kernel = {
    ...k,
    phases: k.phases.map((p) => foldCopies({ ...p, body: empty || p.vars.some((v) => v.extent === 0) ? zero(p.body.type) : simplify(p.body) })),
    value: empty ? zero(k.value.type) : simplify(k.value),
    output: { ...k.output, index: simplifyIndex(k.output.index) },
  };
  return mapOnline(out, simplify);
}

/**
 * A reduction whose body does not read its own loop variables reduces n copies of one value: folded by the ALU
 * table's `ofCopies` (Σ_i c = c·n, max_i c = c) into a loop of one point. Exact where the loop would round
 * (a float32 sum of 2^29 ones stalls at 2^24 sequentially), and what makes a sum over more points than the
 * kernels' 32-bit counters reach computable (ones of 2^32 + 5 elements). Float32 only for the scaling rules
 * (an int32 sum of copies wraps; its count may not fit an i32).
 * @example foldCopies({ fn: "sum", type: "f32", vars: [{ name: "a", extent: 8 }], body: c }) // Σ over 1 point of c·8
 */
export function foldCopies(p: Phase): Phase {
  const rule = reduceAlu[p.fn].ofCopies;
  const n = p.vars.reduce((m, v) => m * v.extent, 1);
  if (n <= 1 || p.stash || (rule !== "itself" && p.type !== "f32")) return p;
  const reads = loopVarsOf(p.body);
  if (p.vars.some((v) => reads.has(v.name))) return p;
  const body: Expr = rule === "itself" ? p.body : { op: "binary", type: "f32", fn: rule, a: p.body, b: { op: "const", type: "f32", value: n } };
  return { ...p, vars: [{ name: p.vars[0]!.name, extent: 1 }], body };
}
