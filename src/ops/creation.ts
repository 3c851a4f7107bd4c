// Layer: src/ops. Creating tensors: from data (flat or nested), constants, ranges, identity, and seeded random
// values that are the same on every device. Each function: its typed signature, the runtime checks (same
// sentences as the types), the graph node, and an example. Imports src/types, src/shape, src/graph, top.
import { uploadNode } from "../backend/engine.js";
import { binaryNode, castNode, fillNode, iotaNode, randomNode, unaryNode } from "../graph/build.js";
import type { Node } from "../graph/node.js";
import { type ShapeDim, checkName, checkShape, checkUnique, describeValue, numel, showDims } from "../shape/dims.js";
import { type Tensor, wrap } from "../tensor.js";
import type { Product } from "../types/arith.js";
import type { CheckShape, DType, Dim, Fail, Plain, Shape, ShowDims, Whole } from "../types/dims.js";
import {
  ArgumentError,
  type CannotInferSize,
  cannotInferSize,
  type DataLength,
  dataLength,
  type EntriesText,
  entriesText,
  type NestedTooDeep,
  nestedTooDeep,
  type RaggedData,
  raggedData,
  ShapeError,
} from "../types/errors.js";
import type { FirstFail, Guard, NoInferred } from "../types/guard.js";

/** A shape argument: `[name, size]` pairs in logical order. @example [["batch", 32], ["seq", 128]] */
export type ShapeSpec = readonly (readonly [name: string, size: number])[];
/** Dims for `tensor()`: pairs, or bare names whose sizes come from the nesting of the data. */
export type DimsSpec = readonly (readonly [name: string, size: number] | string)[];
/** Values for `tensor()`: a flat typed array or list (row-major), or nested lists, one level per dim. */
export type TensorData = Float32Array | Float64Array | Int32Array | Uint8Array | NestedData;
export type NestedData = number | boolean | readonly NestedData[];

type LengthOf<Data> = Data extends readonly unknown[] ? Data["length"] : number;
type Inner<Data> = Data extends readonly [infer F, ...unknown[]] ? F : Data extends readonly (infer X)[] ? X : unknown;
/**
 * The shape a dims spec describes; bare names take their size from the data's nesting. A spec that is not a
 * tuple (an array variable) says nothing about the rank: the shape is then dynamic (`Shape`).
 */
export type SpecShape<Spec extends DimsSpec, Data> = number extends Spec["length"] ? Shape : SpecEntries<Spec, Data>;
type SpecEntries<Spec extends DimsSpec, Data, Acc extends Dim[] = []> = Spec extends readonly [infer E, ...infer Rest extends DimsSpec]
  ? E extends readonly [infer N extends string, infer Z extends number]
    ? SpecEntries<Rest, Inner<Data>, [...Acc, [N, Whole<Z>]]>
    : E extends string
      ? SpecEntries<Rest, Inner<Data>, [...Acc, [E, LengthOf<Data>]]>
      : never
  : Acc;
/** The dtype the data implies: int32 for an Int32Array, bool for (lists of) booleans, else float32 (empty lists too). */
type DataType<Data> = Data extends Int32Array
  ? "int32"
  : Data extends boolean | readonly unknown[]
    ? [Leaf<Data>] extends [never]
      ? "float32"
      : [Leaf<Data>] extends [boolean]
        ? "bool"
        : "float32"
    : "float32";
/** The element type under the nesting (bounded, since NestedData is recursive). */
type Leaf<Data, Depth extends unknown[] = []> = Depth["length"] extends 8 ? unknown : Data extends readonly (infer X)[] ? Leaf<X, [...Depth, 0]> : Data;

type SizesOf<S extends Shape> = { [K in keyof S]: S[K][1] };
/**
 * A flat data list of known length must hold exactly the elements the shape needs (twin of the runtime check,
 * same sentence). Nested data, typed arrays and `number` sizes are checked at run time only.
 */
