// A property-based fuzz of the two file readers (fast-check). Valid files, drawn at random, must read back
// exactly; each is then edited many ways (truncation, a byte replaced, inserted or deleted, header fields set to
// bad or other values, repeated keys, trailing bytes, the header length changed, neutral whitespace and
// comments) and every edited file must either read as exactly the original tensor, or as what an independent
// reading of the edited file says it means (an edit to the data or to a field that stays valid), or be refused
// with FormatError (ShapeError when its rank no longer matches the names) — never a raw engine error, never
// another tensor, never a slow read. The counts of each outcome are printed; "refused (a lax reading accepts)"
// counts files the independent reading (regexes, JSON.parse) is too lax to refuse: repeated JSON keys, garbage
// in a .npy header (NT_FUZZ_IO_SHOW=<kind> lists them; scripts/io-fuzz-reference.py checks them against NumPy and safetensors).
// NT_FUZZ_IO=N runs N files per format instead of CI's 150 (the long campaign); NT_TEST_SEED replays a run.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { FormatError, ShapeError, fromNpy, fromSafetensors } from "../../src/index.js";
import {
  type Expected, type NpyDraw, type NpyFields, type StDraw, npyBytes, npyCodes, npyExplain, npyFields, npyFile, npyPayload, npyText,
  stBytes, stDtypes, stExplain, stFile, stParts,
} from "../helpers/io-cases.js";
import { sameValues } from "../helpers/io-files.js";
import { testSeed } from "../helpers/random.js";

const RUNS = Number(process.env.NT_FUZZ_IO) || 150;
/** NT_FUZZ_IO_DUMP=dir writes every edited file and what the reader did with it, for scripts/io-fuzz-reference.py. */
const DUMP = process.env.NT_FUZZ_IO_DUMP;
let dumped = 0;
/** With NT_FUZZ_IO_DUMP, a writer of one edited file and of what the reader did with it. */
const dumper = (ext: string, kind: string, bytes: Uint8Array): ((record: object) => void) | undefined =>
  DUMP
    ? (record) => {
        writeFileSync(join(DUMP, `${dumped}.${ext}`), bytes);
        writeFileSync(join(DUMP, `${dumped++}.json`), JSON.stringify({ kind, ...record }));
      }
    : undefined;
const EDITS_PER_FILE = 8;
const SLOW_MS = 1000; // a hang, not a slow machine: reads here take well under 10 ms
/** The long campaign runs past vitest's default limit of a minute. */
const TIMEOUT_MS = RUNS > 1000 ? 3_600_000 : 60_000;

type Outcome = "same" | "reinterpreted" | "refused" | "refused (names)" | "refused (a lax reading accepts)";
const counts = new Map<string, Map<Outcome, number>>();
const count = (format: string, kind: string, outcome: Outcome): void => {
  const key = `${format} ${kind}`;
  const m = counts.get(key) ?? new Map<Outcome, number>();
  m.set(outcome, (m.get(outcome) ?? 0) + 1);
  counts.set(key, m);
};
let slowest = 0;
const started = Date.now();

/** A loaded tensor as the fuzz compares it. */
async function seen(t: any, rank: number): Promise<Expected> {
  return { dtype: t.dtype, shape: Array.from({ length: rank }, (_, i) => t.shape[`a${i}`]), values: Array.from(await t.data()) };
}
const same = (a: Expected, b: Expected | "range" | undefined): boolean =>
  b !== undefined && b !== "range" && a.dtype === b.dtype && a.shape.join() === b.shape.join() && sameValues(a.values, b.values);
const names = (rank: number): string[] => Array.from({ length: rank }, (_, i) => `a${i}`);

/** Reads `bytes` and classifies the outcome against the original tensors and the independent reading. */
async function classify(
  read: () => Record<string, unknown>,
  ranks: Record<string, number>,
  original: Record<string, Expected>,
  explain: () => Record<string, Expected | "range"> | undefined,
  what: string,
  dump?: (record: object) => void,
): Promise<Outcome> {
  const t0 = performance.now();
  let loaded: Record<string, unknown>;
  try {
    loaded = read();
    if (dump) {
      const tensors: Record<string, Expected> = {};
      for (const [k, rank] of Object.entries(ranks)) {
        const t = await seen(loaded[k], rank);
        tensors[k] = { ...t, values: t.values.map((v) => (Object.is(v, -0) ? "-0" : Number.isFinite(v) ? v : String(v))) as never };
      }
      dump({ outcome: "read", tensors });
    }
  } catch (e) {
    if (dump) dump({ outcome: e instanceof FormatError || e instanceof ShapeError ? "refused" : "raw", message: String(e) });
    slowest = Math.max(slowest, performance.now() - t0);
    const show = process.env.NT_FUZZ_IO_SHOW;
    if (e instanceof ShapeError) {
      if (show && what.startsWith(show)) console.log(what.slice(0, 400), String(e).slice(0, 200));
      return "refused (names)";
    }
    if (!(e instanceof FormatError)) throw new Error(`${what}: a raw error escaped the reader: ${String(e)}`);
    const meaning = explain();
    const lax = meaning && Object.keys(ranks).every((k) => meaning[k] !== undefined && meaning[k] !== "range");
    if (lax && show && what.startsWith(show)) console.log(what.slice(0, 400), String(e).slice(0, 200));
    return lax ? "refused (a lax reading accepts)" : "refused";
  }
  slowest = Math.max(slowest, performance.now() - t0);
  let outcome: Outcome = "same";
  for (const [k, rank] of Object.entries(ranks)) {
    const got = await seen(loaded[k], rank);
    if (same(got, original[k])) continue;
    if (!same(got, explain()?.[k])) throw new Error(`${what}: read as a different tensor ${JSON.stringify(got).slice(0, 300)}`);
    outcome = "reinterpreted";
  }
  return outcome;
}

