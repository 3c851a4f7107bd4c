// Layer: src/graph. Index expressions over named index variables: how a view reads its input, and (in
// src/backend/kernel) how a kernel addresses memory. Affine terms plus floor-division and modulo by constants,
// which is what split (affine), stack (div/mod), narrow, get, pad and transpose need. Imports nothing.

export type IndexExpr =
  | { readonly op: "var"; readonly name: string }
  | { readonly op: "const"; readonly value: number }
  | { readonly op: "add"; readonly a: IndexExpr; readonly b: IndexExpr }
  | { readonly op: "mul"; readonly a: IndexExpr; readonly c: number }
  | { readonly op: "div"; readonly a: IndexExpr; readonly c: number }
  | { readonly op: "mod"; readonly a: IndexExpr; readonly c: number };

/** The index variable `name`. @example idxVar("h") */
export const idxVar = (name: string): IndexExpr => ({ op: "var", name });
/** A constant index. @example idxConst(3) */
export const idxConst = (value: number): IndexExpr => ({ op: "const", value });

/** `a + b`, folding constants. @example idxAdd(idxVar("q"), idxConst(1)) */
export function idxAdd(a: IndexExpr, b: IndexExpr): IndexExpr {
  if (a.op === "const" && a.value === 0) return b;
  if (b.op === "const" && b.value === 0) return a;
  if (a.op === "const" && b.op === "const") return idxConst(a.value + b.value);
  return { op: "add", a, b };
}
/** `a * c`. @example idxMul(idxVar("height"), 12) */
export function idxMul(a: IndexExpr, c: number): IndexExpr {
  if (c === 0) return idxConst(0);
  if (c === 1) return a;
  if (a.op === "const") return idxConst(a.value * c);
  if (a.op === "mul") return idxMul(a.a, a.c * c);
  return { op: "mul", a, c };
}
/** `floor(a / c)` for a >= 0. @example idxDiv(idxVar("bh"), 96) */
export function idxDiv(a: IndexExpr, c: number): IndexExpr {
  if (c === 1) return a;
  if (a.op === "const") return idxConst(Math.floor(a.value / c));
  return { op: "div", a, c };
}
/** `a mod c` for a >= 0. @example idxMod(idxVar("bh"), 96) */
export function idxMod(a: IndexExpr, c: number): IndexExpr {
  if (c === 1) return idxConst(0);
  if (a.op === "const") return idxConst(a.value % c);
  return { op: "mod", a, c };
}

/** Replaces index variables by expressions (view composition). */
export function substitute(e: IndexExpr, env: ReadonlyMap<string, IndexExpr>): IndexExpr {
  switch (e.op) {
    case "var":
      return env.get(e.name) ?? e;
    case "const":
      return e;
    case "add":
      return idxAdd(substitute(e.a, env), substitute(e.b, env));
    case "mul":
      return idxMul(substitute(e.a, env), e.c);
    case "div":
      return idxDiv(substitute(e.a, env), e.c);
    case "mod":
      return idxMod(substitute(e.a, env), e.c);
  }
}

/** Evaluates with integer index values. */
export function evalIndex(e: IndexExpr, env: (name: string) => number): number {
  switch (e.op) {
    case "var":
      return env(e.name);
    case "const":
      return e.value;
    case "add":
      return evalIndex(e.a, env) + evalIndex(e.b, env);
    case "mul":
      return evalIndex(e.a, env) * e.c;
    case "div":
      return Math.floor(evalIndex(e.a, env) / e.c);
    case "mod":
      return evalIndex(e.a, env) % e.c;
  }
}

/** The variables an expression reads. */
export function indexVars(e: IndexExpr, into: Set<string> = new Set()): Set<string> {
  if (e.op === "var") into.add(e.name);
  else if (e.op !== "const") {
    indexVars(e.a, into);
    if (e.op === "add") indexVars(e.b, into);
  }
  return into;
}

/** An affine form `constant + Σ coeff·var`, or null when the expression has a div or mod that does not fold. */
export interface Affine {
  readonly constant: number;
  readonly coeffs: ReadonlyMap<string, number>;
}

/** A `coeff·(inner div c)` or `coeff·(inner mod c)` term of an index expression. */
export interface DivModTerm {
  readonly kind: "div" | "mod";
  readonly inner: IndexExpr;
  readonly c: number;
  readonly coeff: number;
}

