// Sparse matrices in safetensors files, by this library's convention (scipy's component arrays as tensors
// `<name>.shape`, `<name>.data`, `<name>.indptr` + `<name>.indices` or `<name>.row` + `<name>.col`, and the layout
// in `__metadata__`): files written by real Python (safetensors.numpy.save_file of scipy's arrays: float64 data,
// int64 indices) read as scipy's dense form; every format written by toSafetensors reads back, and Python rebuilds
// the same matrix from it; bad files are refused with a FormatError naming the tensor; a fast-check fuzz of edited
// files reads each as the original or refuses it with FormatError.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { type Format, FormatError, coo, csc, csr, dcsr, fromSafetensorsSparse, sparse, tensor, toSafetensors } from "../../src/index.js";
import { applyByteEdits, byteEdits } from "../helpers/byte-edits.js";
import { rng, testSeed } from "../helpers/random.js";
import { randomSparseValues } from "../helpers/sparse-random.js";

const dir = mkdtempSync(join(tmpdir(), "nt-st-sparse-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const next = rng(testSeed ^ 0x5afe);

const python = `
import sys, json, numpy as np, scipy.sparse as sp
from safetensors.numpy import save_file
d, seed = sys.argv[1], int(sys.argv[2])
rs = np.random.default_rng(seed)
mats = {
  "A": sp.random(7, 5, density=0.4, format="csr", random_state=rs),
  "B": sp.random(4, 9, density=0.3, format="csc", random_state=rs),
  "C": sp.coo_matrix((rs.standard_normal(12), (rs.integers(0, 3, 12), rs.integers(0, 6, 12))), shape=(3, 6)),
  "Z": sp.csr_matrix((2, 3)),
}
tensors, meta = {}, {}
for name, m in mats.items():
    meta[name] = m.format
    tensors[name + ".shape"] = np.array(m.shape, dtype=np.int64)
    tensors[name + ".data"] = m.data.astype(np.float64)
    if m.format == "coo":
        tensors[name + ".row"] = m.row.astype(np.int64); tensors[name + ".col"] = m.col.astype(np.int64)
    else:
        tensors[name + ".indptr"] = m.indptr.astype(np.int64); tensors[name + ".indices"] = m.indices.astype(np.int64)
    m.toarray().astype(np.float64).tofile(f"{d}/{name}.dense")
save_file(tensors, f"{d}/py.safetensors", metadata=meta)
`;
execFileSync("python3", ["-c", python, dir, String(testSeed & 0x7fffffff)]);
const pyFile = new Uint8Array(readFileSync(join(dir, "py.safetensors")));

describe("sparse matrices in safetensors files", () => {
  for (const [name, kind, rows, cols] of [["A", "csr", 7, 5], ["B", "csc", 4, 9], ["C", "coo", 3, 6], ["Z", "csr", 2, 3]] as const) {
    it(`reads Python's ${kind} matrix ${name} as scipy's dense form`, async () => {
      const A = fromSafetensorsSparse(pyFile, name, ["r", "c"]);
      expect(A.shape).toEqual({ r: rows, c: cols });
      expect(String(A).split("\n")[0]).toContain(`${kind}(`);
      const want = new Float64Array(Uint8Array.from(readFileSync(join(dir, `${name}.dense`))).buffer);
      const got = await A.toDense().data();
      want.forEach((w, i) => expect(Math.abs(got[i]! - w), `element ${i}`).toBeLessThanOrEqual(kind === "coo" ? 1e-6 * (1 + Math.abs(w)) : Math.abs(Math.fround(w) - w)));
    });
  }

  it("writes every format (CSR, CSC as themselves; DCSR, COO as COO) and reads it back; Python rebuilds the same matrices", async () => {
    const [n, m] = [6, 5];
    const a = randomSparseValues(n * m, 0.4, next);
    a.fill(0, m, 2 * m);
    const formats: [string, Format][] = [["csr", csr("i", "j")], ["csc", csc("i", "j")], ["dcsr", dcsr("i", "j")], ["coo", coo("i", "j")]];
    const given: Record<string, Awaited<ReturnType<typeof sparse>>> = {};
    for (const [k, f] of formats) given[k] = await sparse(tensor(Float32Array.from(a), [["i", n], ["j", m]]), f as never);
    const bytes = await toSafetensors({ ...given, dense: tensor(Float32Array.from(a), [["i", n], ["j", m]]) }, { note: "kept" });
    for (const [k] of formats) {
      const back = fromSafetensorsSparse(bytes, k, ["i", "j"]);
      expect(Array.from(await back.toDense().data())).toEqual(Array.from(Float32Array.from(a)));
      expect(String(back).split("\n")[0]).toContain(k === "csc" ? "csc(" : k === "csr" ? "csr(" : "coo(");
    }
    writeFileSync(join(dir, "ours.safetensors"), bytes);
    const check = `
import sys, numpy as np, scipy.sparse as sp
from safetensors import safe_open
with safe_open(sys.argv[1], "numpy") as f:
    meta = f.metadata(); t = {k: f.get_tensor(k) for k in f.keys()}
dense = t["dense"]
for name in ["csr", "csc", "dcsr", "coo"]:
    kind, shape = meta[name], tuple(t[name + ".shape"])
    m = sp.coo_matrix((t[name + ".data"], (t[name + ".row"], t[name + ".col"])), shape=shape) if kind == "coo" else getattr(sp, kind + "_matrix")((t[name + ".data"], t[name + ".indices"], t[name + ".indptr"]), shape=shape)
    assert np.array_equal(m.toarray(), dense), name
assert meta["note"] == "kept"
print("ok")
`;
    expect(execFileSync("python3", ["-c", check, join(dir, "ours.safetensors")], { encoding: "utf8" }).trim()).toBe("ok");
  });

  it("refuses what breaks the convention with a FormatError naming the tensor", async () => {
    const A = await sparse(tensor(Float32Array.from([1, 0, 0, 2, 0, 3]), [["i", 2], ["j", 3]]), csr("i", "j"));
    const bytes = await toSafetensors({ A, x: tensor(Float32Array.from([1, 2]), [["n", 2]]) });
    const refuse = (f: () => unknown, text: string): void => {
      expect(f).toThrow(FormatError);
      expect(f).toThrow(text);
    };
    refuse(() => fromSafetensorsSparse(bytes, "x", ["r", "c"]), `the safetensors file is invalid in __metadata__."x": __metadata__ gives no layout for the sparse matrix "x" (its value must be "csr", "csc" or "coo")`);
    const write = (parts: Record<string, ReturnType<typeof tensor>>, layout: string) => toSafetensors(parts as never, { M: layout });
    const i32 = (v: number[]) => tensor(Int32Array.from(v), [["n", v.length]]);
    const f32 = (v: number[]) => tensor(Float32Array.from(v), [["n", v.length]]);
    refuse(() => fromSafetensorsSparse(new Uint8Array(0), "M", ["r", "c"]), "the safetensors file is invalid at byte 0");
    const bsr = await write({ "M.shape": i32([2, 2]), "M.data": f32([1]) }, "bsr");
    refuse(() => fromSafetensorsSparse(bsr, "M", ["r", "c"]), `the layout of "M" is "bsr": use "csr", "csc" or "coo"`);
    const missing = await write({ "M.shape": i32([2, 2]), "M.data": f32([1]), "M.row": i32([0]) }, "coo");
    refuse(() => fromSafetensorsSparse(missing, "M", ["r", "c"]), `the coo matrix "M" has no tensor "M.col" (it needs "M.shape", "M.data", "M.row", "M.col")`);
    const floatIdx = await write({ "M.shape": i32([2, 2]), "M.data": f32([1]), "M.row": f32([0]), "M.col": i32([0]) }, "coo");
    refuse(() => fromSafetensorsSparse(floatIdx, "M", ["r", "c"]), `"M.row" must hold integers, not F32`);
    const down = await write({ "M.shape": i32([2, 3]), "M.data": f32([1, 2]), "M.indptr": i32([0, 2, 1]), "M.indices": i32([0, 1]) }, "csr");
    refuse(() => fromSafetensorsSparse(down, "M", ["r", "c"]), `in "M.indptr": indptr decreases from 2 to 1 at entry 2`);
    const outside = await write({ "M.shape": i32([2, 3]), "M.data": f32([1, 2]), "M.indptr": i32([0, 1, 2]), "M.indices": i32([0, 3]) }, "csr");
    refuse(() => fromSafetensorsSparse(outside, "M", ["r", "c"]), `in "M.indices": column 1 is 3, outside 0..2`);
    const lengths = await write({ "M.shape": i32([2, 3]), "M.data": f32([1, 2]), "M.row": i32([0]), "M.col": i32([0, 1]) }, "coo");
    refuse(() => fromSafetensorsSparse(lengths, "M", ["r", "c"]), `"M.row" has 1 entries but "M.data" has 2`);
    const shape = await write({ "M.shape": i32([2, 3, 4]), "M.data": f32([]), "M.row": i32([]), "M.col": i32([]) }, "coo");
    refuse(() => fromSafetensorsSparse(shape, "M", ["r", "c"]), `"M.shape" must be two non-negative sizes, not [2, 3, 4]`);
  });

  it("a fuzz of edited files: each reads as the original or is refused with FormatError, quickly", async () => {
    const original = Array.from(await fromSafetensorsSparse(pyFile, "A", ["r", "c"]).toDense().data());
    let [same, other, refused, slowest] = [0, 0, 0, 0];
    await fc.assert(
      fc.asyncProperty(byteEdits, async (edits) => {
        const b = applyByteEdits(pyFile, edits);
        // Only the read is timed (a kernel compiled by toDense under a loaded machine is not the reader's time).
        const start = performance.now();
        let A: ReturnType<typeof fromSafetensorsSparse> | undefined;
        try {
          A = fromSafetensorsSparse(b, "A", ["r", "c"]);
        } catch (e) {
          if (!(e instanceof FormatError)) throw e;
          refused++;
        }
        slowest = Math.max(slowest, performance.now() - start);
        if (!A) return;
        // A valid file may mean another matrix (an edit in the data bytes, or a size digit in the header that
        // the indices still fit): it must read as a consistent one — its entries inside its sizes, its dense
        // form (when small enough to make) holding exactly its stored values.
        const [rows, cols] = A.shapeDims.map((d) => d.size) as [number, number];
        const { coords, values } = A.entries();
        const at = Array.from(coords.r!, (r, k) => r * cols + coords.c![k]!);
        expect(at.every((i) => i >= 0 && i < rows * cols)).toBe(true);
        if (rows * cols > 1 << 22) return void other++;
        const got = Array.from(await A.toDense().data());
        if (got.join() === original.join()) return void same++;
        other++;
        expect(got.length).toBe(rows * cols);
        const sums = new Map<number, number>();
        at.forEach((i, k) => sums.set(i, Math.fround((sums.get(i) ?? 0) + values[k]!)));
        expect(got.filter((v, i) => v !== (sums.get(i) ?? 0))).toEqual([]);
      }),
      { numRuns: Number(process.env.NT_FUZZ_IO) || 300, seed: testSeed },
    );
    console.log(`safetensors sparse fuzz: ${same} read as the original, ${other} as another valid matrix, ${refused} refused; slowest ${slowest.toFixed(1)} ms`);
    expect(refused).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
  });
});
