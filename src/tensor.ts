// Layer: top (beside src/index.ts). The user-facing tensor: a graph node plus the set of names that are
// private (masked), typed by its dims `S` and dtype `D`. This file holds only what every tensor has
// (introspection, reading values, devices, disposal); each op family in src/ops adds its methods to the
// class from its own file (declaration merging), so one op lives in one place with its types and checks.
import { type Device, getDefaultDevice, readNode, readNodeSync, realize, transfer } from "./backend/engine.js";
import type { Node } from "./graph/node.js";
import type { ShapeDim } from "./shape/dims.js";
import { formatTensor } from "./tensor-format.js";
import type { DType, Shape, ShapeRecord } from "./types/dims.js";

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
/** The names of S in logical order. */
export type NamesOf<S extends Shape> = { -readonly [K in keyof S]: S[K][0] };

declare const shapeType: unique symbol;
declare const dtypeType: unique symbol;

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

  /** @internal Tensors are made by the creation functions and ops, not with `new`. */
  constructor(node: Node, masked: ReadonlySet<string> = noNames) {
    this.node = node;
    this.masked = masked;
  }

  /** @internal The dims with their masked flags, for the runtime shape checks. */
  get shapeDims(): ShapeDim[] {
    return this.node.dims.map((d) => ({ name: d.name, size: d.size, masked: this.masked.has(d.name) }));
  }

  /** The sizes by name, e.g. `{ batch: 32, seq: 128 }`. @example x.shape.batch // 32 */
  get shape(): { readonly [Entry in S[number] as Entry[0]]: Entry[1] } {
    return Object.freeze(Object.fromEntries(this.node.dims.map((d) => [d.name, d.size]))) as ShapeRecord<S>;
  }
  /** The names in logical order, private ones included. @example x.dims // ["batch", "seq"] */
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
    return readNodeSync(this.node) as ArrayFor<D>;
  }
  /** The values in row-major order over the logical dims. @example await x.data() */
  async data(): Promise<ArrayFor<D>> {
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
    if (this.numel !== 1) throw new RangeError(`item() needs a tensor with one element, not ${this.numel}`);
    const v = this.dataSync()[0]!;
    return (this.dtype === "bool" ? v !== 0 : v) as ValueFor<D>;
  }

  /** Computes the values now and keeps them (useful before reusing a result many times). @example x.materialize() */
  materialize(): this {
    realize([this.node]);
    return this;
  }
  /** The same tensor on another device (`"cpu"` or `"webgpu"`). @example const g = await x.to("webgpu") */
  async to(device: string | Device): Promise<Tensor<S, D>> {
    return new Tensor(await transfer(this.node, device), this.masked);
  }
  /** Frees the values now instead of waiting for garbage collection. The tensor must not be read again. */
  dispose(): void {
    this.node.release();
  }
  /** A readable print: the dims with their sizes, the dtype, and the values (abbreviated when large). */
  toString(): string {
    return formatTensor(this.node.dims, this.masked, this.dtype, this.node.storage || this.numel <= 1e6 ? this.dataSync() : undefined);
  }
  /** @internal Node's console.log shows the same text as toString. */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return this.toString();
  }
}

const noNames: ReadonlySet<string> = new Set();

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
  return wrap(node, new Set(dims.filter((d) => d.masked).map((d) => d.name)));
}

/** @internal Adds an op family's methods to Tensor (the family file declares their types). */
export function defineMethods(methods: Record<string, (this: AnyTensor, ...args: never[]) => unknown>): void {
  for (const [name, value] of Object.entries(methods)) {
    Object.defineProperty(Tensor.prototype, name, { value, writable: true, configurable: true, enumerable: false });
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
