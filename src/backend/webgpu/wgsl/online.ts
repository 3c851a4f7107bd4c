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
import { type Expr, type Kernel, type LoopVar, type OnlineSoftmax, acrossRows, hotChildren } from "../../kernel/ir.js";
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
 * The most f32 values an invocation of onlineThreads holds unrolled in named registers: a chunk's weighted sums
 * (CHUNK, 64, so every chunk) and a phase's dot product loop (its points, 4 to a vec4 where wide). Unrolled, every
 * private index is a constant, which the shader compilers keep in registers (LLVM's SROA on lavapipe); a
 * dynamically indexed `array<f32, 64>` becomes memory there (lavapipe) and local memory on a hardware GPU. The
 * budget: ≤ 64 sums + ≤ 64 operands of a dot product (the row's q, loop-invariant over the keys, which the
 * compiler may keep live) + the online state and temporaries ≈ 140 registers at d 64, under the 255 of an NVIDIA
 * or AMD invocation; a dot product over more points (d 128) stays a loop, and longer weighted sums are done 64 at
 * a time (the chunk loop), so d 128 holds 64 sums too.
 */
const UNROLLED = 64;

/**
 * The shader of an online softmax-weighted kernel, one invocation per row, with its dispatch. `unroll` (the
 * default): the weighted sums in named registers and the dot products' loops unrolled up to UNROLLED points;
 * false: the looped form (a private array indexed by the loop).
 * @example onlineThreads(attentionKernel, caps).template // "online-threads"
 */
export function onlineThreads(k: Kernel, o: OnlineSoftmax, caps: WgslCaps, unroll = onlineUnroll.enabled): WgslKernel {
  const targets = targetsOf(k, o);
  const w = new Writer();
  const em = new WgslExprEmitter(w, k, { vars: new Map(), reduced: [] });
  const points = extentOf(k.outer);
  const keys = extentOf(o.vars);
  const wg = workgroupSize(caps, 64);
  entry(w, [wg]);
  // Uniform operands: when the last outer loop (the rows of one batch point, query rows in attention) fills whole
  // workgroups, a workgroup's invocations share every other outer index, so a key's operands (k[b, key, d],
  // v[b, key, e]) are read at the same address by all of them, known so from the workgroup id alone: a uniform
  // load, which a compiler does once per workgroup (lavapipe: one scalar load broadcast to the SIMD lanes, where
  // a load it cannot prove uniform is a gather; a hardware GPU: the scalar or uniform data path).
  const last = k.outer[k.outer.length - 1];
  const per = last ? Math.ceil(last.extent / wg) : 1;
  const uniform = onlineUnroll.uniform && unroll && last !== undefined && per * wg - last.extent <= last.extent / 8;
  if (uniform) {
    w.line(`let row = (group % ${per}i) * ${wg}i + i32(lid);`);
    w.line(`if (group >= ${points / last.extent * per}i || row >= ${last.extent}i) { return; }`);
    decompose(w, em, k.outer.slice(0, -1), `(group / ${per}i)`);
    em.env.vars.set(last.name, "row");
  } else {
    w.line(`let row = group * ${wg}i + i32(lid);`);
    w.line(`if (row >= ${points}i) { return; }`);
    decompose(w, em, k.outer, "row");
  }
  const bound = new Set(k.outer.map((v) => v.name));
  targets.forEach((target, ti) => {
    const { inner, chunk, accs } = keyLoop(w, em, o, target, bound, `for (var kk = 0i; kk < ${keys}i; kk++)`, unroll);
    if (accs) {
      for (let q = 0; q < chunk; q++) {
        const a = accs.name(q);
        const result = { softmax: `${a} / l`, sum: a, max: "m" }[target.result];
        atInner(w, em, target.inner, `(c0 + ${q}i)`, () => w.line(storeTarget(em, target, result)));
      }
    } else {
      const result = { softmax: "acc[q] / l", sum: "acc[q]", max: "m" }[target.result];
      w.open(`for (var q = 0i; q < min(${chunk}i, ${inner}i - c0); q++)`);
      atInner(w, em, target.inner, "(c0 + q)", () => w.line(storeTarget(em, target, result)));
      w.close();
    }
    if (ti === 0 && o.rowOutputs?.length) {
      w.open("if (c0 == 0i)");
      storeRowOutputs(w, em, o, "m", "l");
      w.close();
    }
    w.close();
    em.exit();
  });
  w.close();
  return kernelResult(moduleText(k, em, w), "online-threads", dispatchFor(uniform ? (points / last.extent) * per : Math.ceil(points / wg), caps), em);
}

/** Whether onlineThreads unrolls (tests force each form). */
export const onlineUnroll = { enabled: true, uniform: true, hoist: true };

/** A chunk's weighted sums in named registers: vec4s along the last inner loop (`lane`), or scalars. */
interface Accs {
  readonly lane: string | undefined;
  /** The registers. */
  readonly count: number;
  /** The WGSL text of the sum at chunk point q. */
  name(q: number): string;
}

/** The named registers of a chunk, or undefined when the chunk stays a looped array (not whole chunks). */
function accsOf(em: WgslExprEmitter, target: Target, inner: number, chunk: number): Accs | undefined {
  if (inner % chunk !== 0 || chunk > UNROLLED) return undefined;
  const last = target.inner[target.inner.length - 1];
  const wide = last !== undefined && last.extent % 4 === 0 && chunk % 4 === 0 && em.deps(target.value).has(last.name) && vectorizable([target.value], last.name);
  return wide ? { lane: last.name, count: chunk / 4, name: (q) => `acc${q >> 2}[${q & 3}]` } : { lane: undefined, count: chunk, name: (q) => `acc${q}` };
}

/**
 * In a scope of its own (closed by the caller with em.exit()): opens the loop over chunks of a target's inner
 * points (c0), starts a chunk's online state (m = −∞, l = 0, acc = 0), hoists what depends on the row alone, and
 * runs the online update over the keys in the loop `header` (over flat key kk). The c0 loop stays open. `unroll`:
 * the chunk's sums in named registers (`accs`, when the chunks are whole) and the dot products unrolled.
 */
function keyLoop(w: Writer, em: WgslExprEmitter, o: OnlineSoftmax, target: Target, bound: ReadonlySet<string>, header: string, unroll = false): { inner: number; chunk: number; accs?: Accs } {
  const inner = extentOf(target.inner);
  const chunk = Math.max(1, Math.min(CHUNK, inner));
  const accs = unroll ? accsOf(em, target, inner, chunk) : undefined;
  em.enter();
  w.open(`for (var c0 = 0i; c0 < ${inner}i; c0 += ${chunk}i)`);
  w.line(`var m = ${reduceIdentity("max", "f32", em.use)};`);
  w.line("var l = 0.0f;");
  if (accs) for (let j = 0; j < accs.count; j++) w.line(`var acc${j} = ${accs.lane ? "vec4<f32>(0.0f)" : "0.0f"};`);
  else {
    w.line(`var acc: array<f32, ${chunk}>;`);
    w.line(`for (var q = 0i; q < ${chunk}i; q++) { acc[q] = 0.0f; }`);
  }
  em.hoist([...o.phases.map((p) => p.body), o.logit, target.value], bound);
  const rowScopes = unroll && onlineUnroll.hoist ? o.phases.map((p) => rowOperands(em, p, bound, new Set(o.vars.map((v) => v.name)))) : undefined;
  w.open(header);
  onlineStep(w, em, o, target, chunk, rowScopes, accs);
  w.close();
  return { inner, chunk, ...(accs ? { accs } : {}) };
}

/**
 * One key of the online loop for the current row, in an open loop over flat key `kk`: the phases' dot products,
 * the logit, the running max, and the rescaled update of l and of the chunk of the target's weighted sums (in
 * acc, or in the named registers `accs`). `rowScopes` (unrolled): for each phase written out point by point, the
 * scopes of its points (rowOperands).
 */
function onlineStep(w: Writer, em: WgslExprEmitter, o: OnlineSoftmax, target: Target, chunk: number, rowScopes: readonly (Map<string, string>[] | undefined)[] | undefined, accs: Accs | undefined): void {
  const env = em.env;
  const n = o.phases.length;
  em.enter();
  decompose(w, em, o.vars, "kk");
  o.phases.forEach((p, i) => {
    const a = `pacc${i}`;
    const { wide, last } = phaseForm(em, p);
    w.line(`var ${a} = ${wide ? "vec4<f32>(0.0f)" : reduceIdentity(p.fn, p.type, em.use)};`);
    const step = (scope?: Map<string, string>): void => {
      em.enter(scope);
      if (wide) em.lane = last!.name;
      if (globalThis.process?.env.EXP === "nok" && scope) { w.line(`${a} = ${a} + ${[...scope.values()][0]} * f32(kk);`); em.lane = undefined; em.exit(); return; }
      w.line(`${a} = ${wide ? `${a} + ${em.value(p.body)}` : reduceStep(p.fn, p.type, a, em.value(p.body), em.use)};`);
      em.lane = undefined;
      em.exit();
    };
    const scopes = rowScopes?.[i];
    if (scopes) {
      // every point of the loop nest with constant indices, in the scope holding its row operands
      unrolledPoints(p, wide).forEach((at, j) => {
        p.vars.forEach((v, x) => env.vars.set(v.name, `${at[x]}i`));
        step(scopes[j]);
      });
    } else {
      p.vars.forEach((v) => {
        const name = em.temp("v");
        w.open(`for (var ${name} = 0i; ${name} < ${v.extent}i; ${name} += ${wide && v === last ? 4 : 1}i)`);
        env.vars.set(v.name, name);
      });
      step();
      for (const _ of p.vars) w.close();
    }
    w.line(`let r${i} = ${wide ? `(${a}.x + ${a}.y) + (${a}.z + ${a}.w)` : a};`);
    env.reduced[i] = `r${i}`;
  });
  w.line(`let s = ${em.value(o.logit)};`);
  env.reduced[n] = "s";
  env.reduced[n + 1] = "m";
  w.line(`let mn = ${em.value(o.runningMax)};`);
  env.reduced[n + 2] = "mn";
  if (globalThis.process?.env.EXP === "noexp") { w.line(`let wt = s * 0.001f;`); w.line(`let rs = 1.0f;`); } else {
  w.line(`let wt = ${em.value(target.weight)};`);
  w.line(`let rs = ${em.value(o.rescale)};`); }
  w.line("l = l * rs + wt;");
  if (accs) {
    for (let j = 0; j < accs.count; j++) {
      em.lane = accs.lane;
      atInner(w, em, target.inner, `(c0 + ${accs.lane ? 4 * j : j}i)`, () => w.line(`acc${j} = acc${j} * rs + wt * ${em.value(target.value, accs.lane ? 4 : 1)};`));
      em.lane = undefined;
    }
  } else {
    w.open(`for (var q = 0i; q < min(${chunk}i, ${extentOf(target.inner)}i - c0); q++)`);
    atInner(w, em, target.inner, "(c0 + q)", () => w.line(`acc[q] = acc[q] * rs + wt * ${em.value(target.value)};`));
    w.close();
  }
  w.line("m = mn;");
  em.exit();
}

/** Whether a phase's dot product sums 4 lanes at a time along its last loop (a multiple of 4 points: vec4 loads). */
function phaseForm(em: WgslExprEmitter, p: OnlineSoftmax["phases"][number]): { wide: boolean; last: LoopVar | undefined } {
  const last = p.vars[p.vars.length - 1];
  const wide = p.fn === "sum" && p.type === "f32" && last !== undefined && last.extent % 4 === 0 && em.deps(p.body).has(last.name) && vectorizable([p.body], last.name);
  return { wide, last };
}

/** The points of a phase's loop nest, row-major (the last loop 4 at a time when wide). */
function unrolledPoints(p: OnlineSoftmax["phases"][number], wide: boolean): number[][] {
  const points: number[][] = [];
  const at = p.vars.map(() => 0);
  for (;;) {
    points.push([...at]);
    let j = p.vars.length - 1;
    while (j >= 0 && (at[j] = at[j]! + (wide && j === p.vars.length - 1 ? 4 : 1)) >= p.vars[j]!.extent) at[j--] = 0;
    if (j < 0) return points;
  }
}

/**
 * For a phase of at most UNROLLED points (else undefined): before the key loop, at each point of its loop nest
 * (constant indices), the loads that do not depend on the key (attention's q[b, row, d]) into temporaries, one
 * scope per point for the loop to enter again. So the row's operands are loaded once per row, in registers
 * (16 vec4s at d 64), not once per key.
 */
function rowOperands(em: WgslExprEmitter, p: OnlineSoftmax["phases"][number], bound: ReadonlySet<string>, keyVars: ReadonlySet<string>): Map<string, string>[] | undefined {
  if (extentOf(p.vars) > UNROLLED) return undefined;
  const { wide, last } = phaseForm(em, p);
  const inner = new Set([...bound, ...p.vars.map((v) => v.name)]);
  const loads: Expr[] = [];
  const seen = new Set<Expr>();
  const visit = (e: Expr): void => {
    if (seen.has(e)) return;
    seen.add(e);
    const deps = [...em.deps(e)];
    if (e.op === "load" && deps.every((d) => inner.has(d)) && deps.some((d) => !bound.has(d))) loads.push(e);
    else if (deps.some((d) => keyVars.has(d) || !inner.has(d))) for (const c of hotChildren(e)) visit(c);
  };
  visit(p.body);
  return unrolledPoints(p, wide).map((at) => {
    p.vars.forEach((v, x) => em.env.vars.set(v.name, `${at[x]}i`));
    em.enter();
    if (wide) em.lane = last!.name;
    for (const l of loads) em.value(l);
    em.lane = undefined;
    return em.exit();
  });
}

/** Emits `body` with the inner vars bound at flat inner point `flat`. */
function atInner(w: Writer, em: WgslExprEmitter, inner: readonly LoopVar[], flat: string, body: () => void): void {
  em.enter();
  decompose(w, em, inner, flat);
  body();
  em.exit();
}
