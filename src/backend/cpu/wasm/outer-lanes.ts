// Layer: src/backend/cpu. Reductions four outputs wide. A phase goes 4 lanes along its own innermost loop when
// the reads are contiguous there (a row sum); when they are not — a sum over the rows of a row-major matrix, a
// depthwise convolution's 3×3 window — but every expression is contiguous along the kernel's last outer loop,
// that loop takes 4·U outputs a step instead: each phase keeps U vector accumulators, its own loops run in
// scalars with vector bodies, and the stores are vectors. A column sum then reads 16 contiguous floats per row
// and page instead of one (it was 40× slower than the row sum of the same matrix). Each lane sums its outputs in
// order, as the scalar loop does. Imports the IR and the generator it extends.
import type { Expr, LoopVar, Phase } from "../../kernel/ir.js";
import type { Generator } from "./codegen.js";
import { vectorizable } from "./emit-expr.js";

/**
 * Vectors a step: 16 outputs, a whole cache line of each row read along a column (2 measured 2.1× slower on a
 * column sum of 4096 × 1024 on one thread, 1 another 2×; 8 no faster).
 */
const WIDE = 4;

/**
 * Whether the kernel's last outer loop `v` goes 4 outputs wide: a map kernel with phases that do not all go 4
 * wide along their own loops, whose phases, stashes, value and output are contiguous (or invariant) along v.
 * @example outerLanes(g, columns) // true for x.sum("rows") over a row-major [rows, columns]
 */
export function outerLanes(g: Generator, v: LoopVar): boolean {
  const k = g.k;
  if (k.online || k.mode.kind !== "map" || k.phases.length === 0 || v.extent < 8 || k.output.type === "bool") return false;
  if (k.phases.some((p) => p.type === "bool")) return false;
  const ownLanes = (p: Phase): boolean => p.vars.length > 0 && p.vars[p.vars.length - 1]!.extent >= 16 && vectorizable(g.em, [p.body], p.vars[p.vars.length - 1]!.name);
  if (k.phases.every(ownLanes)) return false;
  const contiguous = (e: Expr | undefined): boolean => {
    const s = e && g.em.split(e as Expr & { index: never }, v.name);
    return s !== null && s !== undefined && s.coef === 1;
  };
  if (!contiguous(g.outIndex) || k.phases.some((p) => p.stash && !contiguous(g.stashAt(p)))) return false;
  return vectorizable(g.em, [...k.phases.flatMap((p) => (p.stash ? [p.body, p.stash] : [p.body])), k.value], v.name);
}

/**
 * The last outer loop `v` over [lo, hi) when outerLanes holds: 4·WIDE outputs a step, then 4, then the scalar
 * remainder through the generator's own body. `bound`: the outer loops around it.
 */
export function outerLaneLoop(g: Generator, v: LoopVar, lo: () => void, hi: () => void, bound: Set<string>): void {
  const { f, em } = g;
  const local = g.vars.get(v.name)!;
  const withV = new Set([...bound, v.name]);
  em.hoist(g.allExprs(), bound, undefined, false);
  for (const u of [WIDE, 1]) {
    g.forLoop(local, u === WIDE ? lo : () => void f.get(local), hi, 4 * u, () => {
      em.enterScope();
      lanesStep(g, v, u, bound);
      em.exitScope();
    });
  }
  g.forLoop(local, () => void f.get(local), hi, 1, () => {
    em.enterScope();
    g.body(withV);
    em.exitScope();
  });
}

/** One step of u vectors along v (its local holds the first lane): the phases' accumulators, then the stores. */
function lanesStep(g: Generator, v: LoopVar, u: number, bound: Set<string>): void {
  const { f, k, em } = g;
  const local = g.vars.get(v.name)!;
  const accs = k.phases.map(() => Array.from({ length: u }, () => f.local("v128")));
  /** Runs emit for each of the u vectors with v's local at its first lane and phases < upTo read from its accumulators. */
  const eachVector = (upTo: number, emit: (j: number) => void): void => {
    for (let j = 0; j < u; j++) {
      if (j > 0) f.get(local).i32(4).op("i32.add").set(local);
      em.enterScope();
      em.reducedOverride = { scalar: -1, vector: accs[0]![j]!, more: new Map(accs.slice(0, upTo).map((a, p) => [p, a[j]!])) };
      emit(j);
      em.reducedOverride = undefined;
      em.exitScope();
    }
    if (u > 1) f.get(local).i32(4 * (u - 1)).op("i32.sub").set(local);
  };
  /** Stores the vector `value` pushes at `at`'s index, which is contiguous along v. */
  const storeAt = (at: Expr, value: () => void): void => {
    const split = em.split(at as Expr & { index: never }, v.name)!;
    em.address(g.out, k.output.type, () => {
      em.scalar(split.base);
      f.get(local).op("i32.add");
    });
    value();
    f.mem("v128.store", 0, 2);
  };

  k.phases.forEach((p, i) => {
    const acc = accs[i]!;
    const nanMask = p.type === "f32" && (p.fn === "max" || p.fn === "min") ? acc.map(() => f.local("v128")) : undefined;
    const stashAt = g.stashAt(p);
    const roots = stashAt ? [p.body, p.stash!, stashAt] : [p.body];
    const body = (): void =>
      eachVector(i, (j) => {
        if (stashAt) storeAt(stashAt, () => em.vector(p.stash!, v.name));
        if (p.vars.length === 0) {
          em.vector(p.body, v.name);
          f.set(acc[j]!);
        } else g.accumulate(p, acc[j]!, () => em.vector(p.body, v.name), nanMask?.[j]);
      });
    for (const a of acc) g.vectorIdentity(p, a);
    for (const m of nanMask ?? []) f.v128i([0, 0, 0, 0]).set(m);
    const loops = (depth: number, scope: Set<string>): void => {
      if (depth === p.vars.length) {
        em.hoist(roots, scope, undefined, true);
        return body();
      }
      const w = p.vars[depth]!;
      em.hoist(roots, scope, undefined, false);
      g.forLoop(g.vars.get(w.name)!, () => void f.i32(0), () => void f.i32(w.extent), 1, () => {
        em.enterScope();
        loops(depth + 1, new Set([...scope, w.name]));
        em.exitScope();
      });
    };
    loops(0, new Set(bound));
    nanMask?.forEach((m, j) => f.f32(NaN).op("f32x4.splat").get(acc[j]!).get(m).op("v128.bitselect").set(acc[j]!));
  });

  const store = (): void => eachVector(k.phases.length, () => storeAt(g.outIndex, () => em.vector(k.value, v.name)));
  const inner = (j: number, scope: Set<string>): void => {
    if (j === g.inner.length) return store();
    const w = g.inner[j]!;
    g.forLoop(g.vars.get(w.name)!, () => void f.i32(0), () => void f.i32(w.extent), 1, () => {
      em.enterScope();
      inner(j + 1, new Set([...scope, w.name]));
      em.exitScope();
    });
  };
  inner(0, bound);
}
