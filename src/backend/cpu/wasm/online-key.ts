// Layer: src/backend/cpu. The per-key form of an online kernel (kernel/ir.ts OnlineSoftmax): one row, one key at
// a time — the phases, the logit, the running max and denominator, the value update, the further outputs (row
// statistics, accumulations) — and what the tiled and flash forms (online.ts, flash.ts) share with it: the row
// state, the stores of a row, the per-key loops that finish their leftover keys. Imports the IR and the generator
// it extends.
import { type IndexExpr, indexVars } from "../../../graph/index-expr.js";
import { type Accumulation, type Expr, type LoopVar, type OnlineSoftmax, acrossRows, children, walkExpr } from "../../kernel/ir.js";
import type { Generator } from "./codegen.js";

export const reduced = (phase: number): Expr => ({ op: "reduced", type: "f32", phase });
export const stashed: Expr = { op: "stashed", type: "f32" };
export const mul = (a: Expr, b: Expr): Expr => ({ op: "binary", type: "f32", fn: "mul", a, b });
export const add = (a: Expr, b: Expr): Expr => ({ op: "binary", type: "f32", fn: "add", a, b });
export type Load = Extract<Expr, { op: "load" }>;

/** The running state of one row: its max and its denominator (f32 locals). */
export interface RowState {
  readonly max: number;
  readonly total: number;
}

/** Scalar locals of the per-key update, shared by every row (reduced n … n + 5 of the generator). */
export function updateLocals(g: Generator, o: OnlineSoftmax): void {
  const n = o.phases.length;
  if (g.reduced[n + 5] !== undefined) return;
  for (let i = 0; i < 6; i++) g.reduced[n + i] = g.f.local("f32");
}

/** Emits `value` at every inner point of the current row (or the one point when there are no inner loops). */
export function rowStore(g: Generator, value: Expr, scope: Set<string>): void {
  if (g.inner.length) g.innerLoop(0, scope, value);
  else g.store(() => g.em.scalar(value));
}

/**
 * Runs emit once per further weighted sum of the kernel (ir.ts Accumulation), the store loops aimed at its buffer
 * (`which`: those per row, those across the rows, or all).
 */
export function forAccumulations(g: Generator, o: OnlineSoftmax, emit: (a: Accumulation, i: number) => void, which: "rows" | "across" | "all" = "all", inner?: (a: Accumulation) => readonly LoopVar[]): void {
  const first = o.rowOutputs?.length ?? 0;
  (o.accumulations ?? []).forEach((a, i) => {
    if (which !== "all" && acrossRows(g.k, a) !== (which === "across")) return;
    g.withOutput(g.more[first + i]!, a.index, inner?.(a) ?? a.inner, () => emit(a, i));
  });
}

/**
 * Zeroes the buffers of the sums across the rows over the rows the current point of the outer loops (all but the
 * last, `bound`) writes: every point of the online vars and the inner ones.
 */
export function zeroAcross(g: Generator, o: OnlineSoftmax, bound: Set<string>): void {
  forAccumulations(g, o, () => g.innerLoop(0, bound, { op: "const", type: "f32", value: 0 }), "across", (a) => [...o.vars, ...a.inner]);
}

export function initRow(g: Generator, o: OnlineSoftmax, row: RowState, bound: Set<string>): void {
  forAccumulations(g, o, () => rowStore(g, { op: "const", type: "f32", value: 0 }, bound), "rows");
  rowStore(g, { op: "const", type: "f32", value: 0 }, bound);
  g.f.f32(-Infinity).set(row.max);
  g.f.f32(0).set(row.total);
}

/**
 * The largest parts of the further sums' weights (ir.ts Accumulation) that the logit computes too — the same
 * nodes, as the planner shares them (attention's P inside dS, dv's weight): computed once per point, before both.
 */
export function sharedWithLogit(o: OnlineSoftmax): Expr[] {
  const inLogit = new Set<Expr>();
  walkExpr(o.logit, (x) => void inLogit.add(x));
  const found: Expr[] = [];
  const seen = new Set<Expr>();
  const visit = (e: Expr): void => {
    if (seen.has(e)) return;
    seen.add(e);
    if (inLogit.has(e) && (e.op === "unary" || e.op === "binary" || e.op === "where")) found.push(e);
    else children(e).forEach(visit);
  };
  for (const a of o.accumulations ?? []) visit(a.weight);
  return found;
}

