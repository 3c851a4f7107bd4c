// Layer: src/shape. Runtime twin of src/types/movement.ts: the shapes of transpose, rename, split, stack,
// pad, expand, squeeze and concat, with the same checks in the same order and the same sentences (thrown as
// ShapeError). Imports only src/types and src/shape.
import type { SplitPart } from "../types/movement.js";
import { ArgumentError, badSize, concatMissing, duplicate, expandOneKey, nameTaken, notADimension, notSqueezable, padWidth, ShapeError, sizeMismatch, splitIndivisible, splitProduct, splitUnknowns, stackEmpty, transposeMissing } from "../types/errors.js";
import { type ShapeDim, checkName, checkShape, checkUnique, lookup, lookupAll, showDims } from "./dims.js";

const isNatural = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const entries = (spec: unknown, what: string): [string, unknown][] => {
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) throw new ArgumentError(`${what} takes an object such as { name: ... }`);
  return Object.entries(spec);
};

/**
 * The dims of `transpose(...names)`: private dims first, then the listed ones. Twin of `Transpose`.
 * @example transposeShape(x.shapeDims, ["w", "h"]) // [w, h]
 */
export function transposeShape(dims: readonly ShapeDim[], names: readonly unknown[]): ShapeDim[] {
  const listed = lookupAll(dims, names);
  const missing = dims.find((d) => !d.masked && !listed.includes(d));
  if (missing) throw new ShapeError(transposeMissing(missing.name));
  return [...dims.filter((d) => d.masked), ...listed];
}

/**
 * The dims of `rename(mapping)`, renamed in place. Twin of `Rename`.
 * @example renameShape(x.shapeDims, { h: "height" })
 */
export function renameShape(dims: readonly ShapeDim[], mapping: unknown): ShapeDim[] {
  const pairs = entries(mapping, "rename");
  const keys = pairs.map(([k]) => k);
  const remaining = dims.filter((d) => !keys.includes(d.name)).map((d) => d.name);
  const targets = new Map<string, string>();
  for (const [key, target] of pairs) {
    lookup(dims, key);
    const to = checkName(target);
    if (remaining.includes(to)) throw new ShapeError(nameTaken(to));
    if (pairs.some(([k, t]) => k !== key && t === to)) throw new ShapeError(duplicate(to));
    targets.set(key, to);
  }
  return dims.map((d) => (targets.has(d.name) ? { ...d, name: targets.get(d.name)! } : d));
}

/**
 * The dims that replace `name` in `split(name, parts)`, with their sizes. Twin of `Split`.
 * @example splitShape(x.shapeDims, "h", [["height", 8], "q"]) // { dim: h, parts: [height: 8, q: 12], dims: [...] }
 */
export function splitShape(
  dims: readonly ShapeDim[],
  name: unknown,
  parts: readonly SplitPart[],
): { dim: ShapeDim; parts: ShapeDim[]; dims: ShapeDim[] } {
  const dim = lookup(dims, name);
  if (!Array.isArray(parts)) throw new ArgumentError(`split takes a list of parts such as [["height", 8], "q"]`);
  const seen = new Set<string>();
  for (const p of parts) {
    const partName = checkName(Array.isArray(p) ? p[0] : p);
    if (Array.isArray(p) && !isNatural(p[1])) throw new ShapeError(badSize(partName, String(p[1])));
    if (seen.has(partName)) throw new ShapeError(duplicate(partName));
    if (partName !== dim.name && dims.some((d) => d.name === partName)) throw new ShapeError(nameTaken(partName));
    seen.add(partName);
  }
  const known = parts.filter((p): p is readonly [string, number] => Array.isArray(p)).reduce((n, p) => n * p[1], 1);
  const unknowns = parts.filter((p) => !Array.isArray(p)).length;
  let rest = dim.size;
  if (unknowns === 0) {
    if (known !== dim.size) throw new ShapeError(splitProduct(dim.name, dim.size, known));
  } else if (unknowns === 1) {
    if (known === 0 || dim.size % known !== 0) throw new ShapeError(splitIndivisible(dim.name, dim.size, known));
    rest = dim.size / known;
  } else {
    const missing = parts.filter((p) => !Array.isArray(p)).map((p) => `"${p}"`).join(", ");
    throw new ShapeError(splitUnknowns(dim.name, dim.size, missing));
  }
  const out = parts.map((p) => (Array.isArray(p) ? { name: p[0] as string, size: p[1] as number, masked: false } : { name: p as string, size: rest, masked: false }));
  return { dim, parts: out, dims: dims.flatMap((d) => (d === dim ? out : [d])) };
}

/**
 * The dims of `stack(spec)` and, per merged dim, the dims it merges (in the listed order). Twin of `Stack`.
 * @example stackShape(x.shapeDims, { bh: ["b", "h"] }) // { dims: [bh: B·H, ...], groups: [{ name: "bh", from: [b, h] }] }
 */
