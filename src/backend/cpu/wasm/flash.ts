// Layer: src/backend/cpu. The flash form of an online kernel (FlashAttention's loop structure on a CPU; see
// online.ts for where it is used): QR rows × KC keys per step, each dot product's row tile packed in a per-thread
// scratch, register-blocked score, value and across-the-rows micro-kernels as small Wasm functions of their own,
// the online expressions 4 rows wide; the keys after the last whole block take the per-key form (online-key.ts).
// Imports the IR and the generator it extends.
import { type IndexExpr, indexVars } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, type LoopVar, type OnlineSoftmax, acrossRows } from "../../kernel/ir.js";
import type { Generator } from "./codegen.js";
import { FunctionBuilder } from "./module.js";
import { vectorizable } from "./emit-expr.js";
import { type Load, type RowState, baseAddress, finishRow, forAccumulations, keyLoops, mul, plainLoad, reads, reduced, rowStore, sharedWithLogit, updateLocals } from "./online-key.js";

/**
 * Rows per tile of the flash form (four vectors' lanes; the score micro-kernel takes 8 at a time) and keys per
 * block. 16 rows halve the keys' and values' traffic from L2 of 8: single-threaded at b8 seq 1024 (CPU time,
 * alternating), the forward at d 128 went from 0.98× to 1.01× the three kernels' and d 32 / 64 and the backward
 * did not lose (bench/attention-same-run.mjs).
 */
export const QR = 16;
const KC = 16;

/**
 * Per-thread scratch bytes of an online kernel (0: none): the flash form's tile of rows transposed per dot
 * product, [d][QR], the block's scores / weights per dot product and per further weighted sum, [KC][QR], and
 * rescales, maxes and totals,
 * [QR] each. Reserved for every online kernel whose phases each sum over one dim (the flash form's candidates);
 * the generator decides from the expressions whether it is used.
 * @example onlineScratchBytes(attentionKernel) // 5312 at d 64
 */
export function onlineScratchBytes(k: Kernel): number {
  const o = k.online;
  if (!o || o.vars.length !== 1 || o.phases.length < 1 || o.phases.some((p) => p.vars.length !== 1)) return 0;
  const D = o.phases.reduce((n, p) => n + p.vars[0]!.extent, 0);
  return Math.ceil((4 * QR * (D + (o.phases.length + (o.accumulations?.length ?? 0)) * KC + 3)) / 64) * 64;
}

/** One dot product of the flash form, score = Σ_d a[row, d] · b[key, d]; byte strides: a along the rows and d, b along the keys and d. */
interface FlashDot {
  readonly d: LoopVar;
  readonly a: Load;
  readonly b: Load;
  readonly aRow: number;
  readonly aD: number;
  readonly bKey: number;
  readonly bD: number;
}

/**
 * The flash form's operands: the dot products (the phases), and out[row, e] = Σ_key w · value[key, e] (values
 * along one e), or no inner loop and a constant value (a row statistic: a weighted form's sum or max).
 */
interface Flash {
  /** The online kernel's result: softmax-weighted (attention's forward), or a weighted form's sum or max. */
  readonly result: "softmax" | "sum" | "max";
  readonly row: LoopVar;
  readonly key: LoopVar;
  readonly dots: readonly FlashDot[];
  readonly e?: LoopVar;
  readonly value?: Load;
  /** Byte strides: the values along the keys, out along the rows. */
  readonly vKey: number;
  readonly outRow: number;
  /** Vectors along e per step of the value update: 2 when e is a multiple of 8, else 1. */
  readonly ev: number;
  /** The further weighted sums (ir.ts Accumulation), each with its value update's operands like the output's. */
  readonly more: readonly FlashValues[];
}

/**
 * A value update's operands: out[row, e…] += Σ_key w · value[key, e…]; or, `across` the rows (ir.ts
 * Accumulation), out[key, e…] += Σ_row w · value[row, e…] (vKey then steps the value along the rows, outRow the
 * output along the keys).
 */
interface FlashValues {
  readonly e: LoopVar;
  readonly value: Load;
  readonly across?: boolean;
  readonly vKey: number;
  readonly outRow: number;
  readonly ev: number;
  /** The output's index (over the rows and e). */
  readonly index: IndexExpr;
}

