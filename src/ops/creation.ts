// Layer: src/ops. Creating tensors: from data (flat or nested), constants, ranges, identity, and seeded random
// values that are the same on every device. Each function: its typed signature, the runtime checks (same
// sentences as the types), the graph node, and an example. Imports src/types, src/shape, src/graph, top.
import { uploadNode } from "../backend/engine.js";
import { binaryNode, castNode, fillNode, iotaNode, randomNode, unaryNode } from "../graph/build.js";
import type { Node } from "../graph/node.js";
import { type ShapeDim, checkName, checkShape, checkSize, checkUnique, numel, showDims } from "../shape/dims.js";
import { type Tensor, wrap } from "../tensor.js";
import type { CheckShape, DType, Dim, Plain, Shape } from "../types/dims.js";
import { ShapeError, dataLength } from "../types/errors.js";
import type { Guard } from "../types/guard.js";

/** A shape argument: `[name, size]` pairs in logical order. @example [["batch", 32], ["seq", 128]] */
export type ShapeSpec = readonly (readonly [name: string, size: number])[];
/** Dims for `tensor()`: pairs, or bare names whose sizes come from the nesting of the data. */
export type DimsSpec = readonly (readonly [name: string, size: number] | string)[];
/** Values for `tensor()`: a flat typed array or list (row-major), or nested lists, one level per dim. */
export type TensorData = Float32Array | Float64Array | Int32Array | Uint8Array | NestedData;
export type NestedData = number | boolean | readonly NestedData[];

type LengthOf<Data> = Data extends readonly unknown[] ? Data["length"] : number;
type Inner<Data> = Data extends readonly [infer F, ...unknown[]] ? F : Data extends readonly (infer X)[] ? X : unknown;
/** The shape a dims spec describes; bare names take their size from the data's nesting. */
export type SpecShape<Spec extends DimsSpec, Data, Acc extends Dim[] = []> = Spec extends readonly [infer E, ...infer Rest extends DimsSpec]
  ? E extends readonly [infer N extends string, infer Z extends number]
    ? SpecShape<Rest, Inner<Data>, [...Acc, [N, Z]]>
    : E extends string
      ? SpecShape<Rest, Inner<Data>, [...Acc, [E, LengthOf<Data>]]>
      : never
  : Acc;
type DataType<Data> = Data extends Int32Array ? "int32" : Data extends boolean | readonly unknown[] ? (Leaf<Data> extends boolean ? "bool" : "float32") : "float32";
/** The element type under the nesting (bounded, since NestedData is recursive). */
type Leaf<Data, Depth extends unknown[] = []> = Depth["length"] extends 8 ? unknown : Data extends readonly (infer X)[] ? Leaf<X, [...Depth, 0]> : Data;

/** Creation options: the dtype (float32 unless the data says otherwise). */
export interface CreateOptions<Dt extends DType> {
  readonly dtype?: Dt;
}

/**
 * A tensor from data: a flat typed array or list in row-major order over `dims`, or nested lists (one level
 * per dim, and then bare names take their sizes from the data).
 * @example
 * tensor(new Float32Array(6), [["batch", 2], ["feat", 3]]); // Tensor<[["batch", 2], ["feat", 3]], "float32">
 * tensor([[1, 2, 3], [4, 5, 6]], ["batch", "feat"]);        // the same shape, sizes from the nesting
 */
export function tensor<const Data extends TensorData, const Spec extends DimsSpec, const Dt extends DType = DataType<Data>>(
  data: Data,
  dims: Guard<CheckShape<SpecShape<Spec, Data>>, Spec>,
  options: CreateOptions<Dt> = {},
): Tensor<SpecShape<Spec, Data>, Dt> {
  const spec = dims as DimsSpec;
  const nested = isNested(data);
  const shape: ShapeDim[] = [];
  let level: unknown = data;
  for (const entry of spec) {
    if (typeof entry === "string") {
      if (!Array.isArray(level)) throw new TypeError(`cannot infer the size of "${entry}" from the data: give it as ["${entry}", size]`);
      shape.push({ name: checkName(entry), size: level.length, masked: false });
      level = level[0];
    } else {
      shape.push(...checkShape([entry]));
      level = Array.isArray(level) ? level[0] : undefined;
    }
  }
  checkUnique(shape.map((d) => d.name));
  const dtype: DType = options.dtype ?? (data instanceof Int32Array ? "int32" : nested && leafIsBool(data) ? "bool" : "float32");
  const flat = nested ? flatten(data, shape) : (data as ArrayLike<number>);
  const needed = numel(shape);
  if (flat.length !== needed) throw new ShapeError(dataLength(flat.length, showDims(shape), needed));
  const values = toTypedArray(flat, dtype);
  return wrap(uploadNode(values, dtype, shape));
}

