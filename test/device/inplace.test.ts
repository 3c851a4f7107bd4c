// In-place updates of a traced step (realize.ts bindOn/runBound, src/state/trace.ts): where the device allows
// it, a variable's or moment's new value is written over its old buffer by the kernel that reads the old value
// last, at the element it writes. The traced Adam step stays bit-identical to the untraced one over several
// steps on fresh random data; a user's tensor sharing the variable's buffer keeps its values (the step falls
// back to a new buffer); an update whose kernel reads the old value elsewhere (transposed) falls back and is
// still right; and the peak memory of a step drops by at least the parameters' size. On every device in
// NT_DEVICES (on WebGPU the update kernel's in-place variant binds the buffer once, read_write: executor.ts; a
// device that does not write in place runs every case as copy-and-swap). Also SGD (plain and with momentum),
// a buffer shared by two variables, a read still pending when the step runs, and no buffer kept after dispose.
import { describe, expect, it } from "vitest";
import { type Optimizer, type Tensor, adam, crossEntropy, getDefaultDevice, kernelStats, linear, linearParams, memoryStats, sgd, tensor, variable } from "../../src/index.js";
import { inPlaceUpdates } from "../../src/backend/realize.js";
import type { LiveBuffers } from "../../src/backend/device-contract.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats, randomInts, rng, testSeed } from "../helpers/random.js";
import { settle } from "../helpers/gc.js";

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

