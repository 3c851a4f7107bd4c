// Layer: src/shape. Runtime twin of src/types/contract.ts.
import { ShapeError, notInOperand } from "../types/errors.js";
import { broadcastAll, broadcastShapes } from "./broadcast.js";
import { type ShapeDim, checkName, checkUnique, lookup, showDims } from "./dims.js";

const asList = (names: unknown): unknown[] => (Array.isArray(names) ? names : [names]);

/** The dims of `a.dot(names, b)` and the contracted names; throws a ShapeError. Twin of `Dot`. */
export function dotShape(a: readonly ShapeDim[], b: readonly ShapeDim[], names: unknown): { dims: ShapeDim[]; contracted: string[] } {
  const contracted = asList(names).map(checkName);
  checkUnique(contracted);
  for (const n of contracted) {
    for (const [side, dims] of [["left", a], ["right", b]] as const) {
      if (!dims.some((d) => d.name === n)) throw new ShapeError(notInOperand(n, side, showDims(dims)));
      lookup(dims, n);
    }
  }
  broadcastShapes(a, b);
  const keep = (dims: readonly ShapeDim[]): ShapeDim[] => dims.filter((d) => !contracted.includes(d.name));
  return { dims: broadcastShapes(keep(a), keep(b)), contracted };
}

/** The dims of `contract(tensors, names)` and the contracted names; throws a ShapeError. Twin of `Contract`. */
export function contractShape(shapes: readonly (readonly ShapeDim[])[], names: unknown): { dims: ShapeDim[]; contracted: string[] } {
  const all = broadcastAll(shapes);
  const contracted = asList(names).map(checkName);
  checkUnique(contracted);
  for (const n of contracted) lookup(all, n);
  return { dims: all.filter((d) => !contracted.includes(d.name)), contracted };
}
