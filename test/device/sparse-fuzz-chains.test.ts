// Random chains of 2–5 sparse ops on every device, against a float64 reference over dense arrays by name: every
// format (CSR, CSC, DCSR, COO, CSF, all-dense levels in any order, block-sparse as an order-4 tensor), orders 1–4,
// with dense operands and scalars mixed in, transposes and renames between ops, unary maps (pattern-keeping and
// dense-result), mul / add / sub with sparse and dense operands, sums by name, dot with sparse or dense operands,
// private dims (mask) in the middle, values held as tensors (withValues) feeding later ops, results awaited or
// left lazy; edge inputs (empty, full, size-1 and size-0 dims, empty rows). Then gradients through such chains
// w.r.t. a dense operand and w.r.t. sparse values, against float64 central differences of the reference.
// Each trial has its own seed (printed on failure); NT_SPARSE_FUZZ_TRIALS=n runs more, NT_SPARSE_FUZZ_SEED=s one.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type Format, InternalError, NamedTensorError, type SparseTensor, asFormat, fromCoo, fromMtx, getDefaultDevice, grad, sparse, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** A dense float64 array over named dims (row-major in `names` order): the reference. */
interface Ref {
  readonly names: string[];
  readonly sizes: number[];
  readonly data: Float64Array;
  /** names that are private (masked) */
  readonly masked: ReadonlySet<string>;
}
const numelOf = (sizes: readonly number[]): number => sizes.reduce((a, b) => a * b, 1);
const strides = (sizes: readonly number[]): number[] => {
  const s = sizes.map(() => 1);
  for (let i = sizes.length - 2; i >= 0; i--) s[i] = s[i + 1]! * sizes[i + 1]!;
  return s;
};
/** Calls f with the index tuple (by position of `sizes`) and the flat index, for every element. */
function eachIndex(sizes: readonly number[], f: (at: number[], flat: number) => void): void {
  const n = numelOf(sizes);
  const at = sizes.map(() => 0);
  for (let k = 0; k < n; k++) {
    f(at, k);
    for (let d = sizes.length - 1; d >= 0; d--) {
      if (++at[d]! < sizes[d]!) break;
      at[d] = 0;
    }
  }
}
/** The value of `r` at the coordinates given by name. */
function reader(r: Ref, names: readonly string[]): (at: readonly number[]) => number {
  const st = strides(r.sizes);
  const pos = r.names.map((n) => names.indexOf(n));
  return (at) => {
    let k = 0;
    for (let d = 0; d < pos.length; d++) k += at[pos[d]!]! * st[d]!;
    return r.data[k]!;
  };
}
function permute(r: Ref, names: readonly string[]): Ref {
  const sizes = names.map((n) => r.sizes[r.names.indexOf(n)]!);
  const get = reader(r, names);
  const data = new Float64Array(numelOf(sizes));
  eachIndex(sizes, (at, k) => (data[k] = get(at)));
  return { names: [...names], sizes, data, masked: r.masked };
}
function binary(a: Ref, b: Ref, f: (x: number, y: number) => number): Ref {
  const names = [...a.names, ...b.names.filter((n) => !a.names.includes(n))];
  const sizes = names.map((n) => (a.names.includes(n) ? a.sizes[a.names.indexOf(n)]! : b.sizes[b.names.indexOf(n)]!));
  const [ga, gb] = [reader(a, names), reader(b, names)];
  const data = new Float64Array(numelOf(sizes));
  eachIndex(sizes, (at, k) => (data[k] = f(ga(at), gb(at))));
  return { names, sizes, data, masked: new Set([...a.masked, ...b.masked]) };
}
function sumRef(a: Ref, over: readonly string[]): Ref {
  const names = a.names.filter((n) => !over.includes(n));
  const sizes = names.map((n) => a.sizes[a.names.indexOf(n)]!);
  const data = new Float64Array(numelOf(sizes));
  const st = strides(sizes);
  const pos = names.map((n) => a.names.indexOf(n));
  eachIndex(a.sizes, (at, k) => {
    let o = 0;
    for (let d = 0; d < pos.length; d++) o += at[pos[d]!]! * st[d]!;
    data[o]! += a.data[k]!;
  });
  return { names, sizes, data, masked: a.masked };
}
const mapRef = (a: Ref, f: (x: number) => number): Ref => ({ ...a, data: a.data.map(f) });

