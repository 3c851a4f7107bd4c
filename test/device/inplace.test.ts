// In-place updates of a traced step (realize.ts bindOn/runBound, src/state/trace.ts): where the device allows
// it, a variable's or moment's new value is written over its old buffer by the kernel that reads the old value
// last, at the element it writes. The traced Adam step stays bit-identical to the untraced one over several
// steps on fresh random data; a user's tensor sharing the variable's buffer keeps its values (the step falls
// back to a new buffer); an update whose kernel reads the old value elsewhere (transposed) falls back and is
// still right; and the peak memory of a step drops by at least the parameters' size. On every device in
// NT_DEVICES (a device that does not write in place, WebGPU, runs every case as copy-and-swap).
import { describe, expect, it } from "vitest";
import { type Tensor, adam, crossEntropy, getDefaultDevice, linear, linearParams, memoryStats, tensor, variable } from "../../src/index.js";
import { inPlaceUpdates } from "../../src/backend/realize.js";
import type { LiveBuffers } from "../../src/backend/device-contract.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats, randomInts, rng, testSeed } from "../helpers/random.js";

type X = Tensor<[["batch", 8], ["feature", number]]>;
type Y = Tensor<[["batch", 8]], "int32">;

/** An MLP feature → hidden (relu) → 5 classes with its own variables (the same initial values for a seed). */
function mlp(seed: number, feature = 12, hidden = 16) {
  const l1 = linearParams(["feature", feature], ["hidden", hidden], { seed });
  const l2 = linearParams(["hidden", hidden], ["class", 5], { seed: seed + 1 });
  const loss = (x: X, y: Y) => crossEntropy(linear(linear(x, "feature", l1.weight, l1.bias).relu(), "hidden", l2.weight, l2.bias), y, "class");
  return { loss, params: [l1.weight, l1.bias, l2.weight, l2.bias] as Tensor<any, any>[] };
}

const batch = (next: () => number, feature = 12): [X, Y] => [
  tensor(randomFloats(8 * feature, -1, 1, next), [["batch", 8], ["feature", feature]]) as X,
  tensor(randomInts(8, 0, 5, next), [["batch", 8]], { dtype: "int32" }) as Y,
];

const bufferOf = (t: Tensor<any, any>) => t.node.storage!.buffer;
const inPlace = () => getDefaultDevice().writesInPlace === true;