/**
 * The flash form's operands when the kernel has the attention shape (each phase a dot product Σ_d a · b with
 * `a` per row and `b` per key; values along one e, or a row statistic), else undefined.
 */
export function flashTiling(g: Generator, o: OnlineSoftmax): Flash | undefined {
  const k = g.k;
  const result = o.result ?? "softmax";
  const [key, row] = [o.vars[0], k.outer[k.outer.length - 1]];
  if (g.scratch < 0 || o.vars.length !== 1 || o.phases.length < 1 || !key || !row) return undefined;
  const coef = (l: Expr, v: string): number => g.em.split(l as never, v)?.coef ?? -1;
  const s = 4;
  const dots: FlashDot[] = [];
  for (const p of o.phases) {
    const d = p.vars[0];
    if (p.fn !== "sum" || p.vars.length !== 1 || !d || p.body.op !== "binary" || p.body.fn !== "mul") return undefined;
    const [x, y] = [p.body.a, p.body.b];
    if (!plainLoad(x) || !plainLoad(y)) return undefined;
    const [a, b] = reads(x, key.name) ? [y, x] : [x, y];
    if (reads(a, key.name) || reads(b, row.name)) return undefined;
    const c = [coef(a, row.name), coef(a, d.name), coef(b, key.name), coef(b, d.name)];
    // constant non-negative strides (memory offsets)
    if (c.some((x) => x < 0)) return undefined;
    dots.push({ d, a, b, aRow: s * c[0]!, aD: s * c[1]!, bKey: s * c[2]!, bD: s * c[3]! });
  }
  // the online expressions 4 rows wide (a mask's index values read along the rows, row statistics as vectors)
  const accumulations = o.accumulations ?? [];
  if (!vectorizable(g.em, [o.logit, o.weight, o.runningMax, o.rescale, ...accumulations.map((a) => a.weight)], row.name)) return undefined;
  if (k.inner.length === 0) return result !== "softmax" && k.value.op === "const" && !accumulations.length ? { result, row, key, dots, vKey: 0, outRow: 0, ev: 1, more: [] } : undefined;
  /** A value update's operands, when values and output are unit-stride along their one inner loop (a multiple of 4). */
  const update = (inner: readonly LoopVar[], value: Expr, index: IndexExpr): FlashValues | undefined => {
    const e = inner[0];
    if (inner.length !== 1 || !e || e.extent % 4 || !plainLoad(value) || reads(value, row.name)) return undefined;
    const out: Expr = { op: "idx", type: "i32", index };
    const [vKey, outRow] = [coef(value, key.name), coef(out, row.name)];
    if (vKey < 0 || outRow < 0 || coef(value, e.name) !== 1 || coef(out, e.name) !== 1) return undefined;
    return { e, value, vKey: s * vKey, outRow: s * outRow, ev: e.extent % 8 ? 1 : 2, index };
  };
  /** The same for a sum across the rows: the values read along the rows, the output along the keys. */
  const across = (inner: readonly LoopVar[], value: Expr, index: IndexExpr): FlashValues | undefined => {
    const e = inner[0];
    if (inner.length !== 1 || !e || e.extent % 4 || !plainLoad(value) || reads(value, key.name)) return undefined;
    const out: Expr = { op: "idx", type: "i32", index };
    if (indexVars(index).has(row.name)) return undefined;
    const [vRow, outKey] = [coef(value, row.name), coef(out, key.name)];
    if (vRow < 0 || outKey < 0 || coef(value, e.name) !== 1 || coef(out, e.name) !== 1) return undefined;
    return { e, value, across: true, vKey: s * vRow, outRow: s * outKey, ev: e.extent % 8 ? 1 : 2, index };
  };
  const main = result === "max" ? undefined : update(k.inner, k.value, k.output.index);
  const more = accumulations.map((a) => (acrossRows(k, a) ? across : update)(a.inner, a.value, a.index));
  if (!main || more.some((x) => !x)) return undefined;
  return { result, row, key, dots, e: main.e, value: main.value, vKey: main.vKey, outRow: main.outRow, ev: main.ev, more: more as FlashValues[] };
}