/**
 * A value of the chain: the library's (computed as the chain is built, `t`; absent when not), the reference, and
 * both as functions of the parameter (a dense operand or a sparse leaf's values), so that gradients replay the
 * chain inside `grad` and the reference at perturbed parameters.
 */
interface Val {
  readonly kind: "sparse" | "dense";
  readonly t: Any;
  readonly ref: Ref;
  readonly label: string;
  readonly lib: (P: Any) => Any;
  readonly refOf: (p: Float64Array | undefined) => Ref;
}

const kinds = ["dense", "compressed"] as const;
/** A random format over `names`: a random level order with random kinds, COO, CSF, all dense, or block-sparse (order 4). */
function randomFormat(names: readonly string[], next: () => number): Format {
  const order = [...names].sort(() => next() - 0.5);
  const r = next();
  if (names.length === 4 && r < 0.3) return [[order[0]!, "dense"], [order[1]!, "compressed"], [order[2]!, "dense"], [order[3]!, "dense"]] as Format; // bcsr
  if (r < 0.15 && names.length > 1) return order.map((n, i) => [n, i === 0 ? "compressed" : "singleton"]) as Format; // coo
  if (r < 0.25) return order.map((n) => [n, "compressed"]) as Format; // csf / dcsr / sparse vector
  if (r < 0.32) return order.map((n) => [n, "dense"]) as Format; // a dense tensor in a sparse format
  return order.map((n) => [n, kinds[Math.floor(next() * 2)]!]) as Format;
}
const fmt = (f: Format): string => f.map((l) => `${l[0]}:${l[1][0]}`).join(",");

/** Random values: density 0, 1 or random; now and then an empty slice of the first dim. */
function randomData(sizes: readonly number[], next: () => number): Float64Array {
  const n = numelOf(sizes);
  const r = next();
  const density = r < 0.1 ? 0 : r < 0.25 ? 1 : next();
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) if (next() < density) out[i] = Math.fround(0.25 + 1.75 * next()) * (next() < 0.5 ? -1 : 1);
  if (sizes.length > 1 && next() < 0.3 && sizes[0]! > 1) {
    const w = n / sizes[0]!;
    const row = Math.floor(next() * sizes[0]!);
    out.fill(0, row * w, (row + 1) * w);
  }
  return out;
}
const denseData = (n: number, next: () => number): Float64Array => Float64Array.from({ length: n }, () => Math.fround(next() * 4 - 2));
const shapeOf = (names: readonly string[], sizes: readonly number[]): [string, number][] => names.map((n, i) => [n, sizes[i]!]);

/** The gradient's parameter: the first dense operand or the first sparse leaf's values. */
interface Param {
  readonly which: "dense" | "values";
  leaf?: Val;
  /** the initial value (dense data, or the stored values in storage order) */
  init?: Float64Array;
  shape?: [string, number][];
}

