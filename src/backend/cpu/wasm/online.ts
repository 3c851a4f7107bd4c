// Layer: src/backend/cpu. The Wasm templates of an online softmax-weighted kernel (kernel/ir.ts OnlineSoftmax)
// and of its weighted forms (`result` "sum": Σ weight · value, no rescaling — attention's backward; "max": the
// logits' max — softmax's row max). Per row (a point of the outer loops; threads split the first), the weighted
// sum lives in the output row (in cache) and nothing of size [row, key] exists:
//   out[row, :] = 0; m = −∞; l = 0
//   for key: the phases, s = logit, m' = max(m, s), w = weight, c = rescale, l = l·c + w,
//            out[row, :] = out[row, :]·c + w·value, m = m'
//   out[row, :] = out[row, :] · (1 / l)      (softmax; "sum" stores out as it is, "max" stores m)
// The tiled form, for the attention shape (each phase a dot product Σ_d a·b with `a` per row and `b` per key,
// contiguous along d — one in the forward, two in the backward's dq and dk; values contiguous along the one
// inner loop, or no inner loop and a constant value for a row statistic), takes two rows and four keys at a
// time like a matrix-product micro-kernel: the 2×4 scores of each dot product from 8 vector accumulators (each
// loaded a and b read once for several), the logits, the block max and the weights as 4-lane vectors (one
// vector exp per 4 keys), one rescale per block, and the value update with the accumulators in registers across
// the 4 keys (each value vector read once for both rows). An odd last row takes the tiled form alone; the keys
// after the last whole block of 4 take the per-key form; kernels of other shapes take the per-key form
// throughout. The flash form comes first, for every online kernel of that shape whose rows' expressions go 4
// rows wide (flashTile: 16 rows × 16 keys per step, each dot product's row tile packed in a per-thread scratch,
// register-blocked score and value micro-kernels as small functions of their own, the online expressions 4 rows
// wide): attention's forward (a softmax-weighted sum of one dot product, values along one e that is a multiple
// of 4) and its backward's weighted forms (dq, dk, dv, the row max and sum); the rows after its last whole tile
// take the forms above. The exps come decomposed in the IR
// (weight, rescale): these files order loops and registers only. This file: the tiled form and the row loop that
// picks the forms; the per-key form is online-key.ts, the flash form flash.ts.
// Imports the IR and the generator it extends.
import type { IndexExpr } from "../../../graph/index-expr.js";
import type { Expr, LoopVar, OnlineSoftmax } from "../../kernel/ir.js";
import type { Generator } from "./codegen.js";
import { vectorizable } from "./emit-expr.js";
import { QR, flashTile, flashTiling } from "./flash.js";
import { type Load, type RowState, add, baseAddress, finishRow, initRow, keyLoops, mul, onlineBody, plainLoad, reads, reduced, rowStore, stashed, updateLocals, zeroAcross } from "./online-key.js";

export { onlineBody, zeroAcross } from "./online-key.js";
export { onlineScratchBytes } from "./flash.js";

/** One dot product Σ_d a·b of the tiled form: `a` read per row, `b` per key, both contiguous along d. */
interface Dot {
  readonly d: LoopVar;
  readonly a: Load;
  readonly b: Load;
  /** Bytes between consecutive keys in b. */
  readonly bStride: number;
}

/** What the tiled form needs: the dot products (the phases), the values' load, and the loop variables. */
interface Tiling {
  readonly row: LoopVar;
  readonly key: LoopVar;
  readonly dots: readonly Dot[];
  /** The inner loop and the values read along it; absent for a kernel with no inner loops and a constant value. */
  readonly e?: LoopVar;
  readonly value?: Load;
  /** Bytes between consecutive keys in the values. */
  readonly vStride: number;
}

/** Rows per tile: 3 and 4 measured 10% slower than 2 at b8 d64 seq 1024 (more registers than V8 keeps). */
const ROWS = 2;


