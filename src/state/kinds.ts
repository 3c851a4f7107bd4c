// Layer: src/state. Tensor kinds (nGraph's AssignableTensorOp): constant (immutable, inlinable), placeholder
// (typed input fed at run time), variable (trainable, persistent across steps) and persistent (state such as
// optimizer moments). A stateful tensor keeps one graph node for its whole life and `assign` swaps the buffer
// under it, so a training step builds the same graph every time. Imports src/types, src/shape, src/graph,
// src/backend/engine and the top layer.
import { realize, uploadTo } from "../backend/engine.js";
import { fillNode } from "../graph/build.js";
import { gradientInputs } from "../graph/autodiff.js";
import { type NodeDim, Node, contiguousStrides } from "../graph/node.js";
import { type ShapeDim, checkShape, showAllDims } from "../shape/dims.js";
import { type AnyTensor, type ArrayFor, Tensor, tensorArg } from "../tensor.js";
import type { CheckShape, DType, Fail, IsDynamic, Plain, Shape } from "../types/dims.js";
import { ArgumentError, type AssignMismatch, assignMismatch, feedValuesMismatch, ShapeError, type SizeText, StateError, takesNot } from "../types/errors.js";
import type { Guard, NoInferred } from "../types/guard.js";
import type { ShapeSpec } from "../ops/creation.js";

/** What a tensor is to a training loop. */
export type TensorKind = "constant" | "placeholder" | "variable" | "persistent";

type ShowEntries<S extends Shape, Acc extends string = ""> = S extends readonly [infer H, ...infer T extends Shape]
  ? H extends readonly [infer N extends string, infer Z extends number, ...infer M]
    ? ShowEntries<T, `${Acc extends "" ? "" : `${Acc}, `}${N}${M extends ["masked"] ? " (private)" : ""}: ${SizeText<Z>}`>
    : Acc
  : Acc;
/** Every dim (private ones flagged) and the dtype, as a sentence shows them: `{ batch: 32, seq: 128 } float32`. */
export type ShowType<S extends Shape, D extends DType> = `${ShowEntries<S> extends infer E extends string ? (E extends "" ? "{}" : `{ ${E} }`) : never} ${D}`;

/**
 * "ok" when a value of shape B and dtype DB may replace one of shape S and dtype D (the same dims in the same
 * order, the same dtype), else the sentence. Shapes not known statically are checked at run time.
 */
export type SameType<S extends Shape, D extends DType, B extends Shape, DB extends DType> = true extends IsDynamic<S> | IsDynamic<B>
  ? "ok"
  : [S, D] extends [B, DB]
    ? [B, DB] extends [S, D]
      ? "ok"
      : Fail<AssignMismatch<ShowType<S, D>, ShowType<B, DB>>>
    : Fail<AssignMismatch<ShowType<S, D>, ShowType<B, DB>>>;

const kinds = new WeakMap<Node, TensorKind>();
const stateful = new WeakMap<Node, Stateful<Shape, DType>>();
/**
 * @internal Resolves once every variable, persistent and constant created so far holds its value: at once,
 * since every device's realize records its program without waiting for the device (fill() below).
 */
export async function kindsReady(): Promise<void> {}

/** @internal The runtime twin of SameType. */
export function checkSameType(want: AnyTensor | { shapeDims: ShapeDim[]; dtype: DType }, value: unknown): AnyTensor {
  if (!(value instanceof Tensor)) throw new ArgumentError(`the new value must be a tensor, not ${typeof value}`);
  const v = value as AnyTensor;
  const [a, b] = [want.shapeDims, v.shapeDims];
  const same = a.length === b.length && a.every((d, i) => d.name === b[i]!.name && d.size === b[i]!.size && d.masked === b[i]!.masked);
  if (!same || want.dtype !== v.dtype) throw new ShapeError(assignMismatch(`${showAllDims(a)} ${want.dtype}`, `${showAllDims(b)} ${v.dtype}`));
  return v;
}

/** Computes `value` (once) and makes `target` read its buffer (a program does not wait for the device). */
function fill(target: Node, value: Node): void {
  if (!value.storage) realize([value]);
  target.materialize(value.storage!);
}

/** A fresh source node that will hold `init`'s value. */
function holder(init: AnyTensor): Node {
  const node = new Node({ kind: "source" }, [], init.dtype, init.node.dims.map((d): NodeDim => ({ name: d.name, size: d.size })));
  fill(node, init.node);
  return node;
}

/**
 * A tensor whose value can be replaced (variables and persistent state). Its graph node never changes, so
 * graphs built in different steps read it the same way; each `assign` swaps the buffer under that node.
 */
