// Layer: src/graph. The adjoint of a view's index map, used by autodiff: a view reads x[e(v)] at each of its
// positions v, so x's gradient is Σ over the v with e(v) = x of the upstream g[v]. When e is injective (every
// movement op and their compositions) that sum has one term and the adjoint is itself a view of g, reading
// g[e⁻¹(x)] with bounds where x has no preimage; dims that e never reads (expand) are summed first.
// Imports only src/graph.
import { type IndexExpr, idxAdd, idxConst, idxDiv, idxMod, idxMul, idxVar, indexVars, showIndex, substitute } from "./index-expr.js";
import type { NodeDim, ViewBound, ViewMap } from "./node.js";

/** How to turn a view's upstream gradient into its input's: sum `summed`, then read through `map` (fill 0). */
export interface ViewAdjoint {
  /** View dims no index reads (broadcast dims): the gradient is summed over them first. */
  readonly summed: readonly string[];
  /** Indexed by the remaining view dims, in terms of the source dims; bounds mark positions with no preimage. */
  readonly map: ViewMap;
}

/** `constant + Σ coeff·atom`, where an atom is an index variable or a canonical `inner div c`. */
interface Linear {
  constant: number;
  terms: Map<string, { coeff: number; atom: IndexExpr }>;
}

const keyOf = (atom: IndexExpr): string => (atom.op === "var" ? atom.name : `(${showIndex(atom)})`);

function addInto(into: Linear, from: Linear, scale: number): void {
  into.constant += from.constant * scale;
  for (const [k, t] of from.terms) {
    const c = (into.terms.get(k)?.coeff ?? 0) + t.coeff * scale;
    if (c === 0) into.terms.delete(k);
    else into.terms.set(k, { coeff: c, atom: t.atom });
  }
}

/** Rebuilds an expression from a linear form, terms in a canonical order. */
function emit(l: Linear): IndexExpr {
  let e: IndexExpr = idxConst(l.constant);
  for (const k of [...l.terms.keys()].sort()) {
    const t = l.terms.get(k)!;
    e = idxAdd(e, idxMul(t.atom, t.coeff));
  }
  return e;
}

/**
 * The linear form of an index expression: `x mod c` becomes `x - c·(x div c)` and nested divisions merge
 * (`(x div a) div b = x div (a·b)`), so the div/mod pairs that split and stack produce cancel out.
 * @example linearize(stack-then-split index) // affine terms only when the composition is a plain reshape
 */
export function linearize(e: IndexExpr): Linear {
  switch (e.op) {
    case "var":
      return { constant: 0, terms: new Map([[e.name, { coeff: 1, atom: e }]]) };
    case "const":
      return { constant: e.value, terms: new Map() };
    case "add": {
      const out = linearize(e.a);
      addInto(out, linearize(e.b), 1);
      return out;
    }
    case "mul": {
      const out: Linear = { constant: 0, terms: new Map() };
      addInto(out, linearize(e.a), e.c);
      return out;
    }
    case "div": {
      let inner = e.a;
      let c = e.c;
      while (inner.op === "div") {
        c *= inner.c;
        inner = inner.a;
      }
      const l = linearize(inner);
      if (l.terms.size === 0) return { constant: Math.floor(l.constant / c), terms: new Map() };
      const atom: IndexExpr = { op: "div", a: emit(l), c };
      return { constant: 0, terms: new Map([[keyOf(atom), { coeff: 1, atom }]]) };
    }
    case "mod": {
      const out = linearize(e.a);
      addInto(out, linearize({ op: "div", a: e.a, c: e.c }), -e.c);
      return out;
    }
  }
}

