// Layer: src/backend/kernel, a rule of the plan (plan.ts applies it to every kernel it lowers). Generated code
// counts every loop in a 32-bit integer (Wasm i32, WGSL i32), with the bound and a step added to it; buffers hold
// fewer than 2^31 elements, so store loops and the loops that address a buffer fit, but a reduction over a
// broadcast, an iota or a random draw can run longer (Σ_{a,b} x[a]·y[b] over 50,000², the sum of arange(2^32)).
// Every reduction loop longer than LOOP_LIMIT is split here: v = hi·CHUNK + lo over floor(N / CHUNK)·CHUNK
// points, and a second phase v = q·CHUNK + rest over the N mod CHUNK left, whose results the ALU table's combine
// joins — so every counter stays below 2^30 and the code generators are unchanged. Index values used as data
// stay exact: a float iota (cast(idx)) becomes f32(hi)·CHUNK + f32(lo), both exact in float32, so the one
// rounding is that of the index itself; an integer index (the random generator's counter) is computed modulo
// 2^32, as its spec (cpu/random.ts) reads it. Kernels whose loops all fit are returned as they are.
import { type IndexExpr, idxAdd, idxConst, idxMul, idxVar, indexVars, substitute, toAffine } from "../../../graph/index-expr.js";
import { reduceAlu } from "../alu.js";
import { type BinaryFn, type Expr, type Kernel, type LoopVar, type Phase, type ReduceFn, type ScalarType, dagRewrite, mapChildren } from "../ir.js";

/**
 * The longest loop a generated kernel counts in one 32-bit counter: below 2^31 with room for the bound plus a
 * vector step or a summation block (a counter near 2^31 − 1 plus 16 would wrap negative and end the loop late).
 */
export const LOOP_LIMIT = 2 ** 30;
/** The inner part of a split loop: 2^24, so that it and hi·2^24 are exact in float32 (a float iota's two terms). */
export const CHUNK = 2 ** 24;

/** x modulo 2^32 as a signed 32-bit integer (what i32 arithmetic keeps of it), for x < 2^53. */
const wrap32 = (x: number): number => {
  const m = x - Math.floor(x / 2 ** 32) * 2 ** 32;
  return m >= 2 ** 31 ? m - 2 ** 32 : m;
};

/** An affine index with every coefficient and the constant taken modulo 2^32 (an i32 value is that anyway). */
function wrapIndex(e: IndexExpr): IndexExpr {
  const a = toAffine(e);
  if (!a || (Math.abs(a.constant) < 2 ** 31 && [...a.coeffs.values()].every((c) => Math.abs(c) < 2 ** 31))) return e;
  let out: IndexExpr = idxConst(wrap32(a.constant));
  for (const [v, c] of a.coeffs) out = idxAdd(out, idxMul(idxVar(v), wrap32(c)));
  return out;
}

/** The binary function that joins two partial results of a reduction of this type. */
function combineOf(fn: ReduceFn, type: ScalarType): BinaryFn {
  if (type === "bool") return fn === "min" || fn === "prod" ? "and" : "or";
  return reduceAlu[fn].combine as BinaryFn;
}

