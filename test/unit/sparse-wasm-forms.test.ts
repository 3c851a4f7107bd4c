// The CPU's fast forms of sparse kernels, run as generated Wasm on a plain memory (no device): SpMM's k loop
// in f32x4 registers per block of columns (odd K leaves a scalar tail), SpMV's row reduction unrolled by two
// with a second accumulator, and the row split balanced by entries (balancedSplit). Each kernel runs part by part
// over the balanced bounds and is checked against float64 loops on fresh random CSR matrices whose rows have
// 0, 1 or many entries; on a shared memory, run takes its passes in chunks from a table (as the threads do).
import { describe, expect, it } from "vitest";
import { balancedSplit, guidedSplit, splitOf } from "../../src/backend/cpu/sparse.js";
import { generateSparseWasm } from "../../src/backend/cpu/wasm/sparse.js";
import { lowerSparse } from "../../src/backend/kernel/sparse/codegen.js";
import type { Assignment, SparseExpr } from "../../src/backend/kernel/sparse/notation.js";
import { rng, testSeed } from "../helpers/random.js";

const next = rng(testSeed ^ 0x5b3d);
const at = (tensor: number): SparseExpr => ({ op: "access", tensor });

/** A random CSR matrix whose rows have 0, 1, a few or many entries (sorted, distinct columns). */
function randomCsr(n: number, m: number): { pos: Int32Array; idx: Int32Array; vals: Float32Array } {
  const pos = new Int32Array(n + 1);
  const idx: number[] = [];
  const vals: number[] = [];
  for (let i = 0; i < n; i++) {
    const kind = next();
    const count = kind < 0.2 ? 0 : kind < 0.4 ? 1 : kind < 0.9 ? 1 + Math.floor(next() * 5) : Math.floor(m * (0.3 + 0.6 * next()));
    const cols = new Set<number>();
    while (cols.size < Math.min(count, m)) cols.add(Math.floor(next() * m));
    for (const j of [...cols].sort((a, b) => a - b)) {
      idx.push(j);
      vals.push(Math.fround(next() * 4 - 2));
    }
    pos[i + 1] = idx.length;
  }
  return { pos, idx: Int32Array.from(idx), vals: Float32Array.from(vals) };
}

/**
 * Runs a kernel's Wasm over typed arrays laid out in a fresh memory, part by part over `bounds`; returns the
 * arrays after. `chunked`: on a shared memory, where run takes its passes from a chunk table ([taken, count,
 * finished, bounds…]); it is called twice, as two threads would (the second finds every chunk taken).
 */
function runWasm(a: Assignment, arrays: (Int32Array | Float32Array)[], bounds: readonly number[], chunked = false): (Int32Array | Float32Array)[] {
  const [k] = lowerSparse(a).kernels;
  if (chunked) arrays = [...arrays, Int32Array.from([0, bounds.length - 1, 0, ...bounds])];
  const bytes = arrays.reduce((n, x) => n + 16 + 4 * Math.max(1, x.length), 0);
  const pages = Math.ceil(bytes / 65536) + 1;
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, ...(chunked ? { shared: true } : {}) });
  const addresses: number[] = [];
  let at = 16;
  for (const x of arrays) {
    addresses.push(at);
    (x instanceof Int32Array ? new Int32Array(memory.buffer, at, x.length) : new Float32Array(memory.buffer, at, x.length)).set(x);
    at += 16 + 4 * Math.max(1, x.length);
  }
  const wasm = generateSparseWasm(k!, { shared: chunked, maxPages: pages });
  expect(wasm.chunked).toBe(chunked);
  const run = new WebAssembly.Instance(new WebAssembly.Module(wasm.bytes), { env: { memory } }).exports.run as (...args: number[]) => void;
  if (chunked) {
    run(...addresses, 0, 0);
    const table = new Int32Array(memory.buffer, addresses.at(-1)!, 3);
    expect(table[2]).toBe(bounds.length - 1); // every chunk counted finished by the first call (the launch's signal to return)
    run(...addresses, 0, 0);
    expect(table[0]).toBe(bounds.length + 1); // every chunk taken, once per thread past the end
    expect(table[2]).toBe(bounds.length - 1); // and none run twice
  } else for (let p = 0; p + 1 < bounds.length; p++) run(...addresses, bounds[p]!, bounds[p + 1]!);
  return arrays.map((x, n) => (x instanceof Int32Array ? new Int32Array(memory.buffer, addresses[n], x.length) : new Float32Array(memory.buffer, addresses[n], x.length)).slice());
}

