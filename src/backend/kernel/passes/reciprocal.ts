// Layer: src/backend/kernel, a scheduling pass used by code generators. Division is slow (a SIMD divide costs
// several multiplies); `a / b` where b does not vary along the innermost loop becomes `a · (1/b)`, and the
// reciprocal is then hoisted out of the loop — softmax's division by the row sum is one divide per row.
// (The result may differ from a correctly rounded a/b by an ulp.)
import { indexVars } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, children } from "../ir.js";

function reads(e: Expr, v: string): boolean {
  if ((e.op === "idx" || e.op === "load" || e.op === "random") && indexVars(e.index).has(v)) return true;
  if (e.op === "stashed") return true;
  return children(e).some((c) => reads(c, v));
}

/** Rewrites divisions; unchanged subtrees keep their identity (later passes match expressions by object), and
 *  each distinct node is rewritten once, so a node shared by two parents stays shared. */
function rewrite(e: Expr, inner: string, memo: Map<Expr, Expr>): Expr {
  let r = memo.get(e);
  if (!r) memo.set(e, (r = rewriteNode(e, inner, memo)));
  return r;
}

function rewriteNode(e: Expr, inner: string, memo: Map<Expr, Expr>): Expr {
  switch (e.op) {
    case "binary": {
      const [a, b] = [rewrite(e.a, inner, memo), rewrite(e.b, inner, memo)];
      if (e.fn === "div" && e.type === "f32" && b.op !== "const" && !reads(b, inner)) {
        return { op: "binary", type: "f32", fn: "mul", a, b: { op: "unary", type: "f32", fn: "recip", x: b } };
      }
      return a === e.a && b === e.b ? e : { ...e, a, b };
    }
    case "unary":
    case "cast": {
      const x = rewrite(e.x, inner, memo);
      return x === e.x ? e : { ...e, x };
    }
    case "where": {
      const [cond, a, b] = [rewrite(e.cond, inner, memo), rewrite(e.a, inner, memo), rewrite(e.b, inner, memo)];
      return cond === e.cond && a === e.a && b === e.b ? e : { ...e, cond, a, b };
    }
    default:
      return e;
  }
}

/** The kernel with loop-invariant divisors turned into reciprocals. @example invariantReciprocals(k) */
export function invariantReciprocals(k: Kernel): Kernel {
  const store = k.inner[k.inner.length - 1] ?? k.outer[k.outer.length - 1];
  return {
    ...k,
    phases: k.phases.map((p) => {
      const last = p.vars[p.vars.length - 1];
      const memo = new Map<Expr, Expr>(); // per phase: what varies along its innermost loop differs
      return last ? { ...p, body: rewrite(p.body, last.name, memo), ...(p.stash ? { stash: rewrite(p.stash, last.name, memo) } : {}) } : p;
    }),
    value: store ? rewrite(k.value, store.name, new Map()) : k.value,
  };
}