type CheckLength<S extends Shape, Data> = Data extends readonly unknown[]
  ? number extends Data["length"]
    ? "ok"
    : Data extends readonly [readonly unknown[], ...unknown[]]
      ? "ok"
      : Product<SizesOf<S>> extends infer P extends number
        ? number extends P
          ? "ok"
          : Data["length"] extends P
            ? "ok"
            : Fail<DataLength<Data["length"], ShowDims<S>, P>>
        : "ok"
  : "ok";

/** True for data nested in lists (its first element a list): its nesting must match the dims (`flatten`). */
type IsNested<Data> = Data extends readonly [readonly unknown[], ...unknown[]] ? true : false;
/**
 * The data's nesting against the dims spec, level by level along the first entries (twin of the spec walk in
 * `tensor` and of `flatten`): a bare name needs a list to take its size from; in nested data a `[name, size]`
 * needs a list of that length, and no list may be left below the last dim. Lists of unknown length, typed
 * arrays and later entries (ragged lists) are checked at run time only.
 */
type CheckNesting<Spec, Level, S extends Shape, Nested extends boolean> = Spec extends readonly [infer E, ...infer Rest]
  ? E extends string
    ? Level extends readonly unknown[]
      ? CheckNesting<Rest, Inner<Level>, S, Nested>
      : Level extends number | boolean
        ? Fail<CannotInferSize<E>>
        : "ok"
    : E extends readonly [infer N extends string, infer Z extends number]
      ? Nested extends false
        ? CheckNesting<Rest, Inner<Level>, S, Nested>
        : Level extends readonly unknown[]
          ? number extends Level["length"] | Z
            ? CheckNesting<Rest, Inner<Level>, S, Nested>
            : Level["length"] extends Z
              ? CheckNesting<Rest, Inner<Level>, S, Nested>
              : Fail<RaggedData<N, Z, EntriesText<Level["length"]>>>
          : Level extends number | boolean
            ? Fail<RaggedData<N, Z, "a plain value instead of a list">>
            : "ok"
      : "ok"
  : Nested extends true
    ? Level extends readonly unknown[]
      ? Fail<NestedTooDeep<ShowDims<S>>>
      : "ok"
    : "ok";

/**
 * Creation options: the dtype (float32 unless the data says otherwise). A creator's result dtype is
 * `NoInferred<Dt>` (NoInfer): it comes from the options or the data, never from where the result goes (inside
 * `concat([a, zeros(…)], "t")` the list's `Tensor<Shape, DType>` would otherwise make it `DType`).
 */
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
  dims: Guard<
    FirstFail<[CheckShape<SpecShape<Spec, Data>>, Data extends readonly unknown[] ? CheckNesting<Spec, Data, SpecShape<Spec, Data>, IsNested<Data>> : "ok", CheckLength<SpecShape<Spec, Data>, Data>]>,
    Spec
  >,
  options: CreateOptions<Dt> = {},
): Tensor<SpecShape<Spec, Data>, NoInferred<Dt>> {
  if (!Array.isArray(dims)) throw new ArgumentError(`dims is a list of names or [name, size] pairs, not ${describeValue(dims)}`);
  const given = checkData(data);
  const spec = dims as DimsSpec;
  const shape: ShapeDim[] = [];
  let level: unknown = given;
  for (const entry of spec) {
    if (typeof entry === "string") {
      const name = checkName(entry);
      if (!Array.isArray(level) && !ArrayBuffer.isView(level)) throw new ArgumentError(cannotInferSize(name));
      shape.push({ name, size: (level as ArrayLike<unknown>).length, masked: false });
      level = (level as ArrayLike<unknown>)[0];
    } else {
      shape.push(...checkShape([entry]));
      level = Array.isArray(level) ? level[0] : undefined;
    }
  }
  checkUnique(shape.map((d) => d.name));
  const nested = Array.isArray(given) && given.some(Array.isArray);
  const flat = nested ? flatten(given as readonly NestedData[], shape) : (given as ArrayLike<number | boolean>);
  const dtype: DType = checkDType(options.dtype) ?? (given instanceof Int32Array ? "int32" : allBooleans(flat) ? "bool" : "float32");
  const needed = numel(shape);
  if (flat.length !== needed) throw new ShapeError(dataLength(flat.length, showDims(shape), needed));
  const values = toTypedArray(flat, dtype);
  return wrap(uploadNode(values, dtype, shape));
}

