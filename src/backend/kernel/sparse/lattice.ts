// Layer: src/backend/kernel/sparse. Merge lattices (taco §5): for one index variable of an assignment, the
// points of its merged iteration space. A point is a set of iterators (operand levels accessed by the variable,
// plus the universe `U`: every coordinate, for parts of the expression that are non-zero everywhere) that must
// all have values; its expression is the assignment's with the accesses of sparse operands absent from the
// point replaced by 0 and folded through the ALU (x + 0 → x, x·0 → 0). Built bottom-up (§5.1): an access is
// one point, an intersection (mul) is the product of the points (conjunction), a union (add, sub, max) the
// product plus both lattices (disjunction), and anything non-zero where its operands are zero (exp, div, a
// constant, a tensor not indexed by the variable) brings in the universe. Then §5.2's dense optimisations:
// dense iteration spaces are all the same, so a point iterates at most one of them and locates the others;
// a point that lacks a dense space the top point has is never reached (the dense space ends last) and is
// removed; a point whose cases all need its sparse iterators iterates those and locates into the dense ones.
// Imports the sparse notation and src/graph's ALU.
import { binaryAlu, unaryAlu } from "../../../graph/alu.js";
import { type Assignment, type SparseExpr, keepsZero, showExpr, zeroStructure } from "./notation.js";

/** An iterator over one level: operand `tensor` (-1: the universe, every coordinate) at storage level `level`. */
export interface LatticeIterator {
  readonly tensor: number;
  readonly level: number;
  readonly dense: boolean;
  /** For printing: "A.j", or "U" for the universe. */
  readonly name: string;
}

/** How a point's loop runs (taco §6.1 after §5.2). */
export type LoopKind =
  /** one dense iteration space: `for v in 0..n`, locating every other iterator */
  | "dense"
  /** one sparse iterator: `for p in pos[..]..pos[..+1]`, v = idx[p], locating the dense ones */
  | "sparse"
  /** several iterators advanced together until one is exhausted, v = the least of their coordinates */
  | "merge";

export interface LatticePoint {
  readonly iterators: readonly LatticeIterator[];
  readonly expr: SparseExpr;
}

/** A point ready for code generation: what its loop iterates, what it locates (random access), its cases. */
export interface ScheduledPoint extends LatticePoint {
  readonly loop: LoopKind;
  /** The iterators the loop advances (the first dense one, if any, drives the loop). */
  readonly rangers: readonly LatticeIterator[];
  /** Dense iterators read at the merged coordinate without being advanced. */
  readonly locators: readonly LatticeIterator[];
  /** Indices (into the lattice's points) of the cases this loop must tell apart, itself first. */
  readonly cases: readonly number[];
}

export interface MergeLattice {
  readonly var: string;
  readonly points: readonly LatticePoint[];
}
export interface ScheduledLattice {
  readonly var: string;
  readonly points: readonly ScheduledPoint[];
}

const UNIVERSE: LatticeIterator = { tensor: -1, level: -1, dense: true, name: "U" };
const key = (its: readonly LatticeIterator[]): string => its.map((i) => `${i.tensor}.${i.level}`).sort().join(" ");
const union = (a: readonly LatticeIterator[], b: readonly LatticeIterator[]): LatticeIterator[] => {
  const out = [...a];
  for (const i of b) if (!out.some((j) => j.tensor === i.tensor && j.level === i.level)) out.push(i);
  return out;
};
const subset = (a: readonly LatticeIterator[], b: readonly LatticeIterator[]): boolean => a.every((i) => b.some((j) => j.tensor === i.tensor && j.level === i.level));

