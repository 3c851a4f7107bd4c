// Traced functions (src/state/trace.ts, Optimizer.trace): a traced Adam step on an MLP gives bit-identical
// losses and variables to the untraced step on fresh random batches, and after its first call builds, hashes
// and lowers nothing; `trace` retraces for new dims or dtypes, copies a view argument, sees variables' new
// values, keeps a captured constant, refuses a disposed one with a sentence, and hands each call's outputs to
// the caller (disposing them never disturbs later calls); memory stays flat over a long traced loop with no
// yields. On every device in NT_DEVICES.
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  StateError,
  type Tensor,
  adam,
  crossEntropy,
  getDefaultDevice,
  kernelStats,
  linear,
  linearParams,
  memoryStats,
  placeholder,
  tensor,
  trace,
  variable,
} from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { randomFloats, randomInts, rng, testSeed } from "../helpers/random.js";
import { settle } from "../helpers/gc.js";

type X = Tensor<[["batch", 8], ["feature", 12]]>;
type Y = Tensor<[["batch", 8]], "int32">;

/** An MLP 12 → 16 (relu) → 5 with its own variables (the same initial values for the same seed). */
function mlp(seed: number) {
  const l1 = linearParams(["feature", 12], ["hidden", 16], { seed });
  const l2 = linearParams(["hidden", 16], ["class", 5], { seed: seed + 1 });
  const loss = (x: X, y: Y) => crossEntropy(linear(linear(x, "feature", l1.weight, l1.bias).relu(), "hidden", l2.weight, l2.bias), y, "class");
  return { loss, params: [l1.weight, l1.bias, l2.weight, l2.bias] as Tensor<any, any>[] };
}

const batch = (next: () => number): [X, Y] => [
  tensor(randomFloats(8 * 12, -1, 1, next), [["batch", 8], ["feature", 12]]) as X,
  tensor(randomInts(8, 0, 5, next), [["batch", 8]], { dtype: "int32" }) as Y,
];


