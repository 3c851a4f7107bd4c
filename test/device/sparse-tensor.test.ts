// Sparse tensors (taco §3): construction from dense tensors and from COO lists (unsorted, duplicates summed)
// in every format preset and custom level lists, the stored levels (pos/idx) against hand-computed CSR, toDense
// against float64 references, nnz/density/format/printing, and the errors for bad coordinates and formats.
import { beforeAll, describe, expect, it } from "vitest";
import { ArgumentError, ShapeError, bcsr, coo, csc, csf, csr, dcsr, denseFormat, fromCoo, getDefaultDevice, memoryStats, sparse, tensor } from "../../src/index.js";
import type { Format } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { expectError } from "../helpers/sentences.js";
import { randomCoo, randomSparseValues } from "../helpers/sparse-random.js";
import { testSeed } from "../helpers/random.js";

const formats2: [string, Format][] = [
  ["csr", csr("row", "col")],
  ["csc", csc("row", "col")],
  ["dcsr", dcsr("row", "col")],
  ["dcsc", dcsr("col", "row")],
  ["coo", coo("row", "col")],
  ["dense", denseFormat("col", "row")],
  ["compressed,dense", [["row", "compressed"], ["col", "dense"]]],
];
const formats3: [string, Format][] = [
  ["csf", csf("i", "j", "k")],
  ["csf kji", csf("k", "j", "i")],
  ["coo", coo("i", "j", "k")],
  ["dense,compressed,compressed", [["j", "dense"], ["i", "compressed"], ["k", "compressed"]]],
  ["compressed,dense,compressed", [["i", "compressed"], ["k", "dense"], ["j", "compressed"]]],
];

/** The float32 rounding of every element of a float64 array. */
const f32 = (a: ArrayLike<number>): number[] => Array.from(a, (x) => Math.fround(x));

