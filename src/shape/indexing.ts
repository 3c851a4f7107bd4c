// Layer: src/shape. Runtime twin of src/types/indexing.ts: the shapes and bounds of get, narrow, unbind,
// indexSelect and gather, with the same checks and sentences (thrown as ShapeError). Imports only src/types
// and src/shape.
import type { DType } from "../types/dims.js";
import { ShapeError, indexRange, nameTaken, narrowRange, needsInt, sizeMismatch } from "../types/errors.js";
import { type ShapeDim, checkName, lookup } from "./dims.js";

const isNatural = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

/**
 * The dim `get(name, index)` removes; `0 <= index < size`. Twin of `Get`.
 * @example getShape(x.shapeDims, "h", 3) // { dim: h, dims: [...without h] }
 */
export function getShape(dims: readonly ShapeDim[], name: unknown, index: unknown): { dim: ShapeDim; dims: ShapeDim[] } {
  const dim = lookup(dims, name);
  if (!isNatural(index) || index >= dim.size) throw new ShapeError(indexRange(index as number, dim.name, dim.size));
  return { dim, dims: dims.filter((d) => d !== dim) };
}

/**
 * The dim `narrow(name, start, length, newName)` replaces and the new dim. Twin of `Narrow`.
 * @example narrowShape(x.shapeDims, "seq", 0, 64, "prefix")
 */
export function narrowShape(
  dims: readonly ShapeDim[],
  name: unknown,
  start: unknown,
  length: unknown,
  newName: unknown,
): { dim: ShapeDim; fresh: ShapeDim; dims: ShapeDim[] } {
  const dim = lookup(dims, name);
  const to = checkName(newName);
  if (dims.some((d) => d.name === to)) throw new ShapeError(nameTaken(to));
  if (!isNatural(start) || !isNatural(length) || start + length > dim.size)
    throw new ShapeError(narrowRange(dim.name, dim.size, start as number, length as number));
  const fresh = { name: to, size: length, masked: false };
  return { dim, fresh, dims: dims.map((d) => (d === dim ? fresh : d)) };
}

/** Throws unless an index tensor is int32. Twin of `IndexType`. @example indexType(ids.dtype) */
export function indexType(dtype: DType): void {
  if (dtype !== "int32") throw new ShapeError(needsInt("the index", dtype));
}

/**
 * The dims of `indexSelect(name, index)`: the index's dims replace `name` in place. Twin of `IndexSelect`.
 * @example indexSelectShape(emb.shapeDims, "vocab", ids.shapeDims, ids.dtype)
 */
export function indexSelectShape(dims: readonly ShapeDim[], name: unknown, index: readonly ShapeDim[], dtype: DType): { dim: ShapeDim; dims: ShapeDim[] } {
  const dim = lookup(dims, name);
  indexType(dtype);
  const taken = index.find((i) => i.name !== dim.name && dims.some((d) => d.name === i.name));
  if (taken) throw new ShapeError(nameTaken(taken.name));
  return { dim, dims: dims.flatMap((d) => (d === dim ? [...index] : [d])) };
}

/**
 * The dims of `gather(name, index)`: the index's dims shared with x's other dims are matched pointwise (same
 * size), its other dims replace `name` in place. Twin of `Gather`.
 * @example gatherShape(logits.shapeDims, "class", labels.shapeDims, labels.dtype) // [batch]
 */
export function gatherShape(dims: readonly ShapeDim[], name: unknown, index: readonly ShapeDim[], dtype: DType): { dim: ShapeDim; dims: ShapeDim[] } {
  const dim = lookup(dims, name);
  indexType(dtype);
  const others = dims.filter((d) => d !== dim);
  for (const i of index) {
    const d = others.find((x) => x.name === i.name);
    if (d && d.size !== i.size) throw new ShapeError(sizeMismatch(i.name, d.size, i.size));
  }
  const fresh = index.filter((i) => !others.some((d) => d.name === i.name));
  return {
    dim,
    dims: dims.flatMap((d) => {
      if (d === dim) return fresh;
      const i = index.find((x) => x.name === d.name);
      return [i ? { ...d, masked: d.masked || i.masked } : d];
    }),
  };
}
