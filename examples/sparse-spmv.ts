// Example: sparse matrix–vector products by name. Builds the 2-D Poisson matrix (the 5-point Laplacian of an
// n×n grid) in CSR from coordinate lists, and solves A x = b with conjugate gradients, where every A·p is one
// generated sparse kernel (`A.dot("col", p)`: y(row) = Σ_col A(row,col) p(col)). Optionally reads a real
// Matrix Market file (node dist-examples/examples/sparse-spmv.js matrix.mtx) and reports its SpMV.
// Build with tsconfig.examples.json; run node dist-examples/examples/sparse-spmv.js.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type SparseTensor, type Tensor, csr, explainSparse, fromCoo, fromMtx, tensor } from "../src/index.js";

/**
 * The 2-D Poisson matrix of an n×n grid: 4 on the diagonal, −1 for each grid neighbour (rows and columns are
 * the n² grid points, row-major).
 * @example poisson2d(3).nnz // 33
 */
export function poisson2d(n: number): SparseTensor<[["row", number], ["col", number]]> {
  const rows: number[] = [];
  const cols: number[] = [];
  const values: number[] = [];
  const add = (r: number, c: number, v: number): void => void (rows.push(r), cols.push(c), values.push(v));
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const p = i * n + j;
      add(p, p, 4);
      if (i > 0) add(p, p - n, -1);
      if (i < n - 1) add(p, p + n, -1);
      if (j > 0) add(p, p - 1, -1);
      if (j < n - 1) add(p, p + 1, -1);
    }
  const N = n * n;
  return fromCoo([["row", N], ["col", N]] as [["row", number], ["col", number]], { coords: { row: rows, col: cols }, values }, csr("row", "col"));
}

type Vec = Tensor<[["row", number]]>;

/**
 * Conjugate gradients for a symmetric positive definite A: `iterations` steps from x = 0, each with one SpMV.
 * Returns x and the residual norms ‖b − A x‖ after each step.
 * @example const { x, residuals } = await conjugateGradient(poisson2d(16), b, 50)
 */
export async function conjugateGradient(A: SparseTensor<[["row", number], ["col", number]]>, b: Vec, iterations: number): Promise<{ x: Vec; residuals: number[] }> {
  const asCol = (v: Vec): Tensor<[["col", number]]> => v.rename({ row: "col" }) as unknown as Tensor<[["col", number]]>;
  let x = b.mul(0) as Vec;
  let r = b;
  let p = r;
  let rr = (await r.mul(r).sum("row").data())[0]!;
  const residuals: number[] = [];
  for (let k = 0; k < iterations && rr > 0; k++) {
    const Ap = A.dot("col", asCol(p)) as Vec;
    const alpha = rr / (await p.mul(Ap).sum("row").data())[0]!;
    x = x.add(p.mul(alpha)) as Vec;
    r = r.sub(Ap.mul(alpha)) as Vec;
    const next = (await r.mul(r).sum("row").data())[0]!;
    residuals.push(Math.sqrt(next));
    p = r.add(p.mul(next / rr)) as Vec;
    rr = next;
  }
  return { x, residuals };
}

async function main(): Promise<void> {
  const n = 24;
  const A = poisson2d(n);
  console.log(String(A).split("\n")[0]);
  const N = n * n;
  const b = tensor(Float32Array.from({ length: N }, (_, i) => Math.sin(i)), [["row", N]]) as Vec;
  const { x, residuals } = await conjugateGradient(A, b, 60);
  console.log(`CG on the ${n}×${n} Poisson problem: residual ${residuals[0]!.toExponential(2)} after 1 step, ${residuals.at(-1)!.toExponential(2)} after ${residuals.length}`);
  const check = A.dot("col", x.rename({ row: "col" }) as unknown as Tensor<[["col", number]]>).sub(b).mul(A.dot("col", x.rename({ row: "col" }) as unknown as Tensor<[["col", number]]>).sub(b)).sum("row");
  console.log(`‖A x − b‖ = ${Math.sqrt((await check.data())[0]!).toExponential(2)}`);
  console.log(explainSparse(A.dot("col", b.rename({ row: "col" }) as unknown as Tensor<[["col", number]]>)).split("\n").slice(0, 9).join("\n"));
  const file = process.argv[2];
  if (file) {
    const M = fromMtx(readFileSync(file, "utf8"), ["row", "col"]);
    const ones = tensor(new Float32Array(M.shape.col).fill(1), [["col", M.shape.col]]);
    console.log(`${file}: ${String(M).split("\n")[0]}; row sums of the first rows: ${Array.from((await M.dot("col", ones).data()).slice(0, 5)).join(", ")}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
