// Layer: src/backend/kernel, a rule of the plan (plan.ts applies it to every kernel it lowers). Generated code
// counts every loop in a 32-bit integer (Wasm i32, WGSL i32), with the bound and a step added to it; buffers hold
// fewer than 2^31 elements, so store loops and the loops that address a buffer fit, but a reduction over a
// broadcast, an iota or a random draw can run longer (Σ_{a,b} x[a]·y[b] over 50,000², the sum of arange(2^32)).
// Every reduction loop longer than LOOP_LIMIT is split here: v = hi·CHUNK + lo over floor(N / CHUNK)·CHUNK
// points, and a second phase v = q·CHUNK + rest over the N mod CHUNK left, whose results the ALU table's combine
// joins — so every counter stays below 2^30 and the code generators are unchanged. Index values used as data
// stay exact: a float iota whose index leaves the i32 range (over split loops, or read at an offset past 2^31)
// is written as float32 terms that add exactly (f32(hi)·CHUNK + f32(lo)), so the one rounding is that of the
// index itself (exactIndexValues); a random draw whose row-major index can pass 2^32 gets a 64-bit counter, its
// high word mixed into the seed and its low word the generator's 32-bit index (wideRandomCounters); an int32
// iota wraps modulo 2^32, as int32 does. Kernels whose loops and index values fit are returned as they are.
import { type IndexExpr, idxAdd, idxConst, idxMul, idxVar, indexVars, substitute, toAffine } from "../../../graph/index-expr.js";
import { reduceAlu } from "../alu.js";
import { ShapeError, intIotaTooLarge } from "../../../types/errors.js";
import { type BinaryFn, type Expr, type Kernel, type LoopVar, type Phase, type ReduceFn, type ScalarType, dagRewrite, kernelExprs, mapChildren, walkExpr } from "../ir.js";

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

/** e with loop variable v replaced by `to` in every index. */
function replaceVar(v: string, to: IndexExpr): (e: Expr) => Expr {
  const env = new Map([[v, to]]);
  return dagRewrite((e, again) => {
    const out = mapChildren(e, again);
    return out.op === "idx" || out.op === "random" || out.op === "load" ? { ...out, index: substitute(out.index, env) } : out;
  });
}

/** Integer index values (an int iota, the random generator's counter) taken modulo 2^32, as i32 code computes them. */
const wrapValues = (): ((e: Expr) => Expr) =>
  dagRewrite((e, again) => {
    const out = mapChildren(e, again);
    return out.op === "idx" || out.op === "random" ? { ...out, index: wrapIndex(out.index) } : out;
  });

/** Phase p split along its loop var at position `at` (longer than LOOP_LIMIT): one or two phases. */
function splitPhase(p: Phase, at: number, used: Set<string>): Phase[] {
  const v = p.vars[at]!;
  const q = Math.floor(v.extent / CHUNK);
  const r = v.extent - q * CHUNK;
  const [before, after] = [p.vars.slice(0, at), p.vars.slice(at + 1)];
  const hi: LoopVar = { name: fresh(`${v.name}_hi`, used), extent: q };
  const lo: LoopVar = { name: fresh(`${v.name}_lo`, used), extent: CHUNK };
  const main = replaceVar(v.name, idxAdd(idxMul(idxVar(hi.name), CHUNK), idxVar(lo.name)));
  const phases: Phase[] = [{ ...p, vars: [...before, hi, lo, ...after], body: main(p.body) }];
  if (r > 0) {
    const left: LoopVar = { name: fresh(`${v.name}_rest`, used), extent: r };
    phases.push({ ...p, vars: [...before, left, ...after], body: replaceVar(v.name, idxAdd(idxVar(left.name), idxConst(q * CHUNK)))(p.body) });
  }
  return phases;
}

const f32 = (value: number): Expr => ({ op: "const", type: "f32", value });
const i32 = (value: number): Expr => ({ op: "const", type: "i32", value });
const toF32 = (x: Expr): Expr => ({ op: "cast", type: "f32", x });
const add = (a: Expr, b: Expr): Expr => ({ op: "binary", type: "f32", fn: "add", a, b });

/**
 * The float32 value of an integer index I whose range leaves the i32's (a float iota over a split loop, or read at
 * an offset past 2^31), exact — rounded once, as float32(I) is: I = H + J, where H (the constant's multiple of
 * 2^24 and the terms whose coefficients are multiples of 2^24) sums exactly in float32 below 2^48, and J, the rest,
 * lies in [0, 2^31); J's bits from 2^24 up join H exactly, and its low 24 bits are added last. Undefined when J
 * does not fit (the index is then left as it was).
 */
