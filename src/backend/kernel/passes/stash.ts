// Layer: src/backend/kernel, a scheduling pass used by the CPU code generator. When the stored value repeats
// an expensive subexpression that a reduction phase already computes over the same positions — softmax's
// exp(x - max) is summed in one phase and divided in the store — the phase stashes it in the output buffer
// and the store reads it back: one exp per element instead of two. Applies when the phase's variables match
// the inner loops one to one (same extents, same order) and the output is f32.
import { isExpensive } from "../alu.js";
import { type Expr, type Kernel, children, dagRewrite, exprDeps, mapChildren } from "../ir.js";

/** A canonical text of e with variables renamed by `rename` (structural comparison up to renaming). */
function key(e: Expr, rename: (v: string) => string): string {
  const idx = (i: { op: string; name?: string; value?: number; c?: number; a?: unknown; b?: unknown }): string =>
    JSON.stringify(i, (k, v) => (k === "name" && typeof v === "string" ? rename(v) : v));
  switch (e.op) {
    case "idx":
      return `idx(${idx(e.index)})`;
    case "load":
      return `load${e.input}(${idx(e.index)},${e.dynamic ? key(e.dynamic.value, rename) : ""},${e.guard ? key(e.guard, rename) : ""})`;
    case "random":
      return `random(${e.stream},${idx(e.index)},${key(e.seed, rename)})`;
    case "const":
      return `c${e.type}${e.value}`;
    case "param":
      return `p${e.slot}`;
    case "reduced":
      return `%${e.phase}`;
    default:
      return `${e.op}:${"fn" in e ? e.fn : ""}:${e.type}(${children(e)
        .map((c) => key(c, rename))
        .join(",")})`;
  }
}

/** Whether e evaluates a function of the ALU's expensive cost class. */
const costly = (e: Expr): boolean => isExpensive(e) || children(e).some(costly);
/** Whether e does arithmetic (an operation a code generator emits, not a read or a constant). */
const arithmetic = (e: Expr): boolean => e.op === "unary" || e.op === "binary" || e.op === "where" || e.op === "cast";
/**
 * Whether e varies along every loop of the store, as the stash read back from the output does: a value invariant
 * along one (a row's value, or one that reads only the inner loops) is computed once per point of the loops it
 * reads, and reading it back per element would make it, and everything the store computes from it, vary per element.
 */
const variesEverywhere = (e: Expr, k: Kernel): boolean => {
  const deps = new Set<string>();
  // a phase's result varies along the outer loops
  for (const v of exprDeps(new Map(), e, k.output.index)) for (const x of v.startsWith("%") ? k.outer.map((o) => o.name) : [v]) deps.add(x);
  return [...k.outer, ...k.inner].every((v) => v.extent === 1 || deps.has(v.name));
};
const readsPhase = (e: Expr, from: number): boolean => (e.op === "reduced" && e.phase >= from) || children(e).some((c) => readsPhase(c, from));

/**
 * e with every occurrence of the value keyed `target` (structurally, so repeats too) replaced by `by`; shared
 * nodes stay shared (dagRewrite).
 */
function replace(e: Expr, target: string, by: Expr): Expr {
  return dagRewrite((x, again) => (key(x, (v) => v) === target ? by : mapChildren(x, again)))(e);
}

/**
 * Whether phase p of k may stash a value for the store: a map kernel with a float output, and the phase's loops
 * matching the inner loops one to one (same extents, same order). The planner asks it too.
 * @example canStash(softmaxKernel, 1) // true: the sum's loop is the store's inner loop
 */
export function canStash(k: Kernel, p: number): boolean {
  const phase = k.phases[p];
  if (k.mode.kind !== "map" || k.output.type !== "f32" || k.inner.length === 0 || !phase || phase.stash) return false;
  return phase.vars.length === k.inner.length && phase.vars.every((v, i) => v.extent === k.inner[i]!.extent);
}

/** The kernel with a stash where one pays. @example stashPhaseValues(softmaxKernel).phases[1].stash // exp(in0[…] - %0) */
export function stashPhaseValues(k: Kernel): Kernel {
  for (let p = 0; p < k.phases.length; p++) {
    if (!canStash(k, p)) continue;
    const phase = k.phases[p]!;
    const toInner = new Map(phase.vars.map((v, i) => [v.name, k.inner[i]!.name]));
    const bodyKeys = new Map<string, Expr>();
    const collected = new Set<Expr>();
    const collect = (e: Expr): void => {
      if (collected.has(e)) return;
      collected.add(e);
      if (arithmetic(e)) bodyKeys.set(key(e, (v) => toInner.get(v) ?? v), e);
      children(e).forEach(collect);
    };
    collect(phase.body);
    // the largest costly subexpression of the stored value that the phase computes too; failing one, the
    // largest cheap one (layer norm's centred value, log-softmax's x − max): reading it back replaces a load and
    // its arithmetic by a load, so the kernel computes nothing twice. Only a value that varies along every loop
    // of the store (variesEverywhere).
    let found: [Expr, Expr] | undefined;
    const search = (e: Expr, want: (e: Expr) => boolean): void => {
      if (found) return;
      const match = e.type === "f32" && want(e) && variesEverywhere(e, k) && !readsPhase(e, p) ? bodyKeys.get(key(e, (v) => v)) : undefined;
      if (match) found = [e, match];
      else children(e).forEach((c) => search(c, want));
    };
    search(k.value, costly);
    if (!found) search(k.value, arithmetic);
    if (!found) continue;
    const [inValue, inPhase] = found;
    return {
      ...k,
      phases: k.phases.map((ph, i) => (i === p ? { ...ph, stash: inPhase } : ph)),
      value: replace(k.value, key(inValue, (v) => v), { op: "stashed", type: "f32" }),
    };
  }
  return k;
}