/** The tiled form's operands when the kernel has the attention shape (see the header), else undefined. */
function tiling(g: Generator, o: OnlineSoftmax): Tiling | undefined {
  const k = g.k;
  const [key, row] = [o.vars[0], k.outer[k.outer.length - 1]];
  if (o.accumulations?.length || o.phases.length < 1 || o.vars.length !== 1 || !key || !row) return undefined;
  const unit = (l: Expr & { index: IndexExpr }, v: string): boolean => g.em.split(l as never, v)?.coef === 1;
  const stride = (l: Load): number => 4 * g.em.split(l as never, key.name)!.coef;
  const dots: Dot[] = [];
  for (const p of o.phases) {
    const d = p.vars[0];
    if (p.fn !== "sum" || p.vars.length !== 1 || !d || d.extent % 4 || p.body.op !== "binary" || p.body.fn !== "mul") return undefined;
    const [x, y] = [p.body.a, p.body.b];
    if (!plainLoad(x) || !plainLoad(y)) return undefined;
    const [a, b] = reads(x, key.name) ? [y, x] : [x, y];
    if (reads(a, key.name) || reads(b, row.name) || !unit(a, d.name) || !unit(b, d.name)) return undefined;
    dots.push({ d, a, b, bStride: stride(b) });
  }
  // logits and weights 4 keys wide (a mask's index values, a bias read along the keys)
  if (!vectorizable(g.em, [o.logit, o.weight], key.name)) return undefined;
  // a row statistic (no inner loops) weighs a constant value
  if (k.inner.length === 0 && k.value.op === "const") return { row, key, dots, vStride: 0 };
  const e = k.inner[0];
  if (k.inner.length !== 1 || !e || e.extent % 4 || !plainLoad(k.value) || reads(k.value, row.name)) return undefined;
  if (!unit(k.value, e.name) || !unit(g.outIndex as never, e.name)) return undefined;
  return { row, key, dots, e, value: k.value, vStride: stride(k.value) };
}

/**
 * body(at) for each 16-byte step of [0, bytes), a loop over the byte counter; at(base) pushes base + counter.
 * (Unrolled into constant memarg offsets, head size 64 was measured 13% slower: V8 keeps the loop's few
 * registers better than the straight code's many.)
 */
function vectorLoop(g: Generator, counter: number, bytes: number, body: (at: (base: number) => Generator["f"]) => void): void {
  const f = g.f;
  g.forLoop(counter, () => void f.i32(0), () => void f.i32(bytes), 16, () => body((base) => f.get(base).get(counter).op("i32.add")));
}


/** [Σ lanes of x0, Σ x1, Σ x2, Σ x3] from four vectors (locals), pushed: 6 shuffles and 3 adds. */
function transposeSum(g: Generator, x: readonly number[]): void {
  const f = g.f;
  const lanes = (ls: number[]): number[] => ls.flatMap((l) => [0, 1, 2, 3].map((b) => l * 4 + b));
  const pair = (p: number, q: number): void => {
    f.get(x[p]!).get(x[q]!).shuffle(lanes([0, 4, 1, 5]));
    f.get(x[p]!).get(x[q]!).shuffle(lanes([2, 6, 3, 7])).op("f32x4.add");
  };
  // pair(0, 1) = [x0₀+x0₂, x1₀+x1₂, x0₁+x0₃, x1₁+x1₃], pair(2, 3) likewise
  const [s01, s23] = [f.local("v128"), f.local("v128")];
  pair(0, 1);
  f.set(s01);
  pair(2, 3);
  f.set(s23);
  f.get(s01).get(s23).shuffle(lanes([0, 1, 4, 5]));
  f.get(s01).get(s23).shuffle(lanes([2, 3, 6, 7])).op("f32x4.add");
}

/**
 * The loop over the last outer variable `v` (rows) of an online kernel, from lo() to hi(): two rows at a time in
 * the tiled form when the kernel has the attention shape, then one; per row in the per-key form otherwise.
 */
export function onlineRows(g: Generator, o: OnlineSoftmax, v: LoopVar, lo: () => void, hi: () => void, bound: Set<string>): void {
  const { f, em } = g;
  const local = g.vars.get(v.name)!;
  const inner = new Set([...bound, v.name]);
  const t = tiling(g, o);
  const fl = flashTiling(g, o);
  em.hoist(g.allExprs(), bound, undefined, false);
  zeroAcross(g, o, bound);
  let from = lo;
  if (fl) {
    // QR rows at a time in the flash form, then the rows left in the forms below
    updateLocals(g, o);
    g.forLoop(local, lo, hi, QR, () => flashTile(g, o, fl, inner));
    from = () => void f.get(local);
  }
  if (!t) {
    g.forLoop(local, from, hi, 1, () => {
      em.enterScope();
      onlineBody(g, o, inner);
      em.exitScope();
    });
    return;
  }
  updateLocals(g, o);
  g.forLoop(local, from, hi, ROWS, () => rowTile(g, o, t, ROWS, inner));
  g.forLoop(local, () => void f.get(local), hi, 1, () => rowTile(g, o, t, 1, inner));
}