/** A small loop `for (v = 0; v < to; v += step) body()` in a helper function. */
function loopIn(f: FunctionBuilder, v: number, to: number, step: number, body: () => void): void {
  f.i32(0).set(v).block().loop();
  f.get(v).i32(to).op("i32.ge_s").brIf(1);
  body();
  f.get(v).i32(step).op("i32.add").set(v).br(0).end().end();
}

/**
 * The score micro-kernel of one dot product (a function of its own: V8 allocates a small function's registers
 * far better than the same loop inside the kernel's large one): `scores(pq, pk, dst)` = Sᵀ[key j][row r] =
 * Σ_d at[d][r] · b[key j, d] for the block's KC keys, 4 keys × QR rows at a time with the 8 accumulators in
 * registers, stored to dst ([KC][QR]).
 */
function scoreKernel(t: FlashDot): FunctionBuilder {
  const f = new FunctionBuilder("flashScores", ["i32", "i32", "i32"]);
  const [q0, pk, dst] = [0, 1, 2];
  const acc = [0, 1].map(() => [0, 1, 2, 3].map(() => f.local("v128")));
  const q = [0, 1].map(() => f.local("v128"));
  const [ks, cnt, grp, pq, kp] = [f.local("v128"), f.local("i32"), f.local("i32"), f.local("i32"), f.local("i32")];
  // the block's keys 4 at a time, and for them the tile's rows 8 at a time (the 4 keys' rows stay in L1)
  loopIn(f, grp, KC / 4, 1, () => {
    for (let half = 0; half < QR / 8; half++) {
      for (const x of acc.flat()) f.v128f(0).set(x);
      f.get(q0).set(pq);
      f.get(grp).i32(4 * t.bKey).op("i32.mul").get(pk).op("i32.add").set(kp);
      loopIn(f, cnt, t.d.extent, 1, () => {
        q.forEach((x, h) => void f.get(pq).mem("v128.load", 32 * half + 16 * h, 2).set(x));
        for (let j = 0; j < 4; j++) {
          f.get(kp).mem("v128.load32_splat", j * t.bKey, 2).set(ks);
          q.forEach((x, h) => void f.get(acc[h]![j]!).get(x).get(ks).op("f32x4.mul").op("f32x4.add").set(acc[h]![j]!));
        }
        f.get(pq).i32(4 * QR).op("i32.add").set(pq);
        f.get(kp).i32(t.bD).op("i32.add").set(kp);
      });
      f.get(grp).i32(16 * QR).op("i32.mul").get(dst).op("i32.add").set(kp);
      for (let j = 0; j < 4; j++) q.forEach((_, h) => void f.get(kp).get(acc[h]![j]!).mem("v128.store", 4 * (j * QR + 8 * half + 4 * h), 2));
    }
  });
  return f;
}

/**
 * The value micro-kernel: `values(po, pv, pw, pc)` = for the QR rows from po (out rows), 4 at a time, out[r, e…] = out · c[r] +
 * Σ_j w[j][r] · value[j, e…] over the block's KC keys (values from pv, weights [KC][QR] from pw, rescales from
 * pc; none when not `rescaled`, a weighted sum's), 4 rows × ev vectors in registers per step along e.
 */