export function stackShape(dims: readonly ShapeDim[], spec: unknown): { dims: ShapeDim[]; groups: { name: string; from: ShapeDim[] }[] } {
  const pairs = entries(spec, "stack");
  for (const [key, list] of pairs) {
    checkName(key);
    if (!Array.isArray(list)) throw new ArgumentError(`stack takes lists of names such as { bh: ["b", "h"] }`);
    if (list.length === 0) throw new ShapeError(stackEmpty(key));
  }
  const all = pairs.flatMap(([, list]) => list as unknown[]);
  checkUnique(all.map(checkName));
  for (const n of all) lookup(dims, n);
  for (const [key] of pairs) if (dims.some((d) => d.name === key && !all.includes(key))) throw new ShapeError(nameTaken(key));
  const groups = pairs.map(([key, list]) => ({ name: key, from: (list as string[]).map((n) => dims.find((d) => d.name === n)!) }));
  const out: ShapeDim[] = [];
  for (const d of dims) {
    const g = groups.find((x) => x.from[0] === d);
    if (g) out.push({ name: g.name, size: g.from.reduce((n, x) => n * x.size, 1), masked: false });
    else if (!all.includes(d.name)) out.push(d);
  }
  return { dims: out, groups };
}

/**
 * The dims of `pad(widths)` and the widths by name. Twin of `Pad`.
 * @example padShape(x.shapeDims, { h: [1, 2] })
 */
export function padShape(dims: readonly ShapeDim[], widths: unknown): { dims: ShapeDim[]; widths: Map<string, readonly [number, number]> } {
  const out = new Map<string, readonly [number, number]>();
  for (const [key, w] of entries(widths, "pad")) {
    lookup(dims, key);
    if (!Array.isArray(w) || w.length !== 2) throw new ArgumentError(`pad takes [before, after] pairs such as { ${key}: [1, 1] }`);
    for (const v of w) if (!isNatural(v)) throw new ShapeError(padWidth(key, String(v)));
    out.set(key, [w[0], w[1]]);
  }
  return { dims: dims.map((d) => (out.has(d.name) ? { ...d, size: d.size + out.get(d.name)![0] + out.get(d.name)![1] } : d)), widths: out };
}

/**
 * The dims of `expand(spec)` (pairs, or an object with one key): the new dims in front. Twin of `ExpandBy`.
 * @example expandShape(x.shapeDims, { batch: 4 }) // same as expandShape(x.shapeDims, [["batch", 4]])
 */
export function expandShape(dims: readonly ShapeDim[], spec: unknown): { added: ShapeDim[]; dims: ShapeDim[] } {
  let pairs = spec;
  if (spec !== null && typeof spec === "object" && !Array.isArray(spec)) {
    const entries = Object.entries(spec);
    if (entries.length !== 1) throw new ShapeError(expandOneKey());
    pairs = entries;
  }
  const added = checkShape(pairs);
  const taken = added.find((a) => dims.some((d) => d.name === a.name));
  if (taken) throw new ShapeError(nameTaken(taken.name));
  return { added, dims: [...added, ...dims] };
}

/**
 * The dims left by `squeeze(...names)`; each named dim must have size 1. Twin of `Squeeze`.
 * @example squeezeShape(x.shapeDims, ["one"])
 */
export function squeezeShape(dims: readonly ShapeDim[], names: readonly unknown[]): { removed: ShapeDim[]; dims: ShapeDim[] } {
  checkUnique(names.map(checkName));
  const removed = names.map((n) => {
    const d = lookup(dims, n);
    if (d.size !== 1) throw new ShapeError(notSqueezable(d.name, d.size));
    return d;
  });
  return { removed, dims: dims.filter((d) => !removed.includes(d)) };
}

/**
 * The dims of `concat(operands, name)`: the first operand's order with `name`'s sizes added; every operand
 * has `name` and the same other dims with the same sizes. Twin of `Concat`.
 * @example concatShape([a.shapeDims, b.shapeDims], "t")
 */
export function concatShape(operands: readonly (readonly ShapeDim[])[], name: unknown): ShapeDim[] {
  const first = operands[0];
  if (!first) throw new ArgumentError("concat needs at least one tensor");
  const n = checkName(name);
  let total = 0;
  for (const dims of operands) {
    if (!dims.some((d) => d.name === n)) throw new ShapeError(concatMissing(n));
    total += lookup(dims, n).size;
    for (const d of first) {
      if (d.name === n) continue;
      const o = dims.find((x) => x.name === d.name);
      if (!o) throw new ShapeError(notADimension(d.name, showDims(dims)));
      if (o.size !== d.size) throw new ShapeError(sizeMismatch(d.name, d.size, o.size));
    }
    const extra = dims.find((x) => x.name !== n && !first.some((d) => d.name === x.name));
    if (extra) throw new ShapeError(notADimension(extra.name, showDims(first)));
  }
  return first.map((d) =>
    d.name === n ? { ...d, size: total } : { ...d, masked: operands.some((dims) => dims.some((x) => x.name === d.name && x.masked)) },
  );
}
