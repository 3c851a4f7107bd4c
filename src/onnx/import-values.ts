// Layer: src/onnx (top layer, built only from the public ops like src/nn). The values an imported ONNX graph
// passes between its nodes, and the positional-to-named helpers every operator uses. A value is either a named
// Tensor whose logical order is the ONNX axis order, or a `Const`: a small array known while the graph is built
// (initializers, Constant nodes, Shape outputs and the arithmetic on them), folded in JavaScript. ONNX matches
// axes by position (numpy broadcasting, size 1 stretches); the library matches them by name (a size-1 dim does
// not stretch): `align` renames operands so that position and name agree. Imports only the public surface.
import "../ops/elementwise.js";
import "../ops/indexing.js";
import "../ops/movement.js";
import "../ops/reduce.js";
import { tensor } from "../ops/creation.js";
import type { Tensor } from "../tensor.js";
import type { DType, Shape } from "../types/dims.js";

/** A tensor of the imported graph: any dims, any dtype, checked at run time. Its dims are the ONNX axes in order. */
export type T = Tensor<Shape, DType>;

/** A value known while the graph is built: row-major numbers (int64 as doubles) with their sizes and dtype. */
export class Const {
  private cached: T | undefined;
  constructor(
    readonly data: ArrayLike<number>,
    readonly shape: readonly number[],
    readonly dtype: DType,
  ) {}
  get size(): number {
    return this.data.length;
  }
  /** The value as a tensor (made once and kept: a weight is uploaded once, not at every run). */
  tensor(): T {
    if (this.cached) return this.cached;
    const data = this.dtype === "float32" ? Float32Array.from(this.data) : this.dtype === "int32" ? Int32Array.from(this.data) : Uint8Array.from(this.data);
    const dims = this.shape.map((size, i) => [`k${i}`, size] as [string, number]);
    this.cached = (tensor as (d: unknown, s: unknown, o: unknown) => T)(data, dims, { dtype: this.dtype });
    return this.cached;
  }
  /** Disposes the tensor `tensor()` made, if any (a later call makes it again). */
  release(): void {
    this.cached?.dispose();
    this.cached = undefined;
  }
}

export type Value = T | Const;

/** The per-run naming context: fresh dim names that do not clash with any name the user or the model chose. */
export class Names {
  private next = 0;
  constructor(private readonly reserved: ReadonlySet<string>) {}
  /** A dim name not used before in this run: `_0`, `_1`, … */
  fresh(): string {
    for (;;) {
      const name = `_${this.next++}`;
      if (!this.reserved.has(name)) return name;
    }
  }
}

/** What an operator is given besides its inputs: the node's name and type, its attributes, the naming context. */
export interface NodeContext {
  readonly node: string;
  readonly op: string;
  readonly opset: number;
  /** How many outputs the node lists. */
  readonly outputs: number;
  readonly names: Names;
  attr(name: string): AttrValue | undefined;
  /** Raises the FormatError for this node: `sentence` says what is wrong with it (the model, not the feeds). */
  fail(sentence: string): never;
  /** Raises a ShapeError naming this node: sizes that do not fit (they may come from the feeds). */
  misfit(sentence: string): never;
}

/** An attribute's value, as the operators read it. */
export type AttrValue = number | string | readonly number[] | readonly string[] | Const;

export const sizesOf = (t: T): number[] => t.shapeDims.map((d) => d.size);
export const namesOf = (t: T): string[] => t.shapeDims.map((d) => d.name);
export const rankOf = (v: Value): number => (v instanceof Const ? v.shape.length : v.shapeDims.length);
export const shapeOf = (v: Value): readonly number[] => (v instanceof Const ? v.shape : sizesOf(v));
export const asTensor = (v: Value): T => (v instanceof Const ? v.tensor() : v);

/** Input i of a node, failing the node when it is left out. */
export const need = (ctx: NodeContext, v: Value | undefined, i: number): Value => v ?? ctx.fail(`its input ${i} is missing`);

/** A numeric attribute (int or float), or `fallback` when the node does not set it. */
export function numAttr(ctx: NodeContext, name: string, fallback: number): number {
  const a = ctx.attr(name);
  return a === undefined ? fallback : typeof a === "number" ? a : ctx.fail(`its attribute ${name} must be a number`);
}

/** A list-of-integers attribute, or `undefined` when the node does not set it. */
export function intsAttr(ctx: NodeContext, name: string): number[] | undefined {
  const a = ctx.attr(name);
  return a === undefined ? undefined : Array.isArray(a) && a.every((x) => typeof x === "number") ? (a as number[]) : ctx.fail(`its attribute ${name} must be a list of integers`);
}

/** A string attribute, or `fallback` when the node does not set it. */
export function strAttr(ctx: NodeContext, name: string, fallback: string): string {
  const a = ctx.attr(name);
  return a === undefined ? fallback : typeof a === "string" ? a : ctx.fail(`its attribute ${name} must be a string`);
}