/** `fn` run with in-place updates on or off (`inPlaceUpdates.enabled`), on again afterwards. */
const withInPlace = async <T>(enabled: boolean, fn: () => Promise<T>): Promise<T> => {
  inPlaceUpdates.enabled = enabled;
  try {
    return await fn();
  } finally {
    inPlaceUpdates.enabled = true;
  }
};

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
      const want = await withInPlace(false, () => optC.step(() => copy.loss(x, y)));
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
    const peakOf = (enabled: boolean, traced: boolean): Promise<{ peak: number; losses: number[] }> =>
      withInPlace(enabled, async () => {
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
      });
    for (const traced of [true, false]) {
      const copy = await peakOf(false, traced);
      const inplace = await peakOf(true, traced);
      expect(inplace.losses, `traced ${traced}, seed ${testSeed}`).toEqual(copy.losses);
      if (inPlace()) expect(copy.peak - inplace.peak, `traced ${traced}`).toBeGreaterThanOrEqual(paramBytes);
      else expect(inplace.peak, `traced ${traced}`).toBe(copy.peak);
    }
  });

  /** Runs `fn` with in-place updates on or off. */
  // Plain SGD's update fuses into its gradient's contraction (a sum over the batch), whose epilogue reads the
  // old value at the element it stores: it writes in place too; with momentum the update reads the new moment,
  // computed by a kernel of its own.
  it.each([
    ["sgd", () => sgd({ lr: 0.05 }), true],
    ["sgd with momentum", () => sgd({ lr: 0.05, momentum: 0.9 }), true],
    ["sgd with Nesterov momentum and weight decay", () => sgd({ lr: 0.05, momentum: 0.8, nesterov: true, weightDecay: 1e-3 }), true],
    ["adam", () => adam({ lr: 1e-2 }), true],
  ] as [string, () => Optimizer, boolean][])("%s, traced and untraced, in place is bit-identical to copy-and-swap (buffers kept: %s)", async (_, make, keeps) => {
    await useDevice(device);
    const next = rng(testSeed + 19);
    const [copy, inplace, copyT, inplaceT] = [mlp(41), mlp(41), mlp(41), mlp(41)];
    const [optC, optP, optCT, optPT] = [make(), make(), make(), make()];
    const [stepCT, stepPT] = [optCT.trace(copyT.loss), optPT.trace(inplaceT.loss)];
    const compiled: number[] = [];
    let buffers: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const [x, y] = batch(next);
      const want = await withInPlace(false, () => optC.step(() => copy.loss(x, y)));
      expect(await optP.step(() => inplace.loss(x, y)), `untraced step ${i}, seed ${testSeed}`).toBe(want);
      const wantT = await withInPlace(false, () => stepCT(x, y));
      expect(await stepPT(x, y), `traced step ${i}, seed ${testSeed}`).toBe(wantT);
      expect(wantT, `traced vs untraced step ${i}, seed ${testSeed}`).toBe(want);
      const now = [...inplace.params, ...inplaceT.params].map(bufferOf);
      if (i >= 2) expect(now.map((b, j) => b === buffers[j])).toEqual(now.map(() => keeps && inPlace()));
      buffers = now;
      // both variants of each update kernel (in place, and copy-and-swap) stay compiled: no step compiles again
      compiled.push(kernelStats().compiled);
    }
    expect(compiled[5], `seed ${testSeed}`).toBe(compiled[2]);
    for (const [i, p] of copy.params.entries()) {
      const want = [...(await p.data())];
      expect([...(await inplace.params[i]!.data())], `variable ${i}, seed ${testSeed}`).toEqual(want);
      expect([...(await copyT.params[i]!.data())], `variable ${i}, seed ${testSeed}`).toEqual(want);
      expect([...(await inplaceT.params[i]!.data())], `variable ${i}, seed ${testSeed}`).toEqual(want);
    }
  });

  it("two variables made from one tensor share its buffer: the step does not write it in place, and both are right", async () => {
    await useDevice(device);
    const next = rng(testSeed + 20);
    const init = randomFloats(6 * 6, -1, 1, rng(testSeed + 21));
    const shared = tensor(init, [["i", 6], ["j", 6]]);
    const [a, b] = [variable(shared), variable(shared)];
    shared.dispose(); // the two variables hold the buffer now
    expect(bufferOf(a)).toBe(bufferOf(b));
    const [aE, bE] = [variable(tensor(init, [["i", 6], ["j", 6]])), variable(tensor(init, [["i", 6], ["j", 6]]))];
    const loss = (p: Tensor<[["i", 6], ["j", 6]]>, q: Tensor<[["i", 6], ["j", 6]]>, x: Tensor<[["i", 6], ["j", 6]]>) => p.mul(x).add(q.mul(q).mul(0.5)).sum(["i", "j"]);
    for (const traced of [true, false]) {
      const [opt, optE] = [sgd({ lr: 0.1, momentum: 0.5 }), sgd({ lr: 0.1, momentum: 0.5 })];
      const step = traced ? opt.trace((x: Tensor<[["i", 6], ["j", 6]]>) => loss(a, b, x)) : (x: Tensor<[["i", 6], ["j", 6]]>) => opt.step(() => loss(a, b, x));
      for (let i = 0; i < 3; i++) {
        const x = tensor(randomFloats(36, -1, 1, next), [["i", 6], ["j", 6]]);
        const want = await withInPlace(false, () => optE.step(() => loss(aE, bE, x)));
        expect(await step(x), `traced ${traced}, step ${i}, seed ${testSeed}`).toBe(want);
        expect(bufferOf(a)).not.toBe(bufferOf(b));
      }
      expect([...(await a.data())], `traced ${traced}, seed ${testSeed}`).toEqual([...(await aE.data())]);
      expect([...(await b.data())], `traced ${traced}, seed ${testSeed}`).toEqual([...(await bE.data())]);
      expect([...(await a.data())]).not.toEqual([...(await b.data())]);
      if (traced) {
        // shared again: a's buffer under b too (a view of it) while the next step runs
        const view = a.rename({ i: "i" });
        const old = [...(await view.data())];
        const x = tensor(randomFloats(36, -1, 1, next), [["i", 6], ["j", 6]]);
        const want = await withInPlace(false, () => optE.step(() => loss(aE, bE, x)));
        expect(await step(x), `seed ${testSeed}`).toBe(want);
        expect([...(await view.data())]).toEqual(old);
        view.dispose();
      }
    }
  });

  it("a read of a variable still pending when the step runs gives the old values", async () => {
    await useDevice(device);
    const next = rng(testSeed + 22);
    const { loss, params } = mlp(43);
    const step = adam({ lr: 1e-2 }).trace(loss);
    for (let i = 0; i < 2; i++) await step(...batch(next));
    const old = [...(await params[0]!.data())];
    const pending = params[0]!.data(); // not awaited: on WebGPU its copy waits for the GPU
    await step(...batch(next));
    expect([...(await pending)], `seed ${testSeed}`).toEqual(old);
    expect([...(await params[0]!.data())]).not.toEqual(old);
  });

  it("no buffer is kept after the variables are disposed and the optimizer and its trace are dropped", async () => {
    await useDevice(device);
    const name = getDefaultDevice().name;
    const count = () => memoryStats()[name]!;
    /** The live buffers once the garbage collector frees nothing more (three collections in a row). */
    const settled = async () => {
      for (let same = 0, last = -1; same < 3; ) {
        await settle();
        same = count().buffers === last ? same + 1 : 0;
        last = count().buffers;
      }
      return count();
    };
    const base = await settled();
    await (async () => {
      const next = rng(testSeed + 23);
      const { loss, params } = mlp(45);
      const opt = sgd({ lr: 0.05, momentum: 0.9 });
      const traced = opt.trace(loss);
      const held: number[] = [];
      for (let i = 0; i < 8; i++) {
        const [x, y] = batch(next);
        await (i % 2 ? traced(x, y) : opt.step(() => loss(x, y)));
        x.dispose();
        y.dispose();
        held.push(count().buffers);
      }
      // in place or not, a step holds as many buffers as the one before once the state is made
      expect(new Set(held.slice(2)).size, `buffers after each step: ${held}`).toBe(1);
      for (const p of params) p.dispose();
    })();
    const after = await settled();
    expect([after.buffers, after.bytes]).toEqual([base.buffers, base.bytes]);
  });
});

