// Benchmark layer (bench/ only). The run: options from the environment, the library modules found in
// bench/libs/, one cell per (workload, library) measured in this process, libraries that must live alone
// run in a child process of the same command, then the report. Imports the library only through bench/libs.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { collectGarbage, loadSince, markLoad, memoryWindow, probeOnce, timeHandle, waitQuiet } from "./measure.mjs";
import { KINDS, WORKLOADS, WORKLOAD_GROUPS, checkOutput, clearInputs, cost, inputsFor, throughput } from "./workloads.mjs";

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_DIR = path.resolve(BENCH_DIR, "..");

/**
 * An error a library module throws when it has no way to run a workload (e.g. an op not implemented yet):
 * the cell shows "n/a" with the reason instead of failing the run.
 * @example throw notAvailable("Tensor.transpose is not implemented yet")
 */
export function notAvailable(reason) {
  return Object.assign(new Error(reason), { notAvailable: true });
}

/** The options, from environment variables (see bench/README.md). */
export function readOptions(env = process.env) {
  const quick = env.BENCH_QUICK === "1" || env.BENCH_QUICK === "true";
  const num = (name, dflt) => (env[name] != null && env[name] !== "" ? Number(env[name]) : dflt);
  const list = (name) => (env[name] ? env[name].split(",").map((s) => s.trim()).filter(Boolean) : null);
  const runs = num("BENCH_RUNS", quick ? 1 : 7);
  return {
    quick,
    only: list("BENCH_ONLY"),
    peers: list("BENCH_PEERS"),
    warmup: num("BENCH_WARMUP", quick ? 1 : 2),
    runs,
    minRuns: Math.min(runs, quick ? 1 : 5),
    maxRunS: num("BENCH_MAX_RUN_S", 20),
    cellMaxS: num("BENCH_CELL_MAX_S", 60),
    quietMaxS: num("BENCH_QUIET_MAX_S", quick ? 0 : 10),
    outBase: env.BENCH_OUT ?? path.join(BENCH_DIR, "results", quick ? "latest-quick" : "latest"),
  };
}

/** The workloads BENCH_ONLY selects (ids or family names), in run order; unknown names are an error. */
export function selectWorkloads(only) {
  if (!only) return WORKLOADS.filter((w) => !w.optIn);
  const wanted = new Set();
  for (const name of only) {
    const ids = WORKLOAD_GROUPS[name] ?? (WORKLOADS.some((w) => w.id === name) ? [name] : null);
    if (!ids) throw new Error(`BENCH_ONLY: unknown workload "${name}"; known: ${[...Object.keys(WORKLOAD_GROUPS), ...WORKLOADS.map((w) => w.id)].join(", ")}`);
    ids.forEach((id) => wanted.add(id));
  }
  return WORKLOADS.filter((w) => wanted.has(w.id));
}

/** Every module in bench/libs/ (files starting with "_" are helpers), sorted by `order`. */
export async function discoverLibs() {
  const dir = path.join(BENCH_DIR, "libs");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".mjs") && !f.startsWith("_"));
  const libs = [];
  for (const f of files) {
    const lib = (await import(pathToFileURL(path.join(dir, f)).href)).default;
    if (!lib?.id || !lib.impls) throw new Error(`bench/libs/${f}: the default export needs at least { id, impls }`);
    libs.push({ order: 100, label: lib.id, threads: 1, ...lib, file: f });
  }
  return libs.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

/** The libraries BENCH_PEERS selects: ids, or a prefix before "-" ("tfjs", "jax", "ort") for a family. */
export function selectLibs(libs, peers) {
  const defaults = libs.filter((l) => l.defaultEnabled !== false);
  if (!peers) return defaults;
  const out = [];
  for (const name of peers) {
    const hit = libs.filter((l) => l.id === name || l.id.startsWith(name + "-"));
    if (hit.length === 0) throw new Error(`BENCH_PEERS: unknown library "${name}"; known: ${libs.map((l) => l.id).join(", ")}`);
    for (const l of hit) if (!out.includes(l)) out.push(l);
  }
  return libs.filter((l) => out.includes(l));
}