describe.each(deviceNames)("traced functions on %s", (device) => {
  it("a traced Adam step is bit-identical to the untraced one and, after its first call, builds and lowers nothing", async () => {
    await useDevice(device);
    const next = rng(testSeed);
    const [eager, traced] = [mlp(3), mlp(3)];
    const [optE, optT] = [adam({ lr: 1e-2 }), adam({ lr: 1e-2 })];
    const step = optT.trace(traced.loss);
    for (let i = 0; i < 6; i++) {
      const [x, y] = batch(next);
      const want = await optE.step(() => eager.loss(x, y));
      const before = kernelStats();
      const got = await step(x, y);
      const after = kernelStats();
      expect(got, `step ${i}, seed ${testSeed}`).toBe(want);
      if (i > 0) {
        expect(after.traces - before.traces).toBe(0);
        expect(after.lowerings - before.lowerings).toBe(0);
        expect(after.replays - before.replays).toBe(0);
        expect(after.compiled - before.compiled).toBe(0);
      } else expect(after.traces - before.traces).toBe(1);
    }
    for (const [i, p] of eager.params.entries()) expect([...(await traced.params[i]!.data())], `variable ${i}, seed ${testSeed}`).toEqual([...(await p.data())]);
  });

  it("trains only the variables it is given, sees an assign between steps, and refuses a disposed variable", async () => {
    await useDevice(device);
    const next = rng(testSeed + 5);
    const [eager, traced] = [mlp(7), mlp(7)];
    const [optE, optT] = [adam({ lr: 1e-2 }), adam({ lr: 1e-2 })];
    const only = (m: ReturnType<typeof mlp>) => [m.params[0], m.params[2]] as any[];
    const step = optT.trace(traced.loss, only(traced));
    const fixed = await traced.params[1]!.data();
    for (let i = 0; i < 3; i++) {
      const [x, y] = batch(next);
      if (i === 2) {
        // the same new value for both models' first weight, between steps
        const w = tensor(randomFloats(12 * 16, -1, 1, next), [["feature", 12], ["hidden", 16]]);
        (eager.params[0] as any).assign(w);
        (traced.params[0] as any).assign(w);
      }
      expect(await step(x, y), `step ${i}, seed ${testSeed}`).toBe(await optE.step(() => eager.loss(x, y), only(eager)));
    }
    expect([...(await traced.params[1]!.data())]).toEqual([...fixed]); // the bias not given stays put
    for (const [i, p] of eager.params.entries()) expect([...(await traced.params[i]!.data())], `variable ${i}`).toEqual([...(await p.data())]);
    traced.params[3]!.dispose();
    const [x, y] = batch(next);
    await expect(step(x, y)).rejects.toThrow(StateError);
  });

  it("retraces for other dims or dtypes, copies a view argument, and matches the untraced function", async () => {
    await useDevice(device);
    const next = rng(testSeed + 1);
    const w = variable(tensor(randomFloats(4 * 3, -1, 1, next), [["feature", 4], ["out", 3]]));
    const f = (x: Tensor<[["batch", number], ["feature", 4]]>) => x.dot("feature", w).tanh();
    const g = trace(f);
    const traces = kernelStats().traces;
    for (const n of [5, 5, 7, 5]) {
      const x = tensor(randomFloats(n * 4, -2, 2, next), [["batch", n], ["feature", 4]]);
      expect([...(await g(x).data())], `batch ${n}, seed ${testSeed}`).toEqual([...(await f(x).data())]);
    }
    expect(kernelStats().traces - traces).toBe(2); // batch 5 once, batch 7 once
    // A view (another layout) is copied to the layout the program was compiled for.
    const xt = tensor(randomFloats(4 * 5, -2, 2, next), [["feature", 4], ["batch", 5]]).transpose("batch", "feature");
    expect([...(await g(xt).data())]).toEqual([...(await f(xt).data())]);
    expect(kernelStats().traces - traces).toBe(2);
    // An int32 argument is another trace.
    const h = trace((x: Tensor<[["i", 6]], any>) => x.add(1));
    const xi = tensor(randomInts(6, -9, 9, next), [["i", 6]], { dtype: "int32" });
    const xf = tensor(randomFloats(6, -9, 9, next), [["i", 6]]);
    expect([...(await h(xi).data())]).toEqual([...(await xi.add(1).data())]);
    expect([...(await h(xf).data())]).toEqual([...(await xf.add(1).data())]);
    expect(h(xi).dtype).toBe("int32");
  });

  it("inlines a traced function called inside another trace or on a placeholder not yet fed; refuses an unfed one in opt.trace", async () => {
    await useDevice(device);
    const next = rng(testSeed + 5);
    const w = tensor(randomFloats(4 * 3, -1, 1, next), [["feature", 4], ["out", 3]]);
    const f = (x: Tensor<[["batch", 5], ["feature", 4]]>) => x.dot("feature", w).tanh();
    const inner = trace(f);
    const outer = trace((x: Tensor<[["batch", 5], ["feature", 4]]>) => inner(x).mul(2));
    const traces = kernelStats().traces;
    const x = tensor(randomFloats(5 * 4, -2, 2, next), [["batch", 5], ["feature", 4]]);
    expect([...(await outer(x).data())], `seed ${testSeed}`).toEqual([...(await f(x).mul(2).data())]);
    expect(kernelStats().traces - traces).toBe(1); // the inner function joined the outer trace
    // On a placeholder (a graph built to export, say) the call builds the graph lazily; fed, it computes.
    const p = placeholder([["batch", 5], ["feature", 4]]);
    const y = inner(p);
    expect(kernelStats().traces - traces).toBe(1);
    p.feedValues(await x.data());
    expect([...(await y.data())]).toEqual([...(await f(x).data())]);
    // A traced training step refuses a placeholder with no values with the library's sentence.
    const v = variable(w);
    const step = adam({ lr: 0.1 }).trace((a: Tensor<[["batch", 5], ["feature", 4]]>) => a.dot("feature", v).mul(a.dot("feature", v)).sum(["batch", "out"]));
    await expect(step(placeholder([["batch", 5], ["feature", 4]]))).rejects.toThrow(StateError);
    await expect(step(placeholder([["batch", 5], ["feature", 4]]))).rejects.toThrow(/read before it was fed/);
  });

  it("keeps the last 16 traces: a shape dropped since is traced again, and still right", async () => {
    await useDevice(device);
    const next = rng(testSeed + 6);
    const g = trace((x: Tensor<[["n", number]]>) => x.mul(x).add(1));
    const traces = kernelStats().traces;
    const check = async (n: number) => {
      const x = tensor(randomFloats(n, -2, 2, next), [["n", n]]);
      expect([...(await g(x).data())], `n ${n}`).toEqual([...(await x.mul(x).add(1).data())]);
    };
    for (let n = 1; n <= 17; n++) await check(n);
    await check(17); // kept
    expect(kernelStats().traces - traces).toBe(17);
    await check(1); // dropped for the 17th: traced again
    expect(kernelStats().traces - traces).toBe(18);
  });

  it("reads variables at each call, keeps a captured constant, and refuses a disposed one with a sentence", async () => {
    await useDevice(device);
    const next = rng(testSeed + 2);
    const w = variable(tensor(randomFloats(6, -1, 1, next), [["i", 6]]));
    let c = tensor(randomFloats(6, -1, 1, next), [["i", 6]]);
    const c0 = c;
    const f = trace((x: Tensor<[["i", 6]]>) => x.mul(w).add(c));
    const x = tensor(randomFloats(6, -1, 1, next), [["i", 6]]);
    expect([...(await f(x).data())]).toEqual([...(await x.mul(w).add(c0).data())]);
    // A variable's new value is seen (also one in another layout: the function is traced again for it).
    w.assign(tensor(randomFloats(6, -1, 1, next), [["i", 6]]));
    expect([...(await f(x).data())]).toEqual([...(await x.mul(w).add(c0).data())]);
    const wide = tensor(randomFloats(12, -1, 1, next), [["i", 6], ["j", 2]]).get("j", 1);
    w.assign(wide);
    expect([...(await f(x).data())]).toEqual([...(await x.mul(w).add(c0).data())]);
    // Rebinding the captured name is not seen: the trace keeps the tensor it read (like jax's constants).
    c = tensor(randomFloats(6, -1, 1, next), [["i", 6]]);
    expect([...(await f(x).data())]).toEqual([...(await x.mul(w).add(c0).data())]);
    // Disposing the captured tensor makes the next call throw, never read freed memory.
    c0.dispose();
    expect(() => f(x)).toThrow(StateError);
    expect(() => f(x)).toThrow(/a tensor \{ i: 6 \} float32 the traced function reads was disposed since it was traced/);
    // Arguments must be tensors; the function must not be async.
    expect(() => (f as (x: unknown) => unknown)(3)).toThrow(ArgumentError);
    expect(() => trace(async (x: Tensor<[["i", 6]]>) => x)(x)).toThrow(/not a promise/);
    // Reading a value of an argument while traced is refused with a sentence (the arguments are placeholders).
    expect(() => trace((x: Tensor<[["i", 6]]>) => x.mul(x.sum("i").item()))(x)).toThrow(/must not read values nor branch on them/);
  });

  it("gives each call its own outputs: disposing one never disturbs another call's", async () => {
    await useDevice(device);
    const next = rng(testSeed + 3);
    const f = trace((a: Tensor<[["i", 5]]>, b: Tensor<[["i", 5]]>) => ({ sum: a.add(b), both: [a.mul(b), a] }));
    const [a1, b1, a2, b2] = [0, 1, 2, 3].map(() => tensor(randomFloats(5, -2, 2, next), [["i", 5]]));
    const r1 = f(a1!, b1!);
    const r2 = f(a2!, b2!);
    expect([...(await r1.sum.data())]).toEqual([...(await a1!.add(b1!).data())]);
    r2.both[0]!.dispose();
    const r3 = f(a1!, b2!);
    expect([...(await r2.sum.data())]).toEqual([...(await a2!.add(b2!).data())]);
    expect([...(await r3.both[0]!.data())]).toEqual([...(await a1!.mul(b2!).data())]);
    expect([...(await r3.both[1]!.data())]).toEqual([...(await a1!.data())]);
    expect(r2.both[0]!.isDisposed).toBe(true);
  });

  it("a view of an argument or a variable taken inside the traced function reads its value at each call", async () => {
    await useDevice(device);
    const next = rng(testSeed + 6);
    const square = () => tensor(randomFloats(16, -1, 1, next), [["i", 4], ["j", 4]]);
    const w = variable(square());
    const f = (x: Tensor<[["i", 4], ["j", 4]]>) => x.rename({ i: "j", j: "i" }).add(x).mul(w.rename({ i: "j", j: "i" }));
    const g = trace(f);
    for (let i = 0; i < 3; i++) {
      const x = square();
      expect([...(await g(x).data())], `call ${i}, seed ${testSeed}`).toEqual([...(await f(x).data())]);
      w.assign(square());
    }
  });

  it("soak: a traced Adam loop with no yields holds the same buffers after every step", async () => {
    await useDevice(device);
    const next = rng(testSeed + 4);
    const model = mlp(5);
    const step = adam({ lr: 1e-2 }).trace(model.loss);
    const batches = Array.from({ length: 4 }, () => batch(next));
    for (let i = 0; i < 5; i++) await step(...batches[i % 4]!);
    await settle();
    const live = () => memoryStats()[getDefaultDevice().name]!;
    const warm = live();
    const steps = device === "cpu" ? 3000 : 300;
    for (let i = 0; i < steps; i++) {
      expect(Number.isFinite(await step(...batches[i % 4]!))).toBe(true);
      expect(live().bytes).toBeLessThanOrEqual(warm.bytes);
    }
    expect(live().buffers).toBeLessThanOrEqual(warm.buffers);
  }, 120_000);

  it("dispose gives back a traced function's buffers at once, and a later call traces again", async () => {
    await useDevice(device);
    const next = rng(testSeed + 5);
    const model = mlp(7);
    const [x, y] = batch(next);
    await settle();
    const live = () => memoryStats()[getDefaultDevice().name]!;
    const before = live();
    const infer = trace((a: X) => linear(a, "feature", model.params[0] as never, model.params[1] as never).relu().sum("hidden"));
    const out = infer(x);
    const first = await out.data();
    out.dispose();
    expect(live().buffers).toBeGreaterThan(before.buffers); // the program's own buffers are kept for the next call
    infer.dispose();
    expect(live()).toMatchObject({ bytes: before.bytes, buffers: before.buffers });
    const traces = kernelStats().traces;
    using again = infer(x);
    expect(Array.from(await again.data())).toEqual(Array.from(first)); // traced again, same values
    expect(kernelStats().traces).toBe(traces + 1);
    {
      using step = adam({ lr: 1e-2 }).trace(model.loss);
      expect(Number.isFinite(await step(x, y))).toBe(true);
    } // leaving the block disposed the step's programs; the variables keep their new values
    infer.dispose();
    again.dispose();
    expect(live().buffers).toBe(before.buffers + 9); // Adam's two moments of each of the 4 parameters and its count
  });
});
