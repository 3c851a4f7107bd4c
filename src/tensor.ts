/// <reference lib="esnext.disposable" preserve="true" />
// Layer: top (beside src/index.ts). The user-facing tensor: a graph node plus the set of names that are
// private (masked), typed by its dims `S` and dtype `D`. This file holds only what every tensor has
// (introspection, reading values, devices, disposal); each op family in src/ops adds its methods to the
// class from its own file (declaration merging), so one op lives in one place with its types and checks.
import { type Device, deviceOf, getDefaultDevice, readNode, readNodeSync, realize, transfer } from "./backend/engine.js";
import type { Node } from "./graph/node.js";
import { type ShapeDim, checkName, checkSize, describeValue, showAllDims } from "./shape/dims.js";
import { formatTable, formatTensor } from "./tensor-format.js";
import type { DType, Lookup, Shape, ShapeRecord } from "./types/dims.js";
import { ArgumentError, notShapedLike, ShapeError, StateError, takesNot } from "./types/errors.js";
import type { GuardName } from "./types/guard.js";

/** The typed array that holds a dtype's values: bool is stored as bytes of 0 and 1. */
export type ArrayFor<D extends DType> = D extends "float32" ? Float32Array : D extends "int32" ? Int32Array : Uint8Array;
/** One element as a JavaScript value. */
export type ValueFor<D extends DType> = D extends "bool" ? boolean : number;
/** Nested arrays, one level per dim. */
export type NestedFor<S extends Shape, D extends DType> = S extends readonly [unknown, ...infer T extends Shape]
  ? NestedFor<T, D>[]
  : number extends S["length"]
    ? unknown
    : ValueFor<D>;
/**
 * A shape written with `readonly` entries (as a `const` literal infers) made plain: `[["a", 2]]`. Only mapped
 * types, no conditionals, so sizes that are type parameters (`L`) stay as they are.
 */
export type Writable<S extends Shape> = { -readonly [K in keyof S]: WritableDim<S[K]> };
type WritableDim<T> = { -readonly [P in keyof T]: T[P] };
/** The shape a `shapedLike` reference stands for: a tensor's own shape, or dims written out (made plain). */
export type ShapeOf<R> = R extends Tensor<infer S, DType> ? S : Writable<R & Shape>;

/**
 * A name parameter for your own shape-generic helpers: `N` when it is a visible dim of `S`, otherwise the
 * shape sentence (`"batch" is private (masked)`, `"x" is not a dimension of { … }`) on the argument. Declare
 * `const N extends NameArg<S>` beside it so the editor completes the names.
 * @example
 * function center<S extends Shape, const N extends NameArg<S>>(x: Tensor<S>, name: DimName<S, N>): Tensor<S> {
 *   const t = x.dynamic();
 *   return t.sub(t.mean(name)).shapedLike(x);
 * }
 */
export type DimName<S extends Shape, N> = GuardName<Lookup<S, N>, N>;

/** The names of S in logical order. */
export type NamesOf<S extends Shape> = { -readonly [K in keyof S]: S[K][0] };

declare const shapeType: unique symbol;
declare const dtypeType: unique symbol;

/** @internal The tensors made inside each open `scope(…)`, innermost last (src/state/scope.ts). */
export const openScopes: Set<AnyTensor>[] = [];

/**
 * A tensor whose dims (names and sizes, in logical order) and dtype are in its type:
 * `Tensor<[["batch", 32], ["seq", 128]], "float32">`. Ops are lazy: they record a graph and return at once;
 * reading values (`dataSync`, `await data()`, `toArray`, printing) compiles and runs the fused kernels.
 *
 * @example
 * const x = tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);
 * x.shape;          // { batch: 2, feat: 3 }
 * x.sum("feat").toArray(); // [6, 15]
 */
export class Tensor<S extends Shape = Shape, D extends DType = "float32"> {
  declare readonly [shapeType]: S;
  declare readonly [dtypeType]: D;

  /** @internal The graph node this tensor reads. */
  readonly node: Node;
  /** @internal Names hidden from name-taking ops. */
  readonly masked: ReadonlySet<string>;
  #disposed = false;

  /** @internal Tensors are made by the creation functions and ops, not with `new`. */
  constructor(node: Node, masked: ReadonlySet<string> = noNames) {
    this.node = node;
    this.masked = masked;
    openScopes.at(-1)?.add(this as unknown as AnyTensor);
  }

