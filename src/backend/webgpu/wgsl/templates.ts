// Layer: src/backend/webgpu. The kernel templates other than contractions, all written with the one emitter:
// - elementwise: no phases; each invocation computes several consecutive output points;
// - rows: one workgroup per outer point; each phase is a strided partial reduction per invocation, then a
//   tree reduction in workgroup memory; the inner (store) loop is shared by the workgroup (softmax, sums);
// - threads: one invocation per outer point, phases and inner loop in sequence (short reductions);
// - scan: one invocation per outer point, a running fold along the single inner loop.
// Imports the IR, the emitter and the module helpers.
import type { Kernel, LoopVar, Phase } from "../../kernel/ir.js";
import { type EmitEnv, WgslExprEmitter, Writer, indexText, laneSplit, vectorizable } from "./emit.js";
import { type WgslCaps, type WgslKernel, decompose, dispatchFor, entry, extentOf, kernelResult, moduleText, workgroupSize } from "./module.js";
import { reduceIdentity, reduceStep, valueType } from "./syntax.js";
import { LOOP_LIMIT } from "../../kernel/passes/long-loops.js";

/** Output points per invocation in the elementwise template. */
export const ELEMENTS_PER_INVOCATION = 4;

/** A writer and an emitter for k; the inputs `inPlace` are read from `out` (see generateWgsl). */
function start(k: Kernel, inPlace: ReadonlySet<number>): { w: Writer; em: WgslExprEmitter } {
  const w = new Writer();
  const env: EmitEnv = { vars: new Map(), reduced: [] };
  const em = new WgslExprEmitter(w, k, env);
  em.inPlace = inPlace;
  return { w, em };
}

/** Emits the store of the kernel's value at the current loop point. */
function storeValue(k: Kernel, em: WgslExprEmitter): void {
  const v = em.value(k.value);
  em.w.line(em.store(indexText(k.output.index, em.env.vars), v));
}

/** Terms each invocation adds from zero before joining its total, in a long float sum (see rows). */
const SUM_BLOCK = 256;

/**
 * out[...] = value over all store vars. When the last loop is contiguous for every access, an invocation
 * computes 4 consecutive points as one vec4 (aligned vec4 loads and stores); otherwise E points, strided by
 * the workgroup size so that neighbouring invocations touch neighbouring memory. The inputs `inPlace` are the
 * output's own buffer (read from `out` at the element written, before it is written: not bound again).
 * @example elementwise(k, caps).template // "vec4"
 */
export function elementwise(k: Kernel, caps: WgslCaps, inPlace: ReadonlySet<number> = new Set()): WgslKernel {
  const { w, em } = start(k, inPlace);
  const vars = [...k.outer, ...k.inner];
  const total = extentOf(vars);
  const wg = workgroupSize(caps, 256);
  const last = vars[vars.length - 1];
  const out = last && laneSplit(k.output.index, last.name);
  if (last && last.extent % 4 === 0 && out?.coef === 1 && out.aligned && vectorizable([k.value], last.name)) {
    const groups = Math.ceil(total / 4 / wg);
    entry(w, [wg]);
    w.line(`let f = (group * ${wg}i + i32(lid)) * 4i;`);
    if (total % (4 * wg)) w.line(`if (f >= ${total}i) { return; }`);
    decompose(w, em, vars, "f");
    em.lane = last.name;
    w.line(em.store(indexText(k.output.index, em.env.vars), em.value(k.value, 4), 4));
    w.close();
    return kernelResult(moduleText(k, em, w, [], 4), "vec4", dispatchFor(groups, caps), em);
  }
  const e = ELEMENTS_PER_INVOCATION;
  const groups = Math.ceil(total / (wg * e));
  entry(w, [wg]);
  w.line(`let first = group * ${wg * e}i + i32(lid);`);
  w.open(`for (var e = 0i; e < ${e}i; e++)`);
  w.line(`let f = first + e * ${wg}i;`);
  if (total % (wg * e)) w.line(`if (f >= ${total}i) { break; }`);
  decompose(w, em, vars, "f");
  storeValue(k, em);
  w.close().close();
  return kernelResult(moduleText(k, em, w), "elementwise", dispatchFor(groups, caps), em);
}

/**
 * A phase's starting value. Over an empty range it is the result, and a driver that folds float constants
 * without regard for NaN and infinities (lavapipe) would turn mean = 0 · (1/0) into 0: adding a zero it
 * cannot see through (the top bit of a workgroup id) keeps the arithmetic at run time.
 */
function identity(p: Phase, em: WgslExprEmitter): string {
  const id = reduceIdentity(p.fn, p.type, em.use);
  return extentOf(p.vars) === 0 && p.type === "f32" ? `(${id} + bitcast<f32>(wid.z & 0x80000000u))` : id;
}

/** The workgroup memory type for a phase's partial results (bool as u32). */
const sharedType = (p: Phase): string => (p.type === "bool" ? "u32" : p.type);