describe.each(deviceNames)("sparse tensors on %s", (device) => {
  beforeAll(() => useDevice(device));

  for (const [rows, cols, density] of [[7, 5, 0.3], [1, 9, 0.5], [6, 1, 0.5], [4, 4, 0], [3, 4, 1], [0, 3, 0.5]] as const) {
    for (const [name, format] of formats2) {
      it(`${name} from a dense ${rows}×${cols} at density ${density}`, async () => {
        const ref = randomSparseValues(rows * cols, density);
        const A = await sparse(tensor(Float32Array.from(ref), [["row", rows], ["col", cols]]), format);
        const stored = ref.filter((v) => v !== 0).length;
        if (!format.every((l) => l[1] === "dense") && !(format[1]?.[1] === "dense")) expect(A.nnz).toBe(stored);
        expect(A.format).toEqual(format);
        expect(A.shape).toEqual({ row: rows, col: cols });
        expect(Array.from(await A.toDense().data())).toEqual(f32(ref));
      });
    }
  }

  for (const [name, format] of formats3) {
    it(`order-3 ${name} from unsorted COO with duplicates`, async () => {
      const sizes = [4, 3, 5];
      const { coords, values, dense } = randomCoo(sizes, 30);
      const T = fromCoo([["i", 4], ["j", 3], ["k", 5]], { coords: { i: coords[0]!, j: coords[1]!, k: coords[2]! }, values }, format);
      const got = await T.toDense().data();
      dense.forEach((v, i) => expect(Math.abs(got[i]! - v)).toBeLessThanOrEqual(1e-6 * (1 + Math.abs(v))));
      const distinct = new Set(Array.from({ length: values.length }, (_, e) => `${coords[0]![e]},${coords[1]![e]},${coords[2]![e]}`)).size;
      if (format.every((l) => l[1] !== "dense")) expect(T.nnz).toBe(distinct);
    });
  }

  it("dispose() frees the device copies of its arrays now, and the tensor still computes", async () => {
    const [rows, cols] = [300, 200];
    const ref = randomSparseValues(rows * cols, 0.2);
    const xs = Float32Array.from({ length: cols }, (_, c) => Math.fround(Math.sin(c + 0.5)));
    const want = new Float64Array(rows);
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) want[r]! += ref[r * cols + c]! * xs[c]!;
    const A = await sparse(tensor(Float32Array.from(ref), [["row", rows], ["col", cols]]), csr("row", "col"));
    const x = tensor(xs, [["col", cols]]);
    const bytes = (): number => memoryStats()[getDefaultDevice().name]!.bytes;
    const check = (got: ArrayLike<number>): void => {
      for (let r = 0; r < rows; r++) if (!(Math.abs(got[r]! - want[r]!) <= 1e-5 * (1 + Math.abs(want[r]!)))) expect.fail(`row ${r}: ${got[r]}, want ${want[r]} (seed ${testSeed})`);
    };
    check(await A.dot("col", x).data()); // the product copied A's pos, idx and values to the device
    const arrays = 4 * (rows + 1 + 2 * A.nnz);
    let held = bytes();
    A.dispose();
    expect(held - bytes()).toBe(arrays);
    check(await A.dot("col", x).data()); // copied again
    held = bytes();
    A.dispose();
    expect(held - bytes()).toBe(arrays);
    held = bytes();
    A.dispose(); // twice: nothing left to free
    expect(bytes()).toBe(held);
    const pending = A.add(A);
    pending.dispose(); // not computed yet: nothing held, still computes
    expect(Array.from((await (await pending).toDense().data()).slice(0, 5))).toEqual(Array.from(ref.slice(0, 5), (v) => Math.fround(2 * v)));
  });

  it("stores CSR as taco's pos and idx arrays", () => {
    // [[0, 5, 0, 0], [0, 0, 0, 0], [6, 0, 0, 7]] from unsorted entries, one duplicated.
    const A = fromCoo([["row", 3], ["col", 4]], { coords: { row: [2, 0, 2, 2], col: [3, 1, 0, 3] }, values: [3, 5, 6, 4] }, csr("row", "col"));
    const [rowLevel, colLevel] = A.storage.levels;
    expect(rowLevel!.kind).toBe("dense");
    expect(Array.from(colLevel!.pos!)).toEqual([0, 1, 1, 3]);
    expect(Array.from(colLevel!.idx!)).toEqual([1, 0, 3]);
    expect(Array.from(A.storage.vals)).toEqual([5, 6, 7]);
    const C = fromCoo([["row", 3], ["col", 4]], { coords: { row: [2, 0, 2, 2], col: [3, 1, 0, 3] }, values: [3, 5, 6, 4] }, coo("row", "col"));
    expect(Array.from(C.storage.levels[0]!.pos!)).toEqual([0, 3]);
    expect(Array.from(C.storage.levels[0]!.idx!)).toEqual([0, 2, 2]);
    expect(Array.from(C.storage.levels[1]!.idx!)).toEqual([1, 0, 3]);
    const D = fromCoo([["row", 3], ["col", 4]], { coords: { row: [2, 0, 2, 2], col: [3, 1, 0, 3] }, values: [3, 5, 6, 4] }, dcsr("row", "col"));
    expect(Array.from(D.storage.levels[0]!.pos!)).toEqual([0, 2]);
    expect(Array.from(D.storage.levels[0]!.idx!)).toEqual([0, 2]);
    expect(Array.from(D.storage.levels[1]!.pos!)).toEqual([0, 1, 3]);
  });

  it("block-sparse (bcsr) stores whole tiles, zeros included", async () => {
    const ref = new Float64Array(2 * 3 * 2 * 2);
    // one non-zero in block (0, 2) and two in block (1, 0): two tiles of 4 stored values
    const at = (bi: number, bj: number, i: number, j: number): number => ((bi * 3 + bj) * 2 + i) * 2 + j;
    ref[at(0, 2, 1, 0)] = 1.5;
    ref[at(1, 0, 0, 0)] = -2;
    ref[at(1, 0, 1, 1)] = 0.75;
    const B = await sparse(tensor(Float32Array.from(ref), [["bi", 2], ["bj", 3], ["i", 2], ["j", 2]]), bcsr("bi", "bj", "i", "j"));
    expect(B.nnz).toBe(8);
    expect(Array.from(B.storage.levels[1]!.idx!)).toEqual([2, 0]);
    expect(Array.from(await B.toDense().data())).toEqual(Array.from(ref));
  });

  it("reports nnz, density, entries and a readable print", () => {
    const A = fromCoo([["row", 3], ["col", 4]], { coords: { row: [0, 2, 2], col: [1, 0, 3] }, values: [5, 6, 7] }, csr("row", "col"));
    expect(A.nnz).toBe(3);
    expect(A.density).toBe(0.25);
    expect(A.dims).toEqual(["row", "col"]);
    const e = A.entries();
    expect(Array.from(e.coords.row!)).toEqual([0, 2, 2]);
    expect(Array.from(e.coords.col!)).toEqual([1, 0, 3]);
    expect(String(A)).toBe("SparseTensor { row: 3, col: 4 } float32 csr(row → col), nnz 3 (25%)\n  (row 0, col 1)  5\n  (row 2, col 0)  6\n  (row 2, col 3)  7");
    const T = fromCoo([["row", 3], ["col", 4]], { coords: { row: [0, 2, 2], col: [1, 0, 3] }, values: [5, 6, 7] }, csc("row", "col"));
    expect(String(T).split("\n")[0]).toBe("SparseTensor { row: 3, col: 4 } float32 csc(col → row), nnz 3 (25%)");
    expect(String(T).split("\n")[1]).toBe("  (row 2, col 0)  6");
  });

  it("refuses bad coordinates and formats with sentences naming the dim", async () => {
    const shape = [["row", 3], ["col", 4]] as const;
    await expectError(() => fromCoo(shape, { coords: { row: [0, 3], col: [1, 1] }, values: [1, 2] }, csr("row", "col")), ShapeError, 'coordinate 3 of "row" (entry 1) is outside 0..2: "row" has size 3');
    await expectError(() => fromCoo(shape, { coords: { row: [0, 1], col: [-1, 1] }, values: [1, 2] }, csr("row", "col")), ShapeError, 'coordinate -1 of "col" (entry 0) is outside 0..3: "col" has size 4');
    await expectError(() => fromCoo(shape, { coords: { row: [0, 1.5], col: [0, 1] }, values: [1, 2] }, csr("row", "col")), ShapeError, 'coordinate 1.5 of "row" (entry 1) is not an integer');
    await expectError(() => fromCoo(shape, { coords: { row: [0, 1, 2], col: [0, 1] }, values: [1, 2] }, csr("row", "col")), ShapeError, 'the coordinates of "row" are 3 but the values are 2: give one coordinate per name for each value');
    await expectError(() => fromCoo(shape, { coords: { row: [0] } as never, values: [1] }, csr("row", "col")), ShapeError, 'the coordinates of "col" of { row: 3, col: 4 } are missing');
    await expectError(() => fromCoo(shape, { coords: { row: [0], col: [0] }, values: [1] }, [["row", "dense"]] as never), ShapeError, 'the format gives no level to "col" of { row: 3, col: 4 }: name every dimension once');
    await expectError(() => fromCoo(shape, { coords: { row: [0], col: [0] }, values: [1] }, csr("row", "colx") as never), ShapeError, '"colx" is not a dimension of { row: 3, col: 4 }');
    await expectError(() => fromCoo(shape, { coords: { row: [0], col: [0] }, values: [1] }, [["row", "dense"], ["col", "sparse"]] as never), ShapeError, 'the level of "col" is sparse: a level is "dense", "compressed" or "singleton"');
    await expectError(() => fromCoo(shape, { coords: { row: [0], col: [0] }, values: [1] }, [["row", "dense"], ["col", "singleton"]]), ShapeError, 'the singleton level of "col" must follow a compressed or singleton level, not the dense level of "row"');
    await expectError(() => fromCoo(shape, { coords: { row: [0], col: [0] }, values: [1] }, [["row", "dense"], ["row", "compressed"]] as never), ShapeError, 'dimension names must be unique: "row" appears twice');
    await expectError(() => fromCoo(shape, null as never, csr("row", "col")), ArgumentError, "fromCoo takes { coords: { name: [...] }, values: [...] }, not null");
    await expectError(() => sparse(5 as never, csr("row", "col")), ArgumentError, "sparse takes a float32 tensor, not the number 5");
  });
});