/** One chain being built: its generator, the dims' sizes, whether results are computed as it goes. */
class Chain {
  readonly sizes = new Map<string, number>();
  fresh = 0;
  constructor(
    readonly next: () => number,
    /** compute the library's values while building (else only the leaves, for replay) */
    readonly eager: boolean,
    readonly param: Param | undefined,
  ) {}
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  size(name: string): number {
    if (!this.sizes.has(name)) {
      const r = this.next();
      this.sizes.set(name, r < 0.04 ? 0 : r < 0.2 ? 1 : 2 + Math.floor(this.next() * 4));
    }
    return this.sizes.get(name)!;
  }
  newName(): string {
    return `d${this.fresh++}`;
  }
  /** A new value from `parts` by an op given for the library and for the reference. */
  derive(kind: "sparse" | "dense", label: string, parts: readonly Val[], lib: (...xs: Any[]) => Any, ref: (...rs: Ref[]) => Ref): Val {
    return {
      kind,
      label,
      t: this.eager ? lib(...parts.map((p) => p.t)) : undefined,
      ref: ref(...parts.map((p) => p.ref)),
      lib: (P) => lib(...parts.map((p) => p.lib(P))),
      refOf: (p) => ref(...parts.map((x) => x.refOf(p))),
    };
  }
  /** A sparse leaf over `names`: a random format, from a dense tensor or from COO lists (unsorted, duplicates). */
  async sparseLeaf(names: readonly string[]): Promise<Val> {
    const sizes = names.map((n) => this.size(n));
    const format = randomFormat(names, this.next);
    const data = randomData(sizes, this.next);
    const viaCoo = this.next() < 0.25;
    let t: Any;
    if (viaCoo) {
      const entries: [number[], number][] = [];
      eachIndex(sizes, (at, k) => {
        if (data[k] === 0) return;
        if (this.next() < 0.3) {
          // a duplicate: two halves summed (exactly, in float32)
          const part = Math.fround(data[k]! * 0.5);
          entries.push([[...at], part], [[...at], Math.fround(data[k]! - part)]);
        } else entries.push([[...at], data[k]!]);
      });
      entries.sort(() => this.next() - 0.5);
      const coords = Object.fromEntries(names.map((n, d) => [n, entries.map((e) => e[0][d]!)]));
      t = fromCoo(shapeOf(names, sizes) as never, { coords, values: entries.map((e) => e[1]) } as never, format as never);
    } else t = await sparse(tensor(Float32Array.from(data), shapeOf(names, sizes)) as never, format as never);
    const label = `${viaCoo ? "fromCoo" : "sparse"}([${names.map((n, i) => `${n}:${sizes[i]}`)}], ${fmt(format)})`;
    const ref: Ref = { names: [...names], sizes, data, masked: new Set() };
    const param = this.param;
    if (!(param?.which === "values" && !param.leaf)) return { kind: "sparse", t, ref, label, lib: () => t, refOf: () => ref };
    // the parameter: the stored values in storage order, scattered at the stored coordinates by the reference
    const e = (t as SparseTensor).entries();
    const stored = Array.from(e.values, (_, p) => names.map((n) => e.coords[n]![p]!));
    const st = strides(sizes);
    const scatter = (p: Float64Array | undefined): Ref => {
      if (!p) return ref;
      const out = new Float64Array(numelOf(sizes));
      stored.forEach((at, q) => (out[at.reduce((k, x, d) => k + x * st[d]!, 0)] = p[q]!));
      return { ...ref, data: out };
    };
    const values = Float32Array.from(e.values);
    const own = (t as SparseTensor).withValues(tensor(values, [["nnz", values.length]]) as never);
    const leaf: Val = { kind: "sparse", t: own, ref, label: `${label}.withValues(v)`, lib: (P) => (P ? (t as SparseTensor).withValues(P) : own), refOf: scatter };
    Object.assign(param, { leaf, init: Float64Array.from(e.values), shape: [["nnz", values.length]] });
    return leaf;
  }
  /** A dense operand over `names` (the parameter when it is the first and the parameter is dense). */
  denseLeaf(names: readonly string[]): Val {
    const sizes = names.map((n) => this.size(n));
    const data = denseData(numelOf(sizes), this.next);
    const t = tensor(Float32Array.from(data), shapeOf(names, sizes));
    const ref: Ref = { names: [...names], sizes, data, masked: new Set() };
    const param = this.param;
    if (!(param?.which === "dense" && !param.leaf)) {
      const r = this.next();
      if (r < 0.15 && names.length) {
        // a lazy product summed over a name of its own: it may join the sparse kernel (under products only)
        const k = this.newName();
        const K = this.size(k);
        const [u, w] = [denseData(numelOf(sizes) * K, this.next), denseData(K, this.next)];
        const U = tensor(Float32Array.from(u), shapeOf([...names, k], [...sizes, K])) as Any;
        const lazy = U.dot(k, tensor(Float32Array.from(w), [[k, K]] as never));
        const r2 = sumRef(binary({ names: [...names, k], sizes: [...sizes, K], data: u, masked: new Set() }, { names: [k], sizes: [K], data: w, masked: new Set() }, arith.mul), [k]);
        return { kind: "dense", t: lazy, ref: r2, label: `(U[${names},${k}]·w[${k}])`, lib: () => lazy, refOf: () => r2 };
      }
      if (r < 0.25) {
        // a lazy elementwise function of a computed tensor
        const lazy = (t as Any).tanh();
        const r2 = mapRef(ref, Math.tanh);
        return { kind: "dense", t: lazy, ref: r2, label: `tanh(X[${names}])`, lib: () => lazy, refOf: () => r2 };
      }
      return { kind: "dense", t, ref, label: `X[${names}]`, lib: () => t, refOf: () => ref };
    }
    const leaf: Val = { kind: "dense", t, ref, label: `X[${names}](param)`, lib: (P) => P ?? t, refOf: (p) => (p ? { ...ref, data: p } : ref) };
    Object.assign(param, { leaf, init: data, shape: shapeOf(names, sizes) });
    return leaf;
  }
  /** Awaits a lazy sparse result now and then (never while building for gradients: they replay synchronously). */
  async settle(v: Val): Promise<Val> {
    // (a device that reads back asynchronously cannot compute a lazy result where a later op needs it: it asks for
    // an await, a typed error; there every result is awaited, so that the chains run)
    const draw = this.next();
    if (this.eager && !this.param && v.kind === "sparse" && (draw < 0.5 || !getDefaultDevice().readSync) && typeof v.t?.then === "function") return { ...v, t: await v.t };
    return v;
  }
}

