// The sparse code generator as a unit, without a device: kernels for SpMV, a three-way sparse-vector merge with a
// sparse result (assemble + compute) and an SDDMM, run by the float64 interpreter against naive loops on fresh
// random inputs; their Wasm compiles; their WGSL binds every buffer and is row-parallel where the outer loop is an
// output variable; a cycle is refused.
import { describe, expect, it } from "vitest";
import { generateSparseWasm } from "../../src/backend/cpu/wasm/sparse.js";
import { SparseLoweringError, lowerSparse, sparseBuffers } from "../../src/backend/kernel/sparse/codegen.js";
import { interpretSparse } from "../../src/backend/kernel/sparse/interpret.js";
import type { Assignment, SparseExpr } from "../../src/backend/kernel/sparse/notation.js";
import { generateSparseWgsl } from "../../src/backend/webgpu/wgsl/sparse.js";
import { rng, testSeed } from "../helpers/random.js";

const next = rng(testSeed ^ 0x77);
const at = (tensor: number): SparseExpr => ({ op: "access", tensor });
/** A random CSR matrix's arrays and its dense float64 form. */
function randomCsr(n: number, m: number, density: number): { pos: Int32Array; idx: Int32Array; vals: Float32Array; dense: Float64Array } {
  const pos = new Int32Array(n + 1);
  const idx: number[] = [];
  const vals: number[] = [];
  const dense = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++)
      if (next() < density) {
        idx.push(j);
        const v = Math.fround(next() * 4 - 2);
        vals.push(v);
        dense[i * m + j] = v;
      }
    pos[i + 1] = idx.length;
  }
  return { pos, idx: Int32Array.from(idx), vals: Float32Array.from(vals), dense };
}