export class Stateful<S extends Shape = Shape, D extends DType = "float32"> extends Tensor<S, D> {
  /**
   * Replaces the value with `value` (computed now, on the CPU), which must have exactly this tensor's dims
   * (names, sizes, order) and dtype — a compile error otherwise. Graphs built earlier that read this tensor
   * lazily will see the new value; views taken of it before are snapshots.
   * @example w.assign(w.sub(grad.mul(0.1)))
   */
  assign<B extends Shape, DB extends DType>(value: Guard<SameType<S, D, B, DB>, Tensor<B, DB>>): this {
    takeValue(this as unknown as AnyTensor, value);
    return this;
  }
}

/** A trainable parameter: persistent across steps, listed by `variablesOf`, updated by optimizers. */
export class Variable<S extends Shape = Shape, D extends DType = "float32"> extends Stateful<S, D> {
  /** The tensor kind. */
  get kind(): "variable" {
    return "variable";
  }
}
/** State kept across steps that is not trained (optimizer moments, running statistics, counters). */
export class Persistent<S extends Shape = Shape, D extends DType = "float32"> extends Stateful<S, D> {
  /** The tensor kind. */
  get kind(): "persistent" {
    return "persistent";
  }
}

/** Computes `value` (checked to have the holder's dims and dtype) and puts its buffer under the holder's node. */
function takeValue(holder: AnyTensor, value: unknown): void {
  const v = checkSameType(holder, value);
  if (v.node === holder.node) return;
  realize([v.node]);
  holder.node.materialize(v.node.storage!);
}

/** A typed input whose value is given at run time with `feed` (for a step function built once). */
export class Placeholder<S extends Shape = Shape, D extends DType = "float32"> extends Tensor<S, D> {
  /** The tensor kind. */
  get kind(): "placeholder" {
    return "placeholder";
  }
  /**
   * Gives the placeholder its value for the next computations; it must have exactly the placeholder's dims
   * and dtype (a compile error otherwise).
   * @example ids.feed(tensor(batch, [["batch", 8], ["seq", 16]], { dtype: "int32" }))
   */
  feed<B extends Shape, DB extends DType>(value: Guard<SameType<S, D, B, DB>, Tensor<B, DB>>): this {
    takeValue(this as unknown as AnyTensor, value);
    return this;
  }

  /**
   * Gives the placeholder its value from plain values in row-major order (a Float32Array, Int32Array or
   * Uint8Array for its dtype, or numbers): copied into the placeholder's own buffer, which the next feed
   * replaces and frees — a loop that feeds every step creates no tensor to wait for the garbage collector.
   * @example ids.feedValues(Int32Array.from(batch))
   */
  feedValues(values: ArrayFor<D> | readonly number[]): this {
    const want = this.node.numel;
    const array = toTypedArray(values, this.dtype);
    if (!array || array.length !== want)
      throw new ShapeError(feedValuesMismatch(showAllDims(this.shapeDims), this.dtype, want, describeValues(values)));
    this.node.materialize({ buffer: uploadTo(this.node, array), strides: contiguousStrides(this.node.dims), offset: 0 });
    return this;
  }
}

/** Values as the typed array of a dtype: the same kind of array, or numbers converted; undefined otherwise. */
function toTypedArray(values: unknown, dtype: DType): Float32Array | Int32Array | Uint8Array | undefined {
  const Kind = dtype === "float32" ? Float32Array : dtype === "int32" ? Int32Array : Uint8Array;
  if (values instanceof Kind) return values;
  if (!Array.isArray(values) || !values.every((v) => typeof v === "number" || typeof v === "boolean")) return undefined;
  const numbers = values.map(Number);
  return dtype === "float32" ? Float32Array.from(numbers) : dtype === "int32" ? Int32Array.from(numbers) : Uint8Array.from(numbers, (v) => (v ? 1 : 0));
}
const describeValues = (v: unknown): string =>
  Array.isArray(v) || ArrayBuffer.isView(v) ? `${(v as { constructor: { name: string } }).constructor.name} of ${(v as ArrayLike<unknown>).length}` : typeof v;

/**
 * A trainable variable holding `init`'s value (computed now). Its private dims stay private.
 * @example const W = variable(randn([["inhid", 7], ["outhid", 5]], { seed: 0 }).mul(0.1))
 */
export function variable<S extends Shape, D extends DType>(init: Tensor<S, D>): Variable<S, D> {
  return stateOf("variable", init, (node, masked) => new Variable<S, D>(node, masked));
}

/** A stateful tensor of this kind holding `init`'s value (checked to be a tensor), registered as such. */
function stateOf<T extends Tensor<any, any>>(kind: "variable" | "persistent", init: unknown, make: (node: Node, masked: ReadonlySet<string>) => T): T {
  const value = tensorArg(kind, init, "a tensor (its initial value)");
  const t = make(holder(value), value.masked);
  kinds.set(t.node, kind);
  stateful.set(t.node, t as unknown as Stateful<Shape, DType>);
  return t;
}

/**
 * Persistent state holding `init`'s value (computed now): kept across steps, never trained.
 * @example const velocity = persistent(zeros([["inhid", 7], ["outhid", 5]]))
 */