  /** @internal The dims with their masked flags, for the runtime shape checks. */
  get shapeDims(): ShapeDim[] {
    return this.node.dims.map((d) => ({ name: d.name, size: d.size, masked: this.masked.has(d.name) }));
  }

  /** The sizes by name, e.g. `{ batch: 32, seq: 128 }`. @example x.shape.batch // 2 */
  get shape(): { readonly [Entry in S[number] as Entry[0]]: Entry[1] } {
    return Object.freeze(Object.fromEntries(this.node.dims.map((d) => [d.name, d.size]))) as ShapeRecord<S>;
  }
  /** The names in logical order, private ones included. @example x.dims // ["batch", "feat"] */
  get dims(): NamesOf<S> {
    return this.node.dims.map((d) => d.name) as NamesOf<S>;
  }
  /** The element type. @example x.dtype // "float32" */
  get dtype(): D {
    return this.node.dtype as D;
  }
  /** The number of dims. @example x.rank // 2 */
  get rank(): number {
    return this.node.dims.length;
  }
  /** The number of elements. @example x.numel // 6 */
  get numel(): number {
    return this.node.numel;
  }
  /** The device the tensor's values live on (or will be computed on). @example x.device // "cpu" */
  get device(): string {
    return this.node.storage?.buffer.device ?? getDefaultDevice().name;
  }
  /** True once the values have been computed (or were given). */
  get isMaterialized(): boolean {
    return this.node.storage !== undefined;
  }

  /**
   * The values in row-major order over the logical dims, computed now (CPU only; on WebGPU use `data()`).
   * @example tensor([1, 2], [["i", 2]]).dataSync() // Float32Array [1, 2]
   */
  dataSync(): ArrayFor<D> {
    this.#checkAlive();
    return readNodeSync(this.node) as ArrayFor<D>;
  }
  /** The values in row-major order over the logical dims. @example await x.data() */
  async data(): Promise<ArrayFor<D>> {
    this.#checkAlive();
    return (await readNode(this.node)) as ArrayFor<D>;
  }
  /** The values as nested arrays, one level per dim, computed now (CPU). @example x.toArray() // [[1, 2, 3], [4, 5, 6]] */
  toArray(): NestedFor<S, D> {
    return nest(this.dataSync(), this.node.dims.map((d) => d.size), this.dtype === "bool") as NestedFor<S, D>;
  }
  /** The values as nested arrays, on any device. @example await x.array() */
  async array(): Promise<NestedFor<S, D>> {
    return nest(await this.data(), this.node.dims.map((d) => d.size), this.dtype === "bool") as NestedFor<S, D>;
  }
  /** The value of a one-element tensor. @example x.sum(["batch", "feat"]).item() // 21 */
  item(): ValueFor<D> {
    if (this.numel !== 1) throw new ShapeError(`item() needs a tensor with one element, not ${this.numel}`);
    const v = this.dataSync()[0]!;
    return (this.dtype === "bool" ? v !== 0 : v) as ValueFor<D>;
  }