const keepZero: [string, (x: number) => number][] = [
  ["neg", (x) => -x],
  ["abs", Math.abs],
  ["relu", (x) => Math.max(x, 0)],
  ["tanh", Math.tanh],
  ["sin", Math.sin],
];
const toDenseFns: [string, (x: number) => number][] = [
  ["exp", Math.exp],
  ["cos", Math.cos],
  ["sigmoid", (x) => 1 / (1 + Math.exp(-x))],
];
const arith = { mul: (x: number, y: number) => x * y, add: (x: number, y: number) => x + y, sub: (x: number, y: number) => x - y };

const visibleNames = (v: Val): string[] => v.ref.names.filter((n) => !v.ref.masked.has(n));

/** One step of the chain on a sparse value: a random applicable op. */
async function sparseStep(c: Chain, v: Val): Promise<Val> {
  const names = visibleNames(v);
  const masked = v.ref.masked.size > 0;
  const forGrad = !!c.param;
  const ops: string[] = ["unary", "scalar", "sum", "dotDense", "divPow", "mean"];
  if (!forGrad) ops.push("denseFn");
  if (!masked) ops.push("mulSparse", "addSparse", "mulDense", "addDense", "dotSparse", "transpose", "rename", "toDense", "mulSparse", "addSparse", "dotSparse");
  if (!masked && !forGrad) ops.push("reformat", "withValues");
  if (!masked && names.length > 1) ops.push("mask");
  if (masked) ops.push("unmask");
  const op = c.pick(ops);
  const L = (s: string): string => `${v.label}.${s}`;
  switch (op) {
    case "unary": {
      const [name, f] = c.pick(forGrad ? keepZero.filter(([n]) => n !== "abs" && n !== "relu") : keepZero);
      return c.derive("sparse", L(`${name}()`), [v], (x) => x[name](), (r) => mapRef(r, f));
    }
    case "denseFn": {
      const [name, f] = c.pick(toDenseFns);
      return c.derive("dense", L(`${name}()`), [v], (x) => x[name](), (r) => mapRef(r, f));
    }
    case "scalar": {
      const s = Math.fround(c.next() * 4 - 2);
      return c.derive("sparse", L(`mul(${s})`), [v], (x) => x.mul(s), (r) => mapRef(r, (x) => x * s));
    }
    case "divPow": {
      const cv = Math.fround(0.5 + c.next());
      return c.next() < 0.5 ? c.derive("sparse", L(`div(${cv})`), [v], (x) => x.div(cv), (r) => mapRef(r, (y) => y / cv)) : c.derive("sparse", L("pow(2)"), [v], (x) => x.pow(2), (r) => mapRef(r, (y) => y * y));
    }
    case "mean": {
      const over = c.next() < 0.4 ? names : [c.pick(names)];
      const count = over.reduce((k, n) => k * v.ref.sizes[v.ref.names.indexOf(n)]!, 1);
      // (the mean over no elements is NaN, which a sparse product skips where nothing is stored: not chained)
      if (count === 0) return c.derive("dense", L(`sum(${over})`), [v], (x) => x.sum(over), (r) => sumRef(r, over));
      return c.derive("dense", L(`mean(${over})`), [v], (x) => x.mean(over), (r) => mapRef(sumRef(r, over), (y) => y / count));
    }
    case "sum": {
      const over = c.next() < 0.4 ? names : [c.pick(names)];
      const arg = over.length === 1 && c.next() < 0.5 ? over[0] : over;
      return c.derive("dense", L(`sum(${over})`), [v], (x) => x.sum(arg), (r) => sumRef(r, over));
    }
    case "mulSparse":
    case "addSparse": {
      const fn = op === "mulSparse" ? "mul" : c.pick(["add", "sub"] as const);
      const other = await c.sparseLeaf([...names].sort(() => c.next() - 0.5));
      const [a, b] = c.next() < 0.5 ? [v, other] : [other, v];
      return c.derive("sparse", `${a.label}.${fn}(${b.label})`, [a, b], (x, y) => x[fn](y), (x, y) => binary(x, y, arith[fn]));
    }
    case "mulDense":
    case "addDense": {
      const fn = op === "mulDense" ? "mul" : c.pick(["add", "sub"] as const);
      const sub = names.filter(() => c.next() < 0.7).sort(() => c.next() - 0.5);
      const other = c.denseLeaf(sub);
      return c.derive(fn === "mul" ? "sparse" : "dense", L(`${fn}(${other.label})`), [v, other], (x, y) => x[fn](y), (x, y) => binary(x, y, arith[fn]));
    }
    case "dotDense":
    case "dotSparse": {
      // contract one or more names with an operand that has them, maybe others of this value's and a new one
      const over = names.filter(() => c.next() < 0.5);
      if (over.length === 0) over.push(c.pick(names));
      const shared = masked ? [] : names.filter((n) => !over.includes(n) && c.next() < 0.2);
      const extra = c.next() < 0.6 ? [c.newName()] : [];
      const otherNames = [...over, ...shared, ...extra].sort(() => c.next() - 0.5);
      const sparseOther = op === "dotSparse" && otherNames.length <= 3;
      const other = sparseOther ? await c.sparseLeaf(otherNames) : c.denseLeaf(otherNames);
      const arg = over.length === 1 && c.next() < 0.5 ? over[0] : over;
      const keptNames = [...v.ref.names, ...otherNames].filter((n) => !over.includes(n));
      return c.derive(sparseOther && keptNames.length > 0 ? "sparse" : "dense", L(`dot(${over}, ${other.label})`), [v, other], (x, y) => x.dot(arg, y), (x, y) => sumRef(binary(x, y, arith.mul), over));
    }
    case "transpose": {
      const order = [...names].sort(() => c.next() - 0.5);
      return c.derive("sparse", L(`transpose(${order})`), [v], (x) => x.transpose(...order), (r) => permute(r, order));
    }
    case "rename": {
      const from = c.pick(names);
      const to = c.newName();
      c.sizes.set(to, c.size(from));
      return c.derive("sparse", L(`rename(${from}→${to})`), [v], (x) => x.rename({ [from]: to }), (r) => ({ ...r, names: r.names.map((n) => (n === from ? to : n)) }));
    }
    case "reformat": {
      const format = randomFormat(names, c.next);
      const t = await v.t;
      return { ...c.derive("sparse", L(`asFormat(${fmt(format)})`), [{ ...v, t }], (x) => asFormat(x, format as never), (r) => r) };
    }
    case "withValues": {
      // the same pattern, its values scaled, held as a tensor
      const s = Math.fround(0.5 + c.next());
      const t = await v.t;
      return c.derive("sparse", L(`withValues(values·${s})`), [{ ...v, t }], (x) => x.withValues(x.values.mul(s)), (r) => mapRef(r, (x) => x * s));
    }
    case "toDense":
      return c.derive("dense", L("toDense()"), [v], (x) => x.toDense(), (r) => r);
    case "mask": {
      const n = c.pick(names);
      return c.derive("sparse", L(`mask(${n})`), [v], (x) => x.mask(n), (r) => ({ ...r, masked: new Set([n]) }));
    }
    default:
      return c.derive("sparse", L("unmask()"), [v], (x) => x.unmask(), (r) => ({ ...r, masked: new Set() }));
  }
}