const edit = fc.record({ kind: fc.nat(), pos: fc.nat(), byte: fc.integer({ min: 0, max: 255 }), pick: fc.nat() });
type Edit = { kind: number; pos: number; byte: number; pick: number };
/** The byte-level edits, common to both formats; `head` is where the data starts (half the positions fall before). */
function byteEdit(bytes: Uint8Array, e: Edit, head: number): [string, Uint8Array] {
  const at = e.pick % 2 ? e.pos % Math.max(1, Math.min(bytes.length, head)) : e.pos % Math.max(1, bytes.length);
  const out = [...bytes];
  switch (e.kind % 4) {
    case 0: return ["truncate", bytes.slice(0, at)];
    case 1: out[at] = out[at] === e.byte ? (e.byte + 1) % 256 : e.byte; return ["replace a byte", Uint8Array.from(out)];
    case 2: out.splice(at, 0, e.byte); return ["insert a byte", Uint8Array.from(out)];
    default: out.splice(at, 1); return ["delete a byte", Uint8Array.from(out)];
  }
}
const choose = <T,>(list: readonly T[], n: number): T => list[n % list.length]!;

const npyDraw: fc.Arbitrary<NpyDraw> = fc.record({
  code: fc.constantFrom(...npyCodes),
  big: fc.boolean(),
  version: fc.constantFrom(1 as const, 2 as const, 3 as const),
  fortran: fc.boolean(),
  shape: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
  seed: fc.nat(),
  spelling: fc.nat(),
});
/** One edit of a .npy file: its kind and the edited bytes. */
function editNpy(d: NpyDraw, e: Edit): [string, Uint8Array] {
  const { bytes } = npyFile(d);
  const head = bytes.length - npyPayload(d).length;
  const fields = npyFields(d);
  const withField = (i: number, value: string): NpyFields => fields.map(([k, v]) => [k, k.includes(["descr", "fortran_order", "shape"][i]!) ? value : v]);
  const rebuilt = (f: NpyFields, tail = "", data = npyPayload(d)): Uint8Array => npyBytes(npyText(f, d, tail), data, d.version);
  const dims = d.shape;
  switch (e.kind % 13) {
    case 0: case 1: case 2: case 3: return byteEdit(bytes, e, head);
    case 4: return ["bad or other shape", rebuilt(withField(2, choose(["(2)", "(,)", "(-1,)", "(0.5,)", "(None,)", "[2]", "(9007199254740993,)", "(1099511627776, 1099511627776)", "(True,)", "(2L,)", "(0x2,)", "()", `(${[...dims].reverse().join(", ")}${dims.length === 1 ? "," : ""})`, `(${[...dims, 1].join(", ")})`, `(${dims.map((s) => s + 1).join(", ")},)`, "(1, 2, 3, 4, 5)"], e.pick)))];
    case 5: return ["bad or other descr", rebuilt(withField(0, choose(["'<c8'", "'>f4'", "'<f4'", "'<i4'", "'>u4'", "'|u1'", "'|i1'", "'|b1'", "'<f8'", "'>i8'", "'=f2'", "'<u2'", "'f4'", "[('a', '<f4')]", "3", "'<f4' 'x'", "b'<f4'", "'<U4'", "'|O'"], e.pick)))];
    case 6: return ["bad or other fortran_order", rebuilt(withField(1, choose(["True", "False", "1", "None", "'False'", "true", "0"], e.pick)))];
    case 7: {
      const f = [...fields];
      const variants: (() => NpyFields)[] = [
        () => f.slice(1),
        () => [...f, ["'x'", "1"]],
        () => [...f, [f[e.pos % 3]![0], choose(["(0,)", "'<f4'", "False", "(2, 2)"], e.pick >> 3)]],
        () => [...f, [f[e.pos % 3]![0], f[e.pos % 3]![1]]],
        () => f.map(([k, v]) => [k.replace("shape", "Shape"), v]),
        () => [...f, ["1", "2"]],
      ];
      return ["keys missing, extra or repeated", rebuilt(choose(variants, e.pick)())];
    }
    case 8: {
      const out = bytes.slice();
      const view = new DataView(out.buffer);
      const delta = choose([1, -1, 2, -3, 64, 1000, 1 << 20], e.pick);
      if (d.version === 1) view.setUint16(8, (view.getUint16(8, true) + delta) & 0xffff, true);
      else view.setUint32(8, (view.getUint32(8, true) + delta) >>> 0, true);
      return ["header length changed", out];
    }
    case 9: return ["trailing bytes", Uint8Array.from([...bytes, ...Array.from({ length: 1 + (e.pick % 3) }, (_, i) => (e.byte + i) % 256)])];
    case 10: return ["garbage in the header", rebuilt(fields, choose([" x", "}", ",", " 'a'", " #"], e.pick))];
    case 11: {
      const text = npyText(fields, d);
      const spots = [...text.matchAll(/[,:{(]/g)].map((m) => m.index! + 1);
      const at = choose(spots, e.pos);
      const ws = choose([" ", "\n", "\t", "  # a comment\n", "\\\n"], e.pick);
      return ["whitespace or a comment (neutral)", npyBytes(text.slice(0, at) + ws + text.slice(at), npyPayload(d), d.version)];
    }
    default: return ["version changed", npyBytes(npyText(fields, d), npyPayload(d), choose([1, 2, 3] as const, e.pick)).map((b, i) => (i === 6 && e.pos % 5 === 0 ? 4 : b))];
  }
}

const stDraw: fc.Arbitrary<StDraw> = fc
  .record({
    tensors: fc.array(fc.record({ dtype: fc.constantFrom(...Object.keys(stDtypes)), shape: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }), seed: fc.nat() }), { minLength: 1, maxLength: 3 }),
    order: fc.nat(),
    metadata: fc.boolean(),
    pad: fc.integer({ min: 0, max: 7 }),
  })
  .map(({ tensors, order, metadata, pad }) => {
    const dataOrder = tensors.map((_, i) => i);
    for (let i = dataOrder.length - 1; i > 0; i--) {
      const j = (order >> i) % (i + 1);
      [dataOrder[i], dataOrder[j]] = [dataOrder[j]!, dataOrder[i]!];
    }
    return { tensors, dataOrder, metadata, pad };
  });