describe("sparse code generation", () => {
  it("SpMV: one row-parallel kernel; interpreted, it matches naive loops", () => {
    const [n, m] = [13, 9];
    const A = randomCsr(n, m, 0.3);
    const x = Float32Array.from({ length: m }, () => next() * 2 - 1);
    const a: Assignment = {
      output: { name: "y", levels: [{ var: "i", kind: "dense", size: n }] },
      operands: [
        { name: "A", levels: [{ var: "i", kind: "dense", size: n }, { var: "j", kind: "compressed", size: m }] },
        { name: "x", levels: [{ var: "j", kind: "dense", size: m }] },
      ],
      expr: { op: "binary", fn: "mul", a: at(0), b: at(1) },
    };
    const [k] = lowerSparse(a).kernels;
    expect(k!.parallelExtent).toBe(n);
    expect(sparseBuffers(a).buffers.map((b) => b.name)).toEqual(["A2_pos", "A2_idx", "A_vals", "x_vals", "y_vals"]);
    const y = new Float64Array(n);
    interpretSparse(k!, [A.pos, A.idx, A.vals, x, y], 0, n);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < m; j++) s += A.dense[i * m + j]! * x[j]!;
      expect(y[i]).toBeCloseTo(s, 10);
    }
    expect(() => new WebAssembly.Module(generateSparseWasm(k!, { shared: false, maxPages: 100 }).bytes)).not.toThrow();
    const wgsl = generateSparseWgsl(k!);
    expect(wgsl.code).toContain("@workgroup_size(64)");
    expect(wgsl.groups).toEqual([1, 1]);
    expect(wgsl.code.match(/@binding/g)).toHaveLength(5);
  });

  it("a + b·c over sparse vectors is one merge per kernel; the sparse result is assembled then computed", () => {
    const n = 50;
    const vec = () => randomCsr(1, n, 0.3);
    const [b, c, d] = [vec(), vec(), vec()];
    const level = (name: string) => ({ name, levels: [{ var: "i", kind: "compressed" as const, size: n }] });
    const a: Assignment = { output: level("a"), operands: [level("b"), level("c"), level("d")], expr: { op: "binary", fn: "add", a: at(0), b: { op: "binary", fn: "mul", a: at(1), b: at(2) } } };
    const { kernels } = lowerSparse(a);
    expect(kernels).toHaveLength(2);
    const counts = new Int32Array(2);
    const arrays = (outPos: Int32Array, outIdx: Int32Array, outVals: Float64Array) => [b.pos, b.idx, b.vals, c.pos, c.idx, c.vals, d.pos, d.idx, d.vals, outPos, outIdx, outVals];
    interpretSparse(kernels[0]!, arrays(counts, new Int32Array(1), new Float64Array(1)));
    const nnz = counts[1]!;
    const want = Array.from({ length: n }, (_, i) => b.dense[i]! + c.dense[i]! * d.dense[i]!);
    const present = want.map((_, i) => b.dense[i] !== 0 || (c.dense[i] !== 0 && d.dense[i] !== 0));
    expect(nnz).toBe(present.filter(Boolean).length);
    const [idx, vals] = [new Int32Array(nnz), new Float64Array(nnz)];
    interpretSparse(kernels[1]!, arrays(Int32Array.from([0, nnz]), idx, vals));
    expect(Array.from(idx)).toEqual(present.flatMap((p, i) => (p ? [i] : [])));
    idx.forEach((i, e) => expect(vals[e]).toBeCloseTo(want[i]!, 10));
    for (const k of kernels) expect(() => new WebAssembly.Module(generateSparseWasm(k, { shared: false, maxPages: 100 }).bytes)).not.toThrow();
    expect(generateSparseWgsl(kernels[1]!).code).toContain("loop {  // merge b.i, c.i, d.i");
    // Within a storage-binding budget: none packed while the 12 buffers fit; at 8 the six read index arrays share
    // one binding (offsets from a uniform); at 4 also the read values and the written index arrays; never more
    // storage bindings than the budget, every buffer still read or written (directly or through its pack).
    const unpacked = generateSparseWgsl(kernels[1]!, undefined, 12);
    expect(unpacked.packs).toEqual([]);
    expect(unpacked.code).toBe(generateSparseWgsl(kernels[1]!).code);
    const at8 = generateSparseWgsl(kernels[1]!, undefined, 8);
    expect(at8.packs).toEqual([{ type: "i32", output: false, members: [0, 1, 3, 4, 6, 7] }]);
    expect(at8.bindings).toEqual([false, false, false, true, true, true, false]);
    expect(at8.code).toContain("@group(0) @binding(6) var<storage, read> p_in_i32: array<i32>;");
    expect(at8.code).toContain("@group(0) @binding(7) var<uniform> offsets: array<vec4<i32>, 3>;");
    expect(at8.code).toContain("let o_c1_idx = offsets[1].x;");
    expect(at8.code).toMatch(/p_in_i32\[o_b1_idx \+ /);
    expect(at8.code).not.toMatch(/\bb_b1_idx\b/);
    const at4 = generateSparseWgsl(kernels[1]!, undefined, 4);
    expect(at4.packs.map((p) => `${p.output ? "out" : "in"} ${p.type} ${p.members.length}`)).toEqual(["in i32 6", "in f32 3", "out i32 2"]);
    expect(at4.bindings).toEqual([true, false, false, true]);
    expect(at4.code).toMatch(/p_out_i32\[o_a1_idx \+ .*\] = /);
    // Fewer bindings than classes: as packed as it gets (the device refuses it with the count).
    expect(generateSparseWgsl(kernels[1]!, undefined, 2).bindings).toHaveLength(4);
  });

  for (const [m, density] of [[400, 0.02], [6, 0.9]] as const) {
    it(`SpGEMM into CSR (${m} columns at density ${density}): a workspace row per segment; the list ${m > 100 ? "sorted" : "scanned"}`, () => {
      const [n, k] = [11, 8];
      const [A, B] = [randomCsr(n, k, 0.4), randomCsr(k, m, density)];
      const csrOf = (name: string, r: string, c: string, rows: number, cols: number) => ({ name, levels: [{ var: r, kind: "dense" as const, size: rows }, { var: c, kind: "compressed" as const, size: cols }] });
      const a: Assignment = { output: csrOf("C", "i", "j", n, m), operands: [csrOf("A", "i", "k", n, k), csrOf("B", "k", "j", k, m)], expr: { op: "binary", fn: "mul", a: at(0), b: at(1) } };
      const { kernels } = lowerSparse(a);
      expect(kernels.map((x) => x.buffers.filter((b) => b.workspace).map((b) => `${b.name} ${b.workspace}`))).toEqual([[`w_mark ${m}`], [`w_mark ${m}`, `w_vals ${m}`, `w_list ${m + 1}`, `w_sort ${m}`]]);
      expect(kernels[0]!.parallelExtent).toBe(n);
      const work = (x: (typeof kernels)[number]) => x.buffers.filter((b) => b.workspace).map((b) => (b.type === "i32" ? new Int32Array(b.workspace!) : new Float64Array(b.workspace!)));
      const counts = new Int32Array(n + 1);
      const operands = [A.pos, A.idx, A.vals, B.pos, B.idx, B.vals];
      interpretSparse(kernels[0]!, [...operands, counts, new Int32Array(1), new Float64Array(1), ...work(kernels[0]!)], 0, n);
      const want = new Float64Array(n * m);
      const reached = new Uint8Array(n * m);
      for (let i = 0; i < n; i++)
        for (let p = A.pos[i]!; p < A.pos[i + 1]!; p++)
          for (let q = B.pos[A.idx[p]!]!; q < B.pos[A.idx[p]! + 1]!; q++) {
            want[i * m + B.idx[q]!]! += A.vals[p]! * B.vals[q]!;
            reached[i * m + B.idx[q]!] = 1;
          }
      for (let i = 0; i < n; i++) expect(counts[i + 1], `row ${i}`).toBe(reached.subarray(i * m, (i + 1) * m).reduce((x, y) => x + y, 0));
      const pos = Int32Array.from(counts);
      for (let i = 0; i < n; i++) pos[i + 1]! += pos[i]!;
      const [idx, vals] = [new Int32Array(pos[n]!), new Float64Array(pos[n]!)];
      interpretSparse(kernels[1]!, [...operands, pos, idx, vals, ...work(kernels[1]!)], 0, n);
      for (let i = 0; i < n; i++) {
        const cols = Array.from(idx.subarray(pos[i]!, pos[i + 1]!));
        expect(cols, `row ${i} sorted`).toEqual(Array.from(reached.subarray(i * m, (i + 1) * m)).flatMap((r, j) => (r ? [j] : [])));
        cols.forEach((j, e) => expect(vals[pos[i]! + e]!).toBeCloseTo(want[i * m + j]!, 10));
      }
      for (const x of kernels) expect(() => new WebAssembly.Module(generateSparseWasm(x, { shared: false, maxPages: 100 }).bytes)).not.toThrow();
      // WGSL: the four workspaces in two bindings (i32: mark, list, sort; f32: the row), a slot per row while the
      // binding holds them; a smaller binding gives fewer slots, each taking every slots-th row; one too small refuses.
      const slot = { i32: m + (m + 1) + m, f32: m };
      const wgsl = generateSparseWgsl(kernels[1]!);
      expect(wgsl.code.match(/@binding/g)).toHaveLength(9 + 2);
      expect(wgsl.workspace).toEqual({ i32: 4 * slot.i32 * n, f32: 4 * slot.f32 * n });
      const two = generateSparseWgsl(kernels[1]!, 4 * slot.i32 * 2 + 3);
      expect(two.workspace).toEqual({ i32: 4 * slot.i32 * 2, f32: 4 * slot.f32 * 2 });
      expect(two.code).toContain("for (var w_pass = w_slot; w_pass < 11i; w_pass = w_pass + 2i) {");
      expect(() => generateSparseWgsl(kernels[1]!, 4 * slot.i32 - 1)).toThrow(`its workspace rows take ${4 * slot.i32} bytes per invocation, more than the ${4 * slot.i32 - 1} bytes its workspace binding may take on this adapter`);
      expect(generateSparseWgsl(kernels[0]!).workspace).toEqual({ i32: 4 * m * n, f32: 0 });
    });
  }

  for (const [what, I, slices] of [["empty slices between, before and after", 9, [1, 2, 5, 6]], ["every slice", 4, [0, 1, 2, 3]], ["no entries", 5, []]] as const) {
    it(`MTTKRP over CSF (${what}): one kernel whose loop over the first level's positions is parallel; pass by pass, in any order, it matches naive loops`, () => {
      const [J, K, R] = [3, 4, 5];
      const lvl = (v: string, kind: "dense" | "compressed", size: number) => ({ var: v, kind, size });
      const a: Assignment = {
        output: { name: "out", levels: [lvl("i", "dense", I), lvl("r", "dense", R)] },
        operands: [
          { name: "B", levels: [lvl("i", "compressed", I), lvl("j", "compressed", J), lvl("k", "compressed", K)] },
          { name: "C", levels: [lvl("j", "dense", J), lvl("r", "dense", R)] },
          { name: "D", levels: [lvl("k", "dense", K), lvl("r", "dense", R)] },
        ],
        expr: { op: "binary", fn: "mul", a: at(0), b: { op: "binary", fn: "mul", a: at(1), b: at(2) } },
      };
      const { kernels } = lowerSparse(a);
      expect(kernels).toHaveLength(1);
      const k = kernels[0]!;
      expect(k.parallelExtent).toBe(I);
      // A CSF tensor: each kept slice i holds random (j, k) entries, ascending.
      const [p1, i1, p2, i2, p3, i3, vals] = [[0], [] as number[], [0], [] as number[], [0], [] as number[], [] as number[]];
      const want = new Float64Array(I * R);
      const [C, D] = [Float32Array.from({ length: J * R }, () => next() * 2 - 1), Float32Array.from({ length: K * R }, () => next() * 2 - 1)];
      for (const i of slices) {
        i1.push(i);
        for (let j = 0; j < J; j++) {
          const ks = Array.from({ length: K }, (_, x) => x).filter(() => next() < 0.5);
          if (!ks.length) continue;
          i2.push(j);
          for (const kk of ks) {
            const v = Math.fround(next() * 2 - 1);
            [i3.push(kk), vals.push(v)];
            for (let r = 0; r < R; r++) want[i * R + r]! += v * C[j * R + r]! * D[kk * R + r]!;
          }
          p3.push(i3.length);
        }
        p2.push(i2.length);
      }
      p1.push(i1.length);
      const out = new Float64Array(I * R).fill(Number.NaN); // (not zeroed: the kernel zeroes every row once)
      const arrays = [Int32Array.from(p1), Int32Array.from(i1), Int32Array.from(p2), Int32Array.from(i2), Int32Array.from(p3), Int32Array.from(i3), Float32Array.from(vals), C, D, out];
      // One pass at a time in a random order (as WebGPU's invocations), then the passes as two slices (two threads).
      const order = Array.from({ length: I }, (_, x) => x).sort(() => next() - 0.5);
      for (const pass of order) interpretSparse(k, arrays, pass, pass + 1);
      want.forEach((w, x) => expect(out[x]).toBeCloseTo(w, 10));
      out.fill(Number.NaN);
      const half = Math.floor(next() * (I + 1));
      [interpretSparse(k, arrays, half, I), interpretSparse(k, arrays, 0, half)];
      want.forEach((w, x) => expect(out[x]).toBeCloseTo(w, 10));
      expect(() => new WebAssembly.Module(generateSparseWasm(k, { shared: true, maxPages: 100 }).bytes)).not.toThrow();
      expect(generateSparseWgsl(k).groups).toEqual([1, 1]);
    });
  }

  it("CSR + CSR ⊙ CSR in one pass at bounds, then compacted: the rows and values of naive loops", () => {
    const [n, m] = [12, 10];
    const ms = [randomCsr(n, m, 0.4), randomCsr(n, m, 0.3), randomCsr(n, m, 0.5)];
    const csrOf = (name: string) => ({ name, levels: [{ var: "i", kind: "dense" as const, size: n }, { var: "j", kind: "compressed" as const, size: m }] });
    const a: Assignment = { output: csrOf("out"), operands: [csrOf("A"), csrOf("B"), csrOf("C")], expr: { op: "binary", fn: "add", a: at(0), b: { op: "binary", fn: "mul", a: at(1), b: at(2) } } };
    const { bounded } = lowerSparse(a);
    expect(bounded).toBeDefined();
    const bound = ms.reduce((s, x) => s + x.idx.length, 0);
    const [counts, idxAt, valsAt] = [new Int32Array(n + 1), new Int32Array(bound).fill(-1), new Float64Array(bound).fill(Number.NaN)];
    const operands = ms.flatMap((x) => [x.pos, x.idx, x.vals]);
    interpretSparse(bounded!.compute, [...operands, counts, idxAt, valsAt], 0, n);
    const pos = counts.slice();
    for (let i = 0; i < n; i++) pos[i + 1]! += pos[i]!;
    const [idx, vals] = [new Int32Array(pos[n]!), new Float64Array(pos[n]!)];
    // The compaction in two slices, the later first.
    const args = [...ms.map((x) => x.pos), pos, idxAt, valsAt, idx, vals];
    [interpretSparse(bounded!.compact, args, 5, n), interpretSparse(bounded!.compact, args, 0, 5)];
    for (let i = 0; i < n; i++) {
      const cols = Array.from({ length: m }, (_, j) => j).filter((j) => ms[0]!.dense[i * m + j] !== 0 || (ms[1]!.dense[i * m + j] !== 0 && ms[2]!.dense[i * m + j] !== 0));
      expect(Array.from(idx.subarray(pos[i], pos[i + 1]))).toEqual(cols);
      cols.forEach((j, e) => expect(vals[pos[i]! + e]).toBeCloseTo(ms[0]!.dense[i * m + j]! + ms[1]!.dense[i * m + j]! * ms[2]!.dense[i * m + j]!, 10));
    }
    for (const k of [bounded!.compute, bounded!.compact]) {
      expect(() => new WebAssembly.Module(generateSparseWasm(k, { shared: true, maxPages: 100 }).bytes)).not.toThrow();
      expect(generateSparseWgsl(k).code).toContain("@workgroup_size(64)");
    }
  });

  it("a sparse result whose outer variable sits below a summed one is refused", () => {
    const lvl = (v: string, kind: "dense" | "compressed", size: number) => ({ var: v, kind, size });
    const a: Assignment = {
      output: { name: "C", levels: [lvl("i", "dense", 3), lvl("j", "compressed", 3)] },
      operands: [{ name: "A", levels: [lvl("k", "dense", 3), lvl("i", "compressed", 3)] }, { name: "B", levels: [lvl("k", "dense", 3), lvl("j", "compressed", 3)] }],
      expr: { op: "binary", fn: "mul", a: at(0), b: at(1) },
    };
    expect(() => lowerSparse(a)).toThrow("a sparse result cannot be assembled when a summed variable (k) is iterated above the result's outer variables (i)");
  });

  it("CSR + CSC is refused as a cycle", () => {
    const a: Assignment = {
      output: { name: "C", levels: [{ var: "i", kind: "dense", size: 3 }, { var: "j", kind: "dense", size: 3 }] },
      operands: [
        { name: "A", levels: [{ var: "i", kind: "dense", size: 3 }, { var: "j", kind: "compressed", size: 3 }] },
        { name: "B", levels: [{ var: "j", kind: "dense", size: 3 }, { var: "i", kind: "compressed", size: 3 }] },
      ],
      expr: { op: "binary", fn: "add", a: at(0), b: at(1) },
    };
    expect(() => lowerSparse(a)).toThrow(SparseLoweringError);
    expect(() => lowerSparse(a)).toThrow("the iteration graph has a cycle over i, j through A and B");
  });
});
