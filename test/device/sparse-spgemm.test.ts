// SpGEMM with a sparse result on every device: A(i,k) · B(k,j) for every pair of matrix formats against the
// float64 dense product on fresh random inputs — empty rows, an all-zero operand, full density (the workspace
// row scanned instead of the list sorted), size-1 dims, duplicate and unsorted COO input, a row count above the
// parallel threshold (each thread its own workspace). The result is stored in the loop order (CSR × CSR is CSR,
// CSC × CSC is CSC), its coordinates sorted within each row, one entry per structurally reached (i, j). On WebGPU
// a bounded number of invocations each take every slots-th row with a workspace slice of their own; a workspace
// row larger than a binding may be is refused with a sentence naming the expression and the formats.
import { beforeAll, describe, expect, it } from "vitest";
import { ArgumentError, type Format, type SparseTensor, coo, csc, csf, csr, dcsr, denseFormat, explainSparse, fromCoo, sparse, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectError } from "../helpers/sentences.js";
import { rng, testSeed } from "../helpers/random.js";
import { randomCoo, randomSparseValues } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0x59e);
const f32 = (a: Float64Array): Float32Array => Float32Array.from(a);

const formats: [string, (r: string, c: string) => Format][] = [
  ["csr", csr],
  ["csc", csc],
  ["dcsr", dcsr],
  ["coo", coo],
  ["dense-in-sparse", (r, c) => denseFormat(r, c)],
];

/**
 * The float64 product, Σ|terms| for the tolerance, and which (i, j) the loops reach: some k stored in both, or
 * every (i, j) of a row A stores when B is dense in a sparse format (its all-dense storage is iterated i, j, k:
 * every point of such a row stored; every row when A's rows are a dense level: `everyRow`).
 */
function reference(a: Float64Array, b: Float64Array, n: number, k: number, m: number, denseA = false, denseB = false, everyRow = false) {
  const c = new Float64Array(n * m);
  const s = new Float64Array(n * m);
  const reached = new Uint8Array(n * m);
  for (let i = 0; i < n; i++)
    for (let q = 0; q < k; q++)
      for (let j = 0; j < m; j++) {
        const [x, y] = [a[i * k + q]!, b[q * m + j]!];
        const rowStored = everyRow || denseA || a.subarray(i * k, (i + 1) * k).some((v) => v !== 0);
        if (denseB ? rowStored : (x !== 0 || denseA) && y !== 0) reached[i * m + j] = 1;
        c[i * m + j]! += x * y;
        s[i * m + j]! += Math.abs(x * y);
      }
  return { c, s, reached };
}

/** Checks C against the reference and that its storage walks its coordinates in strictly increasing order. */
async function check(C: SparseTensor, want: ReturnType<typeof reference>, label: string): Promise<void> {
  const got = await C.toDense().data();
  for (let e = 0; e < want.c.length; e++) {
    const tol = 1e-5 * want.s[e]! + 1e-6;
    if (!(Math.abs(got[e]! - want.c[e]!) <= tol)) expect.fail(`${label}: element ${e}: got ${got[e]}, want ${want.c[e]} (tolerance ${tol})`);
  }
  expect(C.nnz, `${label}: one entry per reached (i, j)`).toBe(want.reached.reduce((x, y) => x + y, 0));
  const { coords } = C.entries();
  const order = C.format.map((l) => coords[l[0]]!);
  for (let e = 1; e < C.nnz; e++) {
    const d = order.map((c) => c[e]! - c[e - 1]!).find((x) => x !== 0) ?? 0;
    if (d <= 0) expect.fail(`${label}: entry ${e} is not after entry ${e - 1} in storage order`);
  }
}

