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

/** Independent float64 loops: out[b, i, e] = Σ_j softmax_j(scale · q[b, i]·k[b, j], masked) · v[b, j, e]. */
export function naiveAttention(q: Float32Array, k: Float32Array, v: Float32Array, { B, Q, K, D, E }: Sizes, scale: number, masked?: MaskFn): Float64Array {
  const out = new Float64Array(B * Q * E);
  for (let b = 0; b < B; b++)
    for (let i = 0; i < Q; i++) {
      const s: number[] = [];
      for (let j = 0; j < K; j++) {
        let dot = 0;
        for (let d = 0; d < D; d++) dot += q[(b * Q + i) * D + d]! * k[(b * K + j) * D + d]!;
        s.push(masked?.(b, i, j) ? -Infinity : dot * scale);
      }
      const m = Math.max(...s);
      const w = s.map((x) => Math.exp(x - m));
      const z = w.reduce((a, c) => a + c, 0);
      for (let e = 0; e < E; e++) out[(b * Q + i) * E + e] = w.reduce((acc, wj, j) => acc + (wj / z) * v[(b * K + j) * E + e]!, 0);
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
