// Layer: src/shape. Runtime twin of src/types/reduce.ts.
import { type ShapeDim, lookupAll } from "./dims.js";

/** The dims left after reducing `names` away (one name or a list); throws a ShapeError. Twin of `Reduce`. */
export function reduceShape(dims: readonly ShapeDim[], names: unknown): { kept: ShapeDim[]; reduced: string[] } {
  const reduced = lookupAll(dims, names).map((d) => d.name);
  return { kept: dims.filter((d) => !reduced.includes(d.name)), reduced };
}