describe.each(deviceNames)("SpGEMM on %s", (device) => {
  beforeAll(() => useDevice(device));

  for (const [an, af] of formats)
    for (const [bn, bf] of formats) {
      it(`${an} · ${bn} against the float64 product (empty rows, few and many entries per row)`, async () => {
        const [n, k, m] = [9, 7, an === "csr" && bn === "csr" ? 300 : 8];
        const a = randomSparseValues(n * k, 0.35, next);
        const b = randomSparseValues(k * m, m > 100 ? 0.02 : 0.4, next);
        a.fill(0, 2 * k, 3 * k); // row 2 of A empty
        b.fill(0, 0, m); // row 0 of B empty
        const A = await sparse(tensor(f32(a), [["i", n], ["k", k]]), af("i", "k") as never);
        const B = await sparse(tensor(f32(b), [["k", k], ["j", m]]), bf("k", "j") as never);
        const C = await A.dot("k", B);
        expect(C.dims).toEqual(["i", "j"]);
        await check(C, reference(a, b, n, k, m, an === "dense-in-sparse", bn === "dense-in-sparse", an === "csr" || an === "csc"), `${an}·${bn}`);
      });
    }

  it("CSR · CSR is CSR, CSC · CSC is CSC (Gustavson's loops either way), CSC · CSR converts A and explain says so", async () => {
    const [n, k, m] = [6, 5, 7];
    const a = randomSparseValues(n * k, 0.4, next);
    const b = randomSparseValues(k * m, 0.4, next);
    const want = reference(a, b, n, k, m);
    const make = async (fa: (r: "i", c: "k") => Format, fb: (r: "k", c: "j") => Format) => [await sparse(tensor(f32(a), [["i", n], ["k", k]]), fa("i", "k") as never), await sparse(tensor(f32(b), [["k", k], ["j", m]]), fb("k", "j") as never)] as const;
    const [A1, B1] = await make(csr, csr);
    const C1 = await A1.dot("k", B1);
    expect(C1.format).toEqual([["i", "dense"], ["j", "compressed"]]);
    await check(C1, want, "csr·csr");
    expect(explainSparse(C1)).toContain("order: i, k, j (Σ k)");
    expect(explainSparse(C1)).toContain("w_mark");
    const [A2, B2] = await make(csc, csc);
    const C2 = await A2.dot("k", B2);
    expect(C2.format).toEqual([["j", "dense"], ["i", "compressed"]]);
    await check(C2, want, "csc·csc");
    const [A3, B3] = await make(csc, csr);
    const C3 = A3.dot("k", B3);
    await check(await C3, want, "csc·csr");
    expect(explainSparse(C3)).toContain("converted A from csc(k → i) to csr(i → k)");
  });

  it("edge cases: an all-zero operand, full density, size-1 dims, duplicate and unsorted COO input", async () => {
    // All zero.
    const Z = await sparse(tensor(new Float32Array(12), [["i", 3], ["k", 4]]), csr("i", "k"));
    const b = randomSparseValues(4 * 5, 0.5, next);
    const B = await sparse(tensor(f32(b), [["k", 4], ["j", 5]]), csr("k", "j"));
    const C0 = await Z.dot("k", B);
    expect(C0.nnz).toBe(0);
    expect(Array.from(await C0.toDense().data())).toEqual(new Array(15).fill(0));
    // Full density: every row of the result is full (the workspace row is scanned).
    const [n, k, m] = [5, 4, 6];
    const fa = Float64Array.from({ length: n * k }, () => Math.fround(0.5 + next()));
    const fb = Float64Array.from({ length: k * m }, () => Math.fround(-1.5 - next()));
    const FA = await sparse(tensor(f32(fa), [["i", n], ["k", k]]), csr("i", "k"));
    const FB = await sparse(tensor(f32(fb), [["k", k], ["j", m]]), csr("k", "j"));
    await check(await FA.dot("k", FB), reference(fa, fb, n, k, m), "full density");
    // Size-1 dims: an outer product (k = 1), a single row, a single column.
    for (const [p, q, r] of [[4, 1, 3], [1, 5, 6], [6, 5, 1], [1, 1, 1]] as const) {
      const x = randomSparseValues(p * q, 0.8, next);
      const y = randomSparseValues(q * r, 0.8, next);
      const X = await sparse(tensor(f32(x), [["i", p], ["k", q]]), csr("i", "k"));
      const Y = await sparse(tensor(f32(y), [["k", q], ["j", r]]), csr("k", "j"));
      await check(await X.dot("k", Y), reference(x, y, p, q, r), `${p}×${q}·${q}×${r}`);
    }
    // Duplicate and unsorted COO coordinates (summed), through COO and CSR.
    const ca = randomCoo([7, 6], 30, next);
    const cb = randomCoo([6, 8], 30, next);
    const CA = fromCoo([["i", 7], ["k", 6]], { coords: { i: ca.coords[0]!, k: ca.coords[1]! }, values: ca.values }, coo("i", "k"));
    const CB = fromCoo([["k", 6], ["j", 8]], { coords: { k: cb.coords[0]!, j: cb.coords[1]! }, values: cb.values }, csr("k", "j"));
    const da = Float64Array.from(await CA.toDense().data());
    const db = Float64Array.from(await CB.toDense().data());
    const got = await CA.dot("k", CB);
    const want = reference(da, db, 7, 6, 8);
    const stored = (t: SparseTensor, rows: number, cols: number) => {
      const s = new Uint8Array(rows * cols);
      const { coords } = t.entries();
      const [r, c] = t.dims;
      coords[r!]!.forEach((x, e) => (s[x * cols + coords[c!]![e]!] = 1));
      return s;
    };
    const [sa, sb] = [stored(CA, 7, 6), stored(CB, 6, 8)];
    want.reached.fill(0);
    for (let i = 0; i < 7; i++) for (let q = 0; q < 6; q++) for (let j = 0; j < 8; j++) if (sa[i * 6 + q] && sb[q * 8 + j]) want.reached[i * 8 + j] = 1;
    await check(got, want, "coo·csr with duplicates");
  });

  it("many rows: the row loop runs on every thread, each with its own workspace row", async () => {
    const [n, k, m] = [6000, 40, 50];
    const count = 3 * n;
    const ai = Int32Array.from({ length: count }, () => Math.floor(next() * n));
    const ak = Int32Array.from({ length: count }, () => Math.floor(next() * k));
    const av = Float64Array.from({ length: count }, () => Math.fround(next() * 2 - 1));
    const A = fromCoo([["i", n], ["k", k]], { coords: { i: ai, k: ak }, values: av }, csr("i", "k"));
    const b = randomSparseValues(k * m, 0.2, next);
    const B = await sparse(tensor(f32(b), [["k", k], ["j", m]]), csr("k", "j"));
    const a = Float64Array.from(await A.toDense().data());
    await check(await A.dot("k", B), reference(a, b, n, k, m), "6000 rows");
  });

  it("wide rows: fewer workspace slots than rows (each takes every slots-th row), long lists sorted by merges", async () => {
    // 100,000 columns: WebGPU's 128 MiB workspace binding holds about 111 slots of 1.2 MB, so the 400 rows share them.
    const [n, k, m] = [400, 30, 100_000];
    const count = 3 * n;
    const A = fromCoo([["i", n], ["k", k]], { coords: { i: Int32Array.from({ length: count }, () => Math.floor(next() * n)), k: Int32Array.from({ length: count }, () => Math.floor(next() * k)) }, values: Float64Array.from({ length: count }, () => Math.fround(next() * 2 - 1)) }, csr("i", "k"));
    const perRow = 60;
    const bk = Int32Array.from({ length: k * perRow }, (_, e) => Math.floor(e / perRow));
    const bj = Int32Array.from({ length: k * perRow }, () => Math.floor(next() * m));
    const bv = Float64Array.from({ length: k * perRow }, () => Math.fround(next() * 2 - 1));
    const B = fromCoo([["k", k], ["j", m]], { coords: { k: bk, j: bj }, values: bv }, csr("k", "j"));
    const C = await A.dot("k", B);
    // The float64 product row by row (a dense 400 × 100,000 reference would be 320 MB).
    const { coords: ac, values: av } = A.entries();
    const { coords: bc, values: bvals } = B.entries();
    const rows = Array.from({ length: n }, () => new Map<number, { sum: number; abs: number }>());
    ac.i!.forEach((i, e) => {
      for (let f = 0; f < bc.k!.length; f++) {
        if (bc.k![f] !== ac.k![e]) continue;
        const term = av[e]! * bvals[f]!;
        const at = rows[i]!.get(bc.j![f]!) ?? { sum: 0, abs: 0 };
        rows[i]!.set(bc.j![f]!, { sum: at.sum + term, abs: at.abs + Math.abs(term) });
      }
    });
    const { coords, values } = C.entries();
    expect(C.nnz, "one entry per reached (i, j)").toBe(rows.reduce((s, r) => s + r.size, 0));
    for (let e = 0; e < C.nnz; e++) {
      const [i, j] = [coords.i![e]!, coords.j![e]!];
      if (e > 0 && coords.i![e - 1] === i && !(coords.j![e - 1]! < j)) expect.fail(`entry ${e}: row ${i}'s columns are not increasing`);
      const want = rows[i]!.get(j);
      if (!want || !(Math.abs(values[e]! - want.sum) <= 1e-5 * want.abs + 1e-6)) expect.fail(`C(${i}, ${j}) = ${values[e]}, want ${want?.sum}`);
    }
  });

  it("products with a size-0 dim: a workspace row of 0 columns, 0 rows, nothing summed", async () => {
    for (const f of [csr, csc, dcsr, coo] as ((r: string, c: string) => Format)[]) {
      const C = fromCoo([["i", 2], ["k", 3]], { coords: { i: [1], k: [2] }, values: [5] }, f("i", "k") as never);
      const none = fromCoo([["k", 3], ["j", 0]], { coords: { k: [], j: [] }, values: [] }, f("k", "j") as never);
      const P = await C.dot("k", none);
      expect([P.shape, P.nnz]).toEqual([{ i: 2, j: 0 }, 0]);
      const empty = fromCoo([["i", 0], ["k", 3]], { coords: { i: [], k: [] }, values: [] }, f("i", "k") as never);
      const B = fromCoo([["k", 3], ["j", 2]], { coords: { k: [2], j: [1] }, values: [7] }, f("k", "j") as never);
      const Q = await empty.dot("k", B);
      expect([Q.shape, Q.nnz]).toEqual([{ i: 0, j: 2 }, 0]);
      const R = await C.dot("k", B);
      expect(Array.from(await R.toDense().data())).toEqual([0, 0, 0, 35]);
    }
  });

  it("CSF · CSR: an order-3 sparse result (TTM into CSF), one workspace row per (i, j) segment", async () => {
    const [I, J, K, L] = [3, 4, 5, 6];
    const t = randomSparseValues(I * J * K, 0.3, next);
    const b = randomSparseValues(K * L, 0.4, next);
    const T = await sparse(tensor(f32(t), [["i", I], ["j", J], ["k", K]]), csf("i", "j", "k"));
    const B = await sparse(tensor(f32(b), [["k", K], ["l", L]]), csr("k", "l"));
    const C = await T.dot("k", B);
    expect(C.dims).toEqual(["i", "j", "l"]);
    expect(C.format).toEqual(csf("i", "j", "l"));
    // As a matrix product over the rows (i, j) of T.
    const want = reference(t, b, I * J, K, L);
    const got = await C.toDense().data();
    want.c.forEach((w, e) => expect(Math.abs(got[e]! - w), `element ${e}`).toBeLessThanOrEqual(1e-5 * want.s[e]! + 1e-6));
    expect(C.nnz).toBe(want.reached.reduce((x, y) => x + y, 0));
  });

  it("a full contraction of two sparse tensors is a dense scalar; mistakes are the dense dot's errors", async () => {
    const a = randomSparseValues(12, 0.5, next);
    const A = await sparse(tensor(f32(a), [["i", 3], ["k", 4]]), csr("i", "k"));
    const s = A.dot(["i", "k"], A);
    expect(s.shape).toEqual({});
    const want = a.reduce((x, v) => x + v * v, 0);
    expect(Math.abs((await s.data())[0]! - want)).toBeLessThanOrEqual(1e-5 * want + 1e-6);
    const B = await sparse(tensor(new Float32Array(10), [["k", 5], ["j", 2]]), csr("k", "j"));
    expect(() => A.dot("k" as never, B as never)).toThrow(/k/);
  });
});

// Only WebGPU bounds a workspace row (the CPU's is the wasm heap's): a 12M-column product on the CPU takes 192 MB a thread.
for (const device of deviceNames.filter((d) => d === "webgpu"))
  describe(`SpGEMM on ${device}: the workspace binding's limit`, () => {
    beforeAll(() => useDevice(device));
    it("a workspace row larger than a binding may be is refused, naming the product and the formats", async () => {
      const A = fromCoo([["i", 2], ["k", 3]], { coords: { i: [0, 1], k: [2, 0] }, values: [1, 2] }, csr("i", "k"));
      const B = fromCoo([["k", 3], ["j", 12_000_000]], { coords: { k: [2, 0], j: [1, 11_999_999] }, values: [3, 4] }, csr("k", "j"));
      await expectError(
        () => A.dot("k", B).materialize(),
        ArgumentError,
        'the sparse product dot("k") cannot run on webgpu: its workspace rows take 144000004 bytes per invocation, more than the 134217728 bytes its workspace binding may take on this adapter (operands A: i dense, k compressed; B: k dense, j compressed)',
      );
    });
  });
