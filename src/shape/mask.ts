// Layer: src/shape. Runtime twin of src/types/mask.ts.
import { type ShapeDim, lookupAll } from "./dims.js";

/** The dims with `names` private; throws a ShapeError for an absent, private or repeated name. Twin of `Mask`. */
export function maskShape(dims: readonly ShapeDim[], names: readonly unknown[]): ShapeDim[] {
  const hidden = lookupAll(dims, names).map((d) => d.name);
  return dims.map((d) => (hidden.includes(d.name) ? { ...d, masked: true } : d));
}
