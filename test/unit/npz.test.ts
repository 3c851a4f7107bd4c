// scipy's sparse .npz files: real scipy (python3 -c 'import scipy.sparse …') writes CSR, CSC and COO matrices on
// fresh random inputs — compressed and stored, float64/float32/int data, int64 indices, sparse arrays, empty
// rows, an all-zero matrix, full density, size-1 dims, unsorted and duplicate COO entries — and fromNpz must
// read each as scipy's own dense form (float32 rounding), in the file's layout unless a format is given. Bad
// archives are refused with a FormatError naming the member and byte; a fast-check fuzz edits valid files
// (truncation, bytes replaced, inserted, deleted) and every edited file must read as the original or be refused
// with FormatError — never another error, another tensor or a slow read.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { FormatError, csc, csr, dcsr, fromNpz } from "../../src/index.js";
import { applyByteEdits, byteEdits } from "../helpers/byte-edits.js";
import { testSeed } from "../helpers/random.js";
import { expectError } from "../helpers/sentences.js";

const dir = mkdtempSync(join(tmpdir(), "nt-npz-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each case: [file name, python expression for the matrix, save_npz's compressed flag]. */
const cases: [string, string, boolean][] = [
  ["csr", "sp.random(9, 7, density=0.3, format='csr', random_state=rs)", true],
  ["csr-stored", "sp.random(9, 7, density=0.3, format='csr', random_state=rs)", false],
  ["csc", "sp.random(6, 11, density=0.4, format='csc', random_state=rs)", true],
  ["coo", "sp.random(5, 8, density=0.5, format='coo', random_state=rs)", true],
  ["coo-duplicates", "sp.coo_matrix((rs.standard_normal(40), (rs.integers(0, 4, 40), rs.integers(0, 6, 40))), shape=(4, 6))", true],
  ["empty-rows", "sp.csr_matrix(np.where(rs.random((8, 5)) < 0.5, rs.standard_normal((8, 5)), 0) * (np.arange(8) % 3 != 0)[:, None])", true],
  ["all-zero", "sp.csr_matrix((3, 4), dtype=np.float64)", true],
  ["full", "sp.csr_matrix(rs.standard_normal((4, 3)) + 5)", true],
  ["size-1", "sp.random(1, 9, density=0.6, format='csr', random_state=rs)", true],
  ["column", "sp.random(7, 1, density=0.6, format='csc', random_state=rs)", false],
  ["float32", "sp.random(6, 6, density=0.4, format='csr', random_state=rs, dtype=np.float32)", true],
  ["int-data", "sp.csr_matrix(rs.integers(-3, 4, (5, 5)))", true],
  ["int64-indices", "(lambda m: (setattr(m, 'indices', m.indices.astype(np.int64)), setattr(m, 'indptr', m.indptr.astype(np.int64)), m)[2])(sp.random(6, 9, density=0.3, format='csr', random_state=rs))", true],
  ["unsorted-csr", "sp.csr_matrix((np.array([1.5, -2.0, 3.25, 4.0]), np.array([3, 0, 2, 1]), np.array([0, 2, 4])), shape=(2, 5))", true],
  ["array", "sp.csr_array(sp.random(5, 5, density=0.4, format='csr', random_state=rs))", true],
];
const python = `
import sys, numpy as np, scipy.sparse as sp
d, seed = sys.argv[1], int(sys.argv[2])
rs = np.random.default_rng(seed)
for name, expr, compressed in ${JSON.stringify(cases.map(([n, e, c]) => [n, e, c ? "T" : "F"]))}:
    m = eval(expr)
    sp.save_npz(f"{d}/{name}.npz", m, compressed=compressed == "T")
    np.asarray(m.toarray(), dtype=np.float64).tofile(f"{d}/{name}.dense")
    open(f"{d}/{name}.shape", "w").write(f"{m.shape[0]} {m.shape[1]} {m.nnz}")
`;
execFileSync("python3", ["-c", python, dir, String(testSeed & 0x7fffffff)]);
const file = (name: string): Uint8Array => new Uint8Array(readFileSync(join(dir, `${name}.npz`)));

describe("fromNpz reads scipy.sparse.save_npz files", () => {
  for (const [name] of cases) {
    it(`${name}: scipy's dense form, in the file's layout`, async () => {
      const [rows, cols, nnz] = readFileSync(join(dir, `${name}.shape`), "utf8").split(" ").map(Number) as [number, number, number];
      const want = new Float64Array(Uint8Array.from(readFileSync(join(dir, `${name}.dense`))).buffer);
      const A = await fromNpz(file(name), ["row", "col"]);
      expect(A.shape).toEqual({ row: rows, col: cols });
      const got = await A.toDense().data();
      // (Duplicates are summed after rounding each to float32: within a rounding of scipy's float64 sum.)
      want.forEach((w, i) => expect(Math.abs(got[i]! - w), `element ${i}: ${got[i]} for ${w}`).toBeLessThanOrEqual(name.includes("duplicates") ? 1e-6 * (1 + Math.abs(w)) * 10 : Math.abs(Math.fround(w) - w)));
      // Stored entries: scipy's nnz, less the duplicates COO sums.
      if (!name.includes("duplicates")) expect(A.nnz).toBe(nnz);
      const kind = name.startsWith("csc") || name === "column" ? "csc" : name.startsWith("coo") ? "coo" : "csr";
      expect(String(A).split("\n")[0]).toContain(`${kind}(`);
    });
  }

  it("a format given converts on reading (DCSR, CSC), with the same values", async () => {
    const want = await (await fromNpz(file("csr"), ["i", "j"])).toDense().data();
    for (const f of [dcsr("i", "j"), csc("i", "j"), csr("i", "j")]) {
      const A = await fromNpz(file("csr"), ["i", "j"], f as never);
      expect(A.format).toEqual(f);
      expect(Array.from(await A.toDense().data())).toEqual(Array.from(want));
    }
  });

  it("refuses bad arguments and archives that are not exactly what scipy writes, naming the member and byte", async () => {
    await expectError(() => fromNpz("x" as never, ["r", "c"]), Error, "fromNpz takes the file's bytes as a Uint8Array, not the string \"x\"");
    const good = file("csr-stored");
    await expect(fromNpz(good.subarray(0, 10), ["r", "c"])).rejects.toThrow(/^the \.npz file is invalid at byte 0: .*end of central directory record/);
    await expectError(() => fromNpz(good.subarray(0, good.length - 3), ["r", "c"]), FormatError, `the .npz file is invalid at byte ${good.length - 25}: it has no end of central directory record (not a ZIP archive, or cut short)`);
    // A byte of a stored member's data changed: its CRC-32 fails.
    const flipped = good.slice();
    const dataAt = good.findIndex((_, i) => i > 40 && String.fromCharCode(...good.subarray(i, i + 5)) === "NUMPY");
    expect(dataAt).toBeGreaterThan(40);
    flipped[dataAt + 60] = flipped[dataAt + 60]! ^ 0xff;
    await expect(fromNpz(flipped, ["r", "c"])).rejects.toThrow(/fails its CRC-32 check/);
    // A deflate member cut: refused, never a raw error.
    const cut = file("csr").slice();
    cut.fill(0, 60, 120);
    await expect(fromNpz(cut, ["r", "c"])).rejects.toThrow(FormatError);
    // scipy's other formats and broken invariants.
    const write = (expr: string, name: string): Uint8Array => {
      execFileSync("python3", ["-c", `import numpy as np, scipy.sparse as sp\nm = ${expr}\nnp.savez("${join(dir, name)}", **m)`]);
      return file(name);
    };
    const bsr = write("dict(format=np.bytes_(b'bsr'), shape=np.array([2, 2]), data=np.ones((1, 2, 2)), indices=np.array([0], np.int32), indptr=np.array([0, 1], np.int32))", "bsr");
    await expectError(() => fromNpz(bsr, ["r", "c"]), FormatError, `the .npz file is invalid in format.npy at byte ${await offsetOf(bsr, "format.npy")}: the sparse format is 'bsr': only csr, csc and coo are read (convert with .tocsr() before save_npz)`);
    const down = write("dict(format=np.bytes_(b'csr'), shape=np.array([2, 3]), data=np.ones(2), indices=np.array([0, 1], np.int32), indptr=np.array([0, 2, 1], np.int32))", "down");
    await expect(fromNpz(down, ["r", "c"])).rejects.toThrow("indptr decreases from 2 to 1 at entry 2");
    const outside = write("dict(format=np.bytes_(b'csr'), shape=np.array([2, 3]), data=np.ones(2), indices=np.array([0, 3], np.int32), indptr=np.array([0, 1, 2], np.int32))", "outside");
    await expect(fromNpz(outside, ["r", "c"])).rejects.toThrow("column 1 is 3, outside 0..2");
    const missing = write("dict(format=np.bytes_(b'coo'), shape=np.array([2, 3]), data=np.ones(2), row=np.array([0, 1], np.int32))", "missing");
    await expect(fromNpz(missing, ["r", "c"])).rejects.toThrow("it has no member col.npy (scipy's save_npz writes format.npy, shape.npy, data.npy, row.npy, col.npy)");
    const extra = write("dict(format=np.bytes_(b'coo'), shape=np.array([2, 3]), data=np.ones(1), row=np.array([0], np.int32), col=np.array([0], np.int32), evil=np.ones(1))", "extra");
    await expect(fromNpz(extra, ["r", "c"])).rejects.toThrow("the member evil.npy is not one scipy's save_npz writes for coo");
    const floatIdx = write("dict(format=np.bytes_(b'coo'), shape=np.array([2, 3]), data=np.ones(1), row=np.array([0.5]), col=np.array([0], np.int32))", "floatidx");
    await expect(fromNpz(floatIdx, ["r", "c"])).rejects.toThrow("the member row.npy must hold integers, not <f8");
    const lengths = write("dict(format=np.bytes_(b'coo'), shape=np.array([2, 3]), data=np.ones(2), row=np.array([0], np.int32), col=np.array([0], np.int32))", "lengths");
    await expect(fromNpz(lengths, ["r", "c"])).rejects.toThrow("the member row.npy has 1 entries but data.npy has 2");
  });

  it("a fuzz of edited archives: each reads as the original or is refused with FormatError, quickly", async () => {
    const originals = await Promise.all(["csr", "csr-stored", "coo", "csc"].map(async (n) => ({ bytes: file(n), dense: Array.from(await (await fromNpz(file(n), ["r", "c"])).toDense().data()) })));
    const outcomes = { same: 0, refused: 0 };
    let slowest = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: originals.length - 1 }),
        byteEdits,
        async (which, edits) => {
          const { bytes, dense } = originals[which]!;
          const b = applyByteEdits(bytes, edits);
          // Only the read is timed (a kernel compiled by toDense under a loaded machine is not the reader's time).
          const start = performance.now();
          const A = await fromNpz(b, ["r", "c"]).catch((e: unknown) => {
            if (!(e instanceof FormatError)) throw e;
          });
          slowest = Math.max(slowest, performance.now() - start);
          if (!A) outcomes.refused++;
          else {
            expect(Array.from(await A.toDense().data())).toEqual(dense);
            outcomes.same++;
          }
        },
      ),
      { numRuns: Number(process.env.NT_FUZZ_IO) || 300, seed: testSeed },
    );
    console.log(`npz fuzz: ${outcomes.same} read as the original, ${outcomes.refused} refused; slowest ${slowest.toFixed(1)} ms`);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
  });
});

/** The data offset of a member (its local header's end), as the reader reports it. */
async function offsetOf(bytes: Uint8Array, name: string): Promise<number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let at = 0; at + 30 < bytes.length; at++)
    if (view.getUint32(at, true) === 0x04034b50) {
      const n = view.getUint16(at + 26, true);
      if (new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + n)) === name) return at + 30 + n + view.getUint16(at + 28, true);
    }
  return -1;
}
