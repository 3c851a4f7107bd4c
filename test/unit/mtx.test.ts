// Matrix Market read/write: every layout × field × symmetry against an independent reading of the text (a few
// lines of naive parsing here), round trips of fresh random matrices, the real files of Debian's r-cran-matrix
// (fetched by scripts/fetch-r-cran-matrix.sh into .cache/, never committed; a failed fetch fails the test),
// and strictness: every malformed file a FormatError at its line, truncations and byte flips never anything else.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FormatError, type SparseTensor, coo, csc, dcsr, fromCoo, fromMtx, toMtx } from "../../src/index.js";
import { rng, testSeed } from "../helpers/random.js";
import { expectError } from "../helpers/sentences.js";

/** An independent reading of a Matrix Market text as a dense float64 row-major array. */
function naiveMtx(text: string): { rows: number; cols: number; dense: Float64Array } {
  const lines = text.split(/\r?\n/);
  const [, , layout, field, symmetry] = lines[0]!.toLowerCase().trim().split(/\s+/);
  const data = lines.slice(1).filter((l) => l.trim() && !l.trim().startsWith("%")).map((l) => l.trim().split(/\s+/).map(Number));
  const [rows, cols] = data[0]!;
  const dense = new Float64Array(rows! * cols!);
  const put = (i: number, j: number, v: number): void => {
    dense[i * cols! + j]! += v;
    if (symmetry === "symmetric" && i !== j) dense[j * cols! + i]! += v;
    if (symmetry === "skew-symmetric") dense[j * cols! + i]! -= v;
  };
  if (layout === "coordinate") for (const e of data.slice(1)) put(e[0]! - 1, e[1]! - 1, field === "pattern" ? 1 : e[2]!);
  else {
    let k = 1;
    for (let j = 0; j < cols!; j++) for (let i = symmetry === "general" ? 0 : symmetry === "symmetric" ? j : j + 1; i < rows!; i++) put(i, j, data[k++]![0]!);
  }
  return { rows: rows!, cols: cols!, dense };
}

/** The dense float64 array a sparse matrix stores, from its entries (no device involved). */
function denseOf(A: SparseTensor, rowName = "row", colName = "col"): Float64Array {
  const [rows, cols] = [A.shape[rowName as never] as number, A.shape[colName as never] as number];
  const out = new Float64Array(rows * cols);
  const { coords, values } = A.entries();
  values.forEach((v, k) => (out[coords[rowName]![k]! * cols + coords[colName]![k]!] = v));
  return out;
}

const expectSame = (A: SparseTensor, text: string): void => {
  const ref = naiveMtx(text);
  expect(A.shape).toEqual({ row: ref.rows, col: ref.cols });
  expect(Array.from(denseOf(A))).toEqual(Array.from(ref.dense, (v) => Math.fround(v)));
};