  /** Computes the values now and keeps them (useful before reusing a result many times). @example x.materialize() */
  materialize(): this {
    this.#checkAlive();
    realize([this.node]);
    return this;
  }
  /** The same tensor on another device (`"cpu"` or `"webgpu"`). @example const g = await x.to("webgpu") */
  async to(device: string | Device): Promise<Tensor<S, D>> {
    return new Tensor(await transfer(this.node, device), this.masked);
  }
  /**
   * Frees the values now instead of waiting for garbage collection. Neither this tensor nor a lazy result
   * computed from it can be read afterwards (results already computed are unaffected); reading throws.
   * @example const h = x.relu().materialize(); use(h); h.dispose();
   */
  dispose(): void {
    this.#disposed = true;
    this.node.release();
  }
  /**
   * `using t = …` disposes t at the end of the block (TypeScript ≥ 5.2, explicit resource management).
   * @example { using h = x.relu().materialize(); total += h.sum("i").item(); } // h's buffer is freed here
   */
  [Symbol.dispose](): void {
    this.dispose();
  }
  /** True once `dispose()` was called. @example x.dispose(); x.isDisposed // true */
  get isDisposed(): boolean {
    return this.#disposed;
  }
  /** A readable print: the dims with their sizes, the dtype, and the values (abbreviated when large). */
  toString(): string {
    if (this.#disposed) return formatTensor(this.node.dims, this.masked, this.dtype, undefined, "(disposed)");
    if (readsDisposed(this.node)) return formatTensor(this.node.dims, this.masked, this.dtype, undefined, "(not computable: an input was disposed)");
    const device = deviceOf(this.node);
    if (!device.readSync) return formatTensor(this.node.dims, this.masked, this.dtype, undefined, `(on ${device.name}: read the values with await t.data())`);
    return formatTensor(this.node.dims, this.masked, this.dtype, this.node.storage || this.numel <= 1e6 ? this.dataSync() : undefined);
  }

  /**
   * The same tensor with its static shape dropped to `Shape` (names and sizes unknown to the compiler), for the
   * body of a helper that is generic over the rest of the shape: every op then type-checks and its shape
   * checks run at run time, with the same sentences. Costs nothing at run time. Pair it with `shapedLike`.
   * @example
   * function center<S extends Shape, const N extends NameArg<S>>(x: Tensor<S>, name: DimName<S, N>): Tensor<S> {
   *   const t = x.dynamic();
   *   return t.sub(t.mean(name)).shapedLike(x);
   * }
   */
  dynamic<S extends Shape, D extends DType>(this: Tensor<S, D>): Tensor<Shape, D> {
    return this;
  }

  /**
   * This tensor typed with the shape of `reference` — a tensor, or dims written out as `[name, size]` or
   * `[name, size, "masked"]` entries — after checking at run time that it has exactly those dims: the same
   * names, sizes, order and private flags (a ShapeError otherwise). The dtype stays this tensor's own.
   * The way back from `dynamic()` (or from `number` sizes) to a precise type.
   * @example
   * const out = body(x.dynamic()).shapedLike(x);                          // typed like x
   * const at = scores.shapedLike([["batch", n, "masked"], ["seqlen", Y.shape.seqlen]]);
   */
  shapedLike<D extends DType, const R extends Tensor<Shape, DType>>(this: Tensor<Shape, D>, reference: R): Tensor<ShapeOf<R>, D>;
  // Dims written out get their own signature: mapping over R alone (not R & Shape, an intersection with an
  // array) gives exactly the literal shape, also when a size is a type parameter.
  shapedLike<D extends DType, const R extends Shape>(this: Tensor<Shape, D>, reference: R): Tensor<Writable<R>, D>;
  shapedLike<D extends DType, const R extends Tensor<Shape, DType> | Shape>(this: Tensor<Shape, D>, reference: R): Tensor<ShapeOf<R>, D> {
    const want = reference instanceof Tensor ? (reference as AnyTensor).shapeDims : dimsFromSpec(reference);
    const got = this.shapeDims;
    const same = want.length === got.length && want.every((d, i) => d.name === got[i]!.name && d.size === got[i]!.size && d.masked === got[i]!.masked);
    if (!same) throw new ShapeError(notShapedLike(showAllDims(want), showAllDims(got)));
    return this as unknown as Tensor<ShapeOf<R>, D>;
  }

  #checkAlive(): void {
    if (this.#disposed) throw new StateError("this tensor was disposed: its values are gone (dispose only tensors that are no longer used)");
    if (readsDisposed(this.node))
      throw new StateError("this tensor, or one it is computed from, was disposed: its values are gone (dispose only tensors that are no longer used)");
  }
  /** @internal Node's console.log shows the same text as toString. */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return this.toString();
  }
  /** @internal Deno's Jupyter kernel shows a tensor as a table named by its dims (text/html), and its print. */
  [Symbol.for("Jupyter.display")](): { "text/plain": string; "text/html": string } {
    const text = this.toString();
    const readable = !this.#disposed && !readsDisposed(this.node) && deviceOf(this.node).readSync && (this.node.storage || this.numel <= 1e6);
    return { "text/plain": text, "text/html": formatTable(this.node.dims, this.masked, this.dtype, readable ? this.dataSync() : undefined, text) };
  }
}

const noNames: ReadonlySet<string> = new Set();

/** Primitives that make values from nothing; every other node without values must still have its inputs. */
const leaves = new Set(["fill", "iota", "random"]);
/**
 * True when computing `node` would read a disposed tensor: a node without values that can no longer be
 * computed (a source whose buffer was released, or a computed node whose inputs were dropped when it was
 * materialised). The walk stops at nodes that hold values, so it only visits the lazy part of the graph.
 */