/** A number as it reads in a sentence; anything else described (a Symbol cannot be put in a template). */
const numberText = (v: unknown): string => (typeof v === "number" ? String(v) : describeValue(v));

/** The data as a list or typed array: a lone number or boolean is the one value of a 0-d tensor. */
function checkData(data: unknown): TensorData {
  if (typeof data === "number" || typeof data === "boolean") return [data];
  if (Array.isArray(data) || data instanceof Float32Array || data instanceof Float64Array || data instanceof Int32Array || data instanceof Uint8Array) return data;
  throw new ArgumentError(`tensor data must be numbers, booleans, nested lists of them or a typed array, not ${describeValue(data)}`);
}
/** The dtype option, if given, after checking it names a dtype. */
function checkDType(dtype: unknown): DType | undefined {
  if (dtype === undefined || dtype === "float32" || dtype === "int32" || dtype === "bool") return dtype;
  throw new ArgumentError(`unknown dtype ${describeValue(dtype)}: use "float32", "int32" or "bool"`);
}
/** True for a non-empty list of booleans only (the type-level `DataType` says bool exactly then). */
function allBooleans(flat: ArrayLike<unknown>): boolean {
  if (!Array.isArray(flat) || flat.length === 0) return false;
  return flat.every((v) => typeof v === "boolean");
}
function flatten(data: readonly NestedData[], shape: readonly ShapeDim[]): (number | boolean)[] {
  const out: (number | boolean)[] = [];
  const walk = (x: NestedData, depth: number): void => {
    if (depth === shape.length) {
      if (Array.isArray(x)) throw new ShapeError(nestedTooDeep(showDims(shape)));
      out.push(x as number | boolean);
      return;
    }
    const d = shape[depth]!;
    if (!Array.isArray(x) || x.length !== d.size) throw new ShapeError(raggedData(d.name, d.size, Array.isArray(x) ? entriesText(x.length) : "a plain value instead of a list"));
    for (const y of x as readonly NestedData[]) walk(y, depth + 1);
  };
  walk(data, 0);
  return out;
}
function toTypedArray(flat: ArrayLike<number | boolean>, dtype: DType): Float32Array | Int32Array | Uint8Array {
  const n = flat.length;
  if (!ArrayBuffer.isView(flat))
    for (let i = 0; i < n; i++) {
      const v = flat[i];
      if (typeof v !== "number" && typeof v !== "boolean") throw new ArgumentError(`tensor data must hold numbers or booleans, but element ${i} is ${describeValue(v)}`);
    }
  if (dtype === "float32") return flat instanceof Float32Array ? flat : Float32Array.from(flat as ArrayLike<number>, Number);
  if (dtype === "bool") return Uint8Array.from(flat as ArrayLike<number>, (v) => (v ? 1 : 0));
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = checkInt(Number(flat[i]), `element ${i} of int32 data`);
  return out;
}
/** An int32 value, or a TypeError naming `what` when the number is not an integer in the int32 range. */
function checkInt(v: number, what: string): number {
  if (!Number.isInteger(v) || v < -2147483648 || v > 2147483647) throw new ArgumentError(`${what} must be an integer in the int32 range, not ${v}`);
  return v;
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
): Tensor<Plain<S>, NoInferred<Dt>> {
  const dims = graphDims(shape as ShapeSpec);
  const dtype = checkDType(options.dtype) ?? "float32";
  if (typeof value !== "number" && typeof value !== "boolean") throw new ArgumentError(`the fill value must be a number or a boolean, not ${describeValue(value)}`);
  return wrap(fillNode(dtype === "int32" ? checkInt(Number(value), "the fill value of an int32 tensor") : Number(value), dtype, dims));
}

