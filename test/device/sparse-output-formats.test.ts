// Sparse results are stored like their first sparse operand: a DCSR operand gives a DCSR result (only non-empty
// rows in the outer level), COO gives COO, CSF gives CSF, CSR and a dense tensor in a sparse format give CSR —
// for add, sub, mul (sparse, dense, scalar) and SpGEMM, on every device, against float64 dense references on
// fresh random inputs with empty rows, an all-zero operand, full density and size-1 dims. And `mask` on sparse
// tensors: private dims travel through the sparse ops and refuse to be named, with the dense ops' sentences.
import { beforeAll, describe, expect, it } from "vitest";
import { type Format, type SparseTensor, coo, csf, csr, dcsr, denseFormat, sparse, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { expectError } from "../helpers/sentences.js";
import { randomSparseValues } from "../helpers/sparse-random.js";
import { ShapeError } from "../../src/index.js";

const next = rng(testSeed ^ 0xf0a7);
const f32 = (a: Float64Array): Float32Array => Float32Array.from(a);

/** Storage walked in order: the stored outer coordinates (DCSR: no empty rows) and strictly increasing entries. */
function expectStoredLike(t: SparseTensor, kinds: readonly string[], label: string): void {
  expect(t.format.map((l) => l[1]), label).toEqual(kinds);
  const outer = t.storage.levels[0]!;
  if (outer.kind === "compressed" && kinds[1] === "compressed") {
    const inner = t.storage.levels[1]!;
    for (let r = 0; r < outer.idx!.length; r++) expect(inner.pos![r + 1]! - inner.pos![r]!, `${label}: stored row ${r} is not empty`).toBeGreaterThan(0);
  }
}

async function expectValues(t: SparseTensor, want: ArrayLike<number>, label: string): Promise<void> {
  const got = await t.toDense().data();
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) if (!(Math.abs(got[i]! - want[i]!) <= 1e-5 * (1 + Math.abs(want[i]!)))) expect.fail(`${label}: element ${i}: got ${got[i]}, want ${want[i]}`);
}

const cases: [string, (r: string, c: string) => Format, string[]][] = [
  ["csr", csr, ["dense", "compressed"]],
  ["dcsr", dcsr, ["compressed", "compressed"]],
  ["coo", coo, ["compressed", "singleton"]],
  ["dense-in-sparse", denseFormat, ["dense", "compressed"]],
];

describe.each(deviceNames)("sparse result formats and mask on %s", (device) => {
  beforeAll(() => useDevice(device));

  for (const [name, format, kinds] of cases) {
    for (const [shape, density] of [[[7, 5], 0.3], [[1, 6], 0.5], [[6, 1], 0.5], [[4, 4], 1], [[5, 3], 0]] as const) {
      it(`${name} first: add, sub, mul and scaling are stored ${kinds.join("/")}, ${shape.join("×")} at density ${density}`, async () => {
        const [n, m] = shape;
        const a = randomSparseValues(n * m, density, next);
        const b = randomSparseValues(n * m, 0.4, next);
        if (n > 2) a.fill(0, m, 2 * m); // an empty row
        const A = await sparse(tensor(f32(a), [["i", n], ["j", m]]), format("i", "j") as never);
        const B = await sparse(tensor(f32(b), [["i", n], ["j", m]]), csr("i", "j"));
        const D = tensor(f32(b), [["i", n], ["j", m]]);
        const results: [string, SparseTensor, ArrayLike<number>][] = [
          ["add", await A.add(B), a.map((v, i) => v + b[i]!)],
          ["sub", await A.sub(B), a.map((v, i) => v - b[i]!)],
          ["mul", await A.mul(B), a.map((v, i) => v * b[i]!)],
          ["mul dense", await A.mul(D), a.map((v, i) => v * b[i]!)],
          ["scale", await A.mul(-1.5), a.map((v) => v * -1.5)],
        ];
        for (const [op, t, want] of results) {
          const label = `${name} ${op}`;
          expectStoredLike(t, kinds, label);
          await expectValues(t, want, label);
        }
        expect(results[0]![1].nnz).toBe(a.filter((v, i) => (name === "dense-in-sparse" ? true : v !== 0) || b[i] !== 0).length);
      });
    }
  }

  it("CSF first: an order-3 sum and product are stored CSF", async () => {
    const [I, J, K] = [3, 4, 5];
    const a = randomSparseValues(I * J * K, 0.3, next);
    const b = randomSparseValues(I * J * K, 0.3, next);
    const dims = [["i", I], ["j", J], ["k", K]] as [["i", number], ["j", number], ["k", number]];
    const A = await sparse(tensor(f32(a), dims), csf("i", "j", "k"));
    const B = await sparse(tensor(f32(b), dims), csf("i", "j", "k"));
    // Two CSF operands and the result: 17 buffers, more than WebGPU's storage bindings (8 to 16): its index arrays
    // are read packed into one binding.
    const S = await A.add(B);
    expect(S.format).toEqual([["i", "compressed"], ["j", "compressed"], ["k", "compressed"]]);
    await expectValues(S, a.map((v, i) => v + b[i]!), "csf add");
    const P = await A.mul(B);
    expect(P.format).toEqual(csf("i", "j", "k"));
    await expectValues(P, a.map((v, i) => v * b[i]!), "csf mul");
  });

  it("mask: private dims travel through the sparse ops and cannot be named, as with dense tensors", async () => {
    const [n, m] = [5, 4];
    const a = randomSparseValues(n * m, 0.5, next);
    const A = await sparse(tensor(f32(a), [["row", n], ["col", m]]), csr("row", "col"));
    const M = A.mask("row");
    expect(M.shapeDims.map((d) => [d.name, d.masked])).toEqual([["row", true], ["col", false]]);
    expect(M.nnz).toBe(A.nnz);
    // Summing the visible dim keeps the private one, private.
    const rows = M.sum("col");
    expect((rows as unknown as { masked: Set<string> }).masked.has("row")).toBe(true);
    const want = Array.from({ length: n }, (_, i) => a.slice(i * m, (i + 1) * m).reduce((x, y) => x + y, 0));
    const got = await rows.data();
    want.forEach((w, i) => expect(Math.abs(got[i]! - w)).toBeLessThanOrEqual(1e-5 * (1 + Math.abs(w))));
    const doubled = await M.mul(2);
    expect(doubled.shapeDims.find((d) => d.name === "row")!.masked).toBe(true);
    await expectValues(doubled.unmask(), a.map((v) => 2 * v), "masked mul");
    // Naming a private dim: the dense ops' sentence.
    const dense = tensor(f32(a), [["row", n], ["col", m]]).mask("row");
    for (const f of [(t: any) => t.sum("row"), (t: any) => t.transpose("col", "row"), (t: any) => t.dot("row", tensor(new Float32Array(n), [["row", n]]))]) {
      await expectError(() => f(dense), ShapeError, '"row" is private (masked)');
      await expectError(() => f(M), ShapeError, '"row" is private (masked)');
    }
    await expectError(() => (M as any).mask("row"), ShapeError, '"row" is private (masked)');
    await expectError(() => (M as any).mask("rows"), ShapeError, (() => { try { (dense as any).mask("rows"); } catch (e) { return (e as Error).message; } return ""; })());
    // unmask: visible again, the same storage.
    const U = M.unmask();
    await expectValues(U, a, "unmasked");
    const total = await U.sum("row").data();
    expect(total.length).toBe(m);
  });
});