function readsDisposed(root: Node): boolean {
  if (root.storage) return false;
  // an eager op's graph is a few nodes: walked without a set first (bounded: a shared node may be seen twice)
  walkBudget = 32;
  const small = readsDisposedSmall(root);
  if (small !== undefined) return small;
  const seen = new Set<Node>();
  const todo = [root];
  for (let node = todo.pop(); node; node = todo.pop()) {
    if (node.storage || seen.has(node) || leaves.has(node.op.kind)) continue;
    seen.add(node);
    if (node.op.kind === "source" || node.inputs.length === 0) return true;
    todo.push(...node.inputs);
  }
  return false;
}

let walkBudget = 0;
/** readsDisposed within walkBudget node visits; undefined when the budget ran out. */
function readsDisposedSmall(node: Node): boolean | undefined {
  if (node.storage || leaves.has(node.op.kind)) return false;
  if (--walkBudget < 0) return undefined;
  if (node.op.kind === "source" || node.inputs.length === 0) return true;
  let out: boolean | undefined = false;
  for (const input of node.inputs) {
    const r = readsDisposedSmall(input);
    if (r !== false) {
      out = r;
      if (r === true) return true;
    }
  }
  return out;
}

/** Reads dims written out as `[name, size]` or `[name, size, "masked"]` entries (a `shapedLike` reference). */
function dimsFromSpec(spec: unknown): ShapeDim[] {
  if (!Array.isArray(spec)) throw new ArgumentError(`shapedLike needs a tensor or a list of dims, not ${describeValue(spec)}`);
  return spec.map((entry: unknown) => {
    const ok = Array.isArray(entry) && (entry.length === 2 || (entry.length === 3 && entry[2] === "masked"));
    if (!ok) throw new ArgumentError(`a dim is written [name, size] or [name, size, "masked"], not ${describeValue(entry)}`);
    const name = checkName(entry[0]);
    return { name, size: checkSize(name, entry[1]), masked: entry.length === 3 };
  });
}

/**
 * @internal `v` as a tensor, or the ArgumentError naming the function and what it got (for callers from
 * JavaScript or `any`, which the types do not stop).
 */
export function tensorArg(fn: string, v: unknown, what = "a tensor"): AnyTensor {
  if (!(v instanceof Tensor)) throw new ArgumentError(takesNot(fn, what, v));
  return v as AnyTensor;
}

/** @internal A list of tensors, checked as tensorArg checks one. */
export function tensorsArg(fn: string, v: unknown): AnyTensor[] {
  if (!Array.isArray(v)) throw new ArgumentError(takesNot(fn, "a list of tensors", v));
  return v.map((t) => tensorArg(fn, t, "a list of tensors, each a tensor"));
}

/** @internal Wraps a node as a tensor, keeping the given private names that are still dims. */
export function wrap<S extends Shape, D extends DType>(node: Node, masked: ReadonlySet<string> = noNames): Tensor<S, D> {
  if (masked.size === 0) return new Tensor<S, D>(node);
  const kept = new Set([...masked].filter((n) => node.dims.some((d) => d.name === n)));
  return new Tensor<S, D>(node, kept);
}

/** @internal The union of the operands' private names. */
export function maskedOf(...ts: readonly (Tensor<Shape, DType> | number)[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const t of ts) if (typeof t !== "number") for (const n of t.masked) out.add(n);
  return out;
}

/** @internal Any tensor, for runtime code that checks shapes itself. */
export type AnyTensor = Tensor<Shape, DType>;

/** @internal A tensor over `node` whose private names are those flagged in `dims`. */
export function fromDims<S extends Shape, D extends DType>(node: Node, dims: readonly ShapeDim[]): Tensor<S, D> {
  // (most results have no private names: no set is built for them)
  if (!dims.some((d) => d.masked)) return new Tensor<S, D>(node);
  return wrap(node, new Set(dims.filter((d) => d.masked).map((d) => d.name)));
}

/**
 * @internal Adds an op family's methods to Tensor, or to `target` (SparseTensor's prototype): the family file
 * declares their types.
 */
export function defineMethods<T = AnyTensor>(methods: Record<string, (this: T, ...args: never[]) => unknown>, target: object = Tensor.prototype): void {
  for (const [name, value] of Object.entries(methods)) {
    Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
  }
}

function nest(flat: ArrayLike<number>, sizes: readonly number[], bool: boolean): unknown {
  const at = (depth: number, offset: number): unknown => {
    if (depth === sizes.length) return bool ? flat[offset] !== 0 : flat[offset];
    const n = sizes[depth]!;
    let stride = 1;
    for (let i = depth + 1; i < sizes.length; i++) stride *= sizes[i]!;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = at(depth + 1, offset + i * stride);
    return out;
  };
  return at(0, 0);
}
