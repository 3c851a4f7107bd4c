// Layer: src/backend/webgpu. The WGSL templates of an online softmax-weighted kernel (kernel/ir.ts OnlineSoftmax),
// two ways to share its rows' work:
//   - onlineRows, for few rows: one workgroup per outer point (a row); its invocations split the online loop (the
//     keys), each keeping its own running max m, denominator l and weighted sums for a chunk of up to CHUNK inner
//     points in registers; then the partial states meet in workgroup memory and combine exactly as the online
//     update does (rescaled to the common max by the IR's own `rescale`), and the workgroup stores the chunk.
//   - onlineThreads, for many rows: one invocation per row runs the whole online loop by itself. Neighbouring
//     invocations are neighbouring rows of one batch point, which read the same key's operands (k[key, d],
//     v[key, e]) at the same time, so one load serves them all, where in onlineRows each invocation reads another
//     key's row; no workgroup memory, no barriers.
// A kernel with several outputs (ir.ts: further weighted sums, `accumulations`) runs one pass over the keys per
// weighted sum; the row statistics it stores besides (`rowOutputs`) are written once per row. Inner dims longer
// than CHUNK are done chunk by chunk (each recomputes the logits). Nothing of size [row, key] is stored. Imports
// the IR, the emitter and the module helpers.
import type { IndexExpr } from "../../../graph/index-expr.js";
import { type Expr, type Kernel, type LoopVar, type OnlineSoftmax, acrossRows } from "../../kernel/ir.js";
import { InternalError } from "../../../types/errors.js";
import { type EmitEnv, WgslExprEmitter, Writer, indexText, vectorizable } from "./emit.js";
import { type WgslCaps, type WgslKernel, decompose, dispatchFor, entry, extentOf, kernelResult, moduleText, workgroupSize } from "./module.js";
import { reduceIdentity, reduceStep } from "./syntax.js";

/** Inner points each invocation accumulates at once (registers), and so per chunk of the inner loops. */
const CHUNK = 64;

/** One weighted sum of an online kernel's loop: its output, or a further one (ir.ts Accumulation). */
interface Target {
  readonly inner: readonly LoopVar[];
  readonly value: Expr;
  readonly weight: Expr;
  readonly index: IndexExpr;
  /** Its buffer in the shader. */
  readonly name: string;
  readonly result: "softmax" | "sum" | "max";
}

/** The output, then each further weighted sum. */
function targetsOf(k: Kernel, o: OnlineSoftmax): Target[] {
  // a sum across the rows would race between workgroups or invocations (the planner keeps it to the CPU:
  // accumulateAcrossRows)
  if ((o.accumulations ?? []).some((a) => acrossRows(k, a))) throw new InternalError("internal: a sum across an online kernel's rows has no WGSL form");
  return [
    { inner: k.inner, value: k.value, weight: o.weight, index: k.output.index, name: "out", result: o.result ?? "softmax" },
    ...(o.accumulations ?? []).map((a, i) => ({ inner: a.inner, value: a.value, weight: a.weight, index: a.index, name: `out${(o.rowOutputs?.length ?? 0) + i + 1}`, result: "sum" as const })),
  ];
}

/** The statement storing `value` into a target at the current point. */
const storeTarget = (em: WgslExprEmitter, t: Target, value: string): string =>
  t.name === "out" ? em.store(indexText(t.index, em.env.vars), value) : `${t.name}[${indexText(t.index, em.env.vars)}] = ${value};`;

/** The row statistics the kernel stores besides (ir.ts rowOutputs), from the row's max and total. */
function storeRowOutputs(w: Writer, em: WgslExprEmitter, o: OnlineSoftmax, max: string, total: string): void {
  (o.rowOutputs ?? []).forEach((r, j) => w.line(`out${j + 1}[${indexText(r.index, em.env.vars)}] = ${r.stat === "max" ? max : total};`));
}

/**
 * The shader of an online softmax-weighted kernel, one workgroup per row, with its dispatch.
 * @example onlineRows(attentionKernel, caps).template // "online"
 */
