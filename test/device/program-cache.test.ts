// The program cache (src/backend/program-cache.ts): a graph of a structure already run replays the recorded
// program — no lowering — and gives bit-identical values to a fresh lowering, with its own params (fills,
// seeds) read from the new graph; a different structure (layout, a specialised exponent, other dims) is never
// replayed from another's program. Runs on every device in NT_DEVICES.
import { afterEach, describe, expect, it } from "vitest";
import { type Tensor, kernelStats, rand, tensor } from "../../src/index.js";
import { canonicalGraph } from "../../src/backend/program-cache.js";
import { programCache } from "../../src/backend/realize.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats, randomInts, rng, testSeed } from "../helpers/random.js";
import { expectClose, naiveDot } from "../helpers/naive.js";

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

  it("eager small ops replay with the same values and kernel counts as a fresh lowering; a changed stride, dtype or size lowers anew", async () => {
    await useDevice(device);
    const next = rng(testSeed);
    const n = 1 + Math.floor(next() * 20);
    const a = tensor(randomFloats(n * 12, -1, 1, next), [["i", n], ["k", 12]]) as Any;
    const b = tensor(randomFloats(12 * 9, -1, 1, next), [["k", 12], ["j", 9]]) as Any;
    const ai = tensor(randomInts(n * 12, -5, 5, next), [["i", n], ["k", 12]], { dtype: "int32" }) as Any;
    const bi = tensor(randomInts(12 * 9, -5, 5, next), [["k", 12], ["j", 9]], { dtype: "int32" }) as Any;
    const a2 = tensor(randomFloats((n + 1) * 12, -1, 1, next), [["i", n + 1], ["k", 12]]) as Any;
    const at = a.transpose("k", "i").contiguous().materialize().transpose("i", "k"); // same dims, other strides
    const builds: [string, () => Any][] = [
      ["matmul", () => a.dot("k", b)],
      ["matmul, strided input", () => at.dot("k", b)],
      ["matmul, int32", () => ai.dot("k", bi)],
      ["matmul, another size", () => a2.dot("k", b)],
      ["affine", () => a.mul(2).add(1)],
      ["affine, int32", () => ai.mul(2).add(1)],
    ];
    for (const [what, make] of builds) {
      // each structure: first run (cache on) lowers, never replays another structure's program
      const s0 = kernelStats();
      const first = await values(make(), true);
      const s1 = kernelStats();
      expect([what, s1.lowerings - s0.lowerings, s1.replays - s0.replays]).toEqual([what, 1, 0]);
      // the repeat replays, with the same launches as a fresh lowering and bit-identical values
      const replayed = await values(make(), true);
      const s2 = kernelStats();
      expect([what, s2.lowerings - s1.lowerings, s2.replays - s1.replays]).toEqual([what, 0, 1]);
      const fresh = await values(make(), false);
      const s3 = kernelStats();
      expect([what, s3.launches - s2.launches, s3.compiled - s2.compiled]).toEqual([what, s2.launches - s1.launches, s2.compiled - s1.compiled]);
      expect([...replayed]).toEqual([...fresh]);
      expect([...replayed]).toEqual([...first]);
    }
    // and the replayed values are right
    const want = naiveDot(await at.data(), [["i", n], ["k", 12]], await b.data(), [["k", 12], ["j", 9]], ["k"], [["i", n], ["j", 9]]);
    expectClose(await values(at.dot("k", b), true), want);
  });
});

describe.runIf(deviceNames.length > 1)("an eager op over tensors on two devices", () => {
  it("is refused with the DeviceError naming both, for a small graph and for a large one", async () => {
    const [d0, d1] = deviceNames as [string, string];
    await useDevice(d0);
    const a = tensor(randomFloats(6), [["i", 2], ["k", 3]]) as Any;
    const b = (await (tensor(randomFloats(12), [["k", 3], ["j", 4]]) as Any).to(d1)) as Any;
    const sentence = `these tensors live on different devices, ${d0} and ${d1}`;
    expect(() => a.dot("k", b).materialize()).toThrow(sentence);
    let big: Any = a.exp();
    for (let i = 0; i < 40; i++) big = big.mul(1.01).add(a);
    expect(() => big.dot("k", b).materialize()).toThrow(sentence);
  });
});