function exactValue(index: IndexExpr, extents: ReadonlyMap<string, number>): Expr | undefined {
  const a = toAffine(index);
  if (!a) return undefined;
  const high = Math.floor(a.constant / CHUNK) * CHUNK;
  let h: Expr | undefined = high !== 0 ? f32(high) : undefined;
  let j: IndexExpr = idxConst(a.constant - high);
  let [min, max] = [a.constant - high, a.constant - high];
  for (const [v, c] of a.coeffs) {
    if (c % CHUNK === 0) {
      const term: Expr = { op: "binary", type: "f32", fn: "mul", a: toF32({ op: "idx", type: "i32", index: idxVar(v) }), b: f32(c) };
      h = h ? add(h, term) : term;
    } else {
      j = idxAdd(j, idxMul(idxVar(v), c));
      const top = c * ((extents.get(v) ?? 1) - 1);
      if (top > 0) max += top;
      else min += top;
    }
  }
  if (min < 0 || max >= 2 ** 31) return undefined;
  const J: Expr = { op: "idx", type: "i32", index: j };
  if (!h) return toF32(J);
  if (max < CHUNK) return add(h, toF32(J));
  const bits = (mask: number): Expr => toF32({ op: "binary", type: "i32", fn: "bitAnd", a: J, b: i32(mask) });
  return add(add(h, bits(~(CHUNK - 1))), bits(CHUNK - 1));
}

/**
 * The kernel with every float iota whose index leaves the i32 range written exactly (exactValue); the same
 * kernel when there is none.
 * @example exactIndexValues(k) // f32(a_hi)·2^24 + f32(a_lo) for arange(2^32 + 5) summed over split loops
 */
export function exactIndexValues(k: Kernel): Kernel {
  const extents = new Map([...k.outer, ...k.inner, ...k.phases.flatMap((p) => p.vars)].map((v) => [v.name, v.extent]));
  const beyond = (i: IndexExpr): boolean => {
    const r = rangeOf(i, extents);
    return r !== undefined && (r[0] < -(2 ** 31) || r[1] >= 2 ** 31);
  };
  let changed = false;
  const rewrite = dagRewrite((e, again) => {
    if (e.op === "cast" && e.type === "f32" && e.x.op === "idx" && beyond(e.x.index)) {
      const exact = exactValue(e.x.index, extents);
      if (!exact) return e; // a float iota over a store loop of 2^31+ points: its buffer is refused (realize.ts)
      changed = true;
      return exact;
    }
    // an int32 iota (an index value used as an int32) whose values leave int32: refused, not wrapped
    if (e.op === "idx" && beyond(e.index)) {
      const names = [...indexVars(e.index)].map((v) => `"${v}" (${extents.get(v)})`).join(" and ");
      throw new ShapeError(intIotaTooLarge(names, rangeOf(e.index, extents)![1]));
    }
    return mapChildren(e, again);
  });
  const out: Kernel = { ...k, phases: k.phases.map((p) => ({ ...p, body: rewrite(p.body) })), value: rewrite(k.value) };
  return changed ? out : k;
}

/** The range of an affine index over the loops' extents (undefined when it is not affine). */
function rangeOf(i: IndexExpr, extents: ReadonlyMap<string, number>): [number, number] | undefined {
  const a = toAffine(i);
  if (!a) return undefined;
  let [min, max] = [a.constant, a.constant];
  for (const [v, c] of a.coeffs) {
    const top = c * ((extents.get(v) ?? 1) - 1);
    if (top > 0) max += top;
    else min += top;
  }
  return [min, max];
}

const int = (fn: BinaryFn, a: Expr, b: Expr): Expr => ({ op: "binary", type: "i32", fn, a, b });
/** The random generator's 32-bit mix (cpu/random.ts mix32) over the IR; mix(0) = 0. */
function mix(x: Expr): Expr {
  const step = (y: Expr, shift: number): Expr => int("bitXor", y, int("shiftRightLogical", y, i32(shift)));
  return step(int("mul", step(int("mul", step(x, 16), i32(0x7feb352d)), 15), i32(0x846ca68b | 0)), 16);
}

/**
 * floor(I / 2^32) of a non-negative affine index I below 2^50, as an i32 expression: I in float32 (a few rounded
 * terms: off by far less than 2^31), less its low word read unsigned (exact: I mod 2^32 in i32), is a multiple of
 * 2^32 give or take that error, which rounding the quotient removes.
 */