/** Point sets, deduplicated, ordered so that a point comes after every point it is below (more iterators first). */
function normalise(sets: readonly (readonly LatticeIterator[])[]): LatticeIterator[][] {
  const seen = new Map<string, LatticeIterator[]>();
  for (const s of sets) if (!seen.has(key(s))) seen.set(key(s), [...s]);
  return [...seen.values()].sort((a, b) => b.length - a.length);
}
/** Every point of a with every point of b. */
const product = (a: LatticeIterator[][], b: LatticeIterator[][]): LatticeIterator[][] => a.flatMap((p) => b.map((q) => union(p, q)));
/** An intersection's lattice: the product, where the universe intersected with any other space is that space. */
const conjunction = (a: LatticeIterator[][], b: LatticeIterator[][]): LatticeIterator[][] =>
  normalise(product(a, b).map((s) => (s.length > 1 ? s.filter((i) => i.tensor >= 0) : s)));
/** A union's lattice: the product (the universe kept: it marks where only it has values) and both lattices. */
const disjunction = (a: LatticeIterator[][], b: LatticeIterator[][]): LatticeIterator[][] => normalise([...product(a, b), ...a, ...b]);

/** The iterator sets of e's lattice at variable v (§5.1). */
function pointSets(a: Assignment, e: SparseExpr, v: string): LatticeIterator[][] {
  switch (e.op) {
    case "access": {
      const operand = a.operands[e.tensor]!;
      const level = operand.levels.findIndex((l) => l.var === v);
      if (level < 0) return [[UNIVERSE]]; // does not vary with v: may be non-zero at every coordinate
      return [[{ tensor: e.tensor, level, dense: operand.levels[level]!.kind === "dense", name: `${operand.name}.${v}` }]];
    }
    case "const":
      return e.value === 0 ? [[]] : [[UNIVERSE]];
    case "unary":
      return keepsZero(e.fn) ? pointSets(a, e.x, v) : disjunction(pointSets(a, e.x, v), [[UNIVERSE]]);
    case "binary": {
      const [la, lb] = [pointSets(a, e.a, v), pointSets(a, e.b, v)];
      const z = zeroStructure(e.fn);
      return z === "intersection" ? conjunction(la, lb) : z === "union" ? disjunction(la, lb) : disjunction(disjunction(la, lb), [[UNIVERSE]]);
    }
  }
}

const ZERO: SparseExpr = { op: "const", value: 0 };
const isZero = (e: SparseExpr): boolean => e.op === "const" && e.value === 0;
const probes = [1.5, -2.25, 3];

/**
 * e at a point where only `present` iterators have values: accesses of operands whose level for v is sparse and
 * absent become 0, folded through the ALU's meanings (constants evaluate; f(x, 0) = x drops the 0).
 * @example exprAt(sparseAdd, sparseAdd.expr, "i", [bIterator]) // b(i): c(i) is 0 there
 */
export function exprAt(a: Assignment, e: SparseExpr, v: string, present: readonly LatticeIterator[]): SparseExpr {
  switch (e.op) {
    case "access": {
      const level = a.operands[e.tensor]!.levels.findIndex((l) => l.var === v);
      if (level < 0 || a.operands[e.tensor]!.levels[level]!.kind === "dense") return e;
      return present.some((i) => i.tensor === e.tensor && i.level === level) ? e : ZERO;
    }
    case "const":
      return e;
    case "unary": {
      const x = exprAt(a, e.x, v, present);
      if (x.op === "const") return { op: "const", value: unaryAlu[e.fn].float64(x.value) };
      return x === e.x ? e : { ...e, x };
    }
    case "binary": {
      const [x, y] = [exprAt(a, e.a, v, present), exprAt(a, e.b, v, present)];
      const f = binaryAlu[e.fn].float64;
      if (x.op === "const" && y.op === "const") return { op: "const", value: f(x.value, y.value) };
      if (y.op === "const" && probes.every((p) => f(p, y.value) === p)) return x; // right identity: x + 0, x - 0, x · 1
      if (x.op === "const" && probes.every((p) => f(x.value, p) === p)) return y; // left identity: 0 + y, 1 · y
      if ((isZero(x) || isZero(y)) && zeroStructure(e.fn) === "intersection") return ZERO;
      return x === e.a && y === e.b ? e : { ...e, a: x, b: y };
    }
  }
}

