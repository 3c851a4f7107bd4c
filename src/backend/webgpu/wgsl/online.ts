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
// Inner dims longer than CHUNK are done chunk by chunk (each recomputes the logits). Nothing of size [row, key] is
// stored. Imports the IR, the emitter and the module helpers.
import type { Kernel, OnlineSoftmax } from "../../kernel/ir.js";
import { type EmitEnv, WgslExprEmitter, Writer, indexText, vectorizable } from "./emit.js";
import { type WgslCaps, type WgslKernel, decompose, dispatchFor, entry, extentOf, kernelResult, moduleText, workgroupSize } from "./module.js";
import { reduceIdentity, reduceStep } from "./syntax.js";

/** Inner points each invocation accumulates at once (registers), and so per chunk of the inner loops. */
const CHUNK = 64;

/**
 * The shader of an online softmax-weighted kernel, one workgroup per row, with its dispatch.
 * @example onlineRows(attentionKernel, caps).template // "online"
 */
export function onlineRows(k: Kernel, o: OnlineSoftmax, caps: WgslCaps): WgslKernel {
  const w = new Writer();
  const env: EmitEnv = { vars: new Map(), reduced: [] };
  const em = new WgslExprEmitter(w, k, env);
  const points = extentOf(k.outer);
  const [keys, inner] = [extentOf(o.vars), extentOf(k.inner)];
  const chunk = Math.max(1, Math.min(CHUNK, inner));
  const wg = workgroupSize(caps, 32);
  const n = o.phases.length;
  const minusInf = reduceIdentity("max", "f32", em.use);
  const preamble = [`var<workgroup> red_m: array<f32, ${wg}>;`, `var<workgroup> red_l: array<f32, ${wg}>;`, `var<workgroup> red_f: array<f32, ${wg}>;`, `var<workgroup> red_acc: array<f32, ${wg * chunk}>;`];
  entry(w, [wg]);
  w.line(`if (group >= ${points}i) { return; }`);
  w.line("let tid = i32(lid);");
  decompose(w, em, k.outer, "group");
  const bound = new Set(k.outer.map((v) => v.name));
  openChunk(w, em, k, o, bound, chunk, inner);
  w.open(`for (var kk = tid; kk < ${keys}i; kk += ${wg}i)`);
  onlineStep(w, em, k, o, chunk, inner);
  w.close();
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
  const result = { softmax: "sum / total", sum: "sum", max: "big" }[o.result ?? "softmax"];
  atInner(w, em, k, "(c0 + q)", () => w.line(em.store(indexText(k.output.index, env.vars), result)));
  w.close();
  w.line("workgroupBarrier();");
  w.close().close();
  return kernelResult(moduleText(k, em, w, preamble), "online", dispatchFor(points, caps), em);
}

/**
 * The shader of an online softmax-weighted kernel, one invocation per row, with its dispatch.
 * @example onlineThreads(attentionKernel, caps).template // "online-threads"
 */
export function onlineThreads(k: Kernel, o: OnlineSoftmax, caps: WgslCaps): WgslKernel {
  const w = new Writer();
  const em = new WgslExprEmitter(w, k, { vars: new Map(), reduced: [] });
  const points = extentOf(k.outer);
  const [keys, inner] = [extentOf(o.vars), extentOf(k.inner)];
  const chunk = Math.max(1, Math.min(CHUNK, inner));
  const wg = workgroupSize(caps, 64);
  entry(w, [wg]);
  w.line(`let row = group * ${wg}i + i32(lid);`);
  w.line(`if (row >= ${points}i) { return; }`);
  decompose(w, em, k.outer, "row");
  openChunk(w, em, k, o, new Set(k.outer.map((v) => v.name)), chunk, inner);
  w.open(`for (var kk = 0i; kk < ${keys}i; kk++)`);
  onlineStep(w, em, k, o, chunk, inner);
  w.close();
  const result = { softmax: "acc[q] / l", sum: "acc[q]", max: "m" }[o.result ?? "softmax"];
  w.open(`for (var q = 0i; q < min(${chunk}i, ${inner}i - c0); q++)`);
  atInner(w, em, k, "(c0 + q)", () => w.line(em.store(indexText(k.output.index, em.env.vars), result)));
  w.close();
  w.close().close();
  return kernelResult(moduleText(k, em, w), "online-threads", dispatchFor(Math.ceil(points / wg), caps), em);
}

/**
 * Opens the loop over chunks of inner points (c0) and starts a chunk's online state: m = −∞, l = 0, acc = 0;
 * hoists what depends on the row alone before the key loop.
 */
function openChunk(w: Writer, em: WgslExprEmitter, k: Kernel, o: OnlineSoftmax, bound: ReadonlySet<string>, chunk: number, inner: number): void {
  w.open(`for (var c0 = 0i; c0 < ${inner}i; c0 += ${chunk}i)`);
  w.line(`var m = ${reduceIdentity("max", "f32", em.use)};`);
  w.line("var l = 0.0f;");
  w.line(`var acc: array<f32, ${chunk}>;`);
  w.line(`for (var q = 0i; q < ${chunk}i; q++) { acc[q] = 0.0f; }`);
  em.hoist([...o.phases.map((p) => p.body), o.logit, k.value], bound);
}

/**
 * One key of the online loop for the current row, in an open loop over flat key `kk`: the phases' dot products,
 * the logit, the running max, and the rescaled update of l and of the chunk's weighted sums in acc.
 */
function onlineStep(w: Writer, em: WgslExprEmitter, k: Kernel, o: OnlineSoftmax, chunk: number, inner: number): void {
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
  w.line(`let wt = ${em.value(o.weight)};`);
  w.line(`let rs = ${em.value(o.rescale)};`);
  w.line("l = l * rs + wt;");
  w.open(`for (var q = 0i; q < min(${chunk}i, ${inner}i - c0); q++)`);
  atInner(w, em, k, "(c0 + q)", () => w.line(`acc[q] = acc[q] * rs + wt * ${em.value(k.value)};`));
  w.close();
  w.line("m = mn;");
  em.exit();
}

/** Emits `body` with the inner vars bound at flat inner point `flat`. */
function atInner(w: Writer, em: WgslExprEmitter, k: Kernel, flat: string, body: () => void): void {
  em.enter();
  decompose(w, em, k.inner, flat);
  body();
  em.exit();
}