export function onlineRows(k: Kernel, o: OnlineSoftmax, caps: WgslCaps): WgslKernel {
  const targets = targetsOf(k, o);
  const w = new Writer();
  const env: EmitEnv = { vars: new Map(), reduced: [] };
  const em = new WgslExprEmitter(w, k, env);
  const points = extentOf(k.outer);
  const keys = extentOf(o.vars);
  const widest = Math.max(1, ...targets.map((t) => Math.min(CHUNK, extentOf(t.inner))));
  const wg = workgroupSize(caps, 32);
  const n = o.phases.length;
  const minusInf = reduceIdentity("max", "f32", em.use);
  const preamble = [`var<workgroup> red_m: array<f32, ${wg}>;`, `var<workgroup> red_l: array<f32, ${wg}>;`, `var<workgroup> red_f: array<f32, ${wg}>;`, `var<workgroup> red_acc: array<f32, ${wg * widest}>;`];
  entry(w, [wg]);
  w.line(`if (group >= ${points}i) { return; }`);
  w.line("let tid = i32(lid);");
  decompose(w, em, k.outer, "group");
  const bound = new Set(k.outer.map((v) => v.name));
  targets.forEach((target, ti) => {
    const { inner, chunk } = keyLoop(w, em, o, target, bound, `for (var kk = tid; kk < ${keys}i; kk += ${wg}i)`);
    // the partial states meet: M = max of the m's (the IR's runningMax), each rescaled to M (the IR's rescale)
    w.line("red_m[tid] = m;");
    w.line("red_l[tid] = l;");
    w.line(`for (var q = 0i; q < ${chunk}i; q++) { red_acc[tid * ${chunk}i + q] = acc[q]; }`);
    w.line("workgroupBarrier();");
    w.line(`var big = ${minusInf};`);
    w.open(`for (var j = 0i; j < ${wg}i; j++)`);
    em.enter();
    [env.reduced[n], env.reduced[n + 1]] = ["red_m[j]", "big"];
    w.line(`big = ${em.value(o.runningMax)};`);
    em.exit();
    w.close();
    em.enter();
    [env.reduced[n + 1], env.reduced[n + 2]] = ["m", "big"];
    w.line(`red_f[tid] = ${em.value(o.rescale)};`);
    em.exit();
    w.line("workgroupBarrier();");
    w.line("var total = 0.0f;");
    w.line(`for (var j = 0i; j < ${wg}i; j++) { total = total + red_l[j] * red_f[j]; }`);
    w.open(`for (var q = tid; q < min(${chunk}i, ${inner}i - c0); q += ${wg}i)`);
    w.line("var sum = 0.0f;");
    w.line(`for (var j = 0i; j < ${wg}i; j++) { sum = sum + red_acc[j * ${chunk}i + q] * red_f[j]; }`);
    const result = { softmax: "sum / total", sum: "sum", max: "big" }[target.result];
    atInner(w, em, target.inner, "(c0 + q)", () => w.line(storeTarget(em, target, result)));
    w.close();
    if (ti === 0 && o.rowOutputs?.length) {
      w.open("if (c0 == 0i && tid == 0i)");
      storeRowOutputs(w, em, o, "big", "total");
      w.close();
    }
    w.line("workgroupBarrier();");
    w.close();
    em.exit();
  });
  w.close();
  return kernelResult(moduleText(k, em, w, preamble), "online", dispatchFor(points, caps), em);
}

/**
 * The shader of an online softmax-weighted kernel, one invocation per row, with its dispatch.
 * @example onlineThreads(attentionKernel, caps).template // "online-threads"
 */
export function onlineThreads(k: Kernel, o: OnlineSoftmax, caps: WgslCaps): WgslKernel {
  const targets = targetsOf(k, o);
  const w = new Writer();
  const em = new WgslExprEmitter(w, k, { vars: new Map(), reduced: [] });
  const points = extentOf(k.outer);
  const keys = extentOf(o.vars);
  const wg = workgroupSize(caps, 64);
  entry(w, [wg]);
  w.line(`let row = group * ${wg}i + i32(lid);`);
  w.line(`if (row >= ${points}i) { return; }`);
  decompose(w, em, k.outer, "row");
  const bound = new Set(k.outer.map((v) => v.name));
  targets.forEach((target, ti) => {
    const { inner, chunk } = keyLoop(w, em, o, target, bound, `for (var kk = 0i; kk < ${keys}i; kk++)`);
    const result = { softmax: "acc[q] / l", sum: "acc[q]", max: "m" }[target.result];
    w.open(`for (var q = 0i; q < min(${chunk}i, ${inner}i - c0); q++)`);
    atInner(w, em, target.inner, "(c0 + q)", () => w.line(storeTarget(em, target, result)));
    w.close();
    if (ti === 0 && o.rowOutputs?.length) {
      w.open("if (c0 == 0i)");
      storeRowOutputs(w, em, o, "m", "l");
      w.close();
    }
    w.close();
    em.exit();
  });
  w.close();
  return kernelResult(moduleText(k, em, w), "online-threads", dispatchFor(Math.ceil(points / wg), caps), em);
}

