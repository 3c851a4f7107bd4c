// Generated Wasm kernels against the float64 reference interpreter: a corpus of fused expressions at odd
// sizes (1, 7, 33, 257 …), non-contiguous inputs, masks and NaN/Infinity, plus random expression trees.
// Tolerances: elementwise float32 math is within a few ulps (rtol 2e-6 with an absolute floor for values
// near zero); reductions reorder float32 sums (rtol/atol grow with the reduced length, ~1e-5 here).
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/backend/cpu/reference.js";
import { type Tensor, tensor } from "../../src/index.js";
import { expectClose, expectCloseConditioned } from "../helpers/naive.js";
import { randomFloats, rng, testSeed } from "../helpers/random.js";

type Any = Tensor<any, any>;
const t = (dims: [string, number][], lo = -2, hi = 2): Any => tensor(randomFloats(dims.reduce((n, [, z]) => n * z, 1), lo, hi), dims as any) as Any;

/** The reference values (computed before the graph is consumed), then the Wasm values. */
function both(x: Any): [Float64Array, ArrayLike<number>] {
  const exact = evaluate(x.node);
  const want = x.dtype === "float32" ? exact.map(Math.fround) : exact;
  return [want, x.dataSync()];
}

const sizes = [1, 7, 33, 257];
describe("Wasm kernels match the reference", () => {
  for (const n of sizes) {
    it(`elementwise chains at ${n}`, () => {
      const x = t([["i", n], ["j", 5]]);
      const [want, got] = both(x.neg().exp().add(1).pow(-1).mul(t([["j", 5]])).sub(x.tanh()).abs().add(1).sqrt());
      expectClose(got, want, 2e-6, 1e-6);
    });
    it(`reductions and softmax at ${n}`, () => {
      const x = t([["r", 3], ["c", n]], -30, 30);
      // A float32 sum of terms up to 30 in size can cancel to a small total: its error follows Σ|x|, not the total.
      const values = Array.from(x.dataSync());
      const rowAbs = Math.max(...[0, 1, 2].map((r) => values.slice(r * n, (r + 1) * n).reduce((a, v) => a + Math.abs(v), 0)));
      const sums: Any[] = [x.sum("c"), x.mean("c")];
      for (const y of [...sums, x.max("c"), x.min("c"), x.softmax("c"), x.logsumexp("c"), x.logSoftmax("c"), x.variance("c"), x.argmax("c")]) {
        const [want, got] = both(y);
        const scale = y === sums[0] ? rowAbs : y === sums[1] ? rowAbs / n : 0;
        expectClose(got, want, 1e-5, 1e-5 + 2e-7 * scale);
      }
    });
    it(`contraction with epilogue at ${n}`, () => {
      const [want, got] = both(t([["i", n], ["k", 9]]).dot("k", t([["k", 9], ["j", 6]])).add(t([["j", 6]])).relu());
      expectClose(got, want, 1e-5, 1e-5);
    });
  }
  it("integer and bool kernels", () => {
    const a = tensor(Int32Array.from({ length: 40 }, (_, i) => (i * 7919) % 23 - 11), [["i", 8], ["j", 5]]);
    const b = tensor(Int32Array.from({ length: 5 }, (_, i) => i - 2), [["j", 5]]);
    for (const y of [a.add(b), a.mul(b), a.maximum(b), a.abs(), a.sign(), a.sum("j"), a.max("i"), a.gt(b), a.eq(b).logicalOr(a.lt(0)), a.cast("float32").div(3)] as Any[]) {
      const [want, got] = both(y);
      expectClose(got, want, 0, 1e-6);
    }
  });
  it("NaN and Infinity pass through", () => {
    const x = tensor(new Float32Array([NaN, Infinity, -Infinity, 0, -0, 1, -1, 3e38, -3e38, 1e-40, 5, 6]), [["i", 3], ["j", 4]]);
    for (const y of [x.exp(), x.log(), x.tanh(), x.sign(), x.max("j"), x.sum("j"), x.softmax("j"), x.mul(2), x.sqrt(), x.round()] as Any[]) {
      const [want, got] = both(y);
      expectClose(got, want, 2e-6, 1e-30);
    }
  });
  it("random values and scans", () => {
    const x = t([["r", 4], ["c", 33]]);
    for (const y of [x.cumsum("c"), x.sort("c").values, x.sort("c", { descending: true }).indices] as Any[]) {
      const [want, got] = both(y);
      expectClose(got, want, 1e-5, 1e-5);
    }
  });
});

// A small fuzzer: random trees of unary/binary/reduction ops over named dims drawn from a pool.
describe(`random expressions (seed ${testSeed})`, () => {
  const next = rng(testSeed ^ 0x5eed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const pool: [string, number][] = [["a", 3], ["b", 17], ["c", 5], ["d", 1], ["e", 9]];
  const leaf = (): Any => {
    const dims = pool.filter(() => next() < 0.5);
    return t(dims.length ? dims : [pick(pool)], -1.5, 1.5);
  };
  const grow = (depth: number): Any => {
    if (depth === 0) return leaf();
    const x = grow(depth - 1);
    const r = next();
    if (r < 0.3) return pick(["exp", "tanh", "abs", "neg", "sin", "sigmoid", "relu"] as const) === "exp" ? x.exp().mul(0.1) : (x as any)[pick(["tanh", "abs", "neg", "sin", "sigmoid", "relu"])]();
    if (r < 0.7) return (x as any)[pick(["add", "sub", "mul", "maximum"])](grow(depth - 1));
    const names = x.dims as string[];
    return names.length > 1 ? (x as any)[pick(["sum", "max", "mean", "softmax"])](pick(names)) : x.mul(2);
  };
  for (let i = 0; i < 40; i++) {
    it(`expression ${i}`, () => {
      let y: Any;
      try {
        y = grow(1 + Math.floor(next() * 4));
      } catch {
        return; // a random pairing can mismatch sizes? (the pool fixes sizes per name, so it does not)
      }
      // Random trees can be ill-conditioned (sin of exp of a 17-term sum): the tolerance follows the rounding.
      const ref = { exact: evaluate(y.node), rounded: evaluate(y.node, new Map(), { float32: true }) };
      expectCloseConditioned(y.dataSync(), ref, 2e-5, 2e-5);
    });
  }
});