/** The longest axis an operator builds an index for (Tile, Pad, Resize, windows): 2^24 positions. */
const longestAxis = 2 ** 24;

/**
 * `n`, the length of an axis an operator is about to build an index array for, checked first: sizes and pads from
 * a damaged or hostile model must not allocate gigabytes before the kernel's own limit would refuse them.
 */
export function axisLength(ctx: NodeContext, n: number, what: string): number {
  if (!(Number.isSafeInteger(n) && n <= longestAxis)) ctx.misfit(`${what} would have ${n} elements along one axis, more than the 2^24 it builds an index for`);
  return n;
}

/** Normalises a possibly negative axis of a rank-r value, failing the node when it is out of range. */
export function axisOf(ctx: NodeContext, axis: number, rank: number): number {
  const a = axis < 0 ? axis + rank : axis;
  if (!(Number.isInteger(a) && a >= 0 && a < rank)) ctx.fail(`axis ${axis} is out of range for a rank-${rank} input`);
  return a;
}

/** t with its dims renamed, position by position, to `names` (swaps allowed). */
export function relabel(t: T, names: readonly string[]): T {
  const mapping: Record<string, string> = {};
  namesOf(t).forEach((n, i) => {
    if (n !== names[i]) mapping[n] = names[i]!;
  });
  return Object.keys(mapping).length === 0 ? t : t.rename(mapping as never);
}

/** t with its dims put in the order `names` (all of them), unless already so. */
export function ordered(t: T, names: readonly string[]): T {
  const now = namesOf(t);
  return now.length === names.length && now.every((n, i) => n === names[i]) ? t : t.transpose(...(names as never[]));
}

/** A dims list: names and sizes in ONNX axis order. */
export interface Axes {
  readonly names: readonly string[];
  readonly sizes: readonly number[];
}

/**
 * Numpy broadcasting of several operands' axes, right-aligned: the result's names and sizes, and for each operand
 * the names its axes take (`undefined` for a size-1 axis that stretches, which the operand drops). A result axis
 * takes the name of the first operand that has it at full size, or a fresh one when that name is already used.
 */
export function broadcastAxes(ctx: NodeContext, operands: readonly Axes[]): { out: Axes; renames: (string | undefined)[][] } {
  const rank = Math.max(0, ...operands.map((o) => o.sizes.length));
  const names: string[] = [];
  const sizes: number[] = [];
  for (let p = 0; p < rank; p++) {
    const here = operands.map((o) => o.sizes.length - rank + p).map((a, i) => (a >= 0 ? { size: operands[i]!.sizes[a]!, name: operands[i]!.names[a]! } : undefined));
    const size = Math.max(...here.map((h) => (h ? (h.size === 1 ? 1 : h.size) : 1)));
    for (const h of here) if (h && h.size !== 1 && h.size !== size) ctx.misfit(`cannot broadcast sizes ${h.size} and ${size} at axis ${p} of the result`);
    if (here.some((h) => h && h.size === 0)) ctx.fail(`an input has a size-0 axis (not supported)`);
    const from = here.find((h) => h && h.size === size)!;
    names.push(names.includes(from.name) ? ctx.names.fresh() : from.name);
    sizes.push(size);
  }
  const renames = operands.map((o) => o.sizes.map((s, a) => (s === 1 && sizes[rank - o.sizes.length + a]! !== 1 ? undefined : names[rank - o.sizes.length + a]!)));
  return { out: { names, sizes }, renames };
}

/** t with the size-1 axes marked `undefined` removed and the others renamed to the given names. */
export function conform(t: T, names: readonly (string | undefined)[]): T {
  const own = namesOf(t);
  let x = t;
  const drop = own.filter((_, i) => names[i] === undefined);
  if (drop.length > 0) x = x.squeeze(...(drop as never[]));
  return relabel(
    x,
    names.filter((n): n is string => n !== undefined),
  );
}

/** Broadcasts tensor operands by position: the operands renamed so that names agree, and the result's axis names. */
export function align(ctx: NodeContext, xs: readonly T[]): { operands: T[]; out: Axes } {
  const { out, renames } = broadcastAxes(
    ctx,
    xs.map((x) => ({ names: namesOf(x), sizes: sizesOf(x) })),
  );
  return { operands: xs.map((x, i) => conform(x, renames[i]!)), out };
}

/** A value ready for an elementwise method: a rank-0 Const becomes a JavaScript number, anything else a tensor. */
export const operandOf = (v: Value): T | number => (v instanceof Const && v.shape.length === 0 ? v.data[0]! : asTensor(v));