const spmm = (n: number, m: number, K: number): Assignment => ({
  output: { name: "y", levels: [{ var: "i", kind: "dense", size: n }, { var: "k", kind: "dense", size: K }] },
  operands: [
    { name: "A", levels: [{ var: "i", kind: "dense", size: n }, { var: "j", kind: "compressed", size: m }] },
    { name: "X", levels: [{ var: "j", kind: "dense", size: m }, { var: "k", kind: "dense", size: K }] },
  ],
  expr: { op: "binary", fn: "mul", a: at(0), b: at(1) },
});
const spmv = (n: number, m: number): Assignment => ({
  output: { name: "y", levels: [{ var: "i", kind: "dense", size: n }] },
  operands: [
    { name: "A", levels: [{ var: "i", kind: "dense", size: n }, { var: "j", kind: "compressed", size: m }] },
    { name: "x", levels: [{ var: "j", kind: "dense", size: m }] },
  ],
  expr: { op: "binary", fn: "mul", a: at(0), b: at(1) },
});

describe("splitOf (guidedSplit kept per row-pointer buffer)", () => {
  it("gives the kept bounds while the rows, parts and total entries are the same, and splits anew when one changes", () => {
    const buffer = {};
    const { pos } = randomCsr(3000, 40);
    const first = splitOf(buffer, pos, 3000, 2);
    expect(first).toEqual(guidedSplit(pos, 3000, 2));
    expect(splitOf(buffer, pos, 3000, 2)).toBe(first);
    expect(splitOf(buffer, pos, 3000, 3)).toEqual(guidedSplit(pos, 3000, 3));
    // the buffer written again with other rows (another total): split anew
    const other = randomCsr(3000, 40).pos;
    const again = other[3000] === pos[3000] ? other.map((p, r) => p + (r === 3000 ? 1 : 0)) : other;
    expect(splitOf(buffer, again, 3000, 3)).toEqual(guidedSplit(again, 3000, 3));
    // another buffer with the same rows has its own
    expect(splitOf({}, Int32Array.from({ length: 3001 }, (_, r) => r * r), 3000, 3)).toEqual(guidedSplit(Int32Array.from({ length: 3001 }, (_, r) => r * r), 3000, 3));
  });
});

describe("guidedSplit", () => {
  it("chunks from 0 to the rows, each at most 1/(8 · threads) of the work (plus one row), the last ones short", () => {
    expect(guidedSplit(undefined, 1000, 2).slice(0, 4)).toEqual([0, 63, 122, 177]);
    expect(guidedSplit(undefined, 1000, 2).slice(-3)).toEqual([991, 999, 1000]);
    expect(guidedSplit(undefined, 1, 2)).toEqual([0, 1]);
    expect(guidedSplit(Int32Array.from([0, 1000, 1000, 1000, 1000]), 4, 2)).toEqual([0, 1, 3, 4]);
    for (const threads of [1, 2, 3, 8]) {
      const { pos } = randomCsr(3000, 40);
      const b = guidedSplit(pos, 3000, threads);
      expect(b[0]).toBe(0);
      expect(b.at(-1)).toBe(3000);
      const work = (r: number) => pos[r]! + r;
      const heaviest = Math.max(...Array.from({ length: 3000 }, (_, r) => pos[r + 1]! - pos[r]! + 1));
      for (let q = 0; q + 1 < b.length; q++) {
        expect(b[q + 1]!).toBeGreaterThan(b[q]!);
        expect(work(b[q + 1]!) - work(b[q]!)).toBeLessThanOrEqual(work(3000) / (8 * threads) + heaviest);
      }
      // The last chunks are the floor's size: 1/(64 · threads) of the work, give or take a row.
      const last = work(b.at(-2)!) - work(b.at(-3)!);
      expect(last).toBeLessThanOrEqual(work(3000) / (64 * threads) + heaviest);
      expect(b.length - 1).toBeLessThanOrEqual(64 * threads + 1);
    }
  });
});

describe("balancedSplit", () => {
  it("gives each part about the same entries plus rows, bounds from 0 to the rows, nondecreasing", () => {
    // A skewed matrix: row 0 holds most entries (an R-MAT graph's first rows).
    const pos = Int32Array.from([0, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007]);
    expect(balancedSplit(pos, 2)).toEqual([0, 1, 8]);
    expect(balancedSplit(Int32Array.from([0, 6, 6, 7, 8, 9, 10]), 2)).toEqual([0, 2, 6]);
    for (const parts of [1, 2, 3, 7]) {
      const { pos: p } = randomCsr(200, 50);
      const b = balancedSplit(p, parts);
      expect(b.length).toBe(parts + 1);
      expect(b[0]).toBe(0);
      expect(b.at(-1)).toBe(200);
      const work = (r: number) => p[r]! + r;
      const share = work(200) / parts;
      const heaviest = Math.max(...Array.from({ length: 200 }, (_, r) => p[r + 1]! - p[r]! + 1));
      for (let q = 0; q < parts; q++) {
        expect(b[q + 1]!).toBeGreaterThanOrEqual(b[q]!);
        expect(Math.abs(work(b[q + 1]!) - work(b[q]!) - share)).toBeLessThanOrEqual(heaviest + 1);
      }
    }
  });
  it("handles all-empty rows and a single row", () => {
    expect(balancedSplit(new Int32Array(5), 2)).toEqual([0, 2, 4]);
    expect(balancedSplit(Int32Array.from([0, 9]), 2)).toEqual([0, 1, 1]);
  });
});

