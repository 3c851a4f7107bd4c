// Layer: src/shape. Runtime twin of src/types/sparse.ts: a format names every dim of the shape once, each with
// a level kind, with the same sentences; plus the run-time-only rule that a singleton level follows a
// compressed or singleton one (it stores one coordinate per entry of a level whose entries repeat). Imports
// only src/types and src/shape.
import { ArgumentError, badLevelKind, formatMissingDim, ShapeError, singletonParent } from "../types/errors.js";
import type { LevelKind } from "../types/sparse.js";
import { type ShapeDim, checkName, checkUnique, describeValue, lookup, showDims } from "./dims.js";

/** A checked level: the dim it stores, its size, its kind. */
export interface CheckedLevel {
  readonly name: string;
  readonly size: number;
  readonly kind: LevelKind;
}

const KINDS: ReadonlySet<string> = new Set(["dense", "compressed", "singleton"]);

/**
 * The levels of `format` over `dims`, checked: every visible dim exactly once, known level kinds, singleton
 * levels under a compressed or singleton one. Twin of `CheckFormat`.
 * @example checkFormat(dims, [["row", "dense"], ["col", "compressed"]]) // CSR
 */
export function checkFormat(dims: readonly ShapeDim[], format: unknown): CheckedLevel[] {
  if (!Array.isArray(format)) throw new ArgumentError(`a format is a list of [name, level kind] pairs such as csr("row", "col"), not ${describeValue(format)}`);
  const levels = format.map((entry: unknown): CheckedLevel => {
    if (!Array.isArray(entry) || entry.length !== 2) throw new ArgumentError(`a format entry is a [name, level kind] pair, not ${describeValue(entry)}`);
    const name = checkName(entry[0]);
    const kind: unknown = entry[1];
    if (typeof kind !== "string" || !KINDS.has(kind)) throw new ShapeError(badLevelKind(name, typeof kind === "string" ? kind : "not a string"));
    return { name, size: 0, kind: kind as LevelKind };
  });
  checkUnique(levels.map((l) => l.name));
  const sized = levels.map((l) => ({ ...l, size: lookup(dims, l.name).size }));
  for (const d of dims) if (!d.masked && !sized.some((l) => l.name === d.name)) throw new ShapeError(formatMissingDim(d.name, showDims(dims)));
  sized.forEach((l, i) => {
    const parent = sized[i - 1];
    if (l.kind === "singleton" && (!parent || parent.kind === "dense"))
      throw new ShapeError(singletonParent(l.name, parent ? `the dense level of "${parent.name}"` : "nothing (it is the first level)"));
  });
  return sized;
}