/**
 * Applies an elementwise function of tensors to values broadcast by position, giving the result in axis order. A
 * one-element Const (rank 0, or of a rank no larger than the other operands', so that it adds no axis) is passed
 * as a JavaScript number: a kernel parameter rather than a buffer read per element.
 */
export function elementwise(ctx: NodeContext, inputs: readonly Value[], f: (...xs: (T | number)[]) => T): T {
  const single = (v: Value) => v instanceof Const && v.size === 1;
  const rank = Math.max(-1, ...inputs.filter((v) => !single(v)).map(rankOf));
  const scalar = (v: Value) => v instanceof Const && (v.shape.length === 0 || (v.size === 1 && v.shape.length <= rank));
  const tensors = inputs.map((v, i) => ({ v, i })).filter(({ v }) => !scalar(v));
  const { operands, out } = align(
    ctx,
    tensors.map(({ v }) => asTensor(v)),
  );
  const args: (T | number)[] = inputs.map((v) => (scalar(v) ? (v as Const).data[0]! : asTensor(v)));
  tensors.forEach(({ i }, k) => (args[i] = operands[k]!));
  if (args.every((a) => typeof a === "number")) return f(...[constScalar(args[0] as number, inputs[0]!), ...args.slice(1)]);
  return ordered(f(...args), out.names);
}

/** A rank-0 tensor holding a scalar Const (for an elementwise op whose every operand is a scalar). */
const constScalar = (x: number, like: Value): T => new Const([x], [], like instanceof Const ? like.dtype : like.dtype).tensor();

/** Keeps reduced axes as size-1 dims (ONNX keepdims): `t` lacks the names of `removed` positions of `before`. */
export function keepDims(t: T, before: readonly string[], removed: readonly number[]): T {
  if (removed.length === 0) return t;
  const names = before.slice();
  const x = t.expand(removed.map((a) => [before[a]!, 1]) as never);
  return ordered(x, names);
}

// ---- constant folding in JavaScript (shape arithmetic and other small constants) ----

/** Row-major strides of a shape. */
const stridesOf = (shape: readonly number[]): number[] => {
  const s = new Array<number>(shape.length).fill(1);
  for (let i = shape.length - 2; i >= 0; i--) s[i] = s[i + 1]! * shape[i + 1]!;
  return s;
};

/** The broadcast result of Consts combined elementwise by `f` (numpy rules). */
export function foldElementwise(ctx: NodeContext, xs: readonly Const[], dtype: DType, f: (...v: number[]) => number): Const {
  const { out } = broadcastAxes(
    ctx,
    xs.map((x) => ({ names: x.shape.map((_, i) => `a${i}`), sizes: x.shape })),
  );
  const total = out.sizes.reduce((a, b) => a * b, 1);
  const outStrides = stridesOf(out.sizes);
  const ins = xs.map((x) => {
    const st = stridesOf(x.shape);
    const off = out.sizes.length - x.shape.length;
    return out.sizes.map((_, p) => (p < off || x.shape[p - off] === 1 ? 0 : st[p - off]!));
  });
  const data = new Array<number>(total);
  for (let k = 0; k < total; k++) {
    const vals = xs.map((x, j) => {
      let at = 0;
      let rest = k;
      for (let p = 0; p < out.sizes.length; p++) {
        const i = Math.floor(rest / outStrides[p]!);
        rest -= i * outStrides[p]!;
        at += i * ins[j]![p]!;
      }
      return x.data[at]!;
    });
    data[k] = roundTo(dtype, f(...vals));
  }
  return new Const(data, out.sizes, dtype);
}

/** A number as the dtype holds it. */
export const roundTo = (dtype: DType, v: number): number => (dtype === "float32" ? Math.fround(v) : dtype === "bool" ? (v ? 1 : 0) : Math.trunc(v));

/** The integers of a Const (axes, sizes, indices), failing the node when it holds something else. */
export function ints(ctx: NodeContext, v: Value | undefined, what: string): number[] {
  if (v === undefined) return ctx.fail(`its ${what} input is missing`);
  if (!(v instanceof Const)) return ctx.fail(`its ${what} must be a constant (an initializer, a Constant node or arithmetic on Shape), not computed from the inputs`);
  return Array.from(v.data, Number);
}

/** Reads elements of a Const at the given flat positions. */
export const pick = (c: Const, shape: readonly number[], at: (index: readonly number[]) => number): Const => {
  const total = shape.reduce((a, b) => a * b, 1);
  const data = new Array<number>(total);
  const st = stridesOf(shape);
  for (let k = 0; k < total; k++) data[k] = c.data[at(shape.map((_, p) => Math.floor(k / st[p]!) % shape[p]!))]!;
  return new Const(data, shape, c.dtype);
};

/** The flat position of an index in a row-major shape. */
export const flatAt = (shape: readonly number[], index: readonly number[]): number => index.reduce((acc, i, p) => acc * shape[p]! + i, 0);
