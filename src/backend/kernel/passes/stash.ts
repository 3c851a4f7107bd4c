// Layer: src/backend/kernel, a scheduling pass used by the CPU code generator. When the stored value repeats
// an expensive subexpression that a reduction phase already computes over the same positions — softmax's
// exp(x - max) is summed in one phase and divided in the store — the phase stashes it in the output buffer
// and the store reads it back: one exp per element instead of two. Applies when the phase's variables match
// the inner loops one to one (same extents, same order) and the output is f32.
import { isExpensive } from "../alu.js";
import { type Expr, type Kernel, children } from "../ir.js";

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
const readsPhase = (e: Expr, from: number): boolean => (e.op === "reduced" && e.phase >= from) || children(e).some((c) => readsPhase(c, from));

/**
 * e with every occurrence of the value keyed `target` (structurally, so repeats too) replaced by `by`; each
 * distinct node once (`memo`, with its structural keys in `keys`), so a node shared by two parents stays shared.
 */
function replace(e: Expr, target: string, by: Expr, memo: Map<Expr, Expr>, keys: Map<Expr, string>): Expr {
  let r = memo.get(e);
  if (r) return r;
  let k = keys.get(e);
  if (k === undefined) keys.set(e, (k = key(e, (v) => v)));
  const again = (x: Expr): Expr => replace(x, target, by, memo, keys);
  if (k === target) r = by;
  else if (e.op === "unary" || e.op === "cast") r = { ...e, x: again(e.x) };
  else if (e.op === "binary") r = { ...e, a: again(e.a), b: again(e.b) };
  else if (e.op === "where") r = { ...e, cond: again(e.cond), a: again(e.a), b: again(e.b) };
  else r = e;
  memo.set(e, r);
  return r;
}

/** The kernel with a stash where one pays. @example stashPhaseValues(softmaxKernel).phases[1].stash // exp(in0[…] - %0) */
export function stashPhaseValues(k: Kernel): Kernel {
  if (k.mode.kind !== "map" || k.output.type !== "f32" || k.inner.length === 0) return k;
  for (let p = 0; p < k.phases.length; p++) {
    const phase = k.phases[p]!;
    if (phase.stash || phase.vars.length !== k.inner.length || phase.vars.some((v, i) => v.extent !== k.inner[i]!.extent)) continue;
    const toInner = new Map(phase.vars.map((v, i) => [v.name, k.inner[i]!.name]));
    const bodyKeys = new Map<string, Expr>();
    const collect = (e: Expr): void => {
      if (costly(e)) bodyKeys.set(key(e, (v) => toInner.get(v) ?? v), e);
      children(e).forEach(collect);
    };
    collect(phase.body);
    // the largest costly subexpression of the stored value that the phase computes too
    let found: [Expr, Expr] | undefined;
    const search = (e: Expr): void => {
      if (found) return;
      const match = e.type === "f32" && costly(e) && !readsPhase(e, p) ? bodyKeys.get(key(e, (v) => v)) : undefined;
      if (match) found = [e, match];
      else children(e).forEach(search);
    };
    search(k.value);
    if (!found) continue;
    const [inValue, inPhase] = found;
    return {
      ...k,
      phases: k.phases.map((ph, i) => (i === p ? { ...ph, stash: inPhase } : ph)),
      value: replace(k.value, key(inValue, (v) => v), { op: "stashed", type: "f32" }, new Map(), new Map()),
    };
  }
  return k;
}
