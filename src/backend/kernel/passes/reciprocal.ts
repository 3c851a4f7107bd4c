// Layer: src/backend/kernel, a scheduling pass used by code generators. Division is slow (a SIMD divide costs
// several multiplies); `a / b` where b does not vary along the innermost loop (and a does) becomes `a · (1/b)`, and the
// reciprocal is then hoisted out of the loop — softmax's division by the row sum is one divide per row.
// (The result may differ from a correctly rounded a/b by an ulp.)
import { indexVars } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, children, mapChildren } from "../ir.js";

/** Whether e varies along v; `phasesVary`: v is an outer loop, along which the phases' results vary too. */
function reads(e: Expr, v: string, phasesVary: boolean): boolean {
  if ((e.op === "idx" || e.op === "load" || e.op === "random") && indexVars(e.index).has(v)) return true;
  if (e.op === "stashed" || (e.op === "reduced" && phasesVary)) return true;
  return children(e).some((c) => reads(c, v, phasesVary));
}

/**
 * The rewrite of divisions by values invariant along `inner`: unchanged subtrees keep their identity (later
 * passes match expressions by object) and shared nodes stay shared (`memo`, one for the whole kernel: a value a
 * phase and the store share — a row's quotient hoisted out of the reduction and stored — keeps the form its first
 * scope gave it, so it is still computed once, not a division in the phase and a reciprocal in the store).
 */
function reciprocals(inner: string, memo: Map<Expr, Expr>, phasesVary = false): (e: Expr) => Expr {
  const again = (e: Expr): Expr => {
    let r = memo.get(e);
    if (!r) memo.set(e, (r = step(e)));
    return r;
  };
  const step = (e: Expr): Expr => {
    const out = mapChildren(e, again);
    // only where the dividend varies along the loop: an invariant quotient is hoisted whole, one divide either way
    if (out.op === "binary" && out.fn === "div" && out.type === "f32" && out.b.op !== "const" && !reads(out.b, inner, phasesVary) && reads(out.a, inner, phasesVary)) {
      return { op: "binary", type: "f32", fn: "mul", a: out.a, b: { op: "unary", type: "f32", fn: "recip", x: out.b } };
    }
    return out;
  };
  return again;
}

/** The kernel with loop-invariant divisors turned into reciprocals. @example invariantReciprocals(k) */
export function invariantReciprocals(k: Kernel): Kernel {
  const store = k.inner[k.inner.length - 1] ?? k.outer[k.outer.length - 1];
  const memo = new Map<Expr, Expr>();
  return {
    ...k,
    phases: k.phases.map((p) => {
      const last = p.vars[p.vars.length - 1];
      if (!last) return p;
      const rewrite = reciprocals(last.name, memo); // per phase: what varies along its innermost loop differs
      return { ...p, body: rewrite(p.body), ...(p.stash ? { stash: rewrite(p.stash) } : {}) };
    }),
    value: store ? reciprocals(store.name, memo, k.inner.length === 0)(k.value) : k.value,
  };
}