/** A tensor of zeros. @example zeros([["batch", 2], ["feat", 3]]) */
export function zeros<const S extends ShapeSpec, const Dt extends DType = "float32">(
  shape: Guard<CheckShape<S>, S>,
  options: CreateOptions<Dt> = {},
): Tensor<Plain<S>, NoInferred<Dt>> {
  return full<S, Dt>(shape, 0, options);
}

/** A tensor of ones. @example ones([["batch", 2]]) */
export function ones<const S extends ShapeSpec, const Dt extends DType = "float32">(
  shape: Guard<CheckShape<S>, S>,
  options: CreateOptions<Dt> = {},
): Tensor<Plain<S>, NoInferred<Dt>> {
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
): Tensor<[[N, Whole<Z>]], NoInferred<Dt>> {
  const [dim] = graphDims([[name as N, size]]);
  const dtype = checkDType(options.dtype) ?? "float32";
  if (dtype === "bool") throw new ArgumentError('arange makes numbers: use dtype "float32" or "int32"');
  const { start = 0, step = 1 } = options;
  for (const [what, v] of [["start", start], ["step", step]] as const) {
    if (typeof v !== "number" || !Number.isFinite(v)) throw new ArgumentError(`the ${what} of arange must be a finite number, not ${describeValue(v)}`);
    if (dtype === "int32") checkInt(v, `the ${what} of an int32 arange`);
  }
  let node: Node = iotaNode(dim!.name, [dim!], dtype);
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
): Tensor<[[N, Whole<Z>]], "float32"> {
  const [dim] = graphDims([[name as N, size]]);
  for (const v of [start, stop]) if (typeof v !== "number") throw new ArgumentError(`linspace needs numbers for start and stop, not ${describeValue(v)}`);
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
): Tensor<Plain<S>, NoInferred<Dt>> {
  if (!Array.isArray(shape) || shape.length !== 2) throw new ArgumentError("eye needs exactly two dims, e.g. [[\"i\", 3], [\"j\", 3]]");
  const dims = graphDims(shape as ShapeSpec);
  const dtype = checkDType(options.dtype) ?? "float32";
  const [a, b] = [iotaNode(dims[0]!.name, [dims[0]!], "int32"), iotaNode(dims[1]!.name, [dims[1]!], "int32")];
  return wrap(castNode(binaryNode("eq", a, b, dims, "bool"), dtype));
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
  const int32 = (v: number): boolean => Number.isInteger(v) && v >= -2147483648 && v <= 2147483648;
  if (!int32(low) || !int32(high) || high <= low || high - low > 2147483648)
    throw new ArgumentError(`randint needs integers low < high in the int32 range, at most 2^31 apart, not ${numberText(low)} and ${numberText(high)}`);
  const dims = graphDims(shape as ShapeSpec);
  const u = randomNode(checkSeed(options), 3, dims);
  // floor(u · range) < range in exact arithmetic; the min guards against float32 rounding up on a device.
  const range = high - low;
  const scaled = binaryNode("min", unaryNode("floor", binaryNode("mul", u, fillNode(range, "float32"), dims, "float32")), fillNode(range - 1, "float32"), dims, "float32");
  return wrap(binaryNode("add", castNode(scaled, "int32"), fillNode(low, "int32"), dims, "int32"));
}

function checkSeed(options: RandomOptions | undefined): number {
  const seed = options?.seed;
  if (typeof seed !== "number" || !Number.isInteger(seed)) throw new ArgumentError("random values need an integer seed: { seed: 0 }");
  return seed >>> 0;
}