/** One step on a dense value: stored sparse itself, or the operand of a new sparse leaf's mul / add / dot. */
async function denseStep(c: Chain, v: Val): Promise<Val> {
  const names = v.ref.names;
  if (v.ref.masked.size) return c.derive("dense", `${v.label}.unmask()`, [v], (x) => x.unmask(), (r) => ({ ...r, masked: new Set() }));
  if (c.next() < 0.25 && !c.param) {
    const format = randomFormat(names, c.next);
    const t = await sparse(v.t, format as never);
    return { kind: "sparse", t, ref: v.ref, label: `sparse(${v.label}, ${fmt(format)})`, lib: () => t, refOf: () => v.ref };
  }
  const extra = c.next() < 0.4 ? [c.newName()] : [];
  const leaf = await c.sparseLeaf([...names, ...extra].sort(() => c.next() - 0.5));
  const op = c.pick(["mul", "add", "dot"] as const);
  if (op === "dot" && names.length > 0) {
    const over = names.filter(() => c.next() < 0.6);
    if (over.length === 0) over.push(names[0]!);
    return c.derive("dense", `${leaf.label}.dot(${over}, ${v.label})`, [leaf, v], (x, y) => x.dot(over, y), (x, y) => sumRef(binary(x, y, arith.mul), over));
  }
  const fn = op === "dot" ? "add" : op;
  return c.derive(fn === "mul" ? "sparse" : "dense", `${leaf.label}.${fn}(${v.label})`, [leaf, v], (x, y) => x[fn](y), (x, y) => binary(x, y, arith[fn]));
}

