// The attention suites' float64 reference and inputs: q [batch…, q, d], k [batch…, key, d], v [batch…, key, e]
// as random float32 tensors (materialised, loose types), and softmax(scale · q·k, masked) · v by plain loops.
import { tensor } from "../../src/index.js";
import { loose } from "./gradcheck.js";
import { randomFloats } from "./random.js";

/** Which (batch, query, key) scores are masked out (−∞). */
export type MaskFn = (b: number, i: number, j: number) => boolean;
/** Batch, queries, keys, the q·k dim and the value dim. */
export interface Sizes {
  readonly B: number;
  readonly Q: number;
  readonly K: number;
  readonly D: number;
  readonly E: number;
}

/** Independent float64 loops: row (b, i) of P = softmax_j(scale · q[b, i]·k[b, j], masked), over the keys j. */
export function naiveProbabilities(q: Float32Array, k: Float32Array, { Q, K, D }: Sizes, b: number, i: number, scale: number, masked?: MaskFn): number[] {
  const s: number[] = [];
  for (let j = 0; j < K; j++) {
    let dot = 0;
    for (let d = 0; d < D; d++) dot += q[(b * Q + i) * D + d]! * k[(b * K + j) * D + d]!;
    s.push(masked?.(b, i, j) ? -Infinity : dot * scale);
  }
  const m = Math.max(...s);
  const z = s.reduce((a, x) => a + Math.exp(x - m), 0);
  return s.map((x) => Math.exp(x - m) / z);
}

/** Independent float64 loops: out[b, i, e] = Σ_j softmax_j(scale · q[b, i]·k[b, j], masked) · v[b, j, e]. */
export function naiveAttention(q: Float32Array, k: Float32Array, v: Float32Array, sizes: Sizes, scale: number, masked?: MaskFn): Float64Array {
  const { B, Q, K, E } = sizes;
  const out = new Float64Array(B * Q * E);
  for (let b = 0; b < B; b++)
    for (let i = 0; i < Q; i++) {
      const p = naiveProbabilities(q, k, sizes, b, i, scale, masked);
      for (let e = 0; e < E; e++) out[(b * Q + i) * E + e] = p.reduce((acc, pj, j) => acc + pj * v[(b * K + j) * E + e]!, 0);
    }
  return out;
}

/** Random q and k in [−range, range), v in [−1, 1), with the batch dims given (one `b` of s.B by default). */
export function attentionInputs(s: Sizes, batch: [string, number][] = [["b", s.B]], range = 1) {
  const [qa, ka, va] = [randomFloats(s.B * s.Q * s.D, -range, range), randomFloats(s.B * s.K * s.D, -range, range), randomFloats(s.B * s.K * s.E, -1, 1)];
  const q = loose(tensor(qa, [...batch, ["q", s.Q], ["d", s.D]])).materialize();
  const k = loose(tensor(ka, [...batch, ["key", s.K], ["d", s.D]])).materialize();
  const v = loose(tensor(va, [...batch, ["key", s.K], ["e", s.E]])).materialize();
  return { qa, ka, va, q, k, v };
}
