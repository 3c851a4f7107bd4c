// Random sparse expressions on every device: random sizes (size-1 dims included), densities (empty and full
// included), formats for each operand (every 2-D level order and kind, COO), and a random op — ±, ⊙ with a sparse
// or dense operand, dot over either name with a dense or sparse operand, sums — against the float64 dense result.
// Then the errors of sparse ops for arguments of the wrong kind and results that would broadcast.
import { beforeAll, describe, expect, it } from "vitest";
import { ArgumentError, type Format, ShapeError, type SparseTensor, type Tensor, coo, explainSparse, fromCoo, getDefaultDevice, sparse, tensor } from "../../src/index.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { expectError } from "../helpers/sentences.js";
import { randomSparseValues } from "../helpers/sparse-random.js";

const kinds = ["dense", "compressed"] as const;
/** A random 2-D format: either level order, each level dense or compressed, or COO. */
function randomFormat(next: () => number): Format {
  if (next() < 0.15) return next() < 0.5 ? coo("row", "col") : coo("col", "row");
  const order = next() < 0.5 ? ["row", "col"] : ["col", "row"];
  return order.map((n) => [n, kinds[Math.floor(next() * 2)]!] as const) as Format;
}

describe.each(deviceNames)("random sparse expressions on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("agree with float64 dense results", async () => {
    const next = rng(testSeed ^ 0xf22);
    for (let trial = 0; trial < (device === "cpu" ? 60 : 12); trial++) {
      const n = 1 + Math.floor(next() * 7);
      const m = 1 + Math.floor(next() * 7);
      const density = [0, 1, next()][Math.floor(next() * 3)]!;
      const [a, b] = [randomSparseValues(n * m, density, next), randomSparseValues(n * m, next(), next)];
      const shape = [["row", n], ["col", m]] as [["row", number], ["col", number]];
      const [fa, fb] = [randomFormat(next), randomFormat(next)];
      const A = await sparse(tensor(Float32Array.from(a), shape), fa);
      const B = await sparse(tensor(Float32Array.from(b), shape), fb);
      const D = tensor(Float32Array.from(b), shape);
      const op = Math.floor(next() * 8);
      let got: ArrayLike<number>;
      let want: number[];
      const label = `trial ${trial}: op ${op}, ${n}×${m}, A ${JSON.stringify(fa)}, B ${JSON.stringify(fb)}`;
      const at = (x: Float64Array, i: number, j: number): number => x[i * m + j]!;
      try {
      if (op === 0) [got, want] = [await (await A.add(B)).toDense().data(), Array.from(a, (v, i) => v + b[i]!)];
      else if (op === 1) [got, want] = [await (await A.sub(B)).toDense().data(), Array.from(a, (v, i) => v - b[i]!)];
      else if (op === 2) [got, want] = [await (await A.mul(B)).toDense().data(), Array.from(a, (v, i) => v * b[i]!)];
      else if (op === 3) [got, want] = [await (await A.mul(D)).toDense().data(), Array.from(a, (v, i) => v * b[i]!)];
      else if (op === 4) [got, want] = [await A.add(D).data(), Array.from(a, (v, i) => v + b[i]!)];
      else if (op === 5) {
        // A(row, col) · Bᵀ(col, row2): dense result over (row, row2), B sparse renamed
        const Bt = fromCoo([["col", m], ["row2", n]], { coords: { col: B.entries().coords.col!, row2: B.entries().coords.row! }, values: B.entries().values }, [["row2", "dense"], ["col", "compressed"]]);
        const product = A.dot("col", Bt);
        got = await (await product).toDense().data();
        want = [];
        for (let i = 0; i < n; i++) for (let r = 0; r < n; r++) want.push(Array.from({ length: m }, (_, j) => at(a, i, j) * at(b, r, j)).reduce((s, x) => s + x, 0));
      } else if (op === 6) {
        got = await A.dot("row", tensor(Float32Array.from(b.slice(0, n)), [["row", n]]) as Tensor<[["row", number]]>).data();
        want = Array.from({ length: m }, (_, j) => Array.from({ length: n }, (_, i) => at(a, i, j) * b[i]!).reduce((s, x) => s + x, 0));
      } else {
        got = await A.sum(next() < 0.5 ? "row" : ["row", "col"]).data();
        want = got.length === 1 ? [a.reduce((s, x) => s + x, 0)] : Array.from({ length: m }, (_, j) => Array.from({ length: n }, (_, i) => at(a, i, j)).reduce((s, x) => s + x, 0));
      }
      } catch (e) {
        throw new Error(`${label}: ${(e as Error).message}`, { cause: e });
      }
      expect(got.length, label).toBe(want.length);
      want.forEach((w, i) => expect(Math.abs(got[i]! - w), `${label}, element ${i}`).toBeLessThanOrEqual(1e-5 * (1 + Math.abs(w)) * Math.max(n, m)));
    }
  });

  it("three operands in one merge, every pair of the formats: a⊙b + c, a + b⊙c, (a − b)⊙c, |a| + b⊙c", async () => {
    // Three operands whose formats mix dense and compressed levels: a dense level in the top lattice point must not
    // drop the points without it (A ⊙ B + C with B dense stores C where A has nothing), and every point's loop must
    // be driven by the same dense space (else a later loop visits the row again).
    const next = rng(testSeed ^ 0x3a3);
    const formats: Format[] = [[["row", "dense"], ["col", "compressed"]], [["row", "dense"], ["col", "dense"]], [["row", "compressed"], ["col", "compressed"]], [["col", "dense"], ["row", "compressed"]], coo("row", "col")];
    const exprs: [string, (A: SparseTensor, B: SparseTensor, C: SparseTensor) => PromiseLike<SparseTensor> | Promise<PromiseLike<SparseTensor>>, (a: number, b: number, c: number) => number][] = [
      ["a⊙b + c", (A, B, C) => A.mul(B).add(C), (a, b, c) => a * b + c],
      ["a + b⊙c", (A, B, C) => A.add(B.mul(C)), (a, b, c) => a + b * c],
      ["(a − b)⊙c", (A, B, C) => A.sub(B).mul(C), (a, b, c) => (a - b) * c],
      // (a values tensor's op with an unawaited sparse result reads it at once: awaited first, for WebGPU)
      ["|a| + b⊙c", async (A, B, C) => A.abs().add(await B.mul(C)) as PromiseLike<SparseTensor>, (a, b, c) => Math.abs(a) + b * c],
    ];
    for (const fa of formats)
      for (const fb of formats) {
        const fc = formats[Math.floor(next() * formats.length)]!;
        const [n, m] = [1 + Math.floor(next() * 5), 1 + Math.floor(next() * 5)];
        const shape = [["row", n], ["col", m]] as [["row", number], ["col", number]];
        const values = [0, 1, 2].map(() => randomSparseValues(n * m, next() * 0.8, next));
        const [A, B, C] = await Promise.all(values.map((v, k) => sparse(tensor(Float32Array.from(v), shape), [fa, fb, fc][k]!)));
        const [name, f, ref] = exprs[Math.floor(next() * exprs.length)]!;
        // (three operands with two sparse levels each: 18 buffers, their index arrays packed into one binding on WebGPU)
        const got = await (await f(A as SparseTensor, B as SparseTensor, C as SparseTensor)).toDense().data();
        for (let e = 0; e < n * m; e++) {
          const want = ref(values[0]![e]!, values[1]![e]!, values[2]![e]!);
          if (!(Math.abs(got[e]! - want) <= 1e-5 * (1 + Math.abs(want)))) expect.fail(`${name}, ${n}×${m}, A ${JSON.stringify(fa)}, B ${JSON.stringify(fb)}, C ${JSON.stringify(fc)}: element ${e} is ${got[e]}, want ${want} (seed ${testSeed})`);
        }
      }
  }, 180_000); // lavapipe compiles the widest merge kernels slowly on a cold shader cache (a fresh CI runner)

  it("a chain of four DCSR operands (23 buffers, more than WebGPU's storage bindings) runs as one kernel", async () => {
    const next = rng(testSeed ^ 0x4b4);
    const [n, m] = [6, 5];
    const shape = [["row", n], ["col", m]] as [["row", number], ["col", number]];
    const values = [0, 1, 2, 3].map(() => randomSparseValues(n * m, 0.5, next));
    // four DCSR operands: 2 levels of pos and idx plus values each, 23 buffers with the result's (WebGPU allows 8
    // to 16 storage bindings: its kernel reads the 16 index arrays packed into one)
    const [A, B, C, D] = (await Promise.all(values.map((v) => sparse(tensor(Float32Array.from(v), shape), [["row", "compressed"], ["col", "compressed"]])))) as SparseTensor<typeof shape>[];
    const R = await A!.mul(B!).add(C!).sub(D!);
    const got = await R.toDense().data();
    for (let e = 0; e < n * m; e++) {
      const want = values[0]![e]! * values[1]![e]! + values[2]![e]! - values[3]![e]!;
      if (!(Math.abs(got[e]! - want) <= 1e-5 * (1 + Math.abs(want)))) expect.fail(`a⊙b + c − d: element ${e} is ${got[e]}, want ${want} (seed ${testSeed})`);
    }
    expect(explainSparse(R)).toContain("out(row,col) = (((A(row,col) * B(row,col)) + C(row,col)) - D(row,col))");
    expect(explainSparse(R)).not.toContain("folded-in sparse result first");
  }, 180_000); // lavapipe compiles the widest merge kernels slowly on a cold shader cache (a fresh CI runner)

  it("refuse arguments of the wrong kind and results that would broadcast", async () => {
    const A = fromCoo([["row", 2], ["col", 3]], { coords: { row: [0, 1], col: [2, 0] }, values: [1, 2] }, coo("row", "col")) as SparseTensor<[["row", 2], ["col", 3]]>;
    await expectError(() => A.dot("col", 5 as never), ArgumentError, "dot takes a sparse or dense tensor, not the number 5");
    await expectError(() => A.mul(tensor(new Float32Array(4), [["k", 4]]) as never), ShapeError, "the sparse product would broadcast over { k: 4 }: a sparse result keeps the sparse operand's dims (use toDense() first)");
    const B = fromCoo([["row", 2], ["col", 3], ["k", 4]], { coords: { row: [0], col: [2], k: [1] }, values: [1] }, coo("row", "col", "k"));
    await expectError(() => A.add(B as never), ShapeError, "the sparse add would broadcast over { k: 4 }: a sparse result keeps the first operand's dims");
    await expectError(() => A.sub(B as never), ShapeError, "the sparse sub would broadcast over { k: 4 }: a sparse result keeps the first operand's dims");
    await expectError(() => A.dot("col", tensor(new Int32Array(3), [["col", 3]]) as never), ArgumentError, "a sparse op takes float32 operands, not an int32 tensor (cast it first)");
  });
});