/** A chain of 2–5 ops from a sparse leaf of order 1–4 (order 4: block-sparse now and then). */
async function chain(c: Chain): Promise<Val> {
  const order = c.pick([1, 2, 2, 2, 3, 3, 4]);
  let v = await c.sparseLeaf(["i", "j", "k", "l"].slice(0, order));
  const steps = 2 + Math.floor(c.next() * 4);
  for (let s = 0; s < steps && v.ref.names.length > 0; s++) {
    if (process.env.NT_SPARSE_FUZZ_TRACE) console.log(v.label);
    v = await c.settle(v.kind === "sparse" ? await sparseStep(c, v) : await denseStep(c, v));
  }
  return v;
}

const close = (got: number, want: number, tol: number): boolean => (Number.isNaN(want) ? Number.isNaN(got) : Math.abs(got - want) <= tol * (1 + Math.abs(want)));

/** Reads a chain's result (dense, names in the result's order), checking its kind, dims and stored coordinates. */
async function readResult(v: Val): Promise<{ names: string[]; data: ArrayLike<number>; extra: string }> {
  let t = v.t;
  let extra = "";
  if (v.kind === "sparse") {
    t = await (t as SparseTensor).materialize(); // (values held as a tensor are read here, on any device)
    expect(t.constructor.name, `${v.label}: a sparse result`).toBe("SparseTensor");
    const { coords } = (t as SparseTensor).entries();
    const dims = (t as SparseTensor).shapeDims;
    const seen = new Set<string>();
    for (let p = 0; p < (t as SparseTensor).nnz; p++) {
      const key = dims.map((d) => coords[d.name]![p]!);
      if (!key.every((x, d) => x >= 0 && x < dims[d]!.size)) expect.fail(`${v.label}: coordinate ${key} outside ${dims.map((d) => d.size)}`);
      if (seen.has(String(key))) expect.fail(`${v.label}: coordinate ${key} stored twice`);
      seen.add(String(key));
    }
    extra = ` nnz ${(t as SparseTensor).nnz}`;
    t = t.toDense();
  } else expect(t.constructor.name, `${v.label}: a dense result`).not.toBe("SparseTensor");
  const dims = t.shapeDims as { name: string; masked?: boolean }[];
  expect(dims.filter((d) => d.masked).map((d) => d.name).sort(), `${v.label}: private dims`).toEqual([...v.ref.masked].sort());
  return { names: dims.map((d) => d.name), data: await t.data(), extra };
}

/** Trial seeds (each trial its own, printed on failure), or the one NT_SPARSE_FUZZ_SEED replays. */
const trialSeeds = (count: number, salt: number): number[] =>
  process.env.NT_SPARSE_FUZZ_SEED ? [Number(process.env.NT_SPARSE_FUZZ_SEED)] : Array.from({ length: count }, (_, k) => ((testSeed ^ salt) + Math.imul(k, 0x9e3779b1)) >>> 0);
const trials = (device: string, cpu: number, gpu: number): number => Number(process.env.NT_SPARSE_FUZZ_TRIALS ?? (device === "cpu" ? cpu : gpu));
/** NT_SPARSE_FUZZ_ALL=1: run every trial and report every failure and typed refusal (else stop at the first failure). */
const collect = process.env.NT_SPARSE_FUZZ_ALL === "1";

/** A typed error naming what a device cannot run is an answer; an internal error, a TypeError, a wrong value are bugs. */
function verdict(e: unknown, what: string): string | undefined {
  const err = e as Error;
  if (err instanceof NamedTensorError && !(err instanceof InternalError)) return collect ? `typed error (${what}): ${err.constructor.name}: ${err.message.slice(0, 400)}${process.env.NT_SPARSE_FUZZ_STACK ? err.stack : ""}` : undefined;
  return `${what}: ${err?.constructor?.name}: ${err?.message}\n${err?.stack?.split("\n").slice(1, 8).join("\n")}`;
}