export function persistent<S extends Shape, D extends DType>(init: Tensor<S, D>): Persistent<S, D> {
  return stateOf("persistent", init, (node, masked) => new Persistent<S, D>(node, masked));
}

/**
 * An input of a given shape and dtype without a value yet: build the step once over it, then `feed` it.
 * @example const ids = placeholder([["batch", 8], ["seq", 16]], "int32")
 */
export function placeholder<const S extends ShapeSpec, const Dt extends DType = "float32">(shape: Guard<CheckShape<S>, S>, dtype?: Dt): Placeholder<Plain<S>, NoInferred<Dt>> {
  const dims = checkShape(shape).map((d) => ({ name: d.name, size: d.size }));
  if (dtype !== undefined && !["float32", "int32", "bool"].includes(dtype)) throw new ArgumentError(takesNot("placeholder", 'a dtype "float32", "int32" or "bool"', dtype));
  const t = new Placeholder<Plain<S>, Dt>(new Node({ kind: "source" }, [], dtype ?? "float32", dims));
  kinds.set(t.node, "placeholder");
  return t;
}

/** @internal A new placeholder with t's dims (private ones too) and dtype (a traced function's argument). */
export function placeholderLike(t: AnyTensor): Placeholder<Shape, DType> {
  const p = new Placeholder<Shape, DType>(new Node({ kind: "source" }, [], t.dtype, t.node.dims.map((d): NodeDim => ({ name: d.name, size: d.size }))), t.masked);
  kinds.set(p.node, "placeholder");
  return p;
}

/**
 * An immutable value: a number becomes a 0-d float32 constant (inlined into kernels); a tensor is computed
 * once (now) and never changes.
 * @example const scale = constant(0.125); const table = constant(tensor(values, [["vocab", 27]]))
 */
export function constant<const T extends Tensor<Shape, DType> | number>(value: T): T extends Tensor<infer S, infer D> ? Tensor<S, D> : Tensor<[], "float32"> {
  type R = T extends Tensor<infer S, infer D> ? Tensor<S, D> : Tensor<[], "float32">;
  if (typeof value === "number") {
    const node = fillNode(value, "float32");
    kinds.set(node, "constant");
    return new Tensor(node) as R;
  }
  const v = tensorArg("constant", value, "a tensor or a number");
  const node = holder(v);
  kinds.set(node, "constant");
  return new Tensor(node, v.masked) as R;
}

/**
 * The kind of a tensor made by `constant`, `placeholder`, `variable` or `persistent` (undefined otherwise).
 * @example kindOf(W) // "variable"
 */
export function kindOf(t: Tensor<Shape, DType>): TensorKind | undefined {
  return kinds.get(tensorArg("kindOf", t).node);
}

/** @internal The kind of the tensor whose node this is, if one of those four made it. @example nodeKind(W.node) */
export const nodeKind = (n: Node): TensorKind | undefined => kinds.get(n);

/**
 * @internal Every graph node below the roots, each once, inputs before the nodes that read them. `inputsOf`:
 * the edges followed (default the primitive inputs; gradientInputs for what a gradient flows to).
 */
export function walk(roots: readonly Node[], visit: (n: Node) => void, inputsOf: (n: Node) => readonly Node[] = (n) => n.inputs): void {
  const seen = new Set<Node>();
  const stack = [...roots];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    visit(n);
    for (const i of inputsOf(n)) stack.push(i);
  }
}

/**
 * The trainable variables a computation reads, in the order they were created: those its gradient flows to,
 * through hand-written gradients too (a sparse op's, `customGradient`'s). Call it on a result built in the
 * same step (a value that was already computed outside `grad` no longer remembers its inputs).
 * @example variablesOf(loss) // [W, b]
 */
export function variablesOf(...results: readonly Tensor<Shape, DType>[]): Variable<Shape, DType>[] {
  const out: Variable<Shape, DType>[] = [];
  walk(
    results.map((t) => tensorArg("variablesOf", t, "tensors").node),
    (n) => {
      const s = stateful.get(n);
      if (s instanceof Variable) out.push(s);
    },
    gradientInputs,
  );
  return out.sort((a, b) => a.node.id - b.node.id);
}

/** @internal Throws if a placeholder under the roots has not been fed. */
export function checkFed(roots: readonly Node[]): void {
  const n = unfedUnder(roots);
  if (n) {
    const dims = n.dims.map((d) => ({ ...d, masked: false }));
    throw new StateError(`a placeholder ${showAllDims(dims)} ${n.dtype} is read before it was fed: call feed(value) first`);
  }
}

/** @internal A placeholder without values under the roots (what is computed already is not looked into). */
export function unfedUnder(roots: readonly Node[]): Node | undefined {
  const seen = new Set<Node>();
  const stack = [...roots];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n) || n.storage) continue;
    seen.add(n);
    if (kinds.get(n) === "placeholder") return n;
    for (const i of n.inputs) stack.push(i);
  }
  return undefined;
}