function isNested(data: TensorData): data is readonly NestedData[] {
  return Array.isArray(data) && data.length > 0 && Array.isArray(data[0]);
}
function leafIsBool(data: unknown): boolean {
  let x = data;
  while (Array.isArray(x)) x = x[0];
  return typeof x === "boolean";
}
function flatten(data: readonly NestedData[], shape: readonly ShapeDim[]): number[] {
  const out: number[] = [];
  const walk = (x: NestedData, depth: number): void => {
    if (depth === shape.length) {
      if (Array.isArray(x)) throw new ShapeError(`the data is nested deeper than the ${shape.length} dimensions named`);
      out.push(Number(x));
      return;
    }
    const d = shape[depth]!;
    if (!Array.isArray(x) || x.length !== d.size)
      throw new ShapeError(`the data is ragged: "${d.name}" is ${d.size} but a list at that level has ${Array.isArray(x) ? x.length : "no"} entries`);
    for (const y of x as readonly NestedData[]) walk(y, depth + 1);
  };
  walk(data, 0);
  return out;
}
function toTypedArray(flat: ArrayLike<number | boolean>, dtype: DType): Float32Array | Int32Array | Uint8Array {
  const n = flat.length;
  if (dtype === "float32") return flat instanceof Float32Array ? flat : Float32Array.from(flat as ArrayLike<number>, Number);
  if (dtype === "bool") return Uint8Array.from(flat as ArrayLike<number>, (v) => (v ? 1 : 0));
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = Number(flat[i]);
    if (!Number.isInteger(v)) throw new TypeError(`int32 data must hold integers, but element ${i} is ${v}`);
    out[i] = v;
  }
  return out;
}

/** Checks a shape argument and gives its dims. */
function shapeDims(shape: ShapeSpec): Dim[] {
  return checkShape(shape).map((d) => [d.name, d.size] as const);
}
const graphDims = (shape: ShapeSpec): { name: string; size: number }[] => shapeDims(shape).map(([name, size]) => ({ name, size }));

/**
 * A tensor filled with one value.
 * @example full([["h", 2], ["w", 2]], 7) // [[7, 7], [7, 7]]
 */
export function full<const S extends ShapeSpec, const Dt extends DType = "float32">(
  shape: Guard<CheckShape<S>, S>,
  value: number | boolean,
  options: CreateOptions<Dt> = {},
): Tensor<Plain<S>, Dt> {
  const dtype = options.dtype ?? "float32";
  return wrap(fillNode(Number(value), dtype, graphDims(shape as ShapeSpec)));
}

/** A tensor of zeros. @example zeros([["batch", 2], ["feat", 3]]) */
export function zeros<const S extends ShapeSpec, const Dt extends DType = "float32">(
  shape: Guard<CheckShape<S>, S>,
  options: CreateOptions<Dt> = {},
): Tensor<Plain<S>, Dt> {
  return full<S, Dt>(shape, 0, options);
}

/** A tensor of ones. @example ones([["batch", 2]]) */
export function ones<const S extends ShapeSpec, const Dt extends DType = "float32">(
  shape: Guard<CheckShape<S>, S>,
  options: CreateOptions<Dt> = {},
): Tensor<Plain<S>, Dt> {
  return full<S, Dt>(shape, 1, options);
}

/**
 * `start, start + step, …` along one dim of `size` entries.
 * @example arange("i", 4).toArray() // [0, 1, 2, 3]
 */
export function arange<const N extends string, const Z extends number, const Dt extends DType = "float32">(
  name: Guard<CheckShape<[[N, Z]]>, N>,
  size: Z,
  options: CreateOptions<Dt> & { readonly start?: number; readonly step?: number } = {},
): Tensor<[[N, Z]], Dt> {
  const [dim] = graphDims([[name as N, size]]);
  const dtype = options.dtype ?? "float32";
  let node: Node = iotaNode(dim!.name, [dim!], dtype);
  const { start = 0, step = 1 } = options;
  if (step !== 1) node = binaryNode("mul", node, fillNode(step, dtype), [dim!], dtype);
  if (start !== 0) node = binaryNode("add", node, fillNode(start, dtype), [dim!], dtype);
  return wrap(node);
}