/** Inclusive integer range of an expression given ranges of its variables. */
function rangeOf(e: IndexExpr, vars: ReadonlyMap<string, readonly [number, number]>): [number, number] {
  switch (e.op) {
    case "var":
      return [...(vars.get(e.name) ?? [-Infinity, Infinity])] as [number, number];
    case "const":
      return [e.value, e.value];
    case "add": {
      const [a, b] = [rangeOf(e.a, vars), rangeOf(e.b, vars)];
      return [a[0] + b[0], a[1] + b[1]];
    }
    case "mul": {
      const [lo, hi] = rangeOf(e.a, vars).map((x) => x * e.c) as [number, number];
      return lo <= hi ? [lo, hi] : [hi, lo];
    }
    case "div": {
      const [lo, hi] = rangeOf(e.a, vars);
      return [Math.floor(lo / e.c), Math.floor(hi / e.c)];
    }
    case "mod": {
      const [lo, hi] = rangeOf(e.a, vars);
      if (lo >= 0 && Math.floor(lo / e.c) === Math.floor(hi / e.c)) return [lo % e.c, hi % e.c];
      return lo >= 0 ? [0, e.c - 1] : [-(e.c - 1), e.c - 1];
    }
  }
}

/**
 * Solves `target = constant + Σ coeff_k·v_k` for the variables, each in [0, size): a mixed-radix decomposition,
 * valid when each coefficient exceeds what the smaller terms can add up to (so the solution is unique).
 * Negative coefficients (flips) are solved through `size - 1 - v`.
 */
function solveAffine(l: Linear, target: IndexExpr, sizes: ReadonlyMap<string, number>): { index: Map<string, IndexExpr>; bounds: ViewBound[] } | null {
  let constant = l.constant;
  const terms: { name: string; coeff: number; flip: boolean; size: number }[] = [];
  for (const t of l.terms.values()) {
    if (t.atom.op !== "var") return null;
    const size = sizes.get(t.atom.name);
    if (size === undefined) return null;
    const flip = t.coeff < 0;
    if (flip) constant += t.coeff * (size - 1);
    terms.push({ name: t.atom.name, coeff: Math.abs(t.coeff), flip, size });
  }
  // Larger coefficients first; among equal ones (only size-1 dims can tie) the larger size first.
  terms.sort((a, b) => b.coeff - a.coeff || b.size - a.size);
  for (let k = 0; k < terms.length; k++) {
    const rest = terms.slice(k + 1).reduce((s, t) => s + t.coeff * (t.size - 1), 0);
    if (terms[k]!.coeff <= rest) return null;
  }
  const index = new Map<string, IndexExpr>();
  const bounds: ViewBound[] = [];
  let rem = idxAdd(target, idxConst(-constant));
  if (terms.length === 0) bounds.push({ expr: rem, lo: 0, hi: 1 });
  for (const t of terms) {
    let v = idxDiv(rem, t.coeff);
    bounds.push({ expr: v, lo: 0, hi: t.size });
    if (t.flip) v = idxAdd(idxConst(t.size - 1), idxMul(v, -1));
    index.set(t.name, v);
    if (t.coeff > 1 && t === terms[terms.length - 1]) bounds.push({ expr: idxMod(rem, t.coeff), lo: 0, hi: 1 });
    rem = idxMod(rem, t.coeff);
  }
  return { index, bounds };
}

function* permutations<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const p of permutations(rest)) yield [items[i]!, ...p];
  }
}

/** Groups source dims that read common view variables (a stack reads one variable from several dims). */
function components(source: readonly NodeDim[], map: ViewMap): { dims: NodeDim[]; vars: Set<string> }[] {
  const groups: { dims: NodeDim[]; vars: Set<string> }[] = [];
  for (const d of source) {
    const vars = indexVars(map.index[d.name]!);
    const joined = groups.filter((g) => [...vars].some((v) => g.vars.has(v)));
    const merged = { dims: [d], vars };
    for (const g of joined) {
      merged.dims.unshift(...g.dims);
      for (const v of g.vars) vars.add(v);
      groups.splice(groups.indexOf(g), 1);
    }
    groups.push(merged);
  }
  return groups;
}

/** At most this many source dims in one group are tried in every order (5! = 120 tries). */
const maxGroup = 5;

/**
 * The adjoint of a view from `source` dims to `view` dims, or null when the map is not injective or not
 * recognised (the caller then scatters with a one-hot comparison).
 * @example invertView(x.dims, t.dims, t.op.map) // transpose: each dim reads itself back
 */
