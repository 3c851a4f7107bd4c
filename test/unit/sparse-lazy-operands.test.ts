// A lazy dense operand of a sparse op is computed at the entries only when the entries are fewer than the points
// of the dims they index, in both forms: the graph form (src/sparse/graph-form.ts, used in traced steps and where
// gradients may flow) pushes its gather through the product, and the sparse kernel (src/sparse/ops.ts addDense)
// joins the product's sum. SDDMM's U·V over [row, col] is computed at the nnz entries, never in full, while a
// graph layer's X·W over [nbr] (more entries than neighbours) is computed once per neighbour and then read.
import { describe, expect, it } from "vitest";
import { csr, explainSparse, placeholder, sparse, tensor } from "../../src/index.js";
import type { Node } from "../../src/graph/node.js";
import { rng, testSeed } from "../helpers/random.js";

const next = rng(testSeed ^ 0x6f);
/** The dims (name:size) of every reduction node under `root`. */
function reductions(root: Node): string[] {
  const seen = new Set<Node>();
  const out: string[] = [];
  const todo = [root];
  for (let n = todo.pop(); n; n = todo.pop()) {
    if (seen.has(n)) continue;
    seen.add(n);
    if (n.op.kind === "reduce") out.push(n.dims.map((d) => `${d.name}:${d.size}`).join(","));
    todo.push(...n.inputs);
  }
  return out;
}
/** A random n×m pattern with about `perRow` entries a row (values in [0.5, 1.5)). */
const pattern = (n: number, m: number, perRow: number) => Float32Array.from({ length: n * m }, () => (next() < perRow / m ? 0.5 + next() : 0));

describe("sparse ops in the graph form", () => {
  it("SDDMM (nnz < rows·cols): U·V is computed at the entries only", async () => {
    const S = await sparse(tensor(pattern(40, 50, 3), [["row", 40], ["col", 50]]), csr("row", "col"));
    const U = placeholder([["row", 40], ["k", 8]]);
    const V = placeholder([["k", 8], ["col", 50]]);
    const r = S.mul(U.dot("k", V));
    const sums = reductions(r.values.node);
    expect(sums.length, `seed ${testSeed}`).toBeGreaterThan(0);
    expect(sums.filter((d) => d.includes("row:40") && d.includes("col:50")), `seed ${testSeed}`).toEqual([]);
  });

  it("a graph layer (nnz > neighbours): X·W is computed once per neighbour, then read at the entries", async () => {
    const A = await sparse(tensor(pattern(30, 30, 8), [["node", 30], ["nbr", 30]]), csr("node", "nbr"));
    expect(A.nnz).toBeGreaterThan(30);
    const X = placeholder([["nbr", 30], ["feat", 6]]);
    const W = tensor(Float32Array.from({ length: 24 }, () => next() - 0.5), [["feat", 6], ["hid", 4]]);
    const y = A.dot("nbr", X.dot("feat", W));
    expect(reductions(y.node), `seed ${testSeed}`).toContain("nbr:30,hid:4");
  });

  it("the sparse kernel joins SDDMM's product, and reads a graph layer's X·W computed first", async () => {
    const S = await sparse(tensor(pattern(40, 50, 3), [["row", 40], ["col", 50]]), csr("row", "col"));
    const U = tensor(Float32Array.from({ length: 320 }, () => next()), [["row", 40], ["k", 8]]);
    const V = tensor(Float32Array.from({ length: 400 }, () => next()), [["k", 8], ["col", 50]]);
    expect(explainSparse(S.mul(U.dot("k", V))).split("\n")[0]).toBe("sparse kernel: out(row,col) = Σ_k (A(row,col) * (B(row,k) * C(col,k)))");
    const A = await sparse(tensor(pattern(30, 30, 8), [["node", 30], ["nbr", 30]]), csr("node", "nbr"));
    const X = tensor(Float32Array.from({ length: 180 }, () => next()), [["nbr", 30], ["feat", 6]]);
    const W = tensor(Float32Array.from({ length: 24 }, () => next()), [["feat", 6], ["hid", 4]]);
    expect(explainSparse(A.dot("nbr", X.dot("feat", W))).split("\n")[0]).toBe("sparse kernel: out(node,hid) = Σ_nbr (A(node,nbr) * B(nbr,hid))");
  });
});
