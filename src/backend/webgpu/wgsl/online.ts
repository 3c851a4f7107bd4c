// Layer: src/backend/webgpu. The WGSL templates of an online softmax-weighted kernel (kernel/ir.ts OnlineSoftmax),
// two ways to share its rows' work:
//   - onlineRows, for few rows: one workgroup per outer point (a row); its invocations split the online loop (the
//     keys), each keeping its own running max m, denominator l and weighted sums for a chunk of up to CHUNK inner
//     points in registers; then the partial states meet in workgroup memory and combine exactly as the online
//     update does (rescaled to the common max by the IR's own `rescale`), and the workgroup stores the chunk.
//   - onlineThreads, for many rows: one invocation per row runs the whole online loop by itself. Neighbouring
//     invocations are neighbouring rows of one batch point, which read the same key's operands (k[key, d],
//     v[key, e]) at the same time, so one load serves them all, where in onlineRows each invocation reads another
//     key's row; no workgroup memory, no barriers. Written in named registers where the sizes allow
//     (unrolledThreads: the weighted sums as `acc` registers, the dot products point by point with the row's
//     operands loaded once per row, optionally several rows per invocation sharing each key's loads), else looped.
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
 * The shader of an online softmax-weighted kernel, one invocation per row, with its dispatch: in named registers
 * (unrolledThreads) where `form` asks for it and the sizes allow, else looped (a private array indexed by the loop).
 * @example onlineThreads(attentionKernel, caps).template // "online-threads"
 */