/** One key of one row, the key's loop variables bound (the per-key form). */
function keyStep(g: Generator, o: OnlineSoftmax, row: RowState, scope: Set<string>): void {
  const { f, em, k } = g;
  const n = o.phases.length;
  const [logit, before, after, weight, rescale] = g.reduced.slice(n, n + 5) as number[];
  f.get(row.max).set(before!);
  const inner = new Set(scope);
  o.phases.forEach((p, i) => {
    g.phase(p, i, inner);
    inner.add(`%${i}`);
  });
  for (const x of sharedWithLogit(o)) {
    em.scalar(x);
    // a shared comparison (a causal mask's key > query) is an i32, not an f32
    const local = f.local(x.type === "f32" ? "f32" : "i32");
    f.set(local);
    em.pin(x, local, false);
  }
  em.scalar(o.logit);
  f.set(logit!);
  em.scalar(o.runningMax);
  f.set(after!);
  em.scalar(o.weight);
  f.set(weight!);
  em.scalar(o.rescale);
  f.set(rescale!);
  f.get(row.total).get(rescale!).op("f32.mul").get(weight!).op("f32.add").set(row.total);
  f.get(after!).set(row.max);
  for (let i = 0; i < 5; i++) inner.add(`%${n + i}`);
  rowStore(g, add(mul(stashed, reduced(n + 4)), mul(reduced(n + 3), k.value)), inner);
  // the further weighted sums: out_a += weight_a · value_a (the weight in the slot of the rescale, 1 in a sum)
  forAccumulations(g, o, (a) => {
    em.scalar(a.weight);
    f.set(rescale!);
    rowStore(g, add({ op: "stashed", type: "f32" }, mul(reduced(n + 4), a.value)), inner);
  });
}

/**
 * out[row, :] *= 1 / l (a softmax-weighted sum); out[row] = m (a max); nothing more for a plain weighted sum; and
 * the row statistics the kernel stores besides (ir.ts rowOutputs: m, l).
 */
export function finishRow(g: Generator, o: OnlineSoftmax, row: RowState, bound: Set<string>): void {
  const n = o.phases.length;
  (o.rowOutputs ?? []).forEach((r, i) => {
    g.em.address(g.more[i]!, "f32", () => g.em.index(r.index));
    g.f.get(r.stat === "max" ? row.max : row.total).mem("f32.store", 0, 2);
  });
  if (o.result === "sum") return;
  if (o.result === "max") {
    g.f.get(row.max).set(g.reduced[n + 5]!);
    rowStore(g, reduced(n + 5), new Set([...bound, `%${n + 5}`]));
    return;
  }
  g.f.f32(1).get(row.total).op("f32.div").set(g.reduced[n + 5]!);
  rowStore(g, mul(stashed, reduced(n + 5)), new Set([...bound, `%${n + 5}`]));
}

/** The per-key form over all keys (nested loops when the online loop has several vars), for one row. */
export function keyLoops(g: Generator, o: OnlineSoftmax, row: RowState, scope: Set<string>, from?: () => void): void {
  const { f, em, k } = g;
  const go = (depth: number, bound: Set<string>): void => {
    const v = o.vars[depth]!;
    em.hoist([...o.phases.map((p) => p.body), o.logit, k.value], bound, undefined, false);
    const lo = depth === 0 && from ? from : () => void f.i32(0);
    g.forLoop(g.vars.get(v.name)!, lo, () => void f.i32(v.extent), 1, () => {
      em.enterScope();
      const inner = new Set([...bound, v.name]);
      if (depth < o.vars.length - 1) go(depth + 1, inner);
      else keyStep(g, o, row, inner);
      em.exitScope();
    });
  };
  go(0, scope);
}

/**
 * Emits the body of an online softmax-weighted kernel at one outer point (`bound`: the outer vars) in the
 * per-key form. @example onlineBody(generator, kernel.online, new Set(["b", "q"]))
 */
export function onlineBody(g: Generator, o: OnlineSoftmax, bound: Set<string>): void {
  updateLocals(g, o);
  const row: RowState = { max: g.f.local("f32"), total: g.f.local("f32") };
  initRow(g, o, row, bound);
  keyLoops(g, o, row, new Set(bound));
  finishRow(g, o, row, bound);
}


export const plainLoad = (e: Expr): e is Load => e.op === "load" && e.type === "f32" && !e.guard && !e.dynamic;
export const reads = (e: Load, v: string): boolean => indexVars(e.index).has(v);

/** Byte address base of a load with `v` split off (its index at v = 0), pushed: ptr + 4 · base. */
export function baseAddress(g: Generator, ptr: number, l: Expr & { index: IndexExpr }, v: string): void {
  const s = g.em.split(l as never, v)!;
  g.em.address(ptr, "f32", () => g.em.scalar(s.base));
}
