// Layer: src/sparse. The storage of a sparse tensor (taco §3), as plain typed arrays: one level per dim in
// storage order — dense (its size only), compressed (pos: where each parent entry's segment of idx starts,
// with a final sentinel; idx: the coordinates present, sorted within each segment), singleton (idx: one
// coordinate per parent entry) — and the values, one per entry of the last level. Packing sorts coordinates
// in level order and sums duplicates; every walk of the storage is iterative over the levels. Imports
// src/types and src/shape only.
import type { CheckedLevel } from "../shape/sparse.js";

/** One stored level. `pos` only for compressed levels, `idx` for compressed and singleton ones. */
export interface StoredLevel extends CheckedLevel {
  readonly pos?: Int32Array;
  readonly idx?: Int32Array;
}

/** A whole sparse storage: the levels in storage order and the values of the last level's entries. */
export interface SparseStorage {
  readonly levels: readonly StoredLevel[];
  readonly vals: Float32Array;
}

/** Coordinates per level (in storage order), one entry per value. */
export type LevelCoordinates = readonly Int32Array[];

/**
 * The entries sorted lexicographically by their coordinates in level order, with duplicates summed (in
 * float64, rounded once): what every format packs from.
 * @example sortAndSum([new Int32Array([1, 0, 1]), new Int32Array([0, 2, 0])], [1, 2, 3]) // coords [[0,1],[2,0]], values [2, 4]
 */
export function sortAndSum(coords: LevelCoordinates, values: ArrayLike<number>): { coords: Int32Array[]; values: Float64Array } {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    for (const c of coords) {
      const d = c[a]! - c[b]!;
      if (d !== 0) return d;
    }
    return a - b;
  });
  const outCoords = coords.map(() => new Int32Array(n));
  const out = new Float64Array(n);
  let m = 0;
  for (let k = 0; k < n; k++) {
    const e = order[k]!;
    const same = m > 0 && coords.every((c, l) => outCoords[l]![m - 1] === c[e]);
    if (same) out[m - 1]! += values[e]!;
    else {
      coords.forEach((c, l) => (outCoords[l]![m] = c[e]!));
      out[m++] = values[e]!;
    }
  }
  return { coords: outCoords.map((c) => c.slice(0, m)), values: out.slice(0, m) };
}

/** Whether level `l` keeps repeated coordinates (a compressed level over a singleton one: COO). */
const repeats = (levels: readonly CheckedLevel[], l: number): boolean => levels[l]!.kind === "compressed" && levels[l + 1]?.kind === "singleton";

/**
 * The most positions a level of `levels` holds for `entries` stored values: a dense level has every coordinate
 * under each parent position, a compressed or singleton one at most the entries. What packing allocates.
 * @example storedPositions(csrLevels(2e9 rows, 5 columns), 1) // 2e9: a row pointer per row, for one entry
 */
export function storedPositions(levels: readonly CheckedLevel[], entries: number): number {
  let count = 1;
  let most = 1;
  for (const l of levels) {
    count = l.kind === "dense" ? count * l.size : Math.min(count * l.size, entries);
    most = Math.max(most, count);
  }
  return most;
}

/**
 * Packs entries that are sorted and free of duplicates (sortAndSum) into the levels of a format. A dense
 * level below a sparse one stores every coordinate (explicit zeros: block-sparse tiles).
 * @example pack(csrLevels, sorted.coords, sorted.values).levels[1].pos // the row pointers
 */
export function pack(levels: readonly CheckedLevel[], coords: LevelCoordinates, values: ArrayLike<number>): SparseStorage {
  const n = values.length;
  let parent = new Int32Array(n); // each entry's position in the previous level (one root position)
  let parentCount = 1;
  const stored: StoredLevel[] = [];
  levels.forEach((level, l) => {
    const c = coords[l]!;
    const at = new Int32Array(n);
    if (level.kind === "dense") {
      for (let e = 0; e < n; e++) at[e] = parent[e]! * level.size + c[e]!;
      stored.push(level);
      parentCount *= level.size;
    } else if (level.kind === "singleton") {
      const idx = new Int32Array(parentCount);
      for (let e = 0; e < n; e++) idx[(at[e] = parent[e]!)] = c[e]!;
      stored.push({ ...level, idx });
    } else {
      const pos = new Int32Array(parentCount + 1);
      const idx: number[] = [];
      const keepRepeats = repeats(levels, l);
      for (let e = 0; e < n; e++) {
        const fresh = e === 0 || keepRepeats || parent[e] !== parent[e - 1] || c[e] !== c[e - 1];
        if (fresh) {
          idx.push(c[e]!);
          pos[parent[e]! + 1]!++;
        }
        at[e] = idx.length - 1;
      }
      for (let p = 0; p < parentCount; p++) pos[p + 1]! += pos[p]!;
      stored.push({ ...level, pos, idx: Int32Array.from(idx) });
      parentCount = idx.length;
    }
    parent = at;
  });
  const vals = new Float32Array(parentCount);
  for (let e = 0; e < n; e++) vals[parent[e]!] = values[e]!;
  return { levels: stored, vals };
}

/**
 * Calls `fn` for every stored entry in storage order with its coordinates (in level order) and its position in
 * `vals` — explicit zeros of dense levels included.
 * @example forEachEntry(s, (coords, p) => console.log(coords, s.vals[p]))
 */
export function forEachEntry(storage: SparseStorage, fn: (coords: Int32Array, position: number) => void): void {
  const { levels } = storage;
  const depth = levels.length;
  const coords = new Int32Array(depth);
  if (depth === 0) return fn(coords, 0);
  // An explicit stack: per level, the current position and the end of its range.
  const cur = new Int32Array(depth);
  const end = new Int32Array(depth);
  const enter = (l: number, parent: number): void => {
    const level = levels[l]!;
    if (level.kind === "dense") [cur[l], end[l]] = [parent * level.size, (parent + 1) * level.size];
    else if (level.kind === "singleton") [cur[l], end[l]] = [parent, parent + 1];
    else [cur[l], end[l]] = [level.pos![parent]!, level.pos![parent + 1]!];
  };
  enter(0, 0);
  let l = 0;
  while (l >= 0) {
    if (cur[l]! >= end[l]!) {
      l--;
      if (l >= 0) cur[l]!++;
      continue;
    }
    const level = levels[l]!;
    const p = cur[l]!;
    coords[l] = level.kind === "dense" ? p % level.size : level.idx![p]!;
    if (l === depth - 1) {
      fn(coords, p);
      cur[l]!++;
    } else enter(++l, p);
  }
}

/** The number of stored values (explicit zeros included), i.e. the entries of the last level. @example storedCount(s) // s.vals.length */
export const storedCount = (s: SparseStorage): number => s.vals.length;
