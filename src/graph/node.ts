// Layer: src/graph. The lazy graph: a node is an r-tensor description (nGraph) — a primitive, its inputs,
// a dtype and named dims in logical order — plus, once materialised, a storage (a device buffer viewed
// through strides and an offset). The primitives are a closed set; every user op is built from them.
// Knows nothing of src/ops or src/backend; imports only src/graph.
import type { BinaryFn, ReduceFn, UnaryFn } from "./alu.js";
import type { IndexExpr } from "./index-expr.js";

import type { DType } from "../types/dims.js";
import { InternalError } from "../types/errors.js";

/** The element types, one definition for the whole library (src/types/dims.ts). */
export type { DType };

/**
 * A named dim of a node. Masking is a front-end concern (src/tensor.ts), not part of the graph. (A dim has one
 * form per layer: `[name, size]` tuples in the types (src/types/dims.ts `Dim`), `ShapeDim` with its masked
 * flag in the runtime checks (src/shape/dims.ts), and this `NodeDim` in the graph and the back end.)
 */
export interface NodeDim {
  readonly name: string;
  readonly size: number;
}

/** The scalar functions of one and two arguments and the reductions: the keys of the ALU table (alu.ts). */
export type { BinaryFn, ReduceFn, UnaryFn };

/**
 * How a view reads its input: for each input dim (by name) its index in terms of the view's own dims, and
 * optional bounds outside which the view reads `fill` instead (pad).
 */
export interface ViewMap {
  readonly index: Readonly<Record<string, IndexExpr>>;
  readonly bounds: readonly ViewBound[];
  readonly fill: number;
}
/** `lo <= expr < hi`. */
export interface ViewBound {
  readonly expr: IndexExpr;
  readonly lo: number;
  readonly hi: number;
}

/** The closed set of primitives. */
export type Op =
  | { readonly kind: "source" }
  | { readonly kind: "fill"; readonly value: number }
  | { readonly kind: "iota"; readonly dim: string }
  | { readonly kind: "random"; readonly seed: number; readonly stream: number }
  | { readonly kind: "unary"; readonly fn: UnaryFn }
  | { readonly kind: "binary"; readonly fn: BinaryFn }
  | { readonly kind: "where" }
  | { readonly kind: "cast" }
  | { readonly kind: "reduce"; readonly fn: ReduceFn; readonly dims: readonly string[] }
  | { readonly kind: "view"; readonly map: ViewMap }
  | { readonly kind: "gather"; readonly dim: string }
  | { readonly kind: "scan"; readonly fn: ReduceFn; readonly dim: string }
  | { readonly kind: "argsort"; readonly dim: string; readonly descending: boolean }
  /** out (dims given) = Σ over the values' points p of values[p] at out[…, dim = index[p], …]: gather's adjoint. */
  | { readonly kind: "scatterAdd"; readonly dim: string }
  /** out = generated sparse kernels over the inputs' buffers (their level arrays, values, dense operands). */
  | { readonly kind: "sparse"; readonly kernels: SparseKernels };
export type OpKind = Op["kind"];

/**
 * Generated sparse kernels (taco's loops over pos/idx, src/backend/kernel/sparse) as a node's primitive: opaque
 * to the graph, made and read by the back end (a routine, kernel/routine.ts). The node's inputs are the kernels'
 * buffers in their order with the output's left out; `key` is their structure (equal keys, the same kernels).
 */
export interface SparseKernels {
  readonly key: string;
}

/** A device-owned buffer; opaque to the graph. */
export interface DeviceBuffer {
  readonly device: string;
  readonly dtype: DType;
  /** Elements. */
  readonly length: number;
  /** Frees the buffer once no storage uses it (reference counted by the device). */
  release(): void;
  retain(): void;
  /**
   * The references held now (storages, a program's own). A program writes a stateful tensor's new value over
   * its old buffer only when the tensor's storage holds the only one (src/backend/realize.ts `bindOn`).
   */
  readonly references: number;
}