/** A name not among `used` (which it joins). */
function fresh(base: string, used: Set<string>): string {
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base}${i}`;
  used.add(name);
  return name;
}

/**
 * e with loop variable v replaced by `to` in every index, where a float iota over v is written as `float` gives
 * it (an exact f32 of the index's v-part, plus the f32 of the rest with v ↦ `rest`).
 */
function replaceVar(v: string, to: IndexExpr, rest: IndexExpr, vPart: (coeff: number) => Expr): (e: Expr) => Expr {
  const env = new Map([[v, to]]);
  return dagRewrite((e, again) => {
    if (e.op === "cast" && e.type === "f32" && e.x.op === "idx" && indexVars(e.x.index).has(v)) {
      const a = toAffine(e.x.index);
      if (a) {
        const others = substitute(e.x.index, new Map([[v, rest]]));
        const x: Expr = { op: "cast", type: "f32", x: { op: "idx", type: "i32", index: wrapIndex(others) } };
        return { op: "binary", type: "f32", fn: "add", a: vPart(a.coeffs.get(v) ?? 0), b: x };
      }
    }
    const out = mapChildren(e, again);
    if (out.op === "idx" || out.op === "random") return { ...out, index: wrapIndex(substitute(out.index, env)) };
    if (out.op === "load") return { ...out, index: substitute(out.index, env) };
    return out;
  });
}

/** Phase p split along its loop var at position `at` (longer than LOOP_LIMIT): one or two phases. */
function splitPhase(p: Phase, at: number, used: Set<string>): Phase[] {
  const v = p.vars[at]!;
  const q = Math.floor(v.extent / CHUNK);
  const r = v.extent - q * CHUNK;
  const [before, after] = [p.vars.slice(0, at), p.vars.slice(at + 1)];
  const hi: LoopVar = { name: fresh(`${v.name}_hi`, used), extent: q };
  const lo: LoopVar = { name: fresh(`${v.name}_lo`, used), extent: CHUNK };
  const f32 = (value: number): Expr => ({ op: "const", type: "f32", value });
  const hiValue = (c: number): Expr => ({
    op: "binary",
    type: "f32",
    fn: "mul",
    a: { op: "cast", type: "f32", x: { op: "idx", type: "i32", index: idxVar(hi.name) } },
    b: f32(c * CHUNK),
  });
  const main = replaceVar(v.name, idxAdd(idxMul(idxVar(hi.name), CHUNK), idxVar(lo.name)), idxVar(lo.name), hiValue);
  const phases: Phase[] = [{ ...p, vars: [...before, hi, lo, ...after], body: main(p.body) }];
  if (r > 0) {
    const left: LoopVar = { name: fresh(`${v.name}_rest`, used), extent: r };
    const rest = replaceVar(v.name, idxAdd(idxVar(left.name), idxConst(q * CHUNK)), idxVar(left.name), (c) => f32(c * q * CHUNK));
    phases.push({ ...p, vars: [...before, left, ...after], body: rest(p.body) });
  }
  return phases;
}

/** `reduced` phase results renumbered: phase i of the old kernel is now the expression `to[i]`. */
const renumber = (to: readonly Expr[]) => dagRewrite((e, again) => (e.op === "reduced" ? to[e.phase]! : mapChildren(e, again)));

/**
 * The kernel with every reduction loop longer than LOOP_LIMIT split in two (the same kernel when none is).
 * @example splitLongLoops(k).phases.map((p) => p.vars.map((v) => v.extent)) // [[256, 16777216], [5]] for Σ_a of arange(2^32 + 5)
 */
export function splitLongLoops(k: Kernel): Kernel {
  if (k.online || !k.phases.some((p) => p.vars.some((v) => v.extent > LOOP_LIMIT))) return k;
  const used = new Set([...k.outer, ...k.inner, ...k.phases.flatMap((p) => p.vars)].map((v) => v.name));
  const phases: Phase[] = [];
  const results: Expr[] = [];
  for (const old of k.phases) {
    let parts: Phase[] = [{ ...old, body: renumber(results)(old.body) }];
    for (;;) {
      const i = parts.findIndex((p) => p.vars.some((v) => v.extent > LOOP_LIMIT));
      if (i < 0) break;
      const p = parts[i]!;
      parts = [...parts.slice(0, i), ...splitPhase(p, p.vars.findIndex((v) => v.extent > LOOP_LIMIT), used), ...parts.slice(i + 1)];
    }
    const first = phases.length;
    phases.push(...parts);
    let result: Expr = { op: "reduced", type: old.type, phase: first };
    for (let j = 1; j < parts.length; j++) {
      result = { op: "binary", type: old.type, fn: combineOf(old.fn, old.type), a: result, b: { op: "reduced", type: old.type, phase: first + j } };
    }
    results.push(result);
  }
  return { ...k, phases, value: renumber(results)(k.value) };
}
