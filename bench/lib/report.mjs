// Benchmark layer (bench/ only). The report of a run: ratios of each of our columns to each peer, the
// readable console tables, and bench/results/<base>.json and .md. Pure formatting: measures nothing.
import fs from "node:fs";
import path from "node:path";
import { fmtMs, fmtNum } from "./runner.mjs";

/**
 * Ratios of every "ours" column to every other column, per workload: peer time / our time (> 1: we are faster),
 * from the compute-only medians and from the medians including readback.
 * @example ratios(cells, libs) // [{ workload, ours: "ours", peer: "ort-t1", ratio: 0.4, ratio_read: 0.5 }]
 */
export function ratios(cells, libs) {
  const out = [];
  const ok = (w, l) => cells.find((c) => c.workload === w && c.lib === l && c.status === "ok");
  for (const o of libs.filter((l) => l.ours))
    for (const peer of libs.filter((l) => !l.ours))
      for (const w of [...new Set(cells.map((c) => c.workload))]) {
        const a = ok(w, o.id), b = ok(w, peer.id);
        if (!a || !b) continue;
        // A compute time that left a lazy view (the copy happens in the readback) is not comparable: no ratio.
        const ratio = a.compute_is_view ? null : +(b.ms_median / a.ms_median).toPrecision(3);
        out.push({ workload: w, ours: o.id, peer: peer.id, ratio, ratio_read: +(b.ms_read_median / a.ms_read_median).toPrecision(3) });
      }
  return out;
}

/** What a table cell shows for a (workload, library) result. */
function show(c, value) {
  if (!c) return "";
  if (c.status === "ok") return value(c) + (c.disturbed ? "†" : "");
  if (c.status === "skipped") return `skip (est ${c.est_s >= 100 ? c.est_s.toFixed(0) : c.est_s.toFixed(1)} s)`;
  if (c.status === "failed") return "CHECK FAILED";
  if (c.status === "error") return "ERROR";
  return "n/a";
}

/** The summary tables as rows of strings: one row per workload, one column per library. */
function tables(doc) {
  const libs = doc.libs;
  const W = doc.workloads;
  const cell = (w, l) => doc.cells.find((c) => c.workload === w.id && c.lib === l.id);
  const grid = (value) => W.map((w) => [w.size, ...libs.map((l) => (l.status === "ok" ? show(cell(w, l), value) : "unavail."))]);
  const head = ["workload", ...libs.map((l) => l.label)];
  const t = [
    { title: "Median ms per call, until the result is computed (lower is better)", head, rows: grid((c) => fmtMs(c.ms_median)) },
    { title: "Median ms per call including readback to a JS typed array", head, rows: grid((c) => fmtMs(c.ms_read_median)) },
    { title: "Throughput at the median (GFLOP/s for contractions, GB/s of minimum traffic otherwise)", head, rows: grid((c) => fmtNum(c.value)) },
    { title: "Peak RSS during the cell, MiB (growth over the cell's start in parentheses)", head, rows: grid((c) => `${c.memory.peak_rss_mib.toFixed(0)} (+${c.memory.delta_mib.toFixed(0)})`) },
  ];
  for (const o of libs.filter((l) => l.ours)) {
    const peers = libs.filter((l) => !l.ours);
    const r = (w, p) => doc.ratios.find((x) => x.workload === w.id && x.ours === o.id && x.peer === p.id);
    t.push({
      title: `${o.label} vs each peer: peer time / our time, compute only (> 1: we are faster)`,
      head: ["workload", ...peers.map((p) => p.label)],
      rows: W.map((w) => [w.size, ...peers.map((p) => (!r(w, p) ? "–" : r(w, p).ratio == null ? "(view)" : `${fmtNum(r(w, p).ratio)}×`))]),
    });
    t.push({
      title: `${o.label} vs each peer, including readback to JS`,
      head: ["workload", ...peers.map((p) => p.label)],
      rows: W.map((w) => [w.size, ...peers.map((p) => (r(w, p) ? `${fmtNum(r(w, p).ratio_read)}×` : "–"))]),
    });
  }
  return t;
}