function valueKernel(t: Pick<FlashValues, "e" | "vKey" | "outRow" | "ev">, rescaled: boolean): FunctionBuilder {
  const f = new FunctionBuilder("flashValues", ["i32", "i32", "i32", "i32"]);
  const [po, pv, pw, pc] = [0, 1, 2, 3];
  const acc = [0, 1, 2, 3].map(() => Array.from({ length: t.ev }, () => f.local("v128")));
  const vs = Array.from({ length: t.ev }, () => f.local("v128"));
  const [ks, cnt, j, vp, wp, h] = [f.local("v128"), f.local("i32"), f.local("i32"), f.local("i32"), f.local("i32"), f.local("i32")];
  // the tile's rows 4 at a time: out rows, weights and rescales move on by 4 rows
  loopIn(f, h, QR / 4, 1, () => {
  loopIn(f, cnt, t.e!.extent * 4, 16 * t.ev, () => {
    for (let r = 0; r < 4; r++)
      acc[r]!.forEach((x, v) => {
        f.get(po).get(cnt).op("i32.add").mem("v128.load", r * t.outRow + 16 * v, 2);
        if (rescaled) f.get(pc).mem("v128.load32_splat", 4 * r, 2).op("f32x4.mul");
        f.set(x);
      });
    f.get(pv).get(cnt).op("i32.add").set(vp);
    f.get(pw).set(wp);
    loopIn(f, j, KC, 1, () => {
      vs.forEach((x, v) => void f.get(vp).mem("v128.load", 16 * v, 2).set(x));
      for (let r = 0; r < 4; r++) {
        f.get(wp).mem("v128.load32_splat", 4 * r, 2).set(ks);
        vs.forEach((x, v) => void f.get(acc[r]![v]!).get(ks).get(x).op("f32x4.mul").op("f32x4.add").set(acc[r]![v]!));
      }
      f.get(vp).i32(t.vKey).op("i32.add").set(vp);
      f.get(wp).i32(4 * QR).op("i32.add").set(wp);
    });
    for (let r = 0; r < 4; r++) acc[r]!.forEach((x, v) => void f.get(po).get(cnt).op("i32.add").get(x).mem("v128.store", r * t.outRow + 16 * v, 2));
  });
  f.get(po).i32(4 * t.outRow).op("i32.add").set(po);
  f.get(pw).i32(16).op("i32.add").set(pw);
  if (rescaled) f.get(pc).i32(16).op("i32.add").set(pc);
  });
  return f;
}

/**
 * The micro-kernel of a sum across the rows: `across(po, pv, pw)` = for each of the block's KC keys j (out rows
 * from po, t.outRow bytes apart), out[j, e…] += Σ_r w[j][r] · value[row r, e…] over the tile's QR rows (values
 * from pv, t.vKey bytes apart, in L1 for the whole block; weights [KC][QR] from pw), ev vectors of e in registers.
 */
function acrossKernel(t: FlashValues): FunctionBuilder {
  const f = new FunctionBuilder("flashAcross", ["i32", "i32", "i32"]);
  const [po, pv, pw] = [0, 1, 2];
  // 4 keys × ev vectors of e in registers: each value vector loaded once for the 4 keys
  const acc = [0, 1, 2, 3].map(() => Array.from({ length: t.ev }, () => f.local("v128")));
  const vs = Array.from({ length: t.ev }, () => f.local("v128"));
  const [ks, cnt, j, r, vp, wp] = [f.local("v128"), f.local("i32"), f.local("i32"), f.local("i32"), f.local("i32"), f.local("i32")];
  loopIn(f, j, KC / 4, 1, () => {
    loopIn(f, cnt, t.e.extent * 4, 16 * t.ev, () => {
      acc.forEach((row, jj) => row.forEach((x, v) => void f.get(po).get(cnt).op("i32.add").mem("v128.load", jj * t.outRow + 16 * v, 2).set(x)));
      f.get(pv).get(cnt).op("i32.add").set(vp);
      f.get(pw).set(wp);
      loopIn(f, r, QR, 1, () => {
        vs.forEach((x, v) => void f.get(vp).mem("v128.load", 16 * v, 2).set(x));
        acc.forEach((row, jj) => {
          f.get(wp).mem("v128.load32_splat", jj * 4 * QR, 2).set(ks);
          row.forEach((x, v) => void f.get(x).get(ks).get(vs[v]!).op("f32x4.mul").op("f32x4.add").set(x));
        });
        f.get(vp).i32(t.vKey).op("i32.add").set(vp);
        f.get(wp).i32(4).op("i32.add").set(wp);
      });
      acc.forEach((row, jj) => row.forEach((x, v) => void f.get(po).get(cnt).op("i32.add").get(x).mem("v128.store", jj * t.outRow + 16 * v, 2)));
    });
    f.get(po).i32(4 * t.outRow).op("i32.add").set(po);
    f.get(pw).i32(16 * QR).op("i32.add").set(pw);
  });
  return f;
}