/**
 * `size` evenly spaced values from `start` to `stop`, both included.
 * @example linspace("t", 0, 1, 5).toArray() // [0, 0.25, 0.5, 0.75, 1]
 */
export function linspace<const N extends string, const Z extends number>(
  name: Guard<CheckShape<[[N, Z]]>, N>,
  start: number,
  stop: number,
  size: Z,
): Tensor<[[N, Z]], "float32"> {
  const [dim] = graphDims([[name as N, size]]);
  const step = size > 1 ? (stop - start) / (size - 1) : 0;
  const i = iotaNode(dim!.name, [dim!], "float32");
  return wrap(binaryNode("add", binaryNode("mul", i, fillNode(step, "float32"), [dim!], "float32"), fillNode(start, "float32"), [dim!], "float32"));
}

/**
 * The identity matrix over two dims: 1 where their indices are equal.
 * @example eye([["i", 3], ["j", 3]])
 */
export function eye<const S extends readonly [readonly [string, number], readonly [string, number]], const Dt extends DType = "float32">(
  shape: Guard<CheckShape<S>, S>,
  options: CreateOptions<Dt> = {},
): Tensor<Plain<S>, Dt> {
  const dims = graphDims(shape as ShapeSpec);
  const [a, b] = [iotaNode(dims[0]!.name, [dims[0]!], "int32"), iotaNode(dims[1]!.name, [dims[1]!], "int32")];
  return wrap(castNode(binaryNode("eq", a, b, dims, "bool"), options.dtype ?? "float32"));
}

/** Random options: the seed is required, so results are reproducible. */
export interface RandomOptions {
  readonly seed: number;
}

/**
 * Uniform values in [0, 1). The same seed gives the same numbers on every device.
 * @example rand([["batch", 2], ["feat", 3]], { seed: 0 })
 */
export function rand<const S extends ShapeSpec>(shape: Guard<CheckShape<S>, S>, options: RandomOptions): Tensor<Plain<S>, "float32"> {
  return wrap(randomNode(checkSeed(options), 0, graphDims(shape as ShapeSpec)));
}

/**
 * Standard normal values (Box–Muller over two uniform streams). The same seed gives the same numbers
 * on every device (up to float rounding of log and cos).
 * @example randn([["inhid", 7], ["outhid", 7]], { seed: 0 })
 */
export function randn<const S extends ShapeSpec>(shape: Guard<CheckShape<S>, S>, options: RandomOptions): Tensor<Plain<S>, "float32"> {
  const dims = graphDims(shape as ShapeSpec);
  const seed = checkSeed(options);
  const f = (v: number): Node => fillNode(v, "float32");
  const [u1, u2] = [randomNode(seed, 1, dims), randomNode(seed, 2, dims)];
  // sqrt(-2 ln(1 - u1)) · cos(2π u2); 1 - u1 is in (0, 1], so the log is finite.
  const radius = unaryNode("sqrt", binaryNode("mul", f(-2), unaryNode("log", binaryNode("sub", f(1), u1, dims, "float32")), dims, "float32"));
  const angle = unaryNode("cos", binaryNode("mul", f(2 * Math.PI), u2, dims, "float32"));
  return wrap(binaryNode("mul", radius, angle, dims, "float32"));
}

/**
 * Uniform integers in [low, high).
 * @example randint([["batch", 4]], 0, 10, { seed: 1 })
 */
export function randint<const S extends ShapeSpec>(
  shape: Guard<CheckShape<S>, S>,
  low: number,
  high: number,
  options: RandomOptions,
): Tensor<Plain<S>, "int32"> {
  if (!Number.isInteger(low) || !Number.isInteger(high) || high <= low) throw new RangeError(`randint needs integers low < high, not ${low} and ${high}`);
  const dims = graphDims(shape as ShapeSpec);
  const u = randomNode(checkSeed(options), 3, dims);
  const scaled = unaryNode("floor", binaryNode("mul", u, fillNode(high - low, "float32"), dims, "float32"));
  return wrap(binaryNode("add", castNode(scaled, "int32"), fillNode(low, "int32"), dims, "int32"));
}

function checkSeed(options: RandomOptions | undefined): number {
  const seed = options?.seed;
  if (typeof seed !== "number" || !Number.isInteger(seed)) throw new TypeError("random values need an integer seed: { seed: 0 }");
  return seed >>> 0;
}

