// The program cache (src/backend/program-cache.ts): a graph of a structure already run replays the recorded
// program — no lowering — and gives bit-identical values to a fresh lowering, with its own params (fills,
// seeds) read from the new graph; a different structure (layout, a specialised exponent, other dims) is never
// replayed from another's program. Runs on every device in NT_DEVICES.
import { afterEach, describe, expect, it } from "vitest";
import { type Tensor, kernelStats, rand, tensor } from "../../src/index.js";
import { canonicalGraph } from "../../src/backend/program-cache.js";
import { programCache } from "../../src/backend/realize.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats, rng, testSeed } from "../helpers/random.js";

type Any = Tensor<any, any>;

/** A step-like program: a contraction with a prologue and an epilogue, a softmax, a random draw, constants. */
function build(x: Float32Array, w: Float32Array, scale: number, seed: number): Any {
  const xt = tensor(x, [["b", 5], ["k", 19]]) as Any;
  const wt = tensor(w, [["k", 19], ["j", 7]]) as Any;
  const noise = rand([["b", 5], ["j", 7]], { seed }) as Any;
  return xt.tanh().dot("k", wt).mul(scale).add(noise).softmax("j").pow(2).sum("b");
}

/** Values of `t` computed now, with the program cache on or off. */
async function values(t: Any, cached: boolean): Promise<Float32Array> {
  const was = programCache.enabled;
  programCache.enabled = cached;
  try {
    return Float32Array.from(await t.data());
  } finally {
    programCache.enabled = was;
  }
}

describe.each(deviceNames)("program cache on %s", (device) => {
  afterEach(() => {
    programCache.enabled = true;
  });

  it("a repeated structure replays its program, bit-identical to a fresh lowering, with its own params", async () => {
    await useDevice(device);
    const next = rng(testSeed);
    const inputs = () => [randomFloats(5 * 19, -2, 2, next), randomFloats(19 * 7, -1, 1, next)] as const;
    await values(build(...inputs(), 0.5, 1), true); // records the program
    for (const [scale, seed] of [[0.25, 2], [3, 7]] as const) {
      const [x, w] = inputs();
      const before = kernelStats();
      const replayed = await values(build(x, w, scale, seed), true);
      const after = kernelStats();
      expect(after.replays - before.replays).toBe(1);
      expect(after.lowerings - before.lowerings).toBe(0);
      const fresh = await values(build(x, w, scale, seed), false);
      expect([...replayed]).toEqual([...fresh]);
    }
  });

  it("a specialised exponent, a layout or a size is structure: no program is replayed across them", () => {
    const x = tensor(randomFloats(12), [["a", 3], ["b", 4]]) as Any;
    const key = (t: Any): string => canonicalGraph([t.node]).key;
    expect(key(x.pow(2))).not.toBe(key(x.pow(2.5)));
    expect(key(x.pow(2.5))).toBe(key(x.pow(1.5))); // a general exponent is a param
    expect(key(x.mul(2))).toBe(key(x.mul(3))); // only an exponent is specialised
    const materialized = x.transpose("b", "a").contiguous().materialize();
    const strided = x.materialize().transpose("b", "a");
    expect(key(materialized.exp())).not.toBe(key(strided.exp()));
    expect(key(x.exp())).not.toBe(key((tensor(randomFloats(15), [["a", 3], ["b", 5]]) as Any).exp()));
    expect(key(x.sum("a"))).not.toBe(key(x.sum("b")));
  });
});