/** One edit of a safetensors file: its kind and the edited bytes. */
function editSt(d: StDraw, e: Edit): [string, Uint8Array] {
  const { bytes } = stFile(d);
  const { header, data } = stParts(d);
  const head = bytes.length - data.length;
  const name = `t${e.pos % d.tensors.length}`;
  const entry = header[name] as Record<string, any>;
  const json = (h: unknown, pad = d.pad): Uint8Array => stBytes(JSON.stringify(h) + " ".repeat(pad), data);
  const [b, end] = entry.data_offsets as number[];
  switch (e.kind % 12) {
    case 0: case 1: case 2: case 3: return byteEdit(bytes, e, head);
    case 4: entry.shape = choose([[-2], [0.5], [null], "2", [], [...entry.shape, 1], [...entry.shape].reverse(), entry.shape.map((s: number) => s + 1), [2 ** 53], [1e21], [1, 0], { 0: 1 }], e.pick); return ["bad or other shape", json(header)];
    case 5: entry.dtype = choose([...Object.keys(stDtypes), "X", 5, "F8_E4M3", "f32", null], e.pick); return ["bad or other dtype", json(header)];
    case 6: {
      const other = header[`t${(e.pos + 1) % d.tensors.length}`] as Record<string, any>;
      entry.data_offsets = choose([[b! - 1, end], [b! + 1, end! + 1], [end, b], [b], [b, end! + 1], [String(b), end], other.data_offsets, [-24, 0], [b, end, 0], [b! + 0.5, end], null], e.pick);
      return ["bad or other data_offsets", json(header)];
    }
    case 7: {
      const variants: (() => Uint8Array)[] = [
        () => (delete entry[choose(["dtype", "shape", "data_offsets"], e.pos)], json(header)),
        () => ((entry.x = 1), json(header)),
        () => ((header[name] = 5), json(header)),
        () => ((header.__metadata__ = choose([{ a: 1 }, null, "x", ["a"], { a: { b: "c" } }], e.pos)), json(header)),
        () => stBytes(JSON.stringify(header).replace(/^\{/, `{"${name}":${JSON.stringify(entry)},`), data),
        () => stBytes(JSON.stringify(header).replace(/\}$/, `,"__metadata__":{"k":"v"}}`), data),
      ];
      return ["keys missing, extra or repeated", choose(variants, e.pick)()];
    }
    case 8: {
      const out = bytes.slice();
      const view = new DataView(out.buffer);
      view.setBigUint64(0, BigInt.asUintN(64, view.getBigUint64(0, true) + BigInt(choose([1, -1, 8, -8, 2 ** 27, 2 ** 40], e.pick))), true);
      return ["header length changed", out];
    }
    case 9: return ["trailing bytes", Uint8Array.from([...bytes, ...Array.from({ length: 1 + (e.pick % 3) }, (_, i) => (e.byte + i) % 256)])];
    case 10: {
      const text = JSON.stringify(header);
      const spots = [...text.matchAll(/[,:[{]/g)].map((m) => m.index! + 1);
      const at = choose(spots, e.pos);
      return ["whitespace (neutral)", stBytes(text.slice(0, at) + choose([" ", "\n", "\t", "\r\n  "], e.pick) + text.slice(at) + " ".repeat(d.pad), data)];
    }
    default: {
      const reordered = Object.fromEntries(Object.entries(header).reverse());
      return ["entries reordered (neutral)", json(reordered, e.pick % 9)];
    }
  }
}

describe("reader fuzz", () => {
  afterAll(() => {
    const rows = [...counts].sort().map(([k, m]) => `  ${k.padEnd(50)} ${[...m].map(([o, n]) => `${o}: ${n}`).join(", ")}`);
    const total = (o: Outcome): number => [...counts.values()].reduce((s, m) => s + (m.get(o) ?? 0), 0);
    console.log(
      `[io-fuzz] seed ${testSeed}, ${RUNS} files per format, ${EDITS_PER_FILE} edits each, ${((Date.now() - started) / 1000).toFixed(1)} s, slowest read ${slowest.toFixed(1)} ms\n` +
        `  totals: same ${total("same")}, reinterpreted ${total("reinterpreted")}, refused ${total("refused")}, refused (names) ${total("refused (names)")}, refused (a lax reading accepts) ${total("refused (a lax reading accepts)")}, raw errors 0, different tensors 0\n${rows.join("\n")}`,
    );
  });

  if (DUMP) mkdirSync(DUMP, { recursive: true });
  it(".npy: valid files read exactly; edited files read the same, honestly reinterpreted, or refused", async () => {
    await fc.assert(
      fc.asyncProperty(npyDraw, fc.array(edit, { minLength: EDITS_PER_FILE, maxLength: EDITS_PER_FILE }), async (d, edits) => {
        const { bytes, expected } = npyFile(d);
        const ranks = { x: d.shape.length };
        const read = (b: Uint8Array) => () => ({ x: fromNpy(b, names(d.shape.length) as never) });
        const explain = (b: Uint8Array) => () => ({ x: npyExplain(b)! });
        expect(await classify(read(bytes), ranks, { x: expected }, explain(bytes), "a valid file")).toBe("same");
        count("npy", "valid file", "same");
        for (const e of edits) {
          const [kind, edited] = editNpy(d, e);
          count("npy", kind, await classify(read(edited), ranks, { x: expected }, explain(edited), `${kind} (${JSON.stringify(e)}) of ${JSON.stringify(d)}`, dumper("npy", kind, edited)));
        }
      }),
      { seed: testSeed, numRuns: RUNS },
    );
    expect(slowest).toBeLessThan(SLOW_MS);
  }, TIMEOUT_MS);

  it("safetensors: valid files read exactly; edited files read the same, honestly reinterpreted, or refused", async () => {
    await fc.assert(
      fc.asyncProperty(stDraw, fc.array(edit, { minLength: EDITS_PER_FILE, maxLength: EDITS_PER_FILE }), async (d, edits) => {
        const { bytes, expected } = stFile(d);
        const ranks = Object.fromEntries(d.tensors.map((t, i) => [`t${i}`, t.shape.length]));
        const spec = Object.fromEntries(d.tensors.map((t, i) => [`t${i}`, names(t.shape.length)]));
        const read = (b: Uint8Array) => () => fromSafetensors(b, spec);
        const explain = (b: Uint8Array) => () => stExplain(b);
        expect(await classify(read(bytes), ranks, expected, explain(bytes), "a valid file")).toBe("same");
        count("safetensors", "valid file", "same");
        for (const e of edits) {
          const [kind, edited] = editSt(d, e);
          count("safetensors", kind, await classify(read(edited), ranks, expected, explain(edited), `${kind} (${JSON.stringify(e)}) of ${JSON.stringify(d)}`, dumper("safetensors", kind, edited)));
        }
      }),
      { seed: testSeed, numRuns: RUNS },
    );
    expect(slowest).toBeLessThan(SLOW_MS);
  }, TIMEOUT_MS);
});