/**
 * One workgroup per outer point: each invocation folds a strided part of each phase, the partial results meet
 * in workgroup memory (one per subgroup after a butterfly of shuffles, where the device has subgroups) and every
 * invocation folds them all (two barriers per phase: barriers are what CPU emulations of GPUs pay most for),
 * then the workgroup shares out the inner loop. @example rows(softmaxKernel, caps).dispatch // [rows, 1, 1]
 */
export function rows(k: Kernel, caps: WgslCaps, inPlace: ReadonlySet<number> = new Set()): WgslKernel {
  const { w, em } = start(k, inPlace);
  const points = extentOf(k.outer);
  const wg = workgroupSize(caps, 64);
  const types = [...new Set(k.phases.map(sharedType))];
  // Subgroups (where every subgroup fits in the workgroup): a butterfly of shuffles per subgroup, then one
  // partial per subgroup in workgroup memory. Without: one partial per invocation.
  const subgroups = caps.subgroupMaxSize !== undefined && caps.subgroupMaxSize <= wg;
  const preamble = [...(subgroups ? ["enable subgroups;"] : []), ...types.map((t) => `var<workgroup> red_${t}: array<${t}, ${wg}>;`)];
  entry(w, [wg], subgroups);
  w.line(`if (group >= ${points}i) { return; }`);
  w.line("let tid = i32(lid);");
  decompose(w, em, k.outer, "group");
  const bound = new Set(k.outer.map((v) => v.name));
  k.phases.forEach((p, i) => {
    em.hoist([p.body], bound);
    const acc = `acc${i}`;
    // The workgroup shares a flat counter over the phase's last loops; the loops before them, when all of
    // them together are longer than one 32-bit counter runs (long-loops.ts), are nested around it.
    const [head, tail] = flatTail(p.vars);
    const extent = extentOf(tail);
    w.line(`var ${acc} = ${identity(p, em)};`);
    // A long float sum is summed in blocks of SUM_BLOCK terms per invocation that then join the total, so
    // rounding grows with the block and the number of blocks, not the length (plain adds: no compensation
    // term a driver could simplify away).
    const blocked = p.fn === "sum" && p.type === "f32" && extent > wg * SUM_BLOCK;
    // With loops around the counter, a float sum's blocks join a middle total that joins the total every
    // SUM_BLOCK rounds of those loops (two levels of blocks: tens of thousands of rounds add no rounding walk).
    const middle = blocked && head.length > 0;
    if (middle) w.line(`var mid${i} = 0.0f;`).line(`var rounds${i} = 0i;`);
    loops(em, head, bound, () => [p.body], () => {
      if (head.length) em.hoist([p.body], bound); // what the nested loops fixed (x[a] in Σ_{a,b} x[a]·y[b])
      if (blocked) {
        w.open(`for (var b = tid; b < ${extent}i; b += ${wg * SUM_BLOCK}i)`);
        w.line(`var block${i} = 0.0f;`);
        w.open(`for (var p = b; p < min(b + ${wg * SUM_BLOCK}i, ${extent}i); p += ${wg}i)`);
      } else w.open(`for (var p = tid; p < ${extent}i; p += ${wg}i)`);
      em.enter();
      decompose(w, em, tail, "p");
      const x = em.value(p.body);
      const into = blocked ? `block${i}` : acc;
      w.line(`${into} = ${reduceStep(p.fn, p.type, into, x, em.use)};`);
      em.exit();
      w.close();
      if (blocked) {
        w.line(middle ? `mid${i} = mid${i} + block${i};` : `${acc} = ${acc} + block${i};`);
        w.close();
      }
      if (middle) w.line(`rounds${i}++;`).line(`if (rounds${i} == ${SUM_BLOCK}i) { ${acc} = ${acc} + mid${i}; mid${i} = 0.0f; rounds${i} = 0i; }`);
    });
    if (middle) w.line(`${acc} = ${acc} + mid${i};`);
    // Partial results meet in workgroup memory as f32, i32 or (bool) u32 0/1.
    const t = sharedType(p);
    const red = `red_${t}`;
    const combine = (a: string, b: string): string =>
      p.type !== "bool" ? reduceStep(p.fn, p.type, a, b, em.use) : p.fn === "min" || p.fn === "prod" ? `min(${a}, ${b})` : `max(${a}, ${b})`;
    const part = p.type === "bool" ? `select(0u, 1u, ${acc})` : acc;
    const s = `s${i}`;
    if (subgroups) {
      w.line(`var ${s}: ${t} = ${part};`);
      w.line(`for (var m = 1u; m < sgs; m <<= 1u) { ${s} = ${combine(s, `subgroupShuffleXor(${s}, m)`)}; }`);
      w.line(`if (sgi == 0u) { ${red}[lid / sgs] = ${s}; }`);
    } else w.line(`${red}[tid] = ${part};`);
    w.line("workgroupBarrier();");
    const count = subgroups ? `${wg}u / sgs` : `${wg}u`;
    if (blocked) {
      // the partials of a long float sum are added pairwise (a power of two of them), not one after another:
      // adding 64 large partials in a row rounded away more than all the blocks did
      w.line(`var ${s}p: array<f32, ${wg}>;`);
      w.line(`for (var j = 0u; j < ${count}; j++) { ${s}p[j] = ${red}[j]; }`);
      w.line(`for (var width = (${count}) / 2u; width >= 1u; width /= 2u) { for (var j = 0u; j < width; j++) { ${s}p[j] = ${s}p[j] + ${s}p[j + width]; } }`);
      w.line(`var ${s}w: ${t} = ${s}p[0];`);
    } else {
      w.line(`var ${s}w: ${t} = ${red}[0];`);
      w.line(`for (var j = 1u; j < ${count}; j++) { ${s}w = ${combine(`${s}w`, `${red}[j]`)}; }`);
    }
    w.line("workgroupBarrier();");
    const r = `r${i}`;
    w.line(`let ${r}: ${valueType(p.type)} = ${p.type === "bool" ? `${s}w != 0u` : `${s}w`};`);
    em.env.reduced[i] = r;
    bound.add(`%${i}`);
  });
  em.hoist([k.value], bound);
  w.open(`for (var q = tid; q < ${extentOf(k.inner)}i; q += ${wg}i)`);
  em.enter();
  decompose(w, em, k.inner, "q");
  storeValue(k, em);
  em.exit();
  w.close().close();
  return kernelResult(moduleText(k, em, w, preamble), "rows", dispatchFor(points, caps), em);
}