/**
 * QR consecutive rows in the flash form (FlashAttention's loop on a CPU): each dot product's `a` for the rows
 * packed transposed into scratch ([d][QR], once per tile), then per block of KC keys each score tile
 * Sᵀ[key][row] from a 4-key × QR-row register-blocked product (the lanes over rows: a vector of the packed a and
 * a splat of b per d, no horizontal sums), then 4 rows wide (no per-row scalar work): for a softmax, the logits,
 * block max, rescale and weights; for a weighted sum, the weights (the logit, which reads every score tile and the
 * row statistics); for a max, the running max. Then the value update out[row, e…] = out · c + Σ_key w · value[key, e…]
 * over 4 rows × ev vectors in registers (the weights splat from scratch), or, for a row statistic, the weights'
 * sum kept 4 rows wide. The two products are small functions of their own. The keys after the last whole block
 * take the per-key form, row by row.
 */
export function flashTile(g: Generator, o: OnlineSoftmax, t: Flash, bound: Set<string>): void {
  const { f, em } = g;
  const n = o.phases.length;
  const scratch = g.scratch;
  const rowVar = g.vars.get(t.row.name)!;
  const keyVar = g.vars.get(t.key.name)!;
  const at = f.local("i32");
  /** Runs emit with the row variable standing for row r of the tile (the emitter's cache scoped to it). */
  const asRow = (r: number, emit: () => void): void => {
    f.get(rowVar).i32(r).op("i32.add").set(at);
    g.vars.set(t.row.name, at);
    em.enterScope();
    emit();
    em.exitScope();
    g.vars.set(t.row.name, rowVar);
  };
  const H = QR / 4;
  // scratch: each dot's a transposed [D][QR], then each dot's block scores [KC][QR] (the first's become the
  // weights), the rescales, maxes and totals [QR]
  let off = 0;
  const A = t.dots.map((dot) => ((off += 4 * QR * dot.d.extent), off - 4 * QR * dot.d.extent));
  const S = t.dots.map(() => ((off += 4 * QR * KC), off - 4 * QR * KC));
  // each further weighted sum's weights [KC][QR]
  const W = t.more.map(() => ((off += 4 * QR * KC), off - 4 * QR * KC));
  const [C, M, L] = [off, off + 4 * QR, off + 8 * QR];
  const v128 = (): number => f.local("v128");
  const [max, after, rescale, bm, wsum, any, w] = [v128(), v128(), v128(), v128(), v128(), v128(), v128()];
  const scored = t.dots.map(() => v128());
  const zeroRows = (r: number): void => {
    f.get(rowVar).get(r).op("i32.add").set(at);
    g.vars.set(t.row.name, at);
    em.enterScope();
    forAccumulations(g, o, () => rowStore(g, { op: "const", type: "f32", value: 0 }, bound), "rows");
    rowStore(g, { op: "const", type: "f32", value: 0 }, bound);
    em.exitScope();
    g.vars.set(t.row.name, rowVar);
  };
  for (let h = 0; h < H; h++) {
    f.get(scratch).v128f(-Infinity).mem("v128.store", M + 16 * h, 2);
    f.get(scratch).v128f(0).mem("v128.store", L + 16 * h, 2);
  }
  const i32 = (): number => f.local("i32");
  const [pa, pq, cnt, pv, po, blk, j, pj] = [i32(), i32(), i32(), i32(), i32(), i32(), i32(), i32()];
  const pk = t.dots.map(() => i32());
  if (t.e) g.forLoop(j, () => void f.i32(0), () => void f.i32(QR), 1, () => zeroRows(j));
  // pack each a: scratch[d][r] = a[row r, d]
  t.dots.forEach((dot, p) => {
    const D = dot.d.extent;
    asRow(0, () => baseAddress(g, em.ctx.inputPtr[dot.a.input]!, dot.a, dot.d.name));
    f.set(pa);
    f.get(scratch).i32(A[p]!).op("i32.add").set(pq);
    if (dot.aD === 4) {
      // 4 steps of d at a time: each 4 rows × 4 d block read as 4 vectors and transposed in registers
      const [x, y] = [[0, 1, 2, 3].map(() => f.local("v128")), [0, 1].map(() => f.local("v128"))];
      g.forLoop(cnt, () => void f.i32(0), () => void f.i32(D), 4, () => {
        for (let h = 0; h < QR / 4; h++) {
          x.forEach((l, r) => void f.get(pa).mem("v128.load", (4 * h + r) * dot.aRow, 2).set(l));
          // x[r] = row r at d … d+3; column c (d + c) = rows 0…3 at d + c
          for (const [lo, lanes] of [[0, [0, 4, 1, 5]], [2, [2, 6, 3, 7]]] as const) {
            f.get(x[0]!).get(x[1]!).shuffle32(lanes).set(y[0]!);
            f.get(x[2]!).get(x[3]!).shuffle32(lanes).set(y[1]!);
            for (const c of [0, 1]) f.get(pq).get(y[0]!).get(y[1]!).shuffle32(c === 0 ? [0, 1, 4, 5] : [2, 3, 6, 7]).mem("v128.store", 4 * QR * (lo + c) + 16 * h, 2);
          }
        }
        f.get(pa).i32(16).op("i32.add").set(pa);
        f.get(pq).i32(16 * QR).op("i32.add").set(pq);
      });
    }
    g.forLoop(cnt, () => void (dot.aD === 4 ? f.get(cnt) : f.i32(0)), () => void f.i32(D), 1, () => {
      for (let r = 0; r < QR; r++) f.get(pq).get(pa).mem("f32.load", r * dot.aRow).mem("f32.store", 4 * r);
      f.get(pa).i32(dot.aD).op("i32.add").set(pa);
      f.get(pq).i32(4 * QR).op("i32.add").set(pq);
    });
  });
  if (t.e) {
    asRow(0, () => baseAddress(g, g.out, g.outIndex as never, t.e!.name));
    f.set(po);
  }
  const scores = t.dots.map(scoreKernel);
  const values = t.e ? valueKernel({ ...t, e: t.e }, t.result === "softmax") : undefined;
  // the further weighted sums: each its output's base (row 0, e 0) and its values' per block, its own value kernel
  const first = o.rowOutputs?.length ?? 0;
  const accumulations = o.accumulations ?? [];
  const [moreOut, moreValues] = [t.more.map(() => i32()), t.more.map(() => i32())];
  const moreKernels = t.more.map((x) => (x.across ? acrossKernel(x) : valueKernel(x, false)));
  // per tile: a row sum's output base, an across sum's values base (both at the tile's first row)
  t.more.forEach((x, i) => {
    asRow(0, () => (x.across ? baseAddress(g, em.ctx.inputPtr[x.value.input]!, x.value, x.e.name) : baseAddress(g, g.more[first + i]!, { op: "idx", type: "i32", index: x.index } as never, x.e.name)));
    f.set((x.across ? moreValues : moreOut)[i]!);
  });
  // a weighted sum's logit (its further sums' weights read it besides the weight)
  const lg = t.result === "sum" ? v128() : w;
  const scalar = (g.reduced[0] ??= f.local("f32"));
  /** for (j = 0; j < KC; j++) with the key variable at blk + j and pj at scratch's row j of a tile, body in its own scope. */
  const overKeys = (body: () => void): void => {
    g.forLoop(j, () => void f.i32(0), () => void f.i32(KC), 1, () => {
      f.get(blk).get(j).op("i32.add").set(keyVar);
      f.get(scratch).get(j).i32(4 * QR).op("i32.mul").op("i32.add").set(pj);
      em.enterScope();
      body();
      em.exitScope();
    });
  };
  /** The logits of rows 4h…4h+3 at key j, 4 rows wide, pushed (each phase's value read from its score tile). */
  const logits = (h: number): void => {
    t.dots.forEach((_, p) => void f.get(pj).mem("v128.load", S[p]! + 16 * h, 2).set(scored[p]!));
    em.reducedOverride = { scalar, vector: scored[0]!, phase: 0, more: new Map(scored.slice(1).map((x, p) => [p + 1, x])) };
    em.vector(o.logit, t.row.name);
    em.reducedOverride = undefined;
  };
  g.forLoop(blk, () => void f.i32(0), () => void f.i32(t.key.extent), KC, () => {
    // the block's first key: each b's byte base (along its d) and the values' (along e)
    f.get(blk).set(keyVar);
    em.enterScope();
    t.dots.forEach((dot, p) => {
      baseAddress(g, em.ctx.inputPtr[dot.b.input]!, dot.b, dot.d.name);
      f.set(pk[p]!);
    });
    if (t.value && t.e) {
      baseAddress(g, em.ctx.inputPtr[t.value.input]!, t.value, t.e.name);
      f.set(pv);
    }
    // per block: a row sum's values base, an across sum's output base (at the block's first key)
    t.more.forEach((x, i) => {
      if (x.across) baseAddress(g, g.more[first + i]!, { op: "idx", type: "i32", index: x.index } as never, x.e.name);
      else baseAddress(g, em.ctx.inputPtr[x.value.input]!, x.value, x.e.name);
      f.set((x.across ? moreOut : moreValues)[i]!);
    });
    em.exitScope();
    // scores Sᵀ[key][row] to scratch S, 4 keys at a time, per dot product
    t.dots.forEach((_, p) => void f.get(scratch).i32(A[p]!).op("i32.add").get(pk[p]!).get(scratch).i32(S[p]!).op("i32.add").call(scores[p]!));
    f.v128i([0, 0, 0, 0]).set(any);
    for (let h = 0; h < H; h++) {
      asRow(4 * h, () => {
        if (t.result === "max") {
          // the running max over the block's logits, by the IR's runningMax
          f.get(scratch).mem("v128.load", M + 16 * h, 2).set(bm);
          overKeys(() => {
            logits(h);
            f.set(w);
            em.reducedOverride = { scalar, vector: w, phase: n, more: new Map([[n + 1, bm]]) };
            em.vector(o.runningMax, t.row.name);
            em.reducedOverride = undefined;
            f.set(bm);
          });
          f.get(scratch).get(bm).mem("v128.store", M + 16 * h, 2);
          return;
        }
        if (t.result === "sum") {
          // the weights (the IR's weight over the logit), to S[0]; their bits or-ed (all zero only when every
          // weight is +0: the value update would change nothing), and their sum for a row statistic
          f.v128f(0).set(wsum);
          const shared = sharedWithLogit(o);
          overKeys(() => {
            if (shared.length) {
              // the parts the further sums' weights share with the logit, once (pinned for both)
              t.dots.forEach((_, p) => void f.get(pj).mem("v128.load", S[p]! + 16 * h, 2).set(scored[p]!));
              em.reducedOverride = { scalar, vector: scored[0]!, phase: 0, more: new Map(scored.slice(1).map((x, p) => [p + 1, x])) };
              for (const x of shared) {
                em.vector(x, t.row.name);
                const local = v128();
                f.set(local);
                em.pin(x, local, true);
              }
              em.reducedOverride = undefined;
            }
            logits(h);
            f.set(lg);
            em.reducedOverride = { scalar, vector: lg, phase: n };
            em.vector(o.weight, t.row.name);
            em.reducedOverride = undefined;
            f.set(w);
            // each further sum's weights (over the scores, still in registers, and the logit) to W[i]
            accumulations.forEach((a, i) => {
              em.reducedOverride = { scalar, vector: scored[0]!, phase: 0, more: new Map([...scored.slice(1).map((x, p) => [p + 1, x] as [number, number]), [n, lg]]) };
              f.get(pj);
              em.vector(a.weight, t.row.name);
              em.reducedOverride = undefined;
              f.tee(wsum).mem("v128.store", W[i]! + 16 * h, 2);
              f.get(any).get(wsum).op("v128.or").set(any);
            });
            f.get(pj).get(w).mem("v128.store", S[0]! + 16 * h, 2);
            if (t.e) f.get(any).get(w).op("v128.or").set(any);
            else f.get(wsum).get(w).op("f32x4.add").set(wsum);
          });
          if (!t.e) f.get(scratch).get(scratch).mem("v128.load", L + 16 * h, 2).get(wsum).op("f32x4.add").mem("v128.store", L + 16 * h, 2);
          return;
        }
        // the softmax: logits (over the scores in S), block max, the rows' new max, rescale, weights (to S[0])
        f.v128f(-Infinity).set(bm);
        overKeys(() => {
          f.get(pj);
          logits(h);
          f.tee(w).mem("v128.store", S[0]! + 16 * h, 2);
          // pmax(w, bm) = w < bm ? bm : w: a NaN logit is kept when it comes, and one lost later still makes its
          // weight and so the row's result NaN, as the IR's max would
          f.get(w).get(bm).op("f32x4.pmax").set(bm);
        });
        f.get(scratch).mem("v128.load", M + 16 * h, 2).set(max);
        em.enterScope();
        em.reducedOverride = { scalar, vector: bm, phase: n, more: new Map([[n + 1, max]]) };
        em.vector(o.runningMax, t.row.name);
        f.set(after);
        em.reducedOverride = { scalar, vector: max, phase: n + 1, more: new Map([[n + 2, after]]) };
        em.vector(o.rescale, t.row.name);
        f.set(rescale);
        em.reducedOverride = undefined;
        em.exitScope();
        f.v128f(0).set(wsum);
        overKeys(() => {
          f.get(pj).mem("v128.load", S[0]! + 16 * h, 2).set(w);
          em.reducedOverride = { scalar, vector: w, phase: n, more: new Map([[n + 2, after]]) };
          f.get(pj);
          em.vector(o.weight, t.row.name);
          em.reducedOverride = undefined;
          f.tee(w).mem("v128.store", S[0]! + 16 * h, 2);
          f.get(wsum).get(w).op("f32x4.add").set(wsum);
        });
        // the weights are +0 or more (or NaN): their sum's bits are all zero only when every weight is +0
        f.get(any).get(wsum).op("v128.or").set(any);
        f.get(scratch).get(scratch).mem("v128.load", L + 16 * h, 2).get(rescale).op("f32x4.mul").get(wsum).op("f32x4.add").mem("v128.store", L + 16 * h, 2);
        f.get(scratch).get(after).mem("v128.store", M + 16 * h, 2);
        f.get(scratch).get(rescale).mem("v128.store", C + 16 * h, 2);
      });
    }
    // values, 4 rows at a time — skipped when every weight is +0 (a softmax's keys all masked: the max did not
    // grow then, so every rescale is 1)
    if (values) {
      f.get(any).op("v128.any_true").if();
      f.get(po).get(pv).get(scratch).i32(S[0]!).op("i32.add").get(scratch).i32(C).op("i32.add").call(values);
      moreKernels.forEach((fn, i) => {
        f.get(moreOut[i]!).get(moreValues[i]!).get(scratch).i32(W[i]!).op("i32.add");
        if (!t.more[i]!.across) f.get(scratch).i32(C).op("i32.add");
        f.call(fn);
      });
      f.end();
    }
  });
  // the keys after the last whole block one at a time, row by row, then the result (a row statistic's sum first
  // stored as the per-key form accumulates it)
  const row: RowState = { max: f.local("f32"), total: f.local("f32") };
  updateLocals(g, o);
  g.forLoop(j, () => void f.i32(0), () => void f.i32(QR), 1, () => {
    f.get(scratch).get(j).i32(4).op("i32.mul").op("i32.add").set(pj);
    f.get(pj).mem("f32.load", M).set(row.max);
    f.get(pj).mem("f32.load", L).set(row.total);
    f.get(rowVar).get(j).op("i32.add").set(at);
    g.vars.set(t.row.name, at);
    em.enterScope();
    if (t.result === "sum" && !t.e) {
      f.get(row.total).set(g.reduced[n + 3]!);
      rowStore(g, mul(reduced(n + 3), g.k.value), new Set([...bound, `%${n + 3}`]));
    }
    keyLoops(g, o, row, new Set(bound), () => void f.get(blk));
    finishRow(g, o, row, bound);
    em.exitScope();
    g.vars.set(t.row.name, rowVar);
  });
}
