// Layer: src/shape. Runtime twin of src/types/dims.ts: the same checks with the same sentences, for sizes
// and names only known at run time. Imports only src/types.
import { ArgumentError, badName, badSize, duplicate, notADimension, privateDimension, ShapeError, tooManyToCount } from "../types/errors.js";

/** A dim as the front end sees it: name, size, and whether it is private (masked). */
export interface ShapeDim {
  readonly name: string;
  readonly size: number;
  readonly masked: boolean;
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Throws unless `name` is a string that is an identifier. Twin of `CheckName`. A value that is not a string at
 * all is a TypeError: the static types already reject it, so there is no shape sentence for it.
 * @example checkName("batch")
 */
export function checkName(name: unknown): string {
  if (typeof name !== "string") throw new ArgumentError(`a dimension name must be a string, not ${describeValue(name)}`);
  if (!identifier.test(name)) throw new ShapeError(badName(name));
  return name;
}

/**
 * A JavaScript value as it reads in an error message (for TypeErrors about arguments of the wrong kind).
 * @example describeValue(3) // "3 (number)"; describeValue("a") // '"a"'; describeValue([1]) // "an array"
 */
export function describeValue(x: unknown): string {
  if (x === undefined || x === null) return String(x);
  if (typeof x === "string") return JSON.stringify(x);
  if (Array.isArray(x)) return "an array";
  if (typeof x === "object") return x.constructor?.name && x.constructor !== Object ? `a ${x.constructor.name}` : "an object";
  return `${String(x)} (${typeof x})`;
}

/** The visible dims as they read in a sentence: `{ batch: 32, seq: 128 }`. Twin of `ShowDims`. */
export function showDims(dims: readonly ShapeDim[]): string {
  const visible = dims.filter((d) => !d.masked);
  return visible.length === 0 ? "{}" : `{ ${visible.map((d) => `${d.name}: ${d.size}`).join(", ")} }`;
}

/**
 * Every dim, private ones flagged, as a tensor prints them.
 * @example showAllDims(Y.shapeDims) // "{ batch (private): 3, seq: 5 }"
 */
export function showAllDims(dims: readonly ShapeDim[]): string {
  return dims.length === 0 ? "{}" : `{ ${dims.map((d) => `${d.name}${d.masked ? " (private)" : ""}: ${d.size}`).join(", ")} }`;
}

/** The visible dim called `name`, or a ShapeError (absent, private, not a name). Twin of `Lookup`. */
export function lookup(dims: readonly ShapeDim[], name: unknown): ShapeDim {
  const n = checkName(name);
  const d = dims.find((x) => x.name === n);
  if (!d) throw new ShapeError(notADimension(n, showDims(dims)));
  if (d.masked) throw new ShapeError(privateDimension(n));
  return d;
}

/** Looks up each name (one or a list), also rejecting a name given twice. */
export function lookupAll(dims: readonly ShapeDim[], names: unknown): ShapeDim[] {
  const list = typeof names === "string" ? [names] : Array.isArray(names) ? names : [names];
  checkUnique(list.map(checkName));
  return list.map((n) => lookup(dims, n));
}

/** Throws on the first name that appears twice. Twin of `CheckUnique`. */
export function checkUnique(names: readonly string[]): void {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) throw new ShapeError(duplicate(n));
    seen.add(n);
  }
}

/** Checks a user-spelled size. */
export function checkSize(name: string, size: unknown): number {
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0)
    throw new ShapeError(badSize(name, typeof size === "number" ? String(size) : describeValue(size)));
  return size;
}

/** Checks a user-spelled shape of [name, size] pairs. Twin of `CheckShape`. */
export function checkShape(pairs: unknown): ShapeDim[] {
  if (!Array.isArray(pairs)) throw new ArgumentError(`a shape is a list of [name, size] pairs, not ${typeof pairs}`);
  const dims = pairs.map((p: unknown) => {
    if (!Array.isArray(p) || p.length !== 2) throw new ArgumentError(`a shape entry is a [name, size] pair, not ${JSON.stringify(p)}`);
    const name = checkName(p[0]);
    return { name, size: checkSize(name, p[1]), masked: false };
  });
  checkUnique(dims.map((d) => d.name));
  const count = numel(dims);
  if (!Number.isSafeInteger(count)) throw new ShapeError(tooManyToCount(showDims(dims), count));
  return dims;
}

/** Elements in a shape. */
export const numel = (dims: readonly { size: number }[]): number => dims.reduce((n, d) => n * d.size, 1);