async function valueTrial(seed: number): Promise<string | undefined> {
  let v: Val | undefined;
  try {
    v = await chain(new Chain(rng(seed), true, undefined));
    const got = await readResult(v);
    expect([...got.names].sort(), `${v.label}: dims`).toEqual([...v.ref.names].sort());
    const want = permute(v.ref, got.names);
    const scale = 1 + want.sizes.reduce((a, b) => a + b, 0);
    for (let e = 0; e < want.data.length; e++) if (!close(got.data[e]!, want.data[e]!, 3e-5 * scale)) return `seed ${seed}: ${v.label}:${got.extra} element ${e} of (${got.names}) is ${got.data[e]}, want ${want.data[e]}`;
    return undefined;
  } catch (e) {
    return verdict(e, `seed ${seed}: ${v?.label ?? "(building)"}`);
  }
}

/**
 * The gradient of Σ w ⊙ chain(P) w.r.t. P — the chain's first dense operand or its first sparse leaf's values —
 * replayed inside grad, against float64 central differences of the reference chain.
 */
async function gradTrial(seed: number): Promise<string | undefined> {
  const param: Param = { which: rng(seed ^ 0x77)() < 0.5 ? "dense" : "values" };
  let v: Val | undefined;
  const what = (): string => `seed ${seed} (gradient w.r.t. ${param.which === "dense" ? "a dense operand" : "sparse values"}): ${v?.label ?? "(building)"}`;
  try {
    v = await chain(new Chain(rng(seed), false, param));
    if (!param.leaf || !param.init!.length) return undefined;
    const out = v;
    const wnext = rng(seed ^ 0x99);
    const w = denseData(out.ref.data.length, wnext);
    const loss64 = (p: Float64Array): number => {
      const r = out.refOf(p);
      let s = 0;
      for (let e = 0; e < r.data.length; e++) s += w[e]! * r.data[e]!;
      return s;
    };
    const f = (P: Any): Any => {
      const t = out.lib(P);
      const d = out.kind === "sparse" ? t.toDense() : t;
      const open = d.shapeDims.some((x: Any) => x.masked) ? d.unmask() : d;
      const names = (open.shapeDims as { name: string }[]).map((x) => x.name);
      const wr = permute({ ...out.ref, data: w }, names);
      return names.length ? open.mul(tensor(Float32Array.from(wr.data), shapeOf(names, wr.sizes))).sum(names) : open.mul(w[0]!);
    };
    const P = tensor(Float32Array.from(param.init!), param.shape! as never) as Any;
    const [g] = grad(f as never)(P) as Any[];
    const got = (await g.data()) as Float32Array;
    const h = 1e-6;
    const init = param.init!;
    for (let j = 0; j < init.length; j++) {
      const [up, dn] = [Float64Array.from(init), Float64Array.from(init)];
      up[j]! += h;
      dn[j]! -= h;
      const want = (loss64(up) - loss64(dn)) / (2 * h);
      if (!close(got[j]!, want, 2e-4 * (1 + out.ref.sizes.reduce((a, b) => a + b, 0)))) return `${what()}: element ${j} is ${got[j]}, want ${want}`;
    }
    return undefined;
  } catch (e) {
    return verdict(e, what());
  }
}

async function runTrials(device: string, kind: "values" | "gradients", count: number): Promise<void> {
  const failures: string[] = [];
  let typed = 0;
  for (const seed of trialSeeds(count, kind === "values" ? 0xc4a1 : 0x96ad)) {
    const f = kind === "values" ? await valueTrial(seed) : await gradTrial(seed);
    if (f?.startsWith("typed error")) {
      typed++;
      console.log(f);
    } else if (f) {
      failures.push(f);
      if (!collect) break;
    }
  }
  if (collect) console.log(`${device} ${kind}: ${count} trials, ${failures.length} failures, ${typed} typed errors`);
  expect(failures, failures.join("\n\n")).toEqual([]);
}

/** A Matrix Market file's entries as float64 triplets, symmetric files expanded (a reading independent of fromMtx). */
function readTriplets(text: string): { n: number; m: number; rows: number[]; cols: number[]; vals: number[] } {
  const lines = text.split("\n");
  const banner = lines[0]!.toLowerCase();
  const body = lines.slice(1).filter((l) => l.trim() && !l.startsWith("%"));
  const [n, m] = body[0]!.trim().split(/\s+/).map(Number) as [number, number];
  const [rows, cols, vals]: [number[], number[], number[]] = [[], [], []];
  for (const line of body.slice(1)) {
    const [i, j, v] = line.trim().split(/\s+/);
    const x = banner.includes("pattern") ? 1 : Number(v);
    rows.push(Number(i) - 1), cols.push(Number(j) - 1), vals.push(x);
    if (banner.includes("symmetric") && i !== j) rows.push(Number(j) - 1), cols.push(Number(i) - 1), vals.push(x);
  }
  return { n, m, rows, cols, vals };
}

