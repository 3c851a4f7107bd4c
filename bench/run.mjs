// Benchmark entry point: `node bench/run.mjs` (or `npm run bench`). Runs named-tensor (from ../dist, build it
// first with `node scripts/build.mjs`) beside the peers in bench/libs/ in ONE process run, workload by workload,
// and prints ratios; libraries that cannot share the process run in a child process of this same command.
// Options are environment variables (BENCH_QUICK, BENCH_ONLY, BENCH_PEERS, ...): see bench/README.md.
import { childMain, discoverLibs, environment, printCell, readOptions, runCell, runLibInChild, sampleLoad, selectLibs, selectWorkloads, setupLib } from "./lib/runner.mjs";
import { printReport, ratios, writeReport } from "./lib/report.mjs";
import { clearInputs, KINDS } from "./lib/workloads.mjs";

const args = process.argv.slice(2);
if (args[0] === "--child") {
  await childMain(args[1], args[args.indexOf("--out") + 1]);
  process.exit(0);
}

const opts = readOptions();
let workloads, chosen;
try {
  workloads = selectWorkloads(opts.only);
  chosen = selectLibs(await discoverLibs(), opts.peers);
} catch (e) {
  console.error(e.message);
  process.exit(2);
}
const env = environment();
const loadAtStart = await sampleLoad();
console.log(`named-tensor bench${opts.quick ? " (QUICK smoke run)" : ""}: ${workloads.length} workload(s) × ${chosen.length} librar${chosen.length === 1 ? "y" : "ies"}; other load now ${loadAtStart ?? "n/m"} CPUs`);

// Set up every in-process library first (an import failure makes it "unavailable", never fatal).
const infos = new Map();
for (const lib of chosen.filter((l) => !l.isolate)) {
  const info = await setupLib(lib);
  infos.set(lib.id, info);
  console.log(`${lib.id.padEnd(12)} ${info.status === "ok" ? `ready in ${info.setup_ms} ms: ${info.version ?? ""}` : `UNAVAILABLE: ${info.reason}`}`);
}
const live = chosen.filter((l) => !l.isolate && infos.get(l.id).status === "ok");

// Workload by workload, every in-process library in turn (so the numbers compared are taken close in time).
const cells = [];
for (const w of workloads) {
  console.log(`\n--- ${w.id}: ${KINDS[w.kind].label(opts.quick ? w.quick : w.full)} ---`);
  for (const lib of live) {
    const c = await runCell(lib, w, opts);
    printCell(c);
    cells.push(c);
  }
  clearInputs();
}
for (const lib of live) await lib.teardown?.();

// Libraries that must live alone: each in a child process of this same command.
for (const lib of chosen.filter((l) => l.isolate)) {
  const r = runLibInChild(lib, opts);
  infos.set(lib.id, r.lib);
  cells.push(...r.cells);
}

const libs = chosen.map((l) => infos.get(l.id));
const order = (c) => workloads.findIndex((w) => w.id === c.workload) * 1000 + chosen.findIndex((l) => l.id === c.lib);
cells.sort((a, b) => order(a) - order(b));
const doc = {
  options: opts, env, load_at_start: loadAtStart, libs,
  workloads: workloads.map((w) => ({ id: w.id, kind: w.kind, params: opts.quick ? w.quick : w.full, size: KINDS[w.kind].label(opts.quick ? w.quick : w.full), ours_expr: KINDS[w.kind].expr })),
  cells, ratios: ratios(cells, libs),
};
printReport(doc);
writeReport(doc, opts.outBase);
console.log(`\nwrote ${opts.outBase}.json and .md`);
const bad = [
  ...cells.filter((c) => c.status === "failed" || c.status === "error").map((c) => `${c.lib}/${c.workload}`),
  ...libs.filter((l) => l.status === "error").map((l) => `${l.id} (${l.reason})`),
];
if (bad.length) {
  console.log(`\n*** FAILED or errored: ${bad.join(", ")} ***`);
  process.exit(1);
}
process.exit(0);