/** An expression as `constant + Σ coeff·var + Σ div/mod terms` (zero coefficients dropped). */
export function linearTerms(e: IndexExpr): { affine: Affine; divmods: DivModTerm[] } {
  const coeffs = new Map<string, number>();
  const divmods: DivModTerm[] = [];
  let constant = 0;
  const walk = (x: IndexExpr, coeff: number): void => {
    switch (x.op) {
      case "var":
        coeffs.set(x.name, (coeffs.get(x.name) ?? 0) + coeff);
        return;
      case "const":
        constant += x.value * coeff;
        return;
      case "add":
        walk(x.a, coeff);
        walk(x.b, coeff);
        return;
      case "mul":
        walk(x.a, coeff * x.c);
        return;
      case "div":
      case "mod":
        divmods.push({ kind: x.op, inner: x.a, c: x.c, coeff });
    }
  };
  walk(e, 1);
  for (const [v, c] of coeffs) if (c === 0) coeffs.delete(v);
  return { affine: { constant, coeffs }, divmods };
}

/**
 * Folds an expression to affine form where it can. Besides plain sums and products this recognises the
 * pattern that a stack of dims followed by a split back (or a stack of dims that are adjacent in memory)
 * produces: `c·B·(x div B) + c·(x mod B) = c·x`, nested stacks included.
 * @example toAffine(idxAdd(idxAdd(idxMod(f, 7), idxMul(idxMod(idxDiv(f, 7), 7), 7)), idxMul(idxDiv(f, 49), 49))) // f
 */
export function toAffine(e: IndexExpr): Affine | null {
  const { affine, divmods } = linearTerms(e);
  // Nested stacks first: `c·(x mod p) + c·p·((x div p) mod q) = c·(x mod p·q)` (flattening [maps, h, w] into
  // one feature dim and reading it back by maps, h and w gives f mod 7 + 7·(f div 7 mod 7) + 49·(f div 49)).
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < divmods.length && !merged; i++) {
      const m = divmods[i]!;
      if (m.kind !== "mod") continue;
      const j = divmods.findIndex(
        (d) => d.kind === "mod" && d.coeff === m.coeff * m.c && d.inner.op === "div" && d.inner.c === m.c && sameIndex(d.inner.a, m.inner),
      );
      if (j < 0) continue;
      divmods[i] = { ...m, c: m.c * divmods[j]!.c };
      divmods.splice(j, 1);
      merged = true;
    }
  }
  let constant = affine.constant;
  const terms = new Map(affine.coeffs);
  // Pair each `coeff·(x mod B)` with a `coeff·B·(x div B)` over the same x.
  const used = new Set<number>();
  for (let i = 0; i < divmods.length; i++) {
    const m = divmods[i]!;
    if (m.kind !== "mod" || used.has(i)) continue;
    const j = divmods.findIndex(
      (d, k) => !used.has(k) && d.kind === "div" && d.c === m.c && d.coeff === m.coeff * m.c && sameIndex(d.inner, m.inner),
    );
    if (j < 0) return null;
    used.add(i).add(j);
    const inner = toAffine(m.inner);
    if (!inner) return null;
    constant += inner.constant * m.coeff;
    for (const [v, c] of inner.coeffs) terms.set(v, (terms.get(v) ?? 0) + c * m.coeff);
  }
  if (used.size !== divmods.length) return null;
  for (const [v, c] of terms) if (c === 0) terms.delete(v);
  return { constant, coeffs: terms };
}

/** Structural equality. */
export function sameIndex(a: IndexExpr, b: IndexExpr): boolean {
  if (a.op !== b.op) return false;
  switch (a.op) {
    case "var":
      return a.name === (b as typeof a).name;
    case "const":
      return a.value === (b as typeof a).value;
    case "add":
      return sameIndex(a.a, (b as typeof a).a) && sameIndex(a.b, (b as typeof a).b);
    default:
      return a.c === (b as typeof a).c && sameIndex(a.a, (b as typeof a).a);
  }
}

/** Readable text: `h*12 + q`, `bh / 96`. */
export function showIndex(e: IndexExpr): string {
  switch (e.op) {
    case "var":
      return e.name;
    case "const":
      return String(e.value);
    case "add":
      return `${showIndex(e.a)} + ${showIndex(e.b)}`;
    case "mul":
      return `${wrap(e.a)}*${e.c}`;
    case "div":
      return `${wrap(e.a)} / ${e.c}`;
    case "mod":
      return `${wrap(e.a)} % ${e.c}`;
  }
}
const wrap = (e: IndexExpr): string => (e.op === "add" ? `(${showIndex(e)})` : showIndex(e));