function highWord(index: IndexExpr, a: { constant: number; coeffs: ReadonlyMap<string, number> }): Expr {
  let whole: Expr = f32(a.constant);
  for (const [v, c] of a.coeffs) whole = add(whole, { op: "binary", type: "f32", fn: "mul", a: f32(c), b: toF32({ op: "idx", type: "i32", index: idxVar(v) }) });
  const low: Expr = { op: "idx", type: "i32", index: wrapIndex(index) };
  const negative: Expr = { op: "binary", type: "bool", fn: "lt", a: low, b: i32(0) };
  const unsigned = add(toF32(low), { op: "where", type: "f32", cond: negative, a: f32(2 ** 32), b: f32(0) });
  const words: Expr = { op: "binary", type: "f32", fn: "mul", a: { op: "binary", type: "f32", fn: "sub", a: whole, b: unsigned }, b: f32(2 ** -32) };
  return { op: "cast", type: "i32", x: { op: "unary", type: "f32", fn: "floor", x: add(words, f32(0.5)) } };
}

/**
 * The kernel with every random draw whose row-major index can reach 2^32 given its 64-bit counter: the draw at
 * index I is uniform(seed ^ mix32(floor(I / 2^32)), stream, I mod 2^32) — the same as before below 2^32 (mix32(0)
 * = 0), and no longer a repeat of the draw 2^32 earlier past it (the reference engine computes the same:
 * cpu/reference.ts). The counter's high word feeds the seed, its low word the generator's 32-bit index. The same
 * kernel when no draw reaches 2^32.
 * @example wideRandomCounters(k) // uniform(seed ^ mix(high(I)), 0, I mod 2^32) for rand over 2^33 elements
 */
export function wideRandomCounters(k: Kernel): Kernel {
  const extents = new Map([...k.outer, ...k.inner, ...k.phases.flatMap((p) => p.vars)].map((v) => [v.name, v.extent]));
  let changed = false;
  const rewrite = dagRewrite((e, again) => {
    const out = mapChildren(e, again);
    if (out.op !== "random") return out;
    const range = rangeOf(out.index, extents);
    const a = toAffine(out.index);
    if (!range || !a || range[1] < 2 ** 32) return out;
    changed = true;
    return { ...out, seed: int("bitXor", out.seed, mix(highWord(out.index, a))), index: wrapIndex(out.index) };
  });
  const out: Kernel = { ...k, phases: k.phases.map((p) => ({ ...p, body: rewrite(p.body) })), value: rewrite(k.value) };
  return changed ? out : k;
}

/** Whether an index value (an iota, a random draw's counter) of the kernel can leave the i32 range. */
function wideValues(k: Kernel): boolean {
  const extents = new Map([...k.outer, ...k.inner, ...k.phases.flatMap((p) => p.vars)].map((v) => [v.name, v.extent]));
  const seen = new Set<Expr>();
  let wide = false;
  for (const e of kernelExprs(k)) {
    walkExpr(e, (x) => {
      if (wide || (x.op !== "idx" && x.op !== "random")) return;
      const r = rangeOf(x.index, extents);
      wide = r !== undefined && (r[0] < -(2 ** 31) || r[1] >= 2 ** 31);
    }, seen);
  }
  return wide;
}

/** `reduced` phase results renumbered: phase i of the old kernel is now the expression `to[i]`. */
const renumber = (to: readonly Expr[]) => dagRewrite((e, again) => (e.op === "reduced" ? to[e.phase]! : mapChildren(e, again)));

/**
 * The kernel with every reduction loop longer than LOOP_LIMIT split in two (the same kernel when none is).
 * @example splitLongLoops(k).phases.map((p) => p.vars.map((v) => v.extent)) // [[256, 16777216], [5]] for Σ_a of arange(2^32 + 5)
 */
export function splitLongLoops(k: Kernel): Kernel {
  if (k.online || !k.phases.some((p) => p.vars.some((v) => v.extent > LOOP_LIMIT))) return wideValues(k) ? wideRandomCounters(exactIndexValues(k)) : k;
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
  const exact = wideRandomCounters(exactIndexValues({ ...k, phases, value: renumber(results)(k.value) }));
  const wrap = wrapValues();
  return { ...exact, phases: exact.phases.map((p) => ({ ...p, body: wrap(p.body) })), value: wrap(exact.value) };
}