/**
 * In a scope of its own (closed by the caller with em.exit()): opens the loop over chunks of a target's inner
 * points (c0), starts a chunk's online state (m = −∞, l = 0, acc = 0), hoists what depends on the row alone, and
 * runs the online update over the keys in the loop `header` (over flat key kk). The c0 loop stays open.
 */
function keyLoop(w: Writer, em: WgslExprEmitter, o: OnlineSoftmax, target: Target, bound: ReadonlySet<string>, header: string): { inner: number; chunk: number } {
  const inner = extentOf(target.inner);
  const chunk = Math.max(1, Math.min(CHUNK, inner));
  em.enter();
  w.open(`for (var c0 = 0i; c0 < ${inner}i; c0 += ${chunk}i)`);
  w.line(`var m = ${reduceIdentity("max", "f32", em.use)};`);
  w.line("var l = 0.0f;");
  w.line(`var acc: array<f32, ${chunk}>;`);
  w.line(`for (var q = 0i; q < ${chunk}i; q++) { acc[q] = 0.0f; }`);
  em.hoist([...o.phases.map((p) => p.body), o.logit, target.value], bound);
  w.open(header);
  onlineStep(w, em, o, target, chunk);
  w.close();
  return { inner, chunk };
}

/**
 * One key of the online loop for the current row, in an open loop over flat key `kk`: the phases' dot products,
 * the logit, the running max, and the rescaled update of l and of the chunk of the target's weighted sums in acc.
 */
function onlineStep(w: Writer, em: WgslExprEmitter, o: OnlineSoftmax, target: Target, chunk: number): void {
  const env = em.env;
  const n = o.phases.length;
  em.enter();
  decompose(w, em, o.vars, "kk");
  o.phases.forEach((p, i) => {
    const a = `pacc${i}`;
    // A dot product along a last loop of a multiple of 4 points sums 4 lanes at a time (vec4 loads).
    const last = p.vars[p.vars.length - 1];
    const wide = p.fn === "sum" && p.type === "f32" && last !== undefined && last.extent % 4 === 0 && em.deps(p.body).has(last.name) && vectorizable([p.body], last.name);
    w.line(`var ${a} = ${wide ? "vec4<f32>(0.0f)" : reduceIdentity(p.fn, p.type, em.use)};`);
    p.vars.forEach((v) => {
      const name = em.temp("v");
      w.open(`for (var ${name} = 0i; ${name} < ${v.extent}i; ${name} += ${wide && v === last ? 4 : 1}i)`);
      env.vars.set(v.name, name);
    });
    em.enter();
    if (wide) em.lane = last.name;
    w.line(`${a} = ${wide ? `${a} + ${em.value(p.body)}` : reduceStep(p.fn, p.type, a, em.value(p.body), em.use)};`);
    em.lane = undefined;
    em.exit();
    for (const _ of p.vars) w.close();
    w.line(`let r${i} = ${wide ? `(${a}.x + ${a}.y) + (${a}.z + ${a}.w)` : a};`);
    env.reduced[i] = `r${i}`;
  });
  w.line(`let s = ${em.value(o.logit)};`);
  env.reduced[n] = "s";
  env.reduced[n + 1] = "m";
  w.line(`let mn = ${em.value(o.runningMax)};`);
  env.reduced[n + 2] = "mn";
  w.line(`let wt = ${em.value(target.weight)};`);
  w.line(`let rs = ${em.value(o.rescale)};`);
  w.line("l = l * rs + wt;");
  w.open(`for (var q = 0i; q < min(${chunk}i, ${extentOf(target.inner)}i - c0); q++)`);
  atInner(w, em, target.inner, "(c0 + q)", () => w.line(`acc[q] = acc[q] * rs + wt * ${em.value(target.value)};`));
  w.close();
  w.line("m = mn;");
  em.exit();
}

/** Emits `body` with the inner vars bound at flat inner point `flat`. */
function atInner(w: Writer, em: WgslExprEmitter, inner: readonly LoopVar[], flat: string, body: () => void): void {
  em.enter();
  decompose(w, em, inner, flat);
  body();
  em.exit();
}
