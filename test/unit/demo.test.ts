// The examples as CI runs them: the names transformer in short mode (its loss decreases, it compiles kernels in
// step 1 only, its baseline is the unigram entropy of the data, sampling gives names) and the iris MLP
// (held-out accuracy above 90%), and the mnist conv net in a short run (held-out accuracy far above chance).
import { describe, expect, it } from "vitest";
import { alphabet, nameStream, sampleNames, train, unigramLoss } from "../../examples/names-transformer.js";
import { trainIris } from "../../examples/iris-mlp.js";
import { exportAndRun, trainMnist } from "../../examples/mnist-conv.js";

describe("names transformer (short mode)", () => {
  it("reads 4951 names into one stream of characters", () => {
    const stream = nameStream();
    expect(stream.filter((t) => t === 0).length).toBe(4951 + 1);
    expect(Math.max(...stream)).toBeLessThan(alphabet.length);
    // The unigram baseline is the entropy of the character frequencies: between that of 2 and of 28 symbols.
    const h = unigramLoss(stream);
    expect(h).toBeGreaterThan(Math.log(2));
    expect(h).toBeLessThan(Math.log(28));
  });

  it("20 steps decrease the loss, compile and lower kernels and trace the step only in step 1, and the model samples names", async () => {
    const steps = Number(process.env.DEMO_STEPS ?? 20);
    const result = await train({ steps, seed: 1 });
    expect(result.losses).toHaveLength(steps);
    expect(result.final).toBeLessThan(result.first);
    expect(result.final).toBeLessThan(result.baseline + 0.3);
    // The step is the same traced program every time: its kernels are compiled once (in step 1 if this
    // process has not compiled them already) and reused from the cache by every later step.
    expect(result.kernels.afterLast).toBe(result.kernels.afterFirst);
    // ... and it replays the program recorded in step 1: no lowering, planning or kernel hashing after it.
    expect(result.kernels.loweredAfterFirst).toBeGreaterThan(0);
    expect(result.kernels.loweredAfterLast).toBe(result.kernels.loweredAfterFirst);
    // ... and, the step being traced (opt.trace), no graph is built, differentiated or canonicalised after it.
    expect(result.kernels.tracedAfterFirst).toBe(1);
    expect(result.kernels.tracedAfterLast).toBe(1);
    expect(result.kernels.replayedAfterLast).toBe(result.kernels.replayedAfterFirst);
    const names = await sampleNames(result.model, 5, 1);
    expect(names).toHaveLength(5);
    for (const n of names) expect(n).toMatch(/^[A-Z-][a-z-]+$/);
  }, 300_000);
});

describe("iris MLP", () => {
  it("reaches more than 90% held-out accuracy", async () => {
    const { accuracy, loss } = await trainIris({ seed: 0 });
    expect(accuracy).toBeGreaterThan(0.9);
    expect(loss).toBeLessThan(0.2);
  }, 120_000);
});

describe("mnist conv net (examples/mnist-conv.ts, a short run)", () => {
  it("learns handwritten digits by name: far above the 10% of chance on 1,000 held-out digits after 60 steps", async () => {
    const { accuracy, loss, tested, net, held } = await trainMnist({ seed: 0, steps: 60, testSize: 1000 });
    expect(tested).toBe(1000);
    expect(accuracy).toBeGreaterThan(0.75);
    expect(loss).toBeLessThan(1);
    // Taken to production: exported to ONNX and run by onnxruntime on the held-out digits, which agrees.
    const { bytes, agree, worst } = await exportAndRun(net, held.x);
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(agree).toBe(1000);
    expect(worst).toBeLessThan(1e-3);
  }, 300_000);
});