const files: [string, string][] = [
  ["coordinate real general", "%%MatrixMarket matrix coordinate real general\n% a comment\n3 4 5\n1 1 1.5\n3 4 -2e-1\n2 2 3\n1 1 0.25\n3 1 7\n"],
  ["coordinate double general, CRLF, blank lines", "%%MatrixMarket matrix coordinate double general\r\n\r\n2 2 2\r\n1 2 4.5\r\n\r\n2 1 -1\r\n"],
  ["coordinate integer symmetric", "%%MatrixMarket matrix coordinate integer symmetric\n3 3 4\n1 1 2\n2 1 -3\n3 2 5\n3 3 1\n"],
  ["coordinate real skew-symmetric", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 1.25\n3 1 -4\n"],
  ["coordinate pattern general", "%%MatrixMarket matrix coordinate pattern general\n2 3 3\n1 3\n2 1\n2 2\n"],
  ["coordinate pattern symmetric", "%%MATRIXMARKET MATRIX COORDINATE PATTERN SYMMETRIC\n3 3 2\n2 1\n3 3\n"],
  ["array real general", "%%MatrixMarket matrix array real general\n2 3\n1\n0\n-2.5\n4\n0\n6\n"],
  ["array integer symmetric", "%%MatrixMarket matrix array integer symmetric\n3 3\n1\n2\n0\n4\n5\n6\n"],
  ["array real skew-symmetric", "%%MatrixMarket matrix array real skew-symmetric\n3 3\n1.5\n-2\n3\n"],
  ["empty coordinate", "%%MatrixMarket matrix coordinate real general\n4 2 0\n"],
];

describe("Matrix Market files", () => {
  for (const [name, text] of files) {
    it(`reads ${name}`, () => {
      expectSame(fromMtx(text, ["row", "col"]), text);
      expectSame(fromMtx(new TextEncoder().encode(text), ["row", "col"], csc("row", "col")), text);
      expectSame(fromMtx(text, ["row", "col"], coo("col", "row")), text);
    });
  }

  it("round-trips fresh random matrices in every field and symmetry", () => {
    const next = rng(testSeed ^ 0x3a7);
    for (let trial = 0; trial < 20; trial++) {
      const n = 1 + Math.floor(next() * 9);
      const m = 1 + Math.floor(next() * 9);
      const count = Math.floor(next() * n * m);
      const rows = Array.from({ length: count }, () => Math.floor(next() * n));
      const cols = Array.from({ length: count }, () => Math.floor(next() * m));
      const vals = Array.from({ length: count }, () => Math.fround(next() * 8 - 4));
      const A = fromCoo([["row", n], ["col", m]], { coords: { row: rows, col: cols }, values: vals }, coo("row", "col"));
      expect(Array.from(denseOf(fromMtx(toMtx(A), ["row", "col"])))).toEqual(Array.from(denseOf(A)));
      const pattern = fromMtx(toMtx(A, { field: "pattern" }), ["row", "col"]);
      const ones = new Float64Array(n * m);
      const e = A.entries();
      e.values.forEach((_, q) => (ones[e.coords.row![q]! * m + e.coords.col![q]!] = 1));
      expect(Array.from(denseOf(pattern))).toEqual(Array.from(ones));
      // Symmetric and skew-symmetric: A + Aᵀ and A − Aᵀ over a square matrix.
      const k = n;
      const sym = fromCoo([["row", k], ["col", k]], { coords: { row: [...rows.map((r) => r % k), ...cols.map((c) => c % k)], col: [...cols.map((c) => c % k), ...rows.map((r) => r % k)] }, values: [...vals, ...vals] }, coo("row", "col"));
      expect(Array.from(denseOf(fromMtx(toMtx(sym, { symmetry: "symmetric" }), ["row", "col"])))).toEqual(Array.from(denseOf(sym)));
      const skew = fromCoo([["row", k], ["col", k]], { coords: { row: [...rows.map((r) => r % k), ...cols.map((c) => c % k)], col: [...cols.map((c) => c % k), ...rows.map((r) => r % k)] }, values: [...vals, ...vals.map((v) => -v)] }, coo("row", "col"));
      expect(Array.from(denseOf(fromMtx(toMtx(skew, { symmetry: "skew-symmetric" }), ["row", "col"])))).toEqual(Array.from(denseOf(skew)));
    }
  });

  it("reads the real matrices of r-cran-matrix like an independent reader", () => {
    const dir = execFileSync("bash", [path.resolve("scripts/fetch-r-cran-matrix.sh")], { encoding: "utf8" }).trim();
    for (const [file, rows, stored] of [["jgl009.mtx", 9, 50], ["pores_1.mtx", 30, 180], ["lund_a.mtx", 147, 2449]] as const) {
      const text = readFileSync(path.join(dir, file), "utf8");
      const A = fromMtx(text, ["row", "col"]);
      expect(A.shape).toEqual({ row: rows, col: rows });
      expect(A.nnz).toBe(stored); // scipy.io.mmread(file).nnz
      const ref = naiveMtx(text);
      const got = denseOf(A);
      ref.dense.forEach((v, i) => expect(got[i]).toBe(Math.fround(v)));
    }
    expect(() => fromMtx(readFileSync(path.join(dir, "wrong.mtx"), "utf8"), ["row", "col"])).toThrow("the Matrix Market file is invalid at line 3: the row 0 is outside 1..2");
  });

  const bad: [string, string][] = [
    ["", 'at line 1: it must start with a banner such as "%%MatrixMarket matrix coordinate real general", not ""'],
    ["%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n", 'at line 1: the field is "complex": use "real", "double", "integer" or "pattern" (complex values are not supported)'],
    ["%%MatrixMarket vector coordinate real general\n", 'at line 1: the object is "vector": use "matrix"'],
    ["%%MatrixMarket matrix coordinate real hermitian\n", 'at line 1: the symmetry is "hermitian": use "general", "symmetric" or "skew-symmetric"'],
    ["%%MatrixMarket matrix array pattern general\n1 1\n", 'at line 1: the field is "pattern": use a value field: an "array" file stores every value'],
    ["%%MatrixMarket matrix coordinate real general\n2 2\n", 'at line 2: the size line must be rows, columns and entries (non-negative integers), not "2 2"'],
    ["%%MatrixMarket matrix coordinate real general\n% only a comment\n", "at line 2: the size line must be rows, columns and entries (non-negative integers), not the end of the file"],
    ["%%MatrixMarket matrix coordinate real general\n2 -2 1\n1 1 1\n", 'at line 2: the size line must be rows, columns and entries (non-negative integers), not "2 -2 1"'],
    ["%%MatrixMarket matrix coordinate real symmetric\n2 3 1\n1 1 1\n", "at line 2: a symmetric matrix must be square, not 2×3"],
    ["%%MatrixMarket matrix coordinate real general\n1000000000 1000000000 1000000000000\n1 1 1\n", "at line 2: it declares 1000000000000 entries, more than the 1 the rest of the file has room for"],
    ["%%MatrixMarket matrix coordinate real general\n3000000000 2 0\n", "at line 2: it declares 3000000000 rows, more than the 2147483647 int32 coordinates reach"],
    ["%%MatrixMarket matrix array real general\n100000 100000\n1\n", "at line 2: it declares 10000000000 values, more than the 1 the rest of the file has room for"],
    ["%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n1 2\n", "at line 4: a real entry is a row, a column and a value, but this line has 2 numbers"],
    ["%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 1 5\n", "at line 3: a pattern entry is a row and a column, but this line has 3 numbers"],
    ["%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 2.5\n", 'at line 3: the value "2.5" is not an integer'],
    ["%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 abc\n", 'at line 3: the value "abc" is not a number'],
    ["%%MatrixMarket matrix coordinate real general\n2 2 1\n1.0 1 1\n", 'at line 3: the row "1.0" is not an integer'],
    ["%%MatrixMarket matrix coordinate real general\n2 2 1\n1 3 1\n", "at line 3: the column 3 is outside 1..2"],
    ["%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 1\n", "at line 3: entry (1, 2) is not in the part of a symmetric matrix a file stores: the lower triangle and the diagonal (row ≥ column)"],
    ["%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n1 1 1\n", "at line 3: entry (1, 1) is not in the part of a skew-symmetric matrix a file stores: the strict lower triangle (row > column)"],
    ["%%MatrixMarket matrix coordinate real general\n3 3 3\n1 1 1\n2 2 2\n", "at line 4: the file ends after 2 of the 3 entries its size line declares"],
    ["%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 1\n2 2 2\n", "at line 4: there is more data after the 1 entries its size line declares"],
    ["%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n", "at line 5: the file ends after 3 of the 4 values its size line declares"],
    ["%%MatrixMarket matrix array real general\n1 1\n1 2\n", "at line 3: a real array entry is one value, but this line has 2 numbers"],
    // a 60-byte header asking a CSR for 2e9 row pointers (8 GB) is refused before anything is allocated
    ["%%MatrixMarket matrix coordinate real general\n2000000000 2000000000 1\n1 1 1\n", "at line 2: it declares 2000000000×2000000000 for 1 entries: csr(row → col) would store 2000000000 positions (7.5 GiB) for them; read it in a format whose outer level is compressed (dcsr, coo)"],
  ];
  for (const [text, sentence] of bad) {
    it(`refuses ${JSON.stringify(text.slice(0, 70))}`, async () => {
      await expectError(() => fromMtx(text, ["row", "col"]), FormatError, `the Matrix Market file is invalid ${sentence}`);
    });
  }

  it("a huge declared size is read in a format that does not store a position per row (dcsr, coo), in its entries' memory", () => {
    const text = "%%MatrixMarket matrix coordinate real general\n2000000000 2000000000 2\n7 1999999999 1.5\n1 1 2\n";
    for (const format of [dcsr("row", "col"), coo("row", "col")]) {
      const A = fromMtx(text, ["row", "col"], format as never);
      expect(A.nnz).toBe(2);
      expect(A.entries()).toEqual({ coords: { row: Int32Array.from([0, 6]), col: Int32Array.from([0, 1999999998]) }, values: Float32Array.from([2, 1.5]) });
      expect(A.levels.reduce((n, l) => n + (l.pos?.length ?? 0) + (l.idx?.length ?? 0), 0)).toBeLessThan(16);
    }
    // 10^6 rows over 2·10^4 entries stays a CSR (50 row pointers an entry)
    const rows = Array.from({ length: 20000 }, (_, e) => `${1 + e * 50} ${1 + (e % 7)} ${e + 1}`).join("\n");
    expect(fromMtx(`%%MatrixMarket matrix coordinate real general\n1000000 7 20000\n${rows}\n`, ["row", "col"]).nnz).toBe(20000);
  });

  it("truncated or byte-flipped files give a FormatError or a matrix, never another error", () => {
    const next = rng(testSeed ^ 0xf1);
    for (const [, text] of files) {
      for (let cut = 0; cut < text.length; cut++) {
        try {
          fromMtx(text.slice(0, cut), ["row", "col"]);
        } catch (e) {
          expect(e).toBeInstanceOf(FormatError);
        }
      }
      for (let trial = 0; trial < 40; trial++) {
        const bytes = new TextEncoder().encode(text);
        bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
        try {
          fromMtx(bytes, ["row", "col"]);
        } catch (e) {
          expect(e).toBeInstanceOf(FormatError);
        }
      }
    }
  });

  it("refuses writing what a file cannot say", async () => {
    const A = fromCoo([["row", 2], ["col", 2]], { coords: { row: [0, 1], col: [1, 0] }, values: [1, 2] }, coo("row", "col"));
    expect(() => toMtx(A, { symmetry: "symmetric" })).toThrow("the matrix is not symmetric: entry (1, 2) does not match its mirror");
    const B = fromCoo([["row", 1], ["col", 1]], { coords: { row: [0], col: [0] }, values: [0.5] }, coo("row", "col"));
    expect(() => toMtx(B, { field: "integer" })).toThrow("toMtx option field must be real for values that are not integers, not integer (value 0.5)");
    expect(toMtx(B)).toBe('%%MatrixMarket matrix coordinate real general\n% rows "row", columns "col" (named-tensor)\n1 1 1\n1 1 0.5\n');
  });
});
