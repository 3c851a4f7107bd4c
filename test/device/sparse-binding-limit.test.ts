// The widest sparse kernels on a WebGPU device with WebGPU's default limits (8 storage buffers per shader stage, as
// many browsers and GPUs give; lavapipe's adapter allows 16): two order-3 CSF operands added and multiplied, CSR +
// CSR with its result assembled, SpGEMM, a contraction of two CSF tensors, MTTKRP, TTM into CSF and a chain of four
// DCSR operands (23 buffers) each run as one kernel — their index arrays (and where needed values and outputs) read
// packed into one binding per class — and agree with float64 loops on fresh random inputs. Only where the matrix
// has WebGPU (NT_DEVICES=cpu,webgpu).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Format, type SparseTensor, WebGpuDevice, csf, csr, dcsr, explainSparse, setDevice, sparse, tensor } from "../../src/index.js";
import type { AnyTensor } from "../../src/tensor.js";
import { deviceNames } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";
import { randomSparseValues } from "../helpers/sparse-random.js";

const next = rng(testSeed ^ 0xb1d8);
const f32 = (a: Float64Array): Float32Array => Float32Array.from(a);
const dense = (n: number): Float64Array => Float64Array.from({ length: n }, () => Math.fround(next() * 4 - 2));

/** got ≈ want element by element, within 1e-5 of Σ|terms| (`scale`) plus 1e-6; the seed in the message. */
function expectClose(got: ArrayLike<number>, want: Float64Array, scale: Float64Array, what: string): void {
  expect(got.length, what).toBe(want.length);
  for (let e = 0; e < want.length; e++) {
    const tol = 1e-5 * scale[e]! + 1e-6;
    if (!(Math.abs(got[e]! - want[e]!) <= tol)) expect.fail(`${what}: element ${e} is ${got[e]}, want ${want[e]} (tolerance ${tol}, seed ${testSeed})`);
  }
}
/** C(r, c) = Σ_q A(r, q) B(q, c) over row-major float64 matrices, and Σ|terms|. */
function matmul(a: Float64Array, b: Float64Array, rows: number, inner: number, cols: number) {
  const [c, s] = [new Float64Array(rows * cols), new Float64Array(rows * cols)];
  for (let r = 0; r < rows; r++)
    for (let q = 0; q < inner; q++)
      for (let j = 0; j < cols; j++) {
        c[r * cols + j]! += a[r * inner + q]! * b[q * cols + j]!;
        s[r * cols + j]! += Math.abs(a[r * inner + q]! * b[q * cols + j]!);
      }
  return { c, s };
}
/** A result's values as a dense row-major array (a sparse one through toDense()). */
const values = async (t: AnyTensor | SparseTensor): Promise<Float32Array> => (await ("toDense" in t ? t.toDense() : t).data()) as Float32Array;
/** Ran as one kernel: nothing computed first because a kernel would bind too many buffers. */
const oneKernel = (t: object): void => expect(explainSparse(t)).not.toMatch(/first: one kernel for the chain would bind more buffers/);