/** Sets a library up; a failure makes it "unavailable" with the reason (e.g. a peer that did not install). */
export async function setupLib(lib) {
  const info = { id: lib.id, label: lib.label, threads: lib.threads, ours: !!lib.ours, process: lib.isolate ? "child" : "main" };
  if (lib.isolate) info.isolate_reason = lib.isolate;
  const t0 = performance.now();
  try {
    const r = (await lib.setup?.()) ?? {};
    Object.assign(info, { status: "ok", setup_ms: Math.round(performance.now() - t0), ...r });
  } catch (e) {
    let reason = firstLine(e);
    if (/Cannot find (package|module)/.test(reason)) reason += " (install the peers: cd bench && npm ci)";
    Object.assign(info, { status: "unavailable", reason });
  }
  return info;
}

/** Measures one (workload, library) cell; never throws (failures are recorded in the cell). */
export async function runCell(lib, w, opts) {
  const K = KINDS[w.kind];
  const p = opts.quick ? w.quick : w.full;
  const cell = { workload: w.id, lib: lib.id, size: K.label(p) };
  const impl = lib.impls[w.kind];
  if (!impl) return { ...cell, status: "n/a", reason: `${lib.id} has no ${w.kind} implementation` };
  collectGarbage();
  const mem = memoryWindow();
  const handles = [];
  let result;
  try {
    result = await measureCell(impl, w.kind, p, lib, opts, cell, handles);
  } catch (e) {
    result = e?.notAvailable ? { ...cell, status: "n/a", reason: e.message } : { ...cell, status: "error", reason: firstLine(e) };
  } finally {
    for (const h of handles) {
      try {
        h.dispose?.();
      } catch {}
    }
  }
  return { ...result, memory: mem.end() };
}

async function measureCell(impl, kind, p, lib, opts, cell, handles) {
  const K = KINDS[kind];
  if (!opts.quick) {
    // Estimate one full-size run from a smaller size (cost ∝ FLOPs or bytes) and skip what would take too long.
    const pp = K.probe(p);
    const hp = await impl(inputsFor(kind, pp), pp);
    handles.push(hp);
    const tp = await probeOnce(hp);
    hp.dispose?.();
    handles.pop();
    const est = (tp * cost(kind, p)) / cost(kind, pp) / 1000;
    cell.est_s = +est.toFixed(3);
    if (est > opts.maxRunS)
      return { ...cell, status: "skipped", reason: `too slow (est. ${fmtS(est)} per run, from ${tp.toFixed(1)} ms at ${K.label(pp)})` };
  }
  const I = inputsFor(kind, p);
  const h = await impl(I, p);
  handles.push(h);
  const quiet = await waitQuiet(lib.threads, opts.quietMaxS);
  const { out, ...t } = await timeHandle(h, opts);
  const notes = h.notes?.length ? [...h.notes] : undefined;
  let max_rel_err;
  try {
    max_rel_err = +checkOutput(kind, p, I, out).toExponential(2);
  } catch (e) {
    return { ...cell, variant: h.variant, status: "failed", reason: firstLine(e), ...t, notes };
  }
  const tp = throughput(kind, p, t.ms_median);
  const disturbed = t.other_load != null && t.other_load + lib.threads > os.cpus().length + 0.3;
  return {
    ...cell, variant: h.variant, status: "ok", ...t,
    value: +tp.value.toPrecision(4), value_at_min: +throughput(kind, p, t.ms_min).value.toPrecision(4), unit: tp.unit,
    max_rel_err, disturbed, quiet_wait: quiet, notes, compute_is_view: h.computeIsView || undefined,
  };
}