describe.each(deviceNames)("in-place updates on %s", (device) => {
  it("a traced Adam step writing in place is bit-identical to the untraced step, step after step", async () => {
    await useDevice(device);
    const next = rng(testSeed + 11);
    const [eager, traced] = [mlp(21), mlp(21)];
    const [optE, optT] = [adam({ lr: 1e-2 }), adam({ lr: 1e-2 })];
    const step = optT.trace(traced.loss);
    let buffers: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const [x, y] = batch(next);
      expect(await step(x, y), `step ${i}, seed ${testSeed}`).toBe(await optE.step(() => eager.loss(x, y)));
      // from the second step on every variable keeps its buffer where the device writes in place
      if (i >= 2) expect(traced.params.map(bufferOf).map((b, j) => b === buffers[j])).toEqual(traced.params.map(() => inPlace()));
      buffers = traced.params.map(bufferOf);
    }
    for (const [i, p] of eager.params.entries()) expect([...(await traced.params[i]!.data())], `variable ${i}, seed ${testSeed}`).toEqual([...(await p.data())]);
  });

  it("the untraced opt.step writes in place too, bit-identical to copy-and-swap", async () => {
    await useDevice(device);
    const next = rng(testSeed + 18);
    const [copy, inplace] = [mlp(25), mlp(25)];
    const [optC, optP] = [adam({ lr: 1e-2 }), adam({ lr: 1e-2 })];
    let buffers: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const [x, y] = batch(next);
      inPlaceUpdates.enabled = false;
      let want: number;
      try {
        want = await optC.step(() => copy.loss(x, y));
      } finally {
        inPlaceUpdates.enabled = true;
      }
      expect(await optP.step(() => inplace.loss(x, y)), `step ${i}, seed ${testSeed}`).toBe(want);
      if (i >= 2) expect(inplace.params.map(bufferOf).map((b, j) => b === buffers[j])).toEqual(inplace.params.map(() => inPlace()));
      expect(copy.params.map(bufferOf).some((b, j) => b === bufferOf(inplace.params[j]!))).toBe(false);
      buffers = inplace.params.map(bufferOf);
    }
    for (const [i, p] of copy.params.entries()) expect([...(await inplace.params[i]!.data())], `variable ${i}, seed ${testSeed}`).toEqual([...(await p.data())]);
  });

  it("a tensor the user keeps that shares a variable's buffer keeps its values; the step falls back, then writes in place again", async () => {
    await useDevice(device);
    const next = rng(testSeed + 12);
    const [eager, traced] = [mlp(23), mlp(23)];
    const [optE, optT] = [adam({ lr: 1e-2 }), adam({ lr: 1e-2 })];
    const step = optT.trace(traced.loss);
    for (let i = 0; i < 2; i++) {
      const [x, y] = batch(next);
      expect(await step(x, y)).toBe(await optE.step(() => eager.loss(x, y)));
    }
    const W = traced.params[0] as Tensor<[["feature", 12], ["hidden", 16]]>;
    const alias = W.rename({ feature: "f" }); // a view: the same buffer, no copy
    expect(bufferOf(alias)).toBe(bufferOf(W));
    const old = [...(await W.data())];
    const before = bufferOf(W);
    const [x, y] = batch(next);
    expect(await step(x, y), `seed ${testSeed}`).toBe(await optE.step(() => eager.loss(x, y)));
    expect(bufferOf(W)).not.toBe(before); // copy-and-swap: the alias still holds the old buffer
    expect([...(await alias.data())]).toEqual(old);
    expect([...(await W.data())]).toEqual([...(await eager.params[0]!.data())]);
    alias.dispose();
    const kept = bufferOf(W);
    const [x2, y2] = batch(next);
    expect(await step(x2, y2), `seed ${testSeed}`).toBe(await optE.step(() => eager.loss(x2, y2)));
    expect(bufferOf(W) === kept).toBe(inPlace());
    for (const [i, p] of eager.params.entries()) expect([...(await traced.params[i]!.data())], `variable ${i}, seed ${testSeed}`).toEqual([...(await p.data())]);
  });

  it("an argument that is the variable's own tensor is never written over", async () => {
    await useDevice(device);
    const next = rng(testSeed + 13);
    const make = () => variable(tensor(randomFloats(6 * 6, -1, 1, rng(testSeed + 14)), [["i", 6], ["j", 6]]));
    const [wE, wT] = [make(), make()];
    const [optE, optT] = [adam({ lr: 1e-2 }), adam({ lr: 1e-2 })];
    const loss = (w: Tensor<[["i", 6], ["j", 6]]>, x: Tensor<[["i", 6], ["j", 6]]>) => w.mul(x).mul(x).sum(["i", "j"]);
    const step = optT.trace((x: Tensor<[["i", 6], ["j", 6]]>) => loss(wT, x));
    for (let i = 0; i < 3; i++) {
      const x = tensor(randomFloats(36, -1, 1, next), [["i", 6], ["j", 6]]);
      expect(await step(x)).toBe(await optE.step(() => loss(wE, x)));
    }
    // the variable itself given as the argument: its buffer is read as x while the update would write it
    const old = [...(await wT.data())];
    const same = tensor(old, [["i", 6], ["j", 6]]); // the same values, for the untraced step (not differentiated)
    expect(await step(wT), `seed ${testSeed}`).toBe(await optE.step(() => loss(wE, same)));
    expect([...(await wT.data())]).toEqual([...(await wE.data())]);
    expect([...(await wT.data())]).not.toEqual(old);
  });

  it("an update whose kernel reads the old value transposed falls back to a new buffer and is still right", async () => {
    await useDevice(device);
    const next = rng(testSeed + 15);
    const make = () => variable(tensor(randomFloats(5 * 5, -1, 1, rng(testSeed + 16)), [["i", 5], ["j", 5]]));
    const [wE, wT] = [make(), make()];
    const [optE, optT] = [adam({ lr: 1e-2 }), adam({ lr: 1e-2 })];
    // d/dW Σ W·Wᵀ·x = (x + xᵀ)·Wᵀ: the gradient, fused into the update, reads W at the transposed element
    const loss = (w: Tensor<[["i", 5], ["j", 5]]>, x: Tensor<[["i", 5], ["j", 5]]>) => w.mul(w.rename({ i: "j", j: "i" })).mul(x).sum(["i", "j"]);
    const step = optT.trace((x: Tensor<[["i", 5], ["j", 5]]>) => loss(wT, x));
    let before = bufferOf(wT);
    for (let i = 0; i < 4; i++) {
      const x = tensor(randomFloats(25, -1, 1, next), [["i", 5], ["j", 5]]);
      expect(await step(x), `step ${i}, seed ${testSeed}`).toBe(await optE.step(() => loss(wE, x)));
      expect(bufferOf(wT)).not.toBe(before);
      before = bufferOf(wT);
    }
    expect([...(await wT.data())], `seed ${testSeed}`).toEqual([...(await wE.data())]);
  });

  it("the peak memory of an Adam step, traced or not, drops by at least the parameters' size", async () => {
    await useDevice(device);
    const next = rng(testSeed + 17);
    const [feature, hidden] = [64, 256];
    const paramBytes = 4 * (feature * hidden + hidden + hidden * 5 + 5);
    const batches = Array.from({ length: 2 }, () => batch(next, feature));
    // the device's live-buffer counts (the CPU's `live`, WebGPU's `tracked`), to reset the peak before measuring
    const d = getDefaultDevice() as unknown as { live?: unknown; tracked?: unknown };
    const live = (d.tracked ?? d.live) as LiveBuffers;
    expect(live.peakBytes).toBe(memoryStats()[getDefaultDevice().name]!.peakBytes);
    const peakOf = async (enabled: boolean, traced: boolean): Promise<{ peak: number; losses: number[] }> => {
      inPlaceUpdates.enabled = enabled;
      try {
        const model = mlp(31, feature, hidden);
        const opt = adam({ lr: 1e-2 });
        const tracedStep = opt.trace(model.loss);
        const step = traced ? tracedStep : (x: X, y: Y) => opt.step(() => model.loss(x, y));
        const losses: number[] = [];
        for (let i = 0; i < 3; i++) losses.push(await step(...batches[i % 2]!));
        const bytes = memoryStats()[getDefaultDevice().name]!.bytes;
        live.peakBytes = live.bytes;
        for (let i = 0; i < 3; i++) losses.push(await step(...batches[i % 2]!));
        const peak = live.peakBytes - bytes;
        for (const p of model.params) p.dispose();
        return { peak, losses };
      } finally {
        inPlaceUpdates.enabled = true;
      }
    };
    for (const traced of [true, false]) {
      const copy = await peakOf(false, traced);
      const inplace = await peakOf(true, traced);
      expect(inplace.losses, `traced ${traced}, seed ${testSeed}`).toEqual(copy.losses);
      if (inPlace()) expect(copy.peak - inplace.peak, `traced ${traced}`).toBeGreaterThanOrEqual(paramBytes);
      else expect(inplace.peak, `traced ${traced}`).toBe(copy.peak);
    }
  });
});
