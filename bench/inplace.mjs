// Benchmark: in-place updates of variables and moments (realize.ts bindOn/runBound) against copy-and-swap (a new
// buffer for every new value, the old one freed at the swap), on the demo transformer (examples/names-transformer.ts,
// as the demo trains it) and the 64→64→10 MLP (bench/lib/small-models.mjs), traced (opt.trace) and untraced
// (opt.step). For each: the bytes live on the device between steps, the peak above them during a step
// (memoryStats' peak, reset before the measured steps), and the median time per step. The two modes alternate in
// rounds in ONE process (timings on a shared machine are compared as ratios, not as absolute numbers).
//
//   node scripts/build.mjs && node bench/inplace.mjs [--steps 20] [--rounds 3] [--models demo,mlp] [--device webgpu]
import { loadDist, loadDistModule, loadExample } from "./lib/example.mjs";
import { oursMlp } from "./lib/small-models.mjs";
import { option } from "./lib/options.mjs";

const STEPS = Number(option("steps", 20));
const ROUNDS = Number(option("rounds", 3));
const nt = await loadDist();
// A build without the switch (BENCH_DIST=/work/main/dist: before this work) runs copy-and-swap in both modes.
const inPlaceUpdates = (await loadDistModule("backend/realize.js")).inPlaceUpdates ?? { enabled: false };
if (option("device", "cpu") !== "cpu") await nt.setDevice(option("device", "cpu"));
const device = nt.getDefaultDevice();
// the device's live-buffer counts (the CPU's `live`, WebGPU's `tracked`)
const live = device.tracked ?? device.live;

/** A fresh model: its step (traced or not) and its variables. */
async function makeModel(name, traced) {
  if (name === "mlp") {
    const m = oursMlp(nt);
    const step = traced ? m.opt.trace(m.lossOf) : undefined;
    return { run: traced ? () => step(...m.args) : () => m.opt.step(m.loss), variables: nt.variablesOf(m.loss()) };
  }
  const ex = await loadExample("names-transformer");
  const { config } = ex;
  const model = ex.createModel(0);
  const opt = nt.adam({ lr: 1e-2, beta2: 0.99 });
  const dims = [["batch", config.batch], ["seq", config.context]];
  const ids = nt.placeholder(dims, "int32");
  const targets = nt.placeholder(dims, "int32");
  const stream = ex.nameStream();
  const next = ex.random(7);
  const per = config.batch * config.context;
  const feed = () => {
    const a = new Int32Array(per), b = new Int32Array(per);
    for (let r = 0; r < config.batch; r++) {
      const at = Math.floor(next() * (stream.length - config.context - 1));
      a.set(stream.subarray(at, at + config.context), r * config.context);
      b.set(stream.subarray(at + 1, at + config.context + 1), r * config.context);
    }
    ids.feedValues(a);
    targets.feedValues(b);
  };
  const lossFn = () => nt.crossEntropy(ex.logits(model, ids), targets, "vocab");
  feed();
  const variables = nt.variablesOf(lossFn());
  const step = traced ? opt.trace((i, t) => nt.crossEntropy(ex.logits(model, i), t, "vocab")) : undefined;
  return { run: traced ? () => (feed(), step(ids, targets)) : () => (feed(), opt.step(lossFn)), variables };
}

/** Live bytes between steps, the peak above them over the measured steps, the median ms per step. */
async function measure(name, traced, inPlace) {
  inPlaceUpdates.enabled = inPlace;
  try {
    const m = await makeModel(name, traced);
    for (let i = 0; i < 5; i++) await m.run();
    const bytes = live.bytes;
    live.peakBytes = live.bytes;
    const times = [];
    const losses = [];
    for (let i = 0; i < STEPS; i++) {
      const t0 = performance.now();
      losses.push(await m.run());
      times.push(performance.now() - t0);
    }
    const peak = live.peakBytes - bytes;
    const paramBytes = m.variables.reduce((n, v) => n + 4 * v.shapeDims.reduce((k, d) => k * d.size, 1), 0);
    for (const v of m.variables) v.dispose();
    times.sort((a, b) => a - b);
    return { bytes, peak, ms: times[times.length >> 1], paramBytes, last: losses.at(-1) };
  } finally {
    inPlaceUpdates.enabled = true;
  }
}

const kb = (b) => `${(b / 1024).toFixed(1)} KiB`;
console.log(`device ${device.name}, ${STEPS} steps × ${ROUNDS} rounds per case, modes alternating (shared machine: compare ratios)`);
for (const name of option("models", "demo,mlp").split(",")) {
  for (const traced of [true, false]) {
    const runs = { copy: [], inplace: [] };
    for (let r = 0; r < ROUNDS; r++) {
      runs.copy.push(await measure(name, traced, false));
      runs.inplace.push(await measure(name, traced, true));
    }
    const med = (xs, f) => xs.map(f).sort((a, b) => a - b)[xs.length >> 1];
    const [c, p] = [runs.copy, runs.inplace];
    const params = c[0].paramBytes;
    console.log(
      `${name} ${traced ? "traced  " : "untraced"} | parameters ${kb(params)} (+ 2 moments each) | peak above live: copy-and-swap ${kb(med(c, (x) => x.peak))}, in place ${kb(med(p, (x) => x.peak))} (drop ${kb(med(c, (x) => x.peak) - med(p, (x) => x.peak))} = ${((med(c, (x) => x.peak) - med(p, (x) => x.peak)) / params).toFixed(2)}× parameters) | ms/step: copy ${med(c, (x) => x.ms).toFixed(2)}, in place ${med(p, (x) => x.ms).toFixed(2)} (ratio ${(med(p, (x) => x.ms) / med(c, (x) => x.ms)).toFixed(2)}) | same last loss: ${c.every((x, i) => x.last === p[i].last)}`,
    );
  }
}
