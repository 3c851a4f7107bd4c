// Layer: src/shape. Runtime twin of src/types/broadcast.ts: broadcasting by name, with the same sentence
// for a size mismatch. Imports only src/types and src/shape.
import { ShapeError, sizeMismatch } from "../types/errors.js";
import type { ShapeDim } from "./dims.js";

/**
 * The dims of an elementwise result: the left operand's dims in order, then the right operand's new ones.
 * Throws a ShapeError when a name has two sizes. Twin of `Broadcast`.
 * @example broadcastShapes(im.dims, mask.dims) // [height, width, channels]
 */
export function broadcastShapes(a: readonly ShapeDim[], b: readonly ShapeDim[]): ShapeDim[] {
  const out: ShapeDim[] = a.map((d) => {
    const o = b.find((x) => x.name === d.name);
    if (!o) return d;
    if (o.size !== d.size) throw new ShapeError(sizeMismatch(d.name, d.size, o.size));
    return { name: d.name, size: d.size, masked: d.masked || o.masked };
  });
  for (const d of b) if (!a.some((x) => x.name === d.name)) out.push(d);
  return out;
}

/** Broadcast of several shapes, left to right. */
export const broadcastAll = (shapes: readonly (readonly ShapeDim[])[]): ShapeDim[] =>
  shapes.reduce<ShapeDim[]>((acc, s) => broadcastShapes(acc, s), []);