// (a suite that is skipped, not absent, where the matrix has no WebGPU: a file without one fails)
describe.runIf(deviceNames.includes("webgpu"))("the widest sparse kernels on webgpu with WebGPU's default limits (8 storage buffers)", () => {
    let gpu: WebGpuDevice;
    beforeAll(async () => {
      gpu = await WebGpuDevice.create({ limits: "default" });
      await setDevice(gpu);
    });
    afterAll(() => gpu.destroy());

    it("the device has the spec's default of 8 storage buffers per shader stage", () => {
      expect(gpu.gpu.limits.maxStorageBuffersPerShaderStage).toBe(8);
    });

    it("two order-3 CSF operands: A + B and A ⊙ B stored CSF (17 buffers with the result)", async () => {
      const [I, J, K] = [4, 5, 6];
      const dims = [["i", I], ["j", J], ["k", K]] as [["i", number], ["j", number], ["k", number]];
      const [a, b] = [randomSparseValues(I * J * K, 0.3, next), randomSparseValues(I * J * K, 0.3, next)];
      const A = await sparse(tensor(f32(a), dims), csf("i", "j", "k"));
      const B = await sparse(tensor(f32(b), dims), csf("i", "j", "k"));
      const S = await A.add(B);
      expect(S.format).toEqual(csf("i", "j", "k"));
      expectClose(await values(S), a.map((v, e) => v + b[e]!), a.map((v, e) => Math.abs(v) + Math.abs(b[e]!)), "csf add");
      oneKernel(S);
      const P = await A.mul(B);
      expectClose(await values(P), a.map((v, e) => v * b[e]!), a.map((v, e) => Math.abs(v * b[e]!)), "csf mul");
    });

    for (const [label, format] of [["csr", csr("row", "col")], ["dcsr", dcsr("row", "col")]] as [string, Format][])
      it(`${label} + ${label}, ${label} − ${label} with the result assembled`, async () => {
        const [n, m] = [9, 7];
        const shape = [["row", n], ["col", m]] as [["row", number], ["col", number]];
        const [a, b] = [randomSparseValues(n * m, 0.4, next), randomSparseValues(n * m, 0.4, next)];
        const A = await sparse(tensor(f32(a), shape), format);
        const B = await sparse(tensor(f32(b), shape), format);
        const scale = a.map((v, e) => Math.abs(v) + Math.abs(b[e]!));
        expectClose(await values(await A.add(B)), a.map((v, e) => v + b[e]!), scale, `${label} add`);
        expectClose(await values(await A.sub(B)), a.map((v, e) => v - b[e]!), scale, `${label} sub`);
      });

    for (const [label, fa, fb] of [["csr · csr", csr("i", "k"), csr("k", "j")], ["dcsr · dcsr", dcsr("i", "k"), dcsr("k", "j")]] as [string, Format, Format][])
      it(`SpGEMM ${label} with a sparse result (workspace bindings too)`, async () => {
        const [n, k, m] = [70, 9, 11]; // more rows than a workgroup: several workspace slots
        const [a, b] = [randomSparseValues(n * k, 0.3, next), randomSparseValues(k * m, 0.35, next)];
        const A = await sparse(tensor(f32(a), [["i", n], ["k", k]]), fa);
        const B = await sparse(tensor(f32(b), [["k", k], ["j", m]]), fb);
        const C = await A.dot("k", B);
        const want = matmul(a, b, n, k, m);
        expectClose(await values(C), want.c, want.s, `SpGEMM ${label}`);
        oneKernel(C);
      });

    it("a contraction of two CSF tensors over two dims: Σ_j,k A(i,j,k) B(j,k,l)", async () => {
      const [I, J, K, L] = [5, 4, 3, 6];
      const [a, b] = [randomSparseValues(I * J * K, 0.35, next), randomSparseValues(J * K * L, 0.35, next)];
      const A = await sparse(tensor(f32(a), [["i", I], ["j", J], ["k", K]]), csf("i", "j", "k"));
      const B = await sparse(tensor(f32(b), [["j", J], ["k", K], ["l", L]]), csf("j", "k", "l"));
      const R = await A.dot(["j", "k"], B);
      const want = matmul(a, b, I, J * K, L);
      expectClose(await values(R as AnyTensor | SparseTensor), want.c, want.s, "CSF · CSF");
    });

    it("MTTKRP over CSF (the Khatri-Rao factors joined in) and TTM into CSF", async () => {
      const [I, J, K, L] = [40, 6, 7, 4];
      const t = randomSparseValues(I * J * K, 0.15, next);
      const T = await sparse(tensor(f32(t), [["i", I], ["j", J], ["k", K]]), csf("i", "j", "k"));
      const [C, D] = [dense(J * L), dense(K * L)];
      const want = new Float64Array(I * L);
      const scale = new Float64Array(I * L);
      for (let i = 0; i < I; i++)
        for (let j = 0; j < J; j++)
          for (let k = 0; k < K; k++)
            for (let l = 0; l < L; l++) {
              const term = t[(i * J + j) * K + k]! * C[j * L + l]! * D[k * L + l]!;
              want[i * L + l]! += term;
              scale[i * L + l]! += Math.abs(term);
            }
      const krp = tensor(f32(C), [["j", J], ["l", L]]).mul(tensor(f32(D), [["k", K], ["l", L]]));
      expectClose(await T.dot(["j", "k"], krp).data(), want, scale, "MTTKRP");
      // TTM with a sparse matrix: an order-3 sparse result, one workspace row per (i, j) segment.
      const b = randomSparseValues(K * L, 0.4, next);
      const B = await sparse(tensor(f32(b), [["k", K], ["l", L]]), csr("k", "l"));
      const R = await T.dot("k", B);
      expect(R.format).toEqual(csf("i", "j", "l"));
      const ttm = matmul(t, b, I * J, K, L);
      expectClose(await values(R), ttm.c, ttm.s, "TTM into CSF");
      oneKernel(R);
    });

    it("a chain of four DCSR operands, a ⊙ b + c − d, runs as one kernel (23 buffers)", async () => {
      const [n, m] = [8, 6];
      const shape = [["row", n], ["col", m]] as [["row", number], ["col", number]];
      const v = [0, 1, 2, 3].map(() => randomSparseValues(n * m, 0.5, next));
      const [A, B, C, D] = (await Promise.all(v.map((x) => sparse(tensor(f32(x), shape), dcsr("row", "col"))))) as SparseTensor<typeof shape>[];
      const R = await A!.mul(B!).add(C!).sub(D!);
      const want = v[0]!.map((x, e) => x * v[1]![e]! + v[2]![e]! - v[3]![e]!);
      const scale = v[0]!.map((x, e) => Math.abs(x * v[1]![e]!) + Math.abs(v[2]![e]!) + Math.abs(v[3]![e]!));
      expectClose(await values(R), want, scale, "a ⊙ b + c − d");
      expect(explainSparse(R)).toContain("out(row,col) = (((A(row,col) * B(row,col)) + C(row,col)) - D(row,col))");
      oneKernel(R);
    });

    it("below the spec's limit (4 and 6 bindings, a test hook) read f32 and written i32 buffers are packed too, written ones copied back", async () => {
      const [n, m, p] = [12, 7, 9];
      const shape = [["row", n], ["col", m]] as [["row", number], ["col", number]];
      const v = [0, 1, 2, 3].map(() => randomSparseValues(n * m, 0.45, next));
      try {
        gpu.maxSparseBindings = 4;
        const [A, B, C, D] = (await Promise.all(v.map((x) => sparse(tensor(f32(x), shape), dcsr("row", "col"))))) as SparseTensor<typeof shape>[];
        expectClose(await values(await A!.add(B!)), v[0]!.map((x, e) => x + v[1]![e]!), v[0]!.map((x, e) => Math.abs(x) + Math.abs(v[1]![e]!)), "dcsr add in 4 bindings");
        const R = await A!.mul(B!).add(C!).sub(D!);
        const want = v[0]!.map((x, e) => x * v[1]![e]! + v[2]![e]! - v[3]![e]!);
        expectClose(await values(R), want, v[0]!.map((x, e) => Math.abs(x * v[1]![e]!) + Math.abs(v[2]![e]!) + Math.abs(v[3]![e]!)), "a ⊙ b + c − d in 4 bindings");
        oneKernel(R);
        gpu.maxSparseBindings = 6; // SpGEMM's two workspace bindings besides
        const b = randomSparseValues(m * p, 0.4, next);
        const X = await sparse(tensor(f32(v[0]!), [["i", n], ["k", m]]), csr("i", "k"));
        const Y = await sparse(tensor(f32(b), [["k", m], ["j", p]]), csr("k", "j"));
        const want2 = matmul(v[0]!, b, n, m, p);
        expectClose(await values(await X.dot("k", Y)), want2.c, want2.s, "SpGEMM in 6 bindings");
      } finally {
        gpu.maxSparseBindings = undefined;
      }
    });
  });
