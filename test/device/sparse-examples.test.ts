// The sparse examples as tests, on every device: conjugate gradients on the 2-D Poisson matrix
// (examples/sparse-spmv.ts) checked by a float64 residual computed with plain loops, and PageRank
// (examples/pagerank.ts) against a float64 power iteration written here; then both compiled with
// tsconfig.examples.json and run with plain Node (the SpMV example on a real r-cran-matrix file).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tensor } from "../../src/index.js";
import { type Graph, pagerank, randomGraph } from "../../examples/pagerank.js";
import { conjugateGradient, poisson2d } from "../../examples/sparse-spmv.js";
import { deviceNames, useDevice } from "../helpers/devices.js";
import { rng, testSeed } from "../helpers/random.js";

/** PageRank in float64 with plain loops: r ← d·(M r + dangling mass / n) + (1 − d)/n. */
function pagerank64(g: Graph, d: number, iterations: number): Float64Array {
  const out = new Float64Array(g.n);
  for (const f of g.from) out[f]!++;
  let r = new Float64Array(g.n).fill(1 / g.n);
  for (let k = 0; k < iterations; k++) {
    let lost = 0;
    for (let p = 0; p < g.n; p++) if (out[p] === 0) lost += r[p]!;
    const next = new Float64Array(g.n).fill((1 - d) / g.n + (d * lost) / g.n);
    g.from.forEach((f, e) => (next[g.to[e]!]! += (d * r[f]!) / out[f]!));
    r = next;
  }
  return r;
}

describe.each(deviceNames)("sparse examples on %s", (device) => {
  beforeAll(() => useDevice(device));

  it("conjugate gradients on the Poisson matrix reach a small residual, checked in float64", async () => {
    const n = 10;
    const N = n * n;
    const A = poisson2d(n);
    expect(A.nnz).toBe(5 * N - 4 * n);
    const next = rng(testSeed ^ 0xc6);
    const bv = Float32Array.from({ length: N }, () => next() * 2 - 1);
    const { x, residuals } = await conjugateGradient(A, tensor(bv, [["row", N]]), 80);
    expect(residuals.at(-1)!).toBeLessThan(1e-3 * residuals[0]!);
    // ‖b − A x‖ in float64 from the grid stencil itself
    const xs = await x.data();
    let r2 = 0;
    let b2 = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const p = i * n + j;
        let ax = 4 * xs[p]!;
        if (i > 0) ax -= xs[p - n]!;
        if (i < n - 1) ax -= xs[p + n]!;
        if (j > 0) ax -= xs[p - 1]!;
        if (j < n - 1) ax -= xs[p + 1]!;
        r2 += (bv[p]! - ax) ** 2;
        b2 += bv[p]! ** 2;
      }
    expect(Math.sqrt(r2 / b2)).toBeLessThan(1e-4);
  });

  it("PageRank matches a float64 power iteration", async () => {
    const g = randomGraph(300, 3, testSeed);
    const got = await pagerank(g, 0.85, 30);
    const want = pagerank64(g, 0.85, 30);
    want.forEach((v, p) => expect(Math.abs(got[p]! - v)).toBeLessThan(1e-6 + 1e-4 * v));
    expect(Math.abs(got.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-4);
  });
});

describe("the sparse examples as programs", () => {
  const out = mkdtempSync(join(tmpdir(), "nt-sparse-examples-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("compile with tsconfig.examples.json and run with plain Node", () => {
    execFileSync(process.execPath, ["node_modules/typescript7/bin/tsc", "-p", "tsconfig.examples.json", "--pretty", "false", "--outDir", out], { encoding: "utf8" });
    writeFileSync(join(out, "package.json"), '{ "type": "module" }\n');
    const dir = execFileSync("bash", [resolve("scripts/fetch-r-cran-matrix.sh")], { encoding: "utf8" }).trim();
    const run = (file: string, ...args: string[]): string => execFileSync(process.execPath, [join(out, "examples", file), ...args], { encoding: "utf8", env: { ...process.env, NAMED_TENSOR_THREADS: "1" } });
    const spmv = run("sparse-spmv.js", join(dir, "pores_1.mtx"));
    expect(spmv).toContain("SparseTensor { row: 576, col: 576 } float32 csr(row → col), nnz 2784");
    const residual = Number(/‖A x − b‖ = (\S+)/.exec(spmv)![1]);
    expect(residual).toBeLessThan(1e-3);
    expect(spmv).toContain("col: [A.col ∧ B.col] sparse");
    expect(spmv).toContain("pores_1.mtx: SparseTensor { row: 30, col: 30 } float32 csr(row → col), nnz 180");
    const pr = run("pagerank.js", join(dir, "jgl009.mtx"));
    expect(pr).toContain("PageRank of 9 pages (50 links): ranks sum to 1.0000");
  });
});