function textTable({ title, head, rows }) {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((x, i) => (i === 0 ? x.padEnd(width[i]) : x.padStart(width[i]))).join("  ");
  return [title, line(head), width.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
function mdTable({ title, head, rows }) {
  const esc = (s) => s.replace(/\|/g, "\\|");
  return [`#### ${title}`, "", `| ${head.map(esc).join(" | ")} |`, `|${head.map((_, i) => (i ? "---:" : "---")).join("|")}|`, ...rows.map((r) => `| ${r.map(esc).join(" | ")} |`)].join("\n");
}

function libLines(doc) {
  return doc.libs.map((l) => {
    const where = l.process === "child" ? `child process (${l.isolate_reason})` : "this process";
    const what = l.status === "ok" ? `${l.version ?? ""}${l.notes?.length ? "; " + l.notes.join("; ") : ""}` : `UNAVAILABLE: ${l.reason}`;
    return `${l.label} [${l.id}], ${l.threads} thread(s), ${where}: ${what}`;
  });
}

function problems(doc) {
  return doc.cells.filter((c) => c.status !== "ok").map((c) => `${c.lib} / ${c.workload}: ${c.status}: ${c.reason}`);
}

/** Prints the summary to the console. */
export function printReport(doc) {
  console.log(`\n=== named-tensor vs peers${doc.options.quick ? " — QUICK SMOKE RUN (tiny sizes, 1 run: not performance numbers)" : ""} ===`);
  console.log(`${doc.env.date}  ${doc.env.cpu} × ${doc.env.cpus}  Node ${doc.env.node}  ${doc.env.package} @ ${doc.env.commit}  other load at start: ${doc.load_at_start ?? "n/m"}`);
  console.log("\nLibraries:\n" + libLines(doc).map((l) => "  " + l).join("\n"));
  for (const t of tables(doc)) console.log("\n" + textTable(t));
  console.log("\n† = other processes kept the machine oversubscribed while timing (other load + own threads > CPUs + 0.3).");
  console.log("(view) = our compute step left a lazy strided view (the copy happens in the readback): compare the readback ratios.");
  const p = problems(doc);
  if (p.length) console.log("\nCells without numbers:\n" + p.map((l) => "  " + l).join("\n"));
}

/** Writes <base>.json (everything) and <base>.md (tables, libraries, every cell in detail). */
export function writeReport(doc, base) {
  fs.mkdirSync(path.dirname(base), { recursive: true });
  fs.writeFileSync(base + ".json", JSON.stringify(doc, null, 1) + "\n");
  const o = doc.options;
  const md = [
    `# named-tensor vs peers: CPU workloads${o.quick ? " (QUICK SMOKE RUN: tiny sizes, 1 run; not performance numbers)" : ""}`,
    "",
    `Written by \`node bench/run.mjs\` on ${doc.env.date}. ${doc.env.cpu}, ${doc.env.cpus} CPUs, ${doc.env.mem_gib} GiB, ${doc.env.platform}, ` +
      `Node ${doc.env.node} (V8 ${doc.env.v8}); ${doc.env.package} at commit ${doc.env.commit}. Other-process load at the start: ${doc.load_at_start ?? "n/m"} CPUs.`,
    "",
    `Options: ${o.quick ? "BENCH_QUICK=1, " : ""}${o.warmup} warm-up(s), median of ${o.runs} timed run(s) (at least ${o.minRuns}, fewer only past ${o.cellMaxS} s), ` +
      `cells estimated above ${o.maxRunS} s per run skipped${o.only ? `, BENCH_ONLY=${o.only.join(",")}` : ""}${o.peers ? `, BENCH_PEERS=${o.peers.join(",")}` : ""}. ` +
      "Every output is checked against a float64 reference at sampled points (relative error ≤ 2e-3).",
    "",
    "## Libraries",
    "",
    ...libLines(doc).map((l) => `- ${l}`),
    "",
    "## Summary",
    "",
    ...tables(doc).flatMap((t) => [mdTable(t), ""]),
    "† = other processes kept the machine oversubscribed while timing (other load + own threads > CPUs + 0.3): treat as pessimistic. " +
      "(view) = our compute step left a lazy strided view (the copy happens in the readback): compare the readback ratios.",
    "",
    "## Every cell",
    "",
    "| library | workload | what ran | median ms | min ms | median ms with readback | throughput | runs | max rel err | peak RSS MiB (+Δ) | other load | note |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...doc.cells.map((c) =>
      c.status === "ok"
        ? `| ${c.lib} | ${c.size} | \`${c.variant}\` | ${fmtMs(c.ms_median)} | ${fmtMs(c.ms_min)} | ${fmtMs(c.ms_read_median)} | ${fmtNum(c.value)} ${c.unit} | ${c.runs} | ${c.max_rel_err.toExponential(1)} | ${c.memory.peak_rss_mib} (+${c.memory.delta_mib}) | ${c.other_load ?? "n/m"}${c.disturbed ? " †" : ""} | ${(c.notes ?? []).join("; ")} |`
        : `| ${c.lib} | ${c.size} | ${c.variant ? `\`${c.variant}\`` : ""} | | | | | | | ${c.memory ? `${c.memory.peak_rss_mib} (+${c.memory.delta_mib})` : ""} | | **${c.status}**: ${c.reason.replace(/\|/g, "\\|")} |`,
    ),
    "",
  ].join("\n");
  fs.writeFileSync(base + ".md", md);
}