export function invertView(source: readonly NodeDim[], view: readonly NodeDim[], map: ViewMap): ViewAdjoint | null {
  const sizes = new Map(view.map((d) => [d.name, d.size]));
  const read = new Set<string>();
  for (const d of source) indexVars(map.index[d.name]!, read);
  for (const b of map.bounds) for (const v of indexVars(b.expr)) if (!read.has(v)) return null;
  const index = new Map<string, IndexExpr>();
  const bounds: ViewBound[] = [];
  for (const group of components(source, map)) {
    const solved = solveGroup(group.dims, map, sizes);
    if (!solved) return null;
    for (const [k, v] of solved.index) index.set(k, v);
    bounds.push(...solved.bounds);
  }
  // Positions the forward view filled (pad) received no gradient.
  for (const b of map.bounds) bounds.push({ expr: substitute(b.expr, index), lo: b.lo, hi: b.hi });
  const ranges = new Map(source.map((d) => [d.name, [0, d.size - 1] as const]));
  const needed = bounds.filter((b) => {
    const [lo, hi] = rangeOf(b.expr, ranges);
    return !(lo >= b.lo && hi < b.hi);
  });
  return {
    summed: view.filter((d) => !read.has(d.name)).map((d) => d.name),
    map: { index: Object.fromEntries(index), bounds: needed, fill: 0 },
  };
}

function solveGroup(dims: readonly NodeDim[], map: ViewMap, sizes: ReadonlyMap<string, number>): ReturnType<typeof solveAffine> {
  if (dims.length > maxGroup) return null;
  // The group's linear address, row-major over its dims in some order, must be affine in the view variables.
  for (const order of permutations(dims)) {
    const address: Linear = { constant: 0, terms: new Map() };
    let target: IndexExpr = idxConst(0);
    let stride = 1;
    for (let i = order.length - 1; i >= 0; i--) {
      const d = order[i]!;
      addInto(address, linearize(map.index[d.name]!), stride);
      target = idxAdd(idxMul(idxVar(d.name), stride), target);
      stride *= d.size;
    }
    const solved = solveAffine(address, target, sizes);
    if (solved) return solved;
  }
  return null;
}

/**
 * The index `v` that solves `n = coeff·v` for v in [0, size), with the bounds under which it exists: n a
 * multiple of `coeff` and in range. `n` ranges over `range` (inclusive); where that range reaches below zero
 * the numerator is shifted by a multiple of `coeff` first, so every div and mod the kernel evaluates has a
 * non-negative operand (truncating and flooring division then agree). Strided reads back and transposed
 * convolution both read through it.
 * @example stridedSolve(idxAdd(idxVar("h"), idxConst(1)), 2, 48, [1, 96]) // v = (h + 1) / 2 where (h + 1) % 2 = 0
 */
export function stridedSolve(n: IndexExpr, coeff: number, size: number, range: readonly [number, number]): { index: IndexExpr; bounds: ViewBound[] } {
  const shift = range[0] < 0 ? coeff * Math.ceil(-range[0] / coeff) : 0;
  const shifted = idxAdd(n, idxConst(shift));
  const bounds: ViewBound[] = [{ expr: shifted, lo: shift, hi: shift + coeff * (size - 1) + 1 }];
  if (coeff > 1) bounds.push({ expr: idxMod(shifted, coeff), lo: 0, hi: 1 });
  return { index: idxAdd(idxDiv(shifted, coeff), idxConst(-shift / coeff)), bounds };
}

/** The adjoint of a windowed view: read the gradient through `map` over the source dims and `window`, then sum `window`. */
export interface WindowAdjoint {
  /** View dims no index reads (broadcast dims): summed first, as in ViewAdjoint. */
  readonly summed: readonly string[];
  /** View dims that stay free in the adjoint (a window): the adjoint's map reads them, then sums them. */
  readonly window: readonly NodeDim[];
  /** Indexed by the remaining view dims, in terms of the source dims and the window dims. */
  readonly map: ViewMap;
}

/**
 * The adjoint of a view that is affine but not injective — a windowed view, where `x[h·s + k·d - p]` is read
 * at every output position h and window position k (convolution, pooling). For each source dim one view
 * variable of its index (the largest) is solved for, with a stride bound where its coefficient exceeds one,
 * and the others become window dims summed over: `∂x[i] = Σ_k g[(i + p - k·d) / s, k]`. Null when an index is
 * not affine or a view variable feeds two source dims (then the caller scatters).
 * @example invertWindowView(x.dims, y.dims, y.op.map) // window: [kh, kw]; index h = (h + 1 - kh) / 2
 */