/**
 * The merge lattice of assignment `a` at index variable `v` (taco §5.1) for `expr` (the assignment's, or what is
 * left of it in an enclosing point), points ordered top first, each with its expression; points whose expression
 * is 0 are dropped (nothing to compute there).
 * @example mergeLattice(sparseAdd, "i").points.map((p) => p.iterators.map((i) => i.name)) // [["b.i", "c.i"], ["b.i"], ["c.i"]]
 */
export function mergeLattice(a: Assignment, v: string, expr: SparseExpr = a.expr): MergeLattice {
  const sets = pointSets(a, expr, v).filter((s) => s.length > 0);
  const points = sets.map((iterators) => ({ iterators, expr: exprAt(a, expr, v, iterators) })).filter((p) => !isZero(p.expr));
  return { var: v, points };
}

/**
 * §5.2's dense optimisations and the loop of each point: a point lacking a dense iterator of the top point takes
 * it (it is reached only where that iterator is, so it is a case of the points above); a point iterates at most one dense space (a real operand's before the universe); when every case of
 * a point needs all its sparse iterators, it iterates them and locates the dense ones (SpMV's x(j)); otherwise a
 * dense iterator drives the loop and the sparse ones follow it (b(i) + c(i) with c dense).
 * @example scheduleLattice(mergeLattice(spmv, "j")).points[0].loop // "sparse": iterate A's row, locate x
 */
export function scheduleLattice(l: MergeLattice): ScheduledLattice {
  const top = l.points[0];
  if (!top) return { var: l.var, points: [] };
  // A dense iterator never runs out: a point lacking one of the top point's is reached only with it present, so it
  // takes it (the same expression: only absent sparse operands are 0) and is a case of the loops above it, not
  // dropped — A·B + C with B dense must still store C where A has nothing. Points that become equal are one.
  const topDense = top.iterators.filter((i) => i.dense);
  const byKey = new Map<string, LatticePoint>();
  for (const p of l.points) {
    const iterators = union(p.iterators, topDense);
    if (!byKey.has(key(iterators))) byKey.set(key(iterators), { ...p, iterators });
  }
  const kept = [...byKey.values()].sort((x, y) => y.iterators.length - x.iterators.length);
  const points = kept.map((p): ScheduledPoint => {
    const cases = kept.map((q, k) => (subset(q.iterators, p.iterators) ? k : -1)).filter((k) => k >= 0);
    const sparse = p.iterators.filter((i) => !i.dense);
    // (the same dense space drives every point that has it, so a later point's loop resumes where the top's stopped)
    const rank = (i: LatticeIterator): number => (i.tensor < 0 ? 1e9 : 0) + topDense.findIndex((d) => d.tensor === i.tensor && d.level === i.level);
    const dense = p.iterators.filter((i) => i.dense).sort((x, y) => rank(x) - rank(y));
    const allNeedSparse = cases.every((k) => sparse.every((s) => kept[k]!.iterators.some((i) => i.tensor === s.tensor && i.level === s.level)));
    if (sparse.length > 0 && (allNeedSparse || dense.length === 0)) {
      return { ...p, loop: sparse.length === 1 ? "sparse" : "merge", rangers: sparse, locators: dense.filter((d) => d.tensor >= 0), cases };
    }
    // A dense space drives the loop; sparse iterators (if any) follow it.
    return { ...p, loop: sparse.length === 0 ? "dense" : "merge", rangers: [dense[0]!, ...sparse], locators: dense.slice(1).filter((d) => d.tensor >= 0), cases };
  });
  return { var: l.var, points };
}

/**
 * A lattice as text, taco's inline notation: points top first, each with its loop and expression.
 * @example showLattice(a, scheduled) // "i: [b.i ∧ c.i] merge: (b(i) + c(i)) | [b.i] sparse: b(i) | [c.i] sparse: c(i)"
 */
export function showLattice(a: Assignment, l: ScheduledLattice): string {
  return `${l.var}: ${l.points.map((p) => `[${p.iterators.map((i) => i.name).join(" ∧ ")}] ${p.loop}: ${showExpr(p.expr, a.operands)}`).join(" | ")}`;
}
