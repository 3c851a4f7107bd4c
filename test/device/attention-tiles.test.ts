// The fused attention kernel at the edges of the CPU's flash tiles (cpu/wasm/online.ts: 8 queries × 16 keys per
// tile, the queries after the last whole tile and the keys after the last whole block in the per-key forms, the
// value update 4 or 8 lanes of e wide): sequences not a multiple of the tile, one query or one key, head sizes
// not a multiple of 4, causal and padding masks and private batch dims, on fresh random inputs against float64
// loops, on every device. test/unit/attention-flash.test.ts checks which shapes take the flash form.
import { beforeAll, describe, expect, it } from "vitest";
import { arange, kernelStats, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { loose } from "../helpers/gradcheck.js";
import { type Sizes, attentionInputs, naiveAttention } from "../helpers/attention.js";
import { expectClose } from "../helpers/naive.js";
import { randomInts } from "../helpers/random.js";

type Any = any;

const inputs = (s: Sizes, batch?: [string, number][]) => attentionInputs(s, batch, 2);

async function fused(f: () => Any): Promise<Float32Array> {
  const before = kernelStats().launches;
  const values = (await f().data()) as Float32Array;
  expect(kernelStats().launches - before).toBe(1);
  return values;
}

describe.each(deviceNames)("attention at the flash tiles' edges on %s", (device) => {
  beforeAll(() => useDevice(device));

  const sizes: Sizes[] = [
    { B: 2, Q: 1, K: 1, D: 8, E: 8 }, // one query, one key
    { B: 1, Q: 1, K: 40, D: 16, E: 8 }, // one query: no whole tile
    { B: 2, Q: 8, K: 16, D: 8, E: 8 }, // exactly one tile, one block
    { B: 2, Q: 9, K: 17, D: 8, E: 4 }, // one past each: a row and a key in the per-key forms
    { B: 2, Q: 23, K: 47, D: 13, E: 12 }, // d not a multiple of 4, e a multiple of 4 but not of 8
    { B: 1, Q: 17, K: 15, D: 3, E: 16 }, // fewer keys than a block
    { B: 2, Q: 16, K: 64, D: 32, E: 32 },
  ];
  for (const s of sizes)
    it(`b${s.B} q${s.Q} key${s.K} d${s.D} e${s.E}, scaled: the float64 loops' values`, async () => {
      const { qa, ka, va, q, k, v } = inputs(s);
      const scale = 0.35;
      const values = await fused(() => q.dot("d", k).mul(scale).softmax("key").dot("key", v));
      expectClose(values, naiveAttention(qa, ka, va, s, scale), 2e-4, 2e-5);
    });

  it("random sizes around the tiles, causal: the float64 loops' values", async () => {
    const [Q, K, D] = [8 + randomInts(1, 0, 25)[0]!, 8 + randomInts(1, 0, 40)[0]!, 1 + randomInts(1, 0, 20)[0]!];
    const s: Sizes = { B: 2, Q, K, D, E: 4 * (1 + randomInts(1, 0, 4)[0]!) };
    const { qa, ka, va, q, k, v } = inputs(s);
    const later = arange("key", s.K).dynamic().gt(arange("q", s.Q).dynamic());
    const values = await fused(() => q.dot("d", k).mul(0.5).maskedFill(later, -Infinity).softmax("key").dot("key", v));
    const want = naiveAttention(qa, ka, va, s, 0.5, (_b, i, j) => j > i);
    // a query past every key (Q > K) has all its keys masked: NaN, as softmax gives
    expectClose(values, want, 2e-4, 2e-5);
  });

  it("a padding mask per batch, one batch with no keys (NaN), one with keys in the first block only", async () => {
    const s: Sizes = { B: 4, Q: 19, K: 40, D: 8, E: 8 };
    const lengths = Int32Array.from([40, 1 + (randomInts(1, 0, 38)[0]! | 0), 5, 0]);
    const { qa, ka, va, q, k, v } = inputs(s);
    const pad = arange("key", s.K, { dtype: "int32" }).dynamic().ge(loose(tensor(lengths, [["b", s.B]])));
    const values = await fused(() => q.dot("d", k).maskedFill(pad, -Infinity).softmax("key").dot("key", v));
    const want = naiveAttention(qa, ka, va, s, 1, (b, _i, j) => j >= lengths[b]!);
    expect(Array.from(values.slice(3 * s.Q * s.E)).every(Number.isNaN)).toBe(true);
    expectClose(values, want, 2e-4, 2e-5);
  });

  it("private (masked) batch dims around the tiles", async () => {
    const s: Sizes = { B: 6, Q: 11, K: 21, D: 12, E: 8 };
    const { qa, ka, va, q, k, v } = inputs(s, [["h", 2], ["b", 3]]);
    const [mq, mk, mv] = [q.mask("h", "b"), k.mask("h", "b"), v.mask("h", "b")];
    const values = await fused(() => mq.dot("d", mk).mul(0.25).softmax("key").dot("key", mv).unmask());
    expectClose(values, naiveAttention(qa, ka, va, s, 0.25), 2e-4, 2e-5);
  });
});