export function invertWindowView(source: readonly NodeDim[], view: readonly NodeDim[], map: ViewMap): WindowAdjoint | null {
  const sizes = new Map(view.map((d) => [d.name, d.size]));
  const read = new Set<string>();
  for (const d of source) indexVars(map.index[d.name]!, read);
  for (const b of map.bounds) for (const v of indexVars(b.expr)) if (!read.has(v)) return null;
  const taken = new Set([...source.map((d) => d.name), ...view.map((d) => d.name)]);
  // A window variable under its own name in the adjoint (renamed apart where it is also a source dim).
  const windowName = new Map<string, string>();
  for (const v of read) {
    let name = v;
    if (source.some((d) => d.name === v)) while (taken.has(name)) name += "_";
    taken.add(name);
    windowName.set(v, name);
  }
  const owner = new Map<string, string>();
  const solved = new Map<string, IndexExpr>();
  const bounds: ViewBound[] = [];
  for (const d of source) {
    const l = linearize(map.index[d.name]!);
    const terms = [...l.terms.values()];
    if (terms.some((t) => t.atom.op !== "var")) return null;
    for (const t of terms) {
      const v = (t.atom as { name: string }).name;
      if (owner.has(v)) return null;
      owner.set(v, d.name);
    }
    if (terms.length === 0) {
      bounds.push({ expr: idxAdd(idxVar(d.name), idxConst(-l.constant)), lo: 0, hi: 1 });
      continue;
    }
    const size = (t: (typeof terms)[number]): number => sizes.get((t.atom as { name: string }).name)!;
    const pick = terms.reduce((a, b) => (size(b) > size(a) || (size(b) === size(a) && Math.abs(b.coeff) > Math.abs(a.coeff)) ? b : a));
    const sign = Math.sign(pick.coeff);
    // n = sign·(x - constant - Σ others), so that v = n / |coeff|.
    let n: IndexExpr = idxAdd(idxMul(idxVar(d.name), sign), idxConst(-sign * l.constant));
    let lo = sign > 0 ? -l.constant : -(d.size - 1) + l.constant;
    let hi = sign > 0 ? d.size - 1 - l.constant : l.constant;
    for (const t of terms) {
      if (t === pick) continue;
      const w = (t.atom as { name: string }).name;
      const c = -sign * t.coeff;
      n = idxAdd(n, idxMul(idxVar(windowName.get(w)!), c));
      const span = c * (sizes.get(w)! - 1);
      lo += Math.min(0, span);
      hi += Math.max(0, span);
    }
    const v = (pick.atom as { name: string }).name;
    const s = stridedSolve(n, Math.abs(pick.coeff), sizes.get(v)!, [lo, hi]);
    solved.set(v, s.index);
    bounds.push(...s.bounds);
  }
  const window = [...read].filter((v) => !solved.has(v)).map((v) => ({ name: windowName.get(v)!, size: sizes.get(v)! }));
  const env = new Map<string, IndexExpr>([...read].map((v) => [v, solved.get(v) ?? idxVar(windowName.get(v)!)]));
  for (const b of map.bounds) bounds.push({ expr: substitute(b.expr, env), lo: b.lo, hi: b.hi });
  const ranges = new Map([...source, ...window].map((d) => [d.name, [0, d.size - 1] as const]));
  const needed = bounds.filter((b) => {
    const [blo, bhi] = rangeOf(b.expr, ranges);
    return !(blo >= b.lo && bhi < b.hi);
  });
  const index: Record<string, IndexExpr> = {};
  for (const v of read) if (solved.has(v)) index[v] = solved.get(v)!;
  for (const w of window) index[[...windowName].find(([, n]) => n === w.name)![0]] = idxVar(w.name);
  return { summed: view.filter((d) => !read.has(d.name)).map((d) => d.name), window, map: { index, bounds: needed, fill: 0 } };
}