describe.each(deviceNames)("random sparse chains on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("agree with float64 dense references", async () => {
    await runTrials(device, "values", trials(device, 300, 20));
  }, 600_000);

  it("real matrices (r-cran-matrix .mtx) in every 2-D format: SpMV, SpMM, Aᵀx and A + Aᵀ against float64", async () => {
    const dir = execFileSync("bash", [resolve("scripts/fetch-r-cran-matrix.sh")], { encoding: "utf8" }).trim();
    const dump = process.env.NT_SPARSE_MTX_DUMP; // where scripts/sparse-mtx-reference.py finds the results to check with scipy
    const next = rng(testSeed ^ 0x3e7);
    const formats: Format[] = [[["row", "dense"], ["col", "compressed"]], [["col", "dense"], ["row", "compressed"]], [["row", "compressed"], ["col", "compressed"]], [["row", "compressed"], ["col", "singleton"]], [["col", "compressed"], ["row", "compressed"]]];
    for (const file of ["jgl009.mtx", "pores_1.mtx", "lund_a.mtx"]) {
      const text = readFileSync(join(dir, file), "utf8");
      const { n, m, rows, cols, vals } = readTriplets(text);
      const scale = Math.max(...vals.map(Math.abs));
      const x = denseData(m, next);
      const xt = denseData(n, next);
      const X = denseData(m * 3, next);
      const [y, z, Y, S] = [new Float64Array(n), new Float64Array(m), new Float64Array(n * 3), new Float64Array(n * m)];
      rows.forEach((i, e) => {
        const [j, v] = [cols[e]!, Math.fround(vals[e]!)];
        y[i]! += v * x[j]!;
        z[j]! += v * xt[i]!;
        for (let c = 0; c < 3; c++) Y[i * 3 + c]! += v * X[j * 3 + c]!;
        S[i * m + j]! += v;
        if (n === m) S[j * m + i]! += v;
      });
      for (const format of formats) {
        const A = fromMtx(text, ["row", "col"], format as never) as Any;
        const what = `${file} in ${fmt(format)}`;
        const got = {
          y: await A.dot("col", tensor(Float32Array.from(x), [["col", m]])).data(),
          z: await A.dot("row", tensor(Float32Array.from(xt), [["row", n]])).data(),
          Y: await A.dot("col", tensor(Float32Array.from(X), [["col", m], ["c", 3]])).data(),
          S: n === m ? await (await A.add(A.rename({ row: "col", col: "row" }))).toDense().data() : undefined,
        };
        // float32 sums of up to a row's entries: relative to the largest entry times |x| ≤ 2
        const check = (name: string, g: ArrayLike<number>, w: Float64Array, rowLength: number): void => {
          for (let e = 0; e < w.length; e++) if (!(Math.abs(g[e]! - w[e]!) <= 1e-6 * scale * 2 * rowLength + 1e-6)) expect.fail(`${what}: ${name} element ${e} is ${g[e]}, want ${w[e]} (seed ${testSeed})`);
        };
        const longest = Math.max(n, m);
        check("A·x", got.y, y, longest);
        check("Aᵀ·x", got.z, z, longest);
        check("A·X", got.Y, Y, longest);
        if (got.S) check("A + Aᵀ", got.S, S, 2);
        if (dump) {
          mkdirSync(dump, { recursive: true });
          const list = (a: ArrayLike<number> | undefined) => (a ? Array.from(a) : null);
          writeFileSync(join(dump, `${file}.${device}.${fmt(format).replace(/[:,]/g, "_")}.json`), JSON.stringify({ file: join(dir, file), x: Array.from(x), xt: Array.from(xt), X: Array.from(X), y: list(got.y), z: list(got.z), Y: list(got.Y), S: list(got.S) }));
        }
      }
    }
  }, 120_000);

  it("pass gradients that agree with float64 central differences", async () => {
    await runTrials(device, "gradients", trials(device, 150, 6));
  }, 600_000);
});
