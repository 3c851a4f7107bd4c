// Layer: src/backend/cpu. The routines (src/backend/kernel/routine.ts) as tight typed-array loops on the host:
// a stable sort per row, and a scatter-add in the values' row-major order (so its float32 sums are the same
// on every run). Also what the kernel interpreter runs for a routine step. Imports the routine descriptions
// and the error sentences only.
import { ShapeError, indexRangeAt } from "../../types/errors.js";
import type { ScatterAddRoutine, SortRoutine } from "../kernel/routine.js";

type Values = { [i: number]: number; readonly length: number };

/**
 * Writes into `out` the positions that sort each row of `keys` (stable; NaN after +Infinity ascending, before
 * it descending).
 * @example sortPositions({ kind: "sort", descending: false, keyType: "f32", n: 3, stride: 1, total: 3 }, [3, 1, 2], out) // out = [1, 2, 0]
 */
export function sortPositions(r: SortRoutine, keys: Values, out: Values): void {
  const { n, stride, total, descending } = r;
  const order = new Array<number>(n);
  const rank = (v: number): number => (Number.isNaN(v) ? Infinity : v);
  for (let start = 0; start < total; start++) {
    if (Math.floor(start / stride) % n !== 0) continue;
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((i, j) => {
      const [a, b] = [keys[start + i * stride]!, keys[start + j * stride]!];
      const c = descending
        ? rank(b) - rank(a) || Number(Number.isNaN(b)) - Number(Number.isNaN(a))
        : rank(a) - rank(b) || Number(Number.isNaN(a)) - Number(Number.isNaN(b));
      return c || i - j;
    });
    for (let i = 0; i < n; i++) out[start + i * stride] = order[i]!;
  }
}

/**
 * out = 0, then adds each value at the position its index names (see ScatterAddRoutine); throws a ShapeError
 * naming the dim, the index, its position and the bound for an index out of range.
 * @example scatterAdd({ kind: "scatterAdd", sizes: [3], indexStrides: [1], outStrides: [0], axisStride: 1, limit: 2, dim: "v", outLength: 2 }, [1, 2, 4], [1, 0, 1], out) // out = [2, 5]
 */
export function scatterAdd(r: ScatterAddRoutine, values: Values, index: Values, out: Values): void {
  for (let i = 0; i < r.outLength; i++) out[i] = 0;
  const { sizes, indexStrides, outStrides, axisStride, limit } = r;
  // The last dim is a tight inner run (an embedding row, a graph layer's features: one index for the whole run
  // when its index stride is 0); an odometer steps the outer dims. The values are added in row-major order.
  const last = sizes.length - 1;
  const [inner, ks, os] = last < 0 ? [1, 0, 0] : [sizes[last]!, indexStrides[last]!, outStrides[last]!];
  let outer = 1;
  for (let d = 0; d < last; d++) outer *= sizes[d]!;
  const at = new Array<number>(Math.max(0, last)).fill(0);
  let [k, o, flat] = [0, 0, 0];
  for (let p = 0; p < outer; p++) {
    if (ks === 0) {
      const i = index[k]!;
      if (!(i >= 0 && i < limit)) throw new ShapeError(indexRangeAt(i, r.dim, limit, k));
      for (let j = 0, to = o + i * axisStride; j < inner; j++, to += os) out[to] = out[to]! + values[flat + j]!;
    } else {
      for (let j = 0; j < inner; j++) {
        const i = index[k + j * ks]!;
        if (!(i >= 0 && i < limit)) throw new ShapeError(indexRangeAt(i, r.dim, limit, k + j * ks));
        const to = o + j * os + i * axisStride;
        out[to] = out[to]! + values[flat + j]!;
      }
    }
    flat += inner;
    // Odometer step over the outer dims, moving the index and output addresses along.
    for (let d = last - 1; d >= 0; d--) {
      at[d]!++;
      k += indexStrides[d]!;
      o += outStrides[d]!;
      if (at[d]! < sizes[d]!) break;
      k -= indexStrides[d]! * sizes[d]!;
      o -= outStrides[d]! * sizes[d]!;
      at[d] = 0;
    }
  }
}
