// Layer: src/backend/cpu. The Wasm template of an online softmax-weighted kernel (kernel/ir.ts OnlineSoftmax),
// per point of the outer loops (a row; threads split the first):
//   out[row, :] = 0; m = −∞; l = 0
//   for key: the phases (the scores' contraction, 4-lane SIMD like any phase), s = logit, m' = max(m, s),
//            w = weight, c = rescale, l = l·c + w, out[row, :] = out[row, :]·c + w·value (SIMD along the
//            innermost inner loop), m = m'
//   out[row, :] = out[row, :] · (1 / l)
// so the running weighted sum lives in the output row (in cache), and nothing of size [row, key] exists. The
// update's exps come decomposed in the IR (weight, rescale); this file only orders the loops. Imports the IR and
// the generator it extends.
import type { Expr, OnlineSoftmax } from "../../kernel/ir.js";
import type { Generator } from "./codegen.js";

const reduced = (phase: number): Expr => ({ op: "reduced", type: "f32", phase });
const stashed: Expr = { op: "stashed", type: "f32" };
const mul = (a: Expr, b: Expr): Expr => ({ op: "binary", type: "f32", fn: "mul", a, b });
const add = (a: Expr, b: Expr): Expr => ({ op: "binary", type: "f32", fn: "add", a, b });

/**
 * Emits the body of an online softmax-weighted kernel at one outer point (`bound`: the outer vars).
 * @example onlineBody(generator, kernel.online, new Set(["b", "q"]))
 */
export function onlineBody(g: Generator, o: OnlineSoftmax, bound: Set<string>): void {
  const { f, em, k } = g;
  const n = o.phases.length;
  // reduced n, n + 1, n + 2 are the IR's (logit, max before, max after); n + 3, n + 4, n + 5 this template's
  // (weight, rescale, 1 / l)
  const slots = [0, 1, 2, 3, 4, 5].map(() => f.local("f32"));
  slots.forEach((local, i) => (g.reduced[n + i] = local));
  const [logit, before, after, weight, rescale, inverse] = slots as [number, number, number, number, number, number];
  const total = f.local("f32");
  const rows = (value: Expr, scope: Set<string>): void => {
    if (k.inner.length) g.innerLoop(0, scope, value);
    else g.store(() => em.scalar(value));
  };
  rows({ op: "const", type: "f32", value: 0 }, bound);
  f.f32(-Infinity).set(before);
  f.f32(0).set(total);
  const update = add(mul(stashed, reduced(n + 4)), mul(reduced(n + 3), k.value));
  const keys = (depth: number, scope: Set<string>): void => {
    const v = o.vars[depth]!;
    em.hoist([...o.phases.map((p) => p.body), o.logit, k.value], scope, undefined, false);
    g.forLoop(g.vars.get(v.name)!, () => void f.i32(0), () => void f.i32(v.extent), 1, () => {
      em.enterScope();
      const inner = new Set([...scope, v.name]);
      if (depth < o.vars.length - 1) keys(depth + 1, inner);
      else point(inner);
      em.exitScope();
    });
  };
  const point = (scope: Set<string>): void => {
    o.phases.forEach((p, i) => {
      g.phase(p, i, scope);
      scope.add(`%${i}`);
    });
    em.scalar(o.logit);
    f.set(logit);
    em.scalar(o.runningMax);
    f.set(after);
    em.scalar(o.weight);
    f.set(weight);
    em.scalar(o.rescale);
    f.set(rescale);
    f.get(total).get(rescale).op("f32.mul").get(weight).op("f32.add").set(total);
    f.get(after).set(before);
    for (let i = 0; i < 5; i++) scope.add(`%${n + i}`);
    rows(update, scope);
  };
  keys(0, new Set(bound));
  f.f32(1).get(total).op("f32.div").set(inverse);
  rows(mul(stashed, reduced(n + 5)), new Set([...bound, `%${n + 5}`]));
}
