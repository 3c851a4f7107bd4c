// Deterministic memory on every device in NT_DEVICES: a training loop with no yields to the event loop holds
// the same buffers after every step (the optimizer swaps its values in and frees them at once, feedValues
// replaces the fed buffer); scope(fn) frees what a block made except what it returns or keeps; `using`
// disposes; memoryStats() counts live buffers and bytes exactly.
import { describe, expect, it } from "vitest";
import { adam, crossEntropy, getDefaultDevice, keep, linear, linearParams, memoryStats, placeholder, randn, scope, zeros } from "../../src/index.js";
import { train } from "../../examples/names-transformer.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats, randomInts, rng, testSeed } from "../helpers/random.js";
import { settle } from "../helpers/gc.js";

const live = (): { bytes: number; buffers: number } => {
  const { bytes, buffers } = memoryStats()[getDefaultDevice().name]!;
  return { bytes, buffers };
};

describe.each(deviceNames)("memory on %s", (device) => {
  it("a small MLP's Adam loop (no yields) holds the same buffers after every step", async () => {
    await useDevice(device);
    const next = rng(testSeed);
    const l1 = linearParams(["feature", 16], ["hidden", 32], { seed: 1 });
    const l2 = linearParams(["hidden", 32], ["class", 4], { seed: 2 });
    const x = placeholder([["batch", 8], ["feature", 16]]);
    const y = placeholder([["batch", 8]], "int32");
    const opt = adam({ lr: 1e-2 });
    const step = async (): Promise<number> => {
      x.feedValues(randomFloats(8 * 16, -1, 1, next));
      y.feedValues(randomInts(8, 0, 4, next));
      return opt.step(() => crossEntropy(linear(linear(x, "feature", l1.weight, l1.bias).relu(), "hidden", l2.weight, l2.bias), y, "class"));
    };
    const steps = device === "cpu" ? 2000 : 300;
    for (let i = 0; i < 5; i++) await step(); // moments and kernels created
    // Never more than after warm-up, at any step (a garbage collection during an await may still free the
    // parameters' initial graphs, so the count can fall; it never rises).
    const warm = live();
    let middle = warm;
    for (let i = 0; i < steps; i++) {
      expect(Number.isFinite(await step())).toBe(true);
      if (i === steps / 2) middle = live();
      expect(live().bytes).toBeLessThanOrEqual(warm.bytes);
    }
    expect(middle.bytes).toBeLessThanOrEqual(warm.bytes);
    expect(live().bytes).toBeLessThanOrEqual(middle.bytes);
    expect(live().buffers).toBeLessThanOrEqual(middle.buffers);
  }, 120_000);

  it("the demo's transformer training loop holds no more buffers after warm-up, step after step", async () => {
    await useDevice(device);
    const steps = device === "cpu" ? 1000 : 40;
    let warm: { bytes: number; buffers: number } | undefined;
    let worst = 0;
    await train({
      steps,
      seed: testSeed % 1000,
      progress: (step) => {
        if (step === 10) warm = live();
        if (step > 10) worst = Math.max(worst, live().bytes - warm!.bytes);
      },
    });
    expect(worst).toBeLessThanOrEqual(0);
  }, 300_000);

  it("scope frees what the block made, keeps what it returns or keeps, and never an outside tensor", async () => {
    await useDevice(device);
    const outside = randn([["a", 64], ["b", 32]], { seed: 3 }).materialize();
    await settle();
    const before = live();
    let kept: ReturnType<typeof outside.exp> | undefined;
    const result = await scope(async () => {
      const h = outside.mul(2).exp().materialize(); // freed
      kept = keep(outside.add(1).materialize());
      outside.mask("a"); // a view of the outside tensor's node: not the block's to free
      return { total: h.sum(["a", "b"]), parts: [h.max("a")] };
    });
    expect(live().buffers).toBe(before.buffers + 3); // total, parts[0], kept
    expect((await result.total.data()).length).toBe(1);
    expect((await outside.data()).length).toBe(64 * 32);
    expect(kept!.isDisposed).toBe(false);
    result.total.dispose();
    result.parts[0]!.dispose();
    kept!.dispose();
    expect(live()).toEqual(before);
  });

  it("using disposes at the end of the block; memoryStats counts bytes, buffers and the peak", async () => {
    await useDevice(device);
    await settle();
    const before = live();
    let held = before;
    {
      using t = zeros([["n", 1000]]).add(1).materialize();
      expect(live().buffers).toBe(before.buffers + 1);
      expect(live().bytes).toBe(before.bytes + 4000);
      expect(memoryStats()[device]!.peakBytes).toBeGreaterThanOrEqual(before.bytes + 4000);
      expect((await t.data())[999]).toBe(1);
      // The collector may free earlier tests' buffers during the await: what the block frees is counted from here.
      held = live();
    }
    expect(live()).toEqual({ buffers: held.buffers - 1, bytes: held.bytes - 4000 });
  });
});

describe("feedValues", () => {
  it("refuses values of the wrong length or kind with a sentence", async () => {
    const p = placeholder([["batch", 2], ["seq", 3]], "int32");
    expect(() => p.feedValues(new Int32Array(5))).toThrow("feedValues of a placeholder { batch: 2, seq: 3 } int32 needs 6 values in a Int32Array or an array of numbers, not Int32Array of 5");
    expect(() => p.feedValues(new Float32Array(6) as never)).toThrow("not Float32Array of 6");
    p.feedValues([1, 2, 3, 4, 5, 6]);
    expect([...(await p.data())]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