/**
 * A phase's loops split into those run one after another and the last ones, counted by one flat counter: all of
 * them when their points fit LOOP_LIMIT (every kernel but the longest reductions), else the longest suffix that
 * does (at least the last loop, which the plan kept within it).
 */
function flatTail(vars: readonly LoopVar[]): [LoopVar[], LoopVar[]] {
  let at = vars.length - 1;
  while (at > 0 && extentOf(vars.slice(at - 1)) <= LOOP_LIMIT) at--;
  return extentOf(vars) <= LOOP_LIMIT ? [[], [...vars]] : [vars.slice(0, at), vars.slice(at)];
}

/** Nested `for` loops over vars (as WGSL lets of the loop counters), calling body inside. */
function loops(em: WgslExprEmitter, vars: readonly LoopVar[], bound: Set<string>, roots: () => Parameters<WgslExprEmitter["hoist"]>[0], body: () => void): void {
  const w = em.w;
  const go = (i: number): void => {
    if (i === vars.length) return body();
    const v = vars[i]!;
    em.hoist(roots(), bound);
    const name = em.temp("v");
    w.open(`for (var ${name} = 0i; ${name} < ${v.extent}i; ${name}++)`);
    em.enter();
    em.env.vars.set(v.name, name);
    bound.add(v.name);
    go(i + 1);
    bound.delete(v.name);
    em.exit();
    w.close();
  };
  go(0);
}

/** One invocation per outer point: phases, then the inner loop (or a scan along it), in sequence. @example threads(k, caps).template // "threads" or "scan" */
export function threads(k: Kernel, caps: WgslCaps, inPlace: ReadonlySet<number> = new Set()): WgslKernel {
  const { w, em } = start(k, inPlace);
  const points = extentOf(k.outer);
  const wg = workgroupSize(caps, 64);
  entry(w, [wg]);
  w.line(`let point = group * ${wg}i + i32(lid);`);
  w.line(`if (point >= ${points}i) { return; }`);
  decompose(w, em, k.outer, "point");
  const bound = new Set(k.outer.map((v) => v.name));
  k.phases.forEach((p, i) => {
    const acc = `acc${i}`;
    em.hoist([p.body], bound);
    w.line(`var ${acc} = ${identity(p, em)};`);
    loops(em, p.vars, bound, () => [p.body], () => {
      const x = em.value(p.body);
      w.line(`${acc} = ${reduceStep(p.fn, p.type, acc, x, em.use)};`);
    });
    w.line(`let r${i} = ${acc};`);
    em.env.reduced[i] = `r${i}`;
    bound.add(`%${i}`);
  });
  if (k.mode.kind === "scan") {
    const fn = k.mode.fn;
    const t = k.output.type;
    em.hoist([k.value], bound);
    w.line(`var acc = ${reduceIdentity(fn, t, em.use)};`);
    loops(em, k.inner, bound, () => [k.value], () => {
      const x = em.value(k.value);
      w.line(`acc = ${reduceStep(fn, t, "acc", x, em.use)};`);
      w.line(em.store(indexText(k.output.index, em.env.vars), "acc"));
    });
  } else loops(em, k.inner, bound, () => [k.value], () => storeValue(k, em));
  w.close();
  return kernelResult(moduleText(k, em, w), k.mode.kind === "scan" ? "scan" : "threads", dispatchFor(Math.ceil(points / wg), caps), em);
}