/** R consecutive rows (R = 1 or 2) from the row variable's current value, in the tiled form. */
function rowTile(g: Generator, o: OnlineSoftmax, t: Tiling, R: number, bound: Set<string>): void {
  const { f, em } = g;
  const n = o.phases.length;
  const rowVar = g.vars.get(t.row.name)!;
  const keyVar = g.vars.get(t.key.name)!;
  const rows = Array.from({ length: R }, (_, r) => ({ at: r === 0 ? rowVar : f.local("i32"), max: f.local("f32"), total: f.local("f32") }));
  /** Runs emit with the row variable standing for row r (the emitter's cache scoped to it). */
  const asRow = (r: number, emit: () => void): void => {
    g.vars.set(t.row.name, rows[r]!.at);
    em.enterScope();
    emit();
    em.exitScope();
    g.vars.set(t.row.name, rowVar);
  };
  rows.forEach((row, r) => {
    if (r > 0) f.get(rowVar).i32(r).op("i32.add").set(row.at);
    asRow(r, () => initRow(g, o, row, bound));
  });
  // per-row byte bases of each dot's a (along its d) and of the output (along e)
  const aBase = t.dots.map((dot) =>
    rows.map((_, r) => {
      const l = f.local("i32");
      asRow(r, () => baseAddress(g, g.em.ctx.inputPtr[dot.a.input]!, dot.a, dot.d.name));
      f.set(l);
      return l;
    }),
  );
  const e = t.e;
  const outBase = rows.map((_, r) => {
    const l = f.local("i32");
    if (e) {
      asRow(r, () => baseAddress(g, g.out, g.outIndex as never, e.name));
      f.set(l);
    }
    return l;
  });
  const J = 4;
  const keys = Array.from({ length: J }, () => f.local("i32"));
  const bBase = t.dots.map(() => keys.map(() => f.local("i32")));
  const vBase = keys.map(() => f.local("i32"));
  const acc = rows.map(() => keys.map(() => f.local("v128")));
  const loaded = rows.map(() => f.local("v128"));
  const kv = f.local("v128");
  const scores = t.dots.map(() => rows.map(() => f.local("v128")));
  const [weights, scale, splats] = [rows.map(() => f.local("v128")), rows.map(() => f.local("v128")), rows.map(() => keys.map(() => f.local("v128")))];
  const [blockMax, dd, ee, weightSum] = [f.local("f32"), f.local("i32"), f.local("i32"), f.local("f32")];
  const [logit, before, after, , rescale] = g.reduced.slice(n, n + 5) as number[];
  g.forLoop(keyVar, () => void f.i32(0), () => void f.i32(t.key.extent), J, () => {
    em.enterScope();
    // the keys' byte bases of each b (along its d) and of the values (along e): the first key's, then by the strides
    em.enterScope();
    t.dots.forEach((dot, p) => {
      baseAddress(g, g.em.ctx.inputPtr[dot.b.input]!, dot.b, dot.d.name);
      f.set(bBase[p]![0]!);
    });
    if (t.value && e) {
      baseAddress(g, g.em.ctx.inputPtr[t.value.input]!, t.value, e.name);
      f.set(vBase[0]!);
    }
    em.exitScope();
    for (let j = 1; j < J; j++) {
      t.dots.forEach((dot, p) => void f.get(bBase[p]![0]!).i32(j * dot.bStride).op("i32.add").set(bBase[p]![j]!));
      if (t.value) f.get(vBase[0]!).i32(j * t.vStride).op("i32.add").set(vBase[j]!);
    }
    // scores: acc[r][j] += a[r, d…d+3] · b[j, d…d+3], then each row's 4 sums as one vector (lanes = keys), per dot
    t.dots.forEach((dot, p) => {
      for (const row of acc) for (const x of row) f.v128f(0).set(x);
      vectorLoop(g, dd, dot.d.extent * 4, (at) => {
        rows.forEach((_, r) => void at(aBase[p]![r]!).mem("v128.load", 0, 2).set(loaded[r]!));
        keys.forEach((_, j) => {
          at(bBase[p]![j]!).mem("v128.load", 0, 2).set(kv);
          rows.forEach((_, r) => void f.get(acc[r]![j]!).get(loaded[r]!).get(kv).op("f32x4.mul").op("f32x4.add").set(acc[r]![j]!));
        });
      });
      rows.forEach((_, r) => {
        transposeSum(g, acc[r]!);
        f.set(scores[p]![r]!);
      });
    });
    rows.forEach((row, r) => {
      const logits = scores[0]![r]!;
      asRow(r, () => {
        // logits, 4 keys wide (the phases' values read from the scores vectors)
        em.reducedOverride = { scalar: (g.reduced[0] ??= f.local("f32")), vector: logits, phase: 0, more: new Map(scores.slice(1).map((s, p) => [p + 1, s[r]!])) };
        em.vector(o.logit, t.key.name);
        em.reducedOverride = undefined;
        f.set(logits);
        // the block's max (NaN-propagating, like the IR's max), then the row's new max by the IR's runningMax
        f.get(logits).lane("f32x4.extract_lane", 0).get(logits).lane("f32x4.extract_lane", 1).op("f32.max");
        f.get(logits).lane("f32x4.extract_lane", 2).get(logits).lane("f32x4.extract_lane", 3).op("f32.max").op("f32.max").set(blockMax);
        f.get(row.max).set(before!);
        g.reduced[n] = blockMax;
        g.reduced[n + 1] = before!;
        em.scalar(o.runningMax);
        f.set(after!);
        g.reduced[n] = logit!;
        em.scalar(o.rescale);
        f.set(rescale!);
        // weights, 4 keys wide: the IR's weight with the logits as its phase-n value
        em.reducedOverride = { scalar: logit!, vector: logits, phase: n };
        em.vector(o.weight, t.key.name);
        em.reducedOverride = undefined;
        f.set(weights[r]!);
      });
      f.get(weights[r]!).lane("f32x4.extract_lane", 0);
      for (let j = 1; j < J; j++) f.get(weights[r]!).lane("f32x4.extract_lane", j).op("f32.add");
      f.set(weightSum);
      f.get(row.total).get(rescale!).op("f32.mul").get(weightSum).op("f32.add").set(row.total);
      f.get(after!).set(row.max);
      if (!e) {
        // a row statistic: out = out · c + (Σ_j w_j) · value, as the per-key form writes it
        if (o.result === "max") return;
        f.get(weightSum).set(g.reduced[n + 3]!);
        asRow(r, () => rowStore(g, add(mul(stashed, reduced(n + 4)), mul(reduced(n + 3), g.k.value)), new Set([...bound, `%${n + 3}`, `%${n + 4}`])));
        return;
      }
      f.get(rescale!).op("f32x4.splat").set(scale[r]!);
      keys.forEach((_, j) => void f.get(weights[r]!).lane("f32x4.extract_lane", j).op("f32x4.splat").set(splats[r]![j]!));
    });
    // values: out[r, e…e+3] = out · c_r + Σ_j w[r, j] · value[j, e…e+3], the accumulators in registers — skipped
    // when every weight is +0 (keys all masked, e.g. past the query under a causal mask): the max did not grow
    // then (a key that raises it weighs exp(0) = 1), so the rescale is 1 and the update would change nothing
    if (e) {
      rows.forEach((_, r) => {
        f.get(weights[r]!).op("v128.any_true");
        if (r > 0) f.op("i32.or");
      });
      f.if();
      vectorLoop(g, ee, e.extent * 4, (at) => {
        rows.forEach((_, r) => void at(outBase[r]!).mem("v128.load", 0, 2).get(scale[r]!).op("f32x4.mul").set(loaded[r]!));
        keys.forEach((_, j) => {
          at(vBase[j]!).mem("v128.load", 0, 2).set(kv);
          rows.forEach((_, r) => void f.get(loaded[r]!).get(splats[r]![j]!).get(kv).op("f32x4.mul").op("f32x4.add").set(loaded[r]!));
        });
        rows.forEach((_, r) => void at(outBase[r]!).get(loaded[r]!).mem("v128.store", 0, 2));
      });
      f.end();
    }
    em.exitScope();
  });
  // leftover keys one at a time, then the result
  const resume = f.local("i32");
  f.get(keyVar).set(resume);
  rows.forEach((row, r) =>
    asRow(r, () => {
      keyLoops(g, o, row, new Set(bound), () => void f.get(resume));
      finishRow(g, o, row, bound);
    }),
  );
}