export function onlineThreads(k: Kernel, o: OnlineSoftmax, caps: WgslCaps, form: OnlineForm = onlineForm): WgslKernel {
  const targets = targetsOf(k, o);
  const unrolled = form.unroll ? unrolledThreads(k, o, caps, targets, form) : undefined;
  if (unrolled) return unrolled;
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

/**
 * How onlineThreads writes its kernels (tests force each form): `unroll`, the weighted sums in named registers and
 * the dot products written out point by point (unrolledThreads, where the sizes allow); `rows`, the query rows
 * each invocation runs (1, 2 or 4).
 */
export interface OnlineForm {
  unroll: boolean;
  rows: number;
  /** The most idle invocations (rows past the end of a batch point) to take for the row blocks, over the rows. */
  idle: number;
  /** Several weighted sums in one pass over the keys where their registers fit (else a pass each). */
  together: boolean;
}

/**
 * The form the device uses (bench/RESULTS.md "WebGPU: the fused attention kernel in registers"): in registers, one
 * row per invocation. On lavapipe the registers measured 1.5–1.7× the looped form (b8, d 64, seq 128–512, forward
 * and training step); 2 or 4 rows per invocation were within the shared machine's noise of one row there, and on
 * a hardware GPU they would double or quadruple the registers (128–256 sums at d 64, past 255 at 4) and divide
 * the workgroups, so one row stays the default until a GPU measures them (REGISTERS).
 */
export const onlineForm: OnlineForm = { unroll: true, rows: 1, idle: 1 / 8, together: true };

/**
 * The most points unrolledThreads writes out: a chunk's weighted sums (CHUNK, 64, so every whole chunk) and a
 * phase's dot product (4 to a vec4 where wide); a dot product over more (d 128) keeps the looped form. Unrolled,
 * every private index is a constant, which the shader compilers keep in registers (LLVM's SROA on lavapipe); a
 * dynamically indexed `array<f32, 64>` becomes memory there (lavapipe) and local memory on a hardware GPU.
 */
const UNROLLED = 64;

/**
 * The most f32 values an invocation holds in named registers across the key loop: rows × (the weighted sums of
 * one pass + the row's operands of every phase, loaded once per row). 192, so that with the online state and
 * the loop's temporaries (≈ 30) an invocation stays under the 255 registers of an NVIDIA or AMD invocation: the
 * forward at d 64 holds 64 sums + 64 of q (128), the training step's kernels at d 64 64 sums + 64 of q + 64 of
 * dO (192), one pass per weighted sum; beyond it the row's operands are loaded per key (cached loads on a GPU),
 * and several weighted sums share a pass only within it (dk and dv at d 32).
 */
const REGISTERS = 192;

type Phase = OnlineSoftmax["phases"][number];

/** Whether a phase's dot product sums 4 lanes at a time along its last loop (a multiple of 4 points: vec4 loads). */
function phaseForm(em: WgslExprEmitter, p: Phase): { wide: boolean; last: LoopVar | undefined } {
  const last = p.vars[p.vars.length - 1];
  const wide = p.fn === "sum" && p.type === "f32" && last !== undefined && last.extent % 4 === 0 && em.deps(p.body).has(last.name) && vectorizable([p.body], last.name);
  return { wide, last };
}

/** The points of a loop nest, row-major, the last loop `step` at a time. */
function nestPoints(vars: readonly LoopVar[], step: number): number[][] {
  const points: number[][] = [];
  const at = vars.map(() => 0);
  for (;;) {
    points.push([...at]);
    let j = vars.length - 1;
    while (j >= 0 && (at[j] = at[j]! + (j === vars.length - 1 ? step : 1)) >= vars[j]!.extent) at[j--] = 0;
    if (j < 0) return points;
  }
}

/** The loads under `roots` that `keep` accepts, largest first (a load is not searched further). */
function loadsOf(em: WgslExprEmitter, roots: readonly Expr[], keep: (deps: readonly string[]) => boolean): Expr[] {
  const loads: Expr[] = [];
  const seen = new Set<Expr>();
  const visit = (e: Expr): void => {
    if (seen.has(e)) return;
    seen.add(e);
    if (e.op === "load") {
      if (keep([...em.deps(e)])) loads.push(e);
    } else for (const c of hotChildren(e)) visit(c);
  };
  roots.forEach(visit);
  return loads;
}

/** A chunk's weighted sums in named registers: vec4s along the last inner loop (`lane`), or scalars. */
interface Accs {
  readonly lane: string | undefined;
  /** The registers of a row (`acc{row}_{j}`). */
  readonly count: number;
  /** The WGSL text of row r's sum at chunk point q. */
  name(r: number, q: number): string;
}

/**
 * The shader of an online softmax-weighted kernel, `rows` rows per invocation, everything private in named
 * registers (undefined where the sizes do not allow: a dot product of more than UNROLLED points, or weighted sums
 * not in whole chunks).
 *
 * Layout: when the last outer loop (attention's query rows of one batch point) fills whole workgroups, a
 * workgroup's invocations share every other outer index (the batch point, from the workgroup id alone), so a
 * key's operands (k[b, key, d], v[b, key, e]) are read at one address by all of them (a broadcast on a GPU, a
 * scalar load on one whose compiler proves it uniform); an invocation runs rows base + r·wg (r < rows), so those
 * loads serve its `rows` rows once per key (register blocking, as the CPU's tiled form does). A row past the end
 * computes the last row again and stores nothing. Otherwise (few rows per batch point) one row per invocation on
 * the flat outer index.
 */
function unrolledThreads(k: Kernel, o: OnlineSoftmax, caps: WgslCaps, targets: readonly Target[], form: OnlineForm): WgslKernel | undefined {
  const w = new Writer();
  const em = new WgslExprEmitter(w, k, { vars: new Map(), reduced: [] });
  const env = em.env;
  if (o.phases.some((p) => extentOf(p.vars) > UNROLLED)) return undefined;
  const chunks = targets.map((t) => Math.max(1, Math.min(CHUNK, extentOf(t.inner))));
  if (targets.some((t, i) => extentOf(t.inner) % chunks[i]! !== 0)) return undefined;
  const points = extentOf(k.outer);
  const keys = extentOf(o.vars);
  const wg = workgroupSize(caps, 64);
  const last = k.outer[k.outer.length - 1];
  const fits = (rows: number): boolean => last !== undefined && Math.ceil(last.extent / (wg * rows)) * wg * rows - last.extent <= last.extent * form.idle;
  let rows = 1;
  for (const r of [4, 2]) if (r <= form.rows && fits(r)) rows = Math.max(rows, r);
  const blocked = fits(rows);
  const per = blocked ? Math.ceil(last!.extent / (wg * rows)) : 1;
  const operands = o.phases.reduce((n, p) => n + extentOf(p.vars), 0);
  const operandsInRegisters = rows * (Math.max(...chunks) + operands) <= REGISTERS;
  entry(w, [wg]);
  // rowName[r]: the WGSL of row r's last outer index (blocked), or undefined (one row: the outer vars bound flat)
  const rowName: (string | undefined)[] = [];
  const rowIn: string[] = [];
  if (blocked) {
    w.line(`let base = (group % ${per}i) * ${wg * rows}i + i32(lid);`);
    w.line(`if (group >= ${(points / last!.extent) * per}i || base >= ${last!.extent}i) { return; }`);
    decompose(w, em, k.outer.slice(0, -1), `(group / ${per}i)`);
    for (let r = 0; r < rows; r++) {
      rowName.push(`row${r}`);
      rowIn.push(r === 0 ? "true" : `base + ${r * wg}i < ${last!.extent}i`);
      w.line(r === 0 ? "let row0 = base;" : `let row${r} = min(base + ${r * wg}i, ${last!.extent - 1}i);`);
    }
  } else {
    w.line(`let row = group * ${wg}i + i32(lid);`);
    w.line(`if (row >= ${points}i) { return; }`);
    decompose(w, em, k.outer, "row");
    rowName.push(undefined);
    rowIn.push("true");
  }
  const atRow = (r: number): void => {
    if (rowName[r] !== undefined) env.vars.set(last!.name, rowName[r]!);
  };
  const keyVars = new Set(o.vars.map((v) => v.name));
  const bound = new Set(k.outer.map((v) => v.name));
  const rowDep = (deps: readonly string[]): boolean => (blocked ? deps.includes(last!.name) : deps.some((d) => bound.has(d)));
  const forms = o.phases.map((p) => phaseForm(em, p));
  const phasePoints = o.phases.map((p, i) => nestPoints(p.vars, forms[i]!.wide ? 4 : 1));
  const bindPoint = (i: number, j: number): void => o.phases[i]!.vars.forEach((v, x) => env.vars.set(v.name, `${phasePoints[i]![j]![x]}i`));
  // emits `body` in a fresh scope above the given persisted ones (so nothing emitted here lands in them)
  const within = (scopes: readonly (Map<string, string> | undefined)[], body: () => void): void => {
    const used = scopes.filter((s): s is Map<string, string> => s !== undefined);
    used.forEach((s) => em.enter(s));
    em.enter();
    body();
    em.exit();
    used.forEach(() => em.exit());
  };
  // The weighted sums that share one pass over the keys (one set of logits): all of them when each is one whole
  // chunk and their registers fit (rows × (Σ sums + row operands) ≤ REGISTERS: attention's dk and dv at d 32),
  // else one pass each.
  const together = targets.length > 1 && form.together && targets.every((t, i) => chunks[i] === extentOf(t.inner)) && rows * (chunks.reduce((x, y) => x + y, 0) + operands) <= REGISTERS;
  const groups = together ? [targets.map((_, i) => i)] : targets.map((_, i) => [i]);
  groups.forEach((group) => {
    const chunk = Math.max(...group.map((ti) => chunks[ti]!));
    const inner = extentOf(targets[group[0]!]!.inner);
    // per target of the group: its registers' names (x: the target's place in the group) and their form
    const sums = group.map((ti, x) => {
      const target = targets[ti]!;
      const c = chunks[ti]!;
      const lastInner = target.inner[target.inner.length - 1];
      const wide = lastInner !== undefined && lastInner.extent % 4 === 0 && c % 4 === 0 && em.deps(target.value).has(lastInner.name) && vectorizable([target.value], lastInner.name);
      const tag = x === 0 ? "" : `x${x}`;
      const accs: Accs = wide ? { lane: lastInner.name, count: c / 4, name: (r, q) => `acc${r}${tag}_${q >> 2}[${q & 3}]` } : { lane: undefined, count: c, name: (r, q) => `acc${r}${tag}_${q}` };
      return { ti, target, chunk: c, accs, tag, reg: (r: number, j: number) => `acc${r}${tag}_${j}` };
    });
    em.enter();
    w.open(`for (var c0 = 0i; c0 < ${inner}i; c0 += ${chunk}i)`);
    // each row's online state, what depends on the row alone (hoisted), and its operands at each point of each phase
    const rowScopes: Map<string, string>[] = [];
    const operandScopes: (Map<string, string> | undefined)[][][] = [];
    for (let r = 0; r < rows; r++) {
      atRow(r);
      w.line(`var m${r} = ${reduceIdentity("max", "f32", em.use)};`);
      for (const t of sums) {
        w.line(`var l${r}${t.tag} = 0.0f;`);
        for (let j = 0; j < t.accs.count; j++) w.line(`var ${t.reg(r, j)} = ${t.accs.lane ? "vec4<f32>(0.0f)" : "0.0f"};`);
      }
      em.enter();
      em.hoist([...o.phases.map((p) => p.body), o.logit, ...sums.map((t) => t.target.value)], bound);
      operandScopes.push(
        o.phases.map((p, i) => {
          const loads = operandsInRegisters ? loadsOf(em, [p.body], (deps) => rowDep(deps) && !deps.some((d) => keyVars.has(d))) : [];
          return phasePoints[i]!.map((_, j) => {
            if (!loads.length) return undefined;
            bindPoint(i, j);
            em.enter();
            if (forms[i]!.wide) em.lane = forms[i]!.last!.name;
            loads.forEach((l) => em.value(l));
            em.lane = undefined;
            return em.exit();
          });
        }),
      );
      rowScopes.push(em.exit());
    }
    w.open(`for (var kk = 0i; kk < ${keys}i; kk++)`);
    em.enter();
    decompose(w, em, o.vars, "kk");
    // the key's operands that no row index reaches, loaded once for the rows: at each point of each phase, and at
    // each register of the weighted sums
    const shared = (roots: readonly Expr[], lane: string | undefined, bind: () => void): Map<string, string> | undefined => {
      const loads = rows > 1 ? loadsOf(em, roots, (deps) => !rowDep(deps) && deps.some((d) => keyVars.has(d))) : [];
      if (!loads.length) return undefined;
      bind();
      em.enter();
      em.lane = lane;
      loads.forEach((l) => em.value(l));
      em.lane = undefined;
      return em.exit();
    };
    const phaseShared = o.phases.map((p, i) => phasePoints[i]!.map((_, j) => shared([p.body], forms[i]!.wide ? forms[i]!.last!.name : undefined, () => bindPoint(i, j))));
    const accShared = sums.map((t) => {
      const scopes: (Map<string, string> | undefined)[] = [];
      for (let j = 0; j < t.accs.count; j++) {
        em.enter();
        scopes.push(shared([t.target.value], t.accs.lane, () => decompose(w, em, t.target.inner, `(c0 + ${t.accs.lane ? 4 * j : j}i)`)));
        em.exit();
      }
      return scopes;
    });
    for (let r = 0; r < rows; r++) {
      atRow(r);
      within([rowScopes[r]], () => {
        o.phases.forEach((p, i) => {
          const a = `pacc${i}_${r}`;
          const { wide: pw, last: pl } = forms[i]!;
          w.line(`var ${a} = ${pw ? "vec4<f32>(0.0f)" : reduceIdentity(p.fn, p.type, em.use)};`);
          phasePoints[i]!.forEach((_, j) => {
            bindPoint(i, j);
            within([phaseShared[i]![j], operandScopes[r]![i]![j]], () => {
              if (pw) em.lane = pl!.name;
              w.line(`${a} = ${pw ? `${a} + ${em.value(p.body)}` : reduceStep(p.fn, p.type, a, em.value(p.body), em.use)};`);
              em.lane = undefined;
            });
          });
          w.line(`let d${i}_${r} = ${pw ? `(${a}.x + ${a}.y) + (${a}.z + ${a}.w)` : a};`);
          env.reduced[i] = `d${i}_${r}`;
        });
        const n = o.phases.length;
        w.line(`let s${r} = ${em.value(o.logit)};`);
        env.reduced[n] = `s${r}`;
        env.reduced[n + 1] = `m${r}`;
        w.line(`let mn${r} = ${em.value(o.runningMax)};`);
        env.reduced[n + 2] = `mn${r}`;
        w.line(`let rs${r} = ${em.value(o.rescale)};`);
        sums.forEach((t, x) => {
          w.line(`let wt${r}${t.tag} = ${em.value(t.target.weight)};`);
          w.line(`l${r}${t.tag} = l${r}${t.tag} * rs${r} + wt${r}${t.tag};`);
          for (let j = 0; j < t.accs.count; j++) {
            within([accShared[x]![j]], () => {
              em.lane = t.accs.lane;
              atInner(w, em, t.target.inner, `(c0 + ${t.accs.lane ? 4 * j : j}i)`, () => w.line(`${t.reg(r, j)} = ${t.reg(r, j)} * rs${r} + wt${r}${t.tag} * ${em.value(t.target.value, t.accs.lane ? 4 : 1)};`));
              em.lane = undefined;
            });
          }
        });
        w.line(`m${r} = mn${r};`);
      });
    }
    em.exit();
    w.close();
    for (let r = 0; r < rows; r++) {
      atRow(r);
      w.open(`if (${rowIn[r]})`);
      within([rowScopes[r]], () => {
        for (const t of sums) {
          for (let q = 0; q < t.chunk; q++) {
            const a = t.accs.name(r, q);
            const result = { softmax: `${a} / l${r}${t.tag}`, sum: a, max: `m${r}` }[t.target.result];
            atInner(w, em, t.target.inner, `(c0 + ${q}i)`, () => w.line(storeTarget(em, t.target, result)));
          }
          if (t.ti === 0 && o.rowOutputs?.length) {
            w.open("if (c0 == 0i)");
            storeRowOutputs(w, em, o, `m${r}`, `l${r}${t.tag}`);
            w.close();
          }
        }
      });
      w.close();
    }
    w.close();
    em.exit();
  });
  w.close();
  return kernelResult(moduleText(k, em, w), "online-threads", dispatchFor(blocked ? (points / last!.extent) * per : Math.ceil(points / wg), caps), em);
}