/** A materialised value: a buffer read through per-dim strides (in the node's logical order) and an offset. */
export interface Storage {
  readonly buffer: DeviceBuffer;
  readonly strides: readonly number[];
  readonly offset: number;
}

let nextId = 0;
/** The id the next node gets: nodes made after this call have ids >= it. @example const mark = nextNodeId() */
export const nextNodeId = (): number => nextId;
/** Storages of nodes that are garbage collected without `release()` give their buffer reference back. */
const finalizer = new FinalizationRegistry<DeviceBuffer>((buffer) => buffer.release());
/** While positive, materialising a node keeps its inputs (autodiff is tracing through it). */
let retainGraph = 0;

export class Node {
  readonly id = nextId++;
  #inputs: readonly Node[];
  #storage: Storage | undefined;

  constructor(
    readonly op: Op,
    inputs: readonly Node[],
    readonly dtype: DType,
    readonly dims: readonly NodeDim[],
    storage?: Storage,
  ) {
    this.#inputs = inputs;
    this.#storage = storage;
    if (storage) {
      storage.buffer.retain();
      finalizer.register(this, storage.buffer, this);
    }
  }

  get inputs(): readonly Node[] {
    return this.#inputs;
  }
  get storage(): Storage | undefined {
    return this.#storage;
  }
  /** Elements in the logical shape. */
  get numel(): number {
    let n = 1;
    for (const d of this.dims) n *= d.size;
    return n;
  }

  /**
   * Records the materialised value. The node then acts as a source; its inputs are dropped (so a training
   * loop does not keep every earlier step alive) unless autodiff is tracing or `keepInputs` is set (a
   * temporary of a larger computation, released right after it and recomputable later).
   */
  materialize(storage: Storage, keepInputs = false): void {
    // The new buffer is taken before the old one is let go: a value written in place is the same buffer.
    storage.buffer.retain();
    this.release();
    this.#storage = storage;
    finalizer.register(this, storage.buffer, this);
    if (retainGraph === 0 && !keepInputs) this.#inputs = [];
  }

  /** Releases the storage (dispose); the node must not be read again unless it can be recomputed. */
  release(): void {
    if (!this.#storage) return;
    finalizer.unregister(this);
    this.#storage.buffer.release();
    this.#storage = undefined;
  }
}

/**
 * True when the node's storage is the only holder of its buffer: no other storage (a user's tensor, a view,
 * a placeholder fed with it) nor program reads that buffer, so the buffer may be written over in place.
 * @example if (soleHolder(w.node)) … // the optimizer may write w's new value over its old buffer
 */
export function soleHolder(node: Node): boolean {
  return node.storage?.buffer.references === 1;
}

/** Runs `fn` with materialisation keeping graph edges, so gradients can be traced through realised values. */
export function withRetainedGraph<T>(fn: () => T): T {
  retainGraph++;
  try {
    return fn();
  } finally {
    retainGraph--;
  }
}

/** Contiguous row-major strides for dims in this order. */
export function contiguousStrides(dims: readonly NodeDim[]): number[] {
  const strides = new Array<number>(dims.length);
  let s = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= dims[i]!.size;
  }
  return strides;
}

/**
 * True when a materialised node's storage is its dims read contiguously from the start of a buffer of exactly its
 * size (what a program may write over in place, or bind as a plain argument).
 * @example storedDensely(x.node) // false for a transposed view
 */
export function storedDensely(n: Node): boolean {
  const s = n.storage!;
  if (s.offset !== 0 || s.buffer.length !== n.numel) return false;
  const want = contiguousStrides(n.dims);
  return s.strides.every((v, i) => v === want[i] || n.dims[i]!.size === 1);
}

/** The dim of a node by name; an internal invariant, so a plain Error. */
export function dimOf(node: Node, name: string): NodeDim {
  const d = node.dims.find((x) => x.name === name);
  if (!d) throw new InternalError(`internal: ${name} is not a dim of node ${node.id}`);
  return d;
}