/** One line per finished cell, so a long run shows progress. */
export function printCell(c) {
  const head = `${c.lib.padEnd(12)} ${c.workload.padEnd(11)}`;
  if (c.status === "ok") {
    const m = c.memory ? ` peak RSS ${c.memory.peak_rss_mib} MiB (+${c.memory.delta_mib})` : "";
    const n = c.notes?.length ? `\n${" ".repeat(25)}note: ${c.notes.join("; ")}` : "";
    console.log(`${head} ${fmtMs(c.ms_median).padStart(9)} ms (min ${fmtMs(c.ms_min)}, +read ${fmtMs(c.ms_read_median)})  ${fmtNum(c.value).padStart(6)} ${c.unit}  err ${c.max_rel_err.toExponential(1)}${m}  load ${c.other_load ?? "n/m"}${c.disturbed ? " †" : ""}  [${c.variant}]${n}`);
  } else if (c.status === "failed" || c.status === "error") {
    console.log(`${head} *** ${c.status.toUpperCase()} *** ${c.reason}`);
  } else {
    console.log(`${head} ${c.status}: ${c.reason}`);
  }
}

/** Runs one library over the workloads in a child process of this command, for libraries marked `isolate`. */
export function runLibInChild(lib, opts) {
  const out = path.join(os.tmpdir(), `nt-bench-${process.pid}-${lib.id}.json`);
  console.log(`\n--- ${lib.id}: in a child process (${lib.isolate}) ---`);
  const r = spawnSync(process.execPath, [path.join(BENCH_DIR, "run.mjs"), "--child", lib.id, "--out", out], { stdio: "inherit", env: { ...process.env, ...lib.childEnv } });
  try {
    const doc = JSON.parse(fs.readFileSync(out, "utf8"));
    fs.rmSync(out, { force: true });
    return doc;
  } catch {
    const reason = `child process exited with ${r.status ?? r.signal} before writing its results`;
    return { lib: { id: lib.id, label: lib.label, threads: lib.threads, process: "child", status: "error", reason }, cells: [] };
  }
}

/** The body of `node bench/run.mjs --child <id> --out <file>`: one library, all selected workloads. */
export async function childMain(id, outFile) {
  const opts = readOptions();
  const lib = (await discoverLibs()).find((l) => l.id === id);
  const info = await setupLib(lib);
  const cells = [];
  if (info.status === "ok") {
    for (const w of selectWorkloads(opts.only)) {
      const c = await runCell(lib, w, opts);
      printCell(c);
      cells.push(c);
      clearInputs();
    }
    await lib.teardown?.();
  } else console.log(`${lib.id}: unavailable: ${info.reason}`);
  fs.writeFileSync(outFile, JSON.stringify({ lib: info, cells }));
}

/** Machine facts recorded with every run. */
export function environment() {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_DIR, "package.json"), "utf8"));
  let commit = null;
  try {
    commit = fs.readFileSync(path.join(REPO_DIR, ".git", "HEAD"), "utf8").trim();
    if (commit.startsWith("ref: ")) commit = fs.readFileSync(path.join(REPO_DIR, ".git", commit.slice(5)), "utf8").trim();
    commit = commit.slice(0, 12);
  } catch {
    // A git worktree has a .git file, not a directory: ask git.
    try {
      commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: REPO_DIR, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {}
  }
  return {
    date: new Date().toISOString(), node: process.version, v8: process.versions.v8,
    platform: `${os.type()} ${os.release()} ${os.arch()}`, cpu: os.cpus()[0]?.model, cpus: os.cpus().length,
    mem_gib: +(os.totalmem() / 2 ** 30).toFixed(1), package: `${pkg.name} ${pkg.version}`, commit,
  };
}

/** Other-process load over one second, for the header of the report. */
export async function sampleLoad() {
  const m = markLoad();
  await new Promise((r) => setTimeout(r, 1000));
  const l = loadSince(m);
  return l == null ? null : +l.toFixed(2);
}

export function firstLine(e) {
  return String(e?.message ?? e).split("\n")[0].slice(0, 300);
}
export function fmtMs(ms) {
  return ms == null ? "–" : ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3);
}
export function fmtNum(v) {
  return v == null ? "–" : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toPrecision(2);
}
function fmtS(s) {
  return s >= 100 ? `${s.toFixed(0)} s` : `${s.toFixed(1)} s`;
}
