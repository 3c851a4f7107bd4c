// Layer: src/onnx. What a lowering of one graph node may ask of the exporter (export.ts implements it): the
// ONNX value of an input node, that value aligned for broadcasting, shapes and sizes (constants, or computed
// from a graph input's shape where a dim is dynamic), and the refusal when a dynamic dim's size is needed as a
// number. Also the small ONNX idioms several lowerings share. Imports src/graph and src/onnx.
import type { DType, Node, NodeDim } from "../graph/node.js";
import { onnxType } from "./dtypes.js";
import type { GraphBuilder } from "./export-builder.js";

export interface Lowering {
  readonly g: GraphBuilder;
  /** The model's default-domain opset (17 or newer). */
  readonly opset: number;
  /** The ONNX value of a node: its axes are the node's dims in the node's order. */
  value(n: Node): string;
  /** The value with its axes in the order of `dims` and a size-1 axis for each dim of `dims` it lacks. */
  aligned(n: Node, dims: readonly NodeDim[]): string;
  /** The int64 shape (1-d) of `dims`: a constant, or concatenated with dynamic sizes. */
  shape(dims: readonly NodeDim[]): string;
  /** The int64 size of a dim as a 1-element list. */
  size(d: NodeDim): string;
  /** The size as a number; refuses (ArgumentError) a dynamic dim, naming `what` needs it. */
  staticSize(d: NodeDim, what: string): number;
  /** Whether a dim stays symbolic in the model. */
  isDynamic(name: string): boolean;
  /** The node's value computed now and stored in the model as an initializer (fixed at export). */
  fixed(n: Node): string;
  /** Makes dim `name` dynamic with the size of dim `from` (a view that renames or moves a dynamic dim). */
  alias(name: string, from: string): void;
}

/** `Cast(x)` to a dtype, or x when it already has it. @example cast(cx.g, x, "int32", "float32") */
export function cast(g: GraphBuilder, x: string, from: DType | "int64", to: DType | "int64"): string {
  if (from === to) return x;
  return g.node("Cast", [x], { to: to === "int64" ? 7 : onnxType[to] });
}

/** Int64 positions 0…size-1 along `d`'s position in `dims`, size 1 along every other axis. @example axisIota(cx, d, node.dims) */
export function axisIota(cx: Lowering, d: NodeDim, dims: readonly NodeDim[]): string {
  const g = cx.g;
  const limit = cx.isDynamic(d.name) ? g.node("Squeeze", [cx.size(d), g.int64([0])]) : g.int64([d.size], true);
  const range = g.node("Range", [g.int64([0], true), limit, g.int64([1], true)]);
  const at = dims.findIndex((x) => x.name === d.name);
  const others = dims.map((_, i) => i).filter((i) => i !== at);
  return others.length ? g.node("Unsqueeze", [range, g.int64(others)]) : range;
}

/** Expands a value that broadcasts against `dims` to their full shape, unless the named dims already cover them. */
export function expandTo(cx: Lowering, x: string, covered: ReadonlySet<string>, dims: readonly NodeDim[]): string {
  return dims.every((d) => covered.has(d.name)) ? x : cx.g.node("Expand", [x, cx.shape(dims)]);
}

/** Transposes a value whose axes are `have` (names) into the order `want` (the same names). */
export function transposeTo(g: GraphBuilder, x: string, have: readonly string[], want: readonly string[]): string {
  const perm = want.map((n) => have.indexOf(n));
  return perm.every((p, i) => p === i) ? x : g.node("Transpose", [x], { perm });
}
