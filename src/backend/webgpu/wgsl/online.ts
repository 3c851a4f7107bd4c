// Layer: src/backend/webgpu. The WGSL template of an online softmax-weighted kernel (kernel/ir.ts OnlineSoftmax):
// one workgroup per outer point (a row); its invocations split the online loop (the keys), each keeping its own
// running max m, denominator l and weighted sums for a chunk of up to CHUNK inner points in registers; then the
// partial states meet in workgroup memory and combine exactly as the online update does (rescaled to the
// common max by the IR's own `rescale`), and the workgroup stores the chunk. Inner dims longer than CHUNK are
// done chunk by chunk (each recomputes the logits); the row statistics a kernel stores besides (rowOutputs) are
// written by the first invocation. Nothing of size [row, key] is stored. Imports the IR, the
// emitter and the module helpers.
import { type Kernel, type OnlineSoftmax, acrossRows } from "../../kernel/ir.js";
import { InternalError } from "../../../types/errors.js";
import { type EmitEnv, WgslExprEmitter, Writer, indexText } from "./emit.js";
import { type WgslCaps, type WgslKernel, decompose, dispatchFor, entry, extentOf, kernelResult, moduleText, workgroupSize } from "./module.js";
import { reduceIdentity, reduceStep } from "./syntax.js";

/** Inner points each invocation accumulates at once (registers), and so per chunk of the inner loops. */
const CHUNK = 64;

/**
 * The shader of an online softmax-weighted kernel, with its dispatch.
 * @example onlineRows(attentionKernel, caps).template // "online"
 */
export function onlineRows(k: Kernel, o: OnlineSoftmax, caps: WgslCaps): WgslKernel {
  // a workgroup per row: a sum across the rows would race (the planner keeps it to the CPU: accumulateAcrossRows)
  if ((o.accumulations ?? []).some((a) => acrossRows(k, a))) throw new InternalError("internal: a sum across an online kernel's rows has no WGSL form");
  const w = new Writer();
  const env: EmitEnv = { vars: new Map(), reduced: [] };
  const em = new WgslExprEmitter(w, k, env);
  const points = extentOf(k.outer);
  const keys = extentOf(o.vars);
  const chunk = Math.max(1, ...[k.inner, ...(o.accumulations ?? []).map((a) => a.inner)].map((inner) => Math.min(CHUNK, extentOf(inner))));
  const wg = workgroupSize(caps, 32);
  const n = o.phases.length;
  const minusInf = reduceIdentity("max", "f32", em.use);
  const preamble = [`var<workgroup> red_m: array<f32, ${wg}>;`, `var<workgroup> red_l: array<f32, ${wg}>;`, `var<workgroup> red_f: array<f32, ${wg}>;`, `var<workgroup> red_acc: array<f32, ${wg * chunk}>;`];
  entry(w, [wg]);
  w.line(`if (group >= ${points}i) { return; }`);
  w.line("let tid = i32(lid);");
  decompose(w, em, k.outer, "group");
  const bound = new Set(k.outer.map((v) => v.name));
  // the output, then each further weighted sum (ir.ts Accumulation), each in a pass of its own over the keys
  const targets = [
    { inner: k.inner, value: k.value, weight: o.weight, index: k.output.index, name: "out", result: o.result ?? "softmax" },
    ...(o.accumulations ?? []).map((a, i) => ({ inner: a.inner, value: a.value, weight: a.weight, index: a.index, name: `out${(o.rowOutputs?.length ?? 0) + i + 1}`, result: "sum" as const })),
  ];
  targets.forEach((target, ti) => {
    const inner = extentOf(target.inner);
    const chunk = Math.max(1, Math.min(CHUNK, inner));
    /** Emits `body` with the inner vars bound at flat inner point `flat` (skipping points past the end). */
    const atInner = (flat: string, body: () => void): void => {
      em.enter();
      decompose(w, em, target.inner, flat);
      body();
      em.exit();
    };
    em.enter();
    w.open(`for (var c0 = 0i; c0 < ${inner}i; c0 += ${chunk}i)`);
    w.line(`var m = ${minusInf};`);
    w.line("var l = 0.0f;");
    w.line(`var acc: array<f32, ${chunk}>;`);
    w.line(`for (var q = 0i; q < ${chunk}i; q++) { acc[q] = 0.0f; }`);
    em.hoist([...o.phases.map((p) => p.body), o.logit, target.value], bound);
    w.open(`for (var kk = tid; kk < ${keys}i; kk += ${wg}i)`);
    em.enter();
    decompose(w, em, o.vars, "kk");
    o.phases.forEach((p, i) => {
      const a = `pacc${i}`;
      w.line(`var ${a} = ${reduceIdentity(p.fn, p.type, em.use)};`);
      const names: string[] = [];
      p.vars.forEach((v) => {
        const name = em.temp("v");
        names.push(name);
        w.open(`for (var ${name} = 0i; ${name} < ${v.extent}i; ${name}++)`);
        env.vars.set(v.name, name);
      });
      em.enter();
      w.line(`${a} = ${reduceStep(p.fn, p.type, a, em.value(p.body), em.use)};`);
      em.exit();
      for (const _ of p.vars) w.close();
      w.line(`let r${i} = ${a};`);
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
    w.open(`for (var q = 0i; q < min(${chunk}i, ${inner}i - c0); q++)`);
    atInner("(c0 + q)", () => w.line(`acc[q] = acc[q] * rs + wt * ${em.value(target.value)};`));
    w.close();
    w.line("m = mn;");
    em.exit();
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
    const result = { softmax: "sum / total", sum: "sum", max: "big" }[target.result];
    atInner("(c0 + q)", () => w.line(ti === 0 ? em.store(indexText(target.index, env.vars), result) : `${target.name}[${indexText(target.index, env.vars)}] = ${result};`));
    w.close();
    // the row statistics the kernel stores besides (ir.ts rowOutputs): the common max M and the total, once per row
    const rowOutputs = ti === 0 ? (o.rowOutputs ?? []) : [];
    if (rowOutputs.length) {
      w.open("if (c0 == 0i && tid == 0i)");
      rowOutputs.forEach((r, j) => w.line(`out${j + 1}[${indexText(r.index, env.vars)}] = ${r.stat === "max" ? "big" : "total"};`));
      w.close();
    }
    w.line("workgroupBarrier();");
    w.close();
    em.exit();
  });
  w.close();
  return kernelResult(moduleText(k, em, w, preamble), "online", dispatchFor(points, caps), em);
}
