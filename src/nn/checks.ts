// Layer: src/nn (above src/ops). Run-time checks the NN helpers share, for callers from JavaScript or through
// `any`: an argument that must be a tensor, and a parameter that must not add dims (the twin of `Within`).
// Imports the top layer and src/ops.
import "../ops/reduce.js";
import { describeValue } from "../shape/dims.js";
import { Tensor } from "../tensor.js";
import type { DType, Shape } from "../types/dims.js";
import { ShapeError, needsFloat, notATensor } from "../types/errors.js";

/**
 * Throws a ShapeError naming the function and the argument unless `value` is a tensor (a caller from
 * JavaScript or through `any`; typed callers cannot get here).
 * @example checkTensor("embedding", "the table", table)
 */
export function checkTensor(fn: string, what: string, value: unknown): void {
  if (!(value instanceof Tensor)) throw new ShapeError(notATensor(fn, what, describeValue(value)));
}

/**
 * `value` as a shape-generic tensor of any dtype, after checking at run time that it is a tensor: a ShapeError
 * naming the function and the argument otherwise.
 * @example const labels = anyTensor("crossEntropy", "the labels", y)
 */
export function anyTensor(fn: string, what: string, value: unknown): Tensor<Shape, DType> {
  if (!(value instanceof Tensor)) throw new ShapeError(notATensor(fn, what, describeValue(value)));
  return value;
}

/**
 * `value` as a shape-generic float32 tensor (what a helper's body computes with), after checking at run time
 * that it is one: a ShapeError naming the function and the argument otherwise.
 * @example const t = floatTensor("layerNorm", "x", x)
 */
export function floatTensor(fn: string, what: string, value: unknown): Tensor<Shape, "float32"> {
  if (!(value instanceof Tensor)) throw new ShapeError(notATensor(fn, what, describeValue(value)));
  if (value.dtype !== "float32") throw new ShapeError(needsFloat(fn, what, value.dtype));
  return value;
}

/**
 * `y` when it has x's rank (a parameter that broadcast over x added no dim); otherwise the "not a dimension"
 * sentence for the first added dim.
 * @example y = within(x, y.mul(gamma))
 */
export function within<D extends DType>(x: Tensor<Shape, DType>, y: Tensor<Shape, D>): Tensor<Shape, D> {
  if (y.rank !== x.rank) {
    const extra = y.node.dims.find((d) => !x.node.dims.some((e) => e.name === d.name));
    if (extra) x.sum(extra.name); // throws the "not a dimension" sentence
  }
  return y;
}
