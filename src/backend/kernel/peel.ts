// Layer: src/backend/kernel. A pad's bounds checks, split along one loop. Padding reads
//   where(0 <= v + c && v + c < n, x[v + c]?, fill)
// whose checks (and the guard of the load) hold on a middle range of the loop v. `peel` finds that range's ends,
// as index expressions over the other loops, and the expression inside it with those checks true: no check and
// no guard left along v there, so a generator runs the middle 4 lanes wide and only the borders check.
// Imports the IR and index arithmetic.
import { type IndexExpr, idxAdd, idxConst, idxMul, idxVar, toAffine } from "../../graph/index-expr.js";
import { type Expr, dagRewrite, mapChildren } from "./ir.js";

/** The middle range of a loop, lower[i] <= v < upper[j] for every i, j, and the expression on it. */
export interface Peel {
  readonly lower: readonly IndexExpr[];
  readonly upper: readonly IndexExpr[];
  readonly inside: Expr;
}

const TRUE: Expr = { op: "const", type: "bool", value: 1 };

/** The index a comparison's i32 side stands for, if it is one (a constant or an affine index). */
const indexOf = (e: Expr): IndexExpr | undefined => (e.op === "const" && e.type === "i32" ? idxConst(e.value) : e.op === "idx" ? e.index : undefined);

/**
 * The range of loop `v` on which e's comparisons that read v hold, and e there; undefined when e compares
 * nothing along v, or compares in a way this does not bound (a coefficient other than ±1, an equality).
 * @example peel(padValue, "w") // { lower: [2], upper: [42], inside: <the load, unguarded along w> }
 */
export function peel(e: Expr, v: string): Peel | undefined {
  const lower: IndexExpr[] = [];
  const upper: IndexExpr[] = [];
  let bounded = true;
  const inside = dagRewrite((x, again) => {
    if (x.op === "binary" && (x.fn === "lt" || x.fn === "le")) {
      // a < b as a − b + 1 <= 0; a <= b as a − b <= 0
      const [a, b] = [indexOf(x.a), indexOf(x.b)];
      const d = a && b && toAffine(idxAdd(idxAdd(a, idxMul(b, -1)), idxConst(x.fn === "lt" ? 1 : 0)));
      const c = d?.coeffs.get(v) ?? 0;
      if (!d || c === 0) {
        if (a === undefined || b === undefined) return mapChildren(x, again);
        if (d === null) bounded = false;
        return x;
      }
      if (c !== 1 && c !== -1) {
        bounded = false;
        return x;
      }
      // d = c·v + rest <= 0: v <= −rest (c = 1), v >= rest (c = −1)
      let rest: IndexExpr = idxConst(d.constant);
      for (const [name, k] of d.coeffs) if (name !== v) rest = idxAdd(rest, idxMul(idxVar(name), k));
      if (c === 1) upper.push(idxAdd(idxMul(rest, -1), idxConst(1)));
      else lower.push(rest);
      return TRUE;
    }
    const y = mapChildren(x, again);
    // fold what the checks' truth leaves: true && p, where(true, a, b), a guard that is true
    if (y.op === "binary" && y.fn === "and") {
      if (y.a === TRUE) return y.b;
      if (y.b === TRUE) return y.a;
    }
    if (y.op === "where" && y.cond === TRUE) return y.a;
    if (y.op === "load" && y.guard === TRUE) {
      const { guard: _, ...unguarded } = y;
      return unguarded;
    }
    return y;
  })(e);
  if (!bounded || (lower.length === 0 && upper.length === 0)) return undefined;
  return { lower, upper, inside };
}