describe("CPU sparse kernels' fast forms", () => {
  it("SpMM's k loop is blocked in f32x4 registers, with a scalar tail for odd K", () => {
    const text = (K: number) => generateSparseWasm(lowerSparse(spmm(10, 10, K)).kernels[0]!, { shared: false, maxPages: 10 }).text;
    const k32 = text(32);
    expect(k32).toContain("v128.load offset=112"); // eight accumulators of four columns
    expect(k32).not.toContain("v128.load offset=128");
    expect(k32).toContain("v128.store offset=112");
    const k128 = text(128);
    expect(k128).toContain("v128.store offset=496"); // four blocks of eight
    expect(text(33)).toMatch(/f32\.load[\s\S]*f32\.store/); // the 33rd column
  });
  it("SpMV's row reduction is unrolled by four, two accumulators, the row's arrays read at constant offsets from pointers, the last passes straight", () => {
    const text = generateSparseWasm(lowerSparse(spmv(10, 10)).kernels[0]!, { shared: false, maxPages: 10 }).text;
    // A's values and x are loaded in each of the four unrolled passes and the three straight passes after them.
    expect(text.match(/f32\.load/g)?.length).toBe(14);
    // Passes 1 to 3 read idx and values at offsets 4, 8, 12 from the trip's pointers (x is gathered by index).
    for (const offset of [4, 8, 12]) {
      expect(text).toContain(`i32.load offset=${offset}`);
      expect(text).toContain(`f32.load offset=${offset}`);
    }
    expect(text).not.toContain("f32.load offset=16");
  });
  it("SpMV's row loop loads one row pointer a row: a row starts where the previous one ended", () => {
    const text = generateSparseWasm(lowerSparse(spmv(10, 10)).kernels[0]!, { shared: false, maxPages: 10 }).text;
    const [before, rows] = [text.slice(0, text.indexOf("loop")), text.slice(text.indexOf("loop"))];
    // Before the loop, pos[start] (when the range is not empty); in a trip, before the row's entries, pos[row + 1] only.
    expect(before.match(/i32\.load/g)?.length).toBe(1);
    expect(rows.slice(0, rows.indexOf("block")).match(/i32\.load/g)?.length).toBe(1);
  });
  it("the kernels names the row pointers to balance the split by", () => {
    const [k] = lowerSparse(spmm(4, 4, 3)).kernels;
    expect(k!.buffers[k!.balance!]!.name).toBe("A2_pos");
  });

  for (const K of [1, 3, 4, 5, 33, 40]) {
    it(`SpMM K = ${K}, split by entries into 1, 2 and 3 parts, matches float64 loops`, () => {
      const [n, m] = [37, 29];
      const A = randomCsr(n, m);
      const X = Float32Array.from({ length: m * K }, () => next() * 2 - 1);
      const want = new Float64Array(n * K);
      for (let i = 0; i < n; i++) for (let p = A.pos[i]!; p < A.pos[i + 1]!; p++) for (let k = 0; k < K; k++) want[i * K + k]! += A.vals[p]! * X[A.idx[p]! * K + k]!;
      for (const [parts, chunked] of [[1, false], [2, false], [3, false], [1, true], [5, true]] as const) {
        const y = Float32Array.from({ length: n * K }, () => 1e6 * next()); // garbage the kernel must clear
        const got = runWasm(spmm(n, m, K), [A.pos, A.idx, A.vals, X, y], balancedSplit(A.pos, parts), chunked)[4]!;
        for (let e = 0; e < n * K; e++) expect(Math.abs(got[e]! - want[e]!)).toBeLessThan(1e-4 * (1 + Math.abs(want[e]!)));
      }
    });
  }
  it("SpMV, split by entries, matches float64 loops", () => {
    for (const [n, m] of [[1, 1], [37, 29], [64, 200]] as const) {
      const A = randomCsr(n, m);
      const x = Float32Array.from({ length: m }, () => next() * 2 - 1);
      const want = new Float64Array(n);
      for (let i = 0; i < n; i++) for (let p = A.pos[i]!; p < A.pos[i + 1]!; p++) want[i]! += A.vals[p]! * x[A.idx[p]!]!;
      for (const [parts, chunked] of [[1, false], [2, false], [3, false], [4, true]] as const) {
        const y = Float32Array.from({ length: n }, () => 1e6 * next());
        const got = runWasm(spmv(n, m), [A.pos, A.idx, A.vals, x, y], balancedSplit(A.pos, parts), chunked)[4]!;
        for (let i = 0; i < n; i++) expect(Math.abs(got[i]! - want[i]!)).toBeLessThan(1e-4 * (1 + Math.abs(want[i]!)));
      }
    }
  });
});
