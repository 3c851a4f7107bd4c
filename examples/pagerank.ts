// Example: PageRank by power iteration over a sparse link matrix. The links of a random directed graph (or of
// a real Matrix Market pattern file) become a column-stochastic matrix M in CSR — M(to, from) = 1/outdegree(from)
// — and each step r ← d·M r + (1 − d)/n (plus the rank of dangling pages spread evenly) is one generated SpMV.
// Build with tsconfig.examples.json; run node dist-examples/examples/pagerank.js [pattern.mtx].
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type SparseTensor, type Tensor, csr, fromCoo, fromMtx, tensor } from "../src/index.js";

/** A graph as edge lists: edge e goes from `from[e]` to `to[e]` (pages 0 … n−1). */
export interface Graph {
  readonly n: number;
  readonly from: readonly number[];
  readonly to: readonly number[];
}

/**
 * A random directed graph with n pages and about `perPage` links out of each (some pages have none: dangling).
 * @example randomGraph(100, 4, 7).from.length // about 400
 */
export function randomGraph(n: number, perPage: number, seed: number): Graph {
  let s = seed >>> 0;
  const next = (): number => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const from: number[] = [];
  const to: number[] = [];
  for (let p = 0; p < n; p++) {
    const links = next() < 0.1 ? 0 : 1 + Math.floor(next() * 2 * perPage);
    for (let l = 0; l < links; l++) {
      from.push(p);
      to.push(Math.floor(next() * n));
    }
  }
  return { n, from, to };
}

/** The column-stochastic link matrix M(to, from) = (links from → to) / outdegree(from), in CSR over (to, from). */
export function linkMatrix(g: Graph): SparseTensor<[["to", number], ["from", number]]> {
  const out = new Float64Array(g.n);
  for (const f of g.from) out[f]!++;
  const values = g.from.map((f) => 1 / out[f]!);
  return fromCoo([["to", g.n], ["from", g.n]] as [["to", number], ["from", number]], { coords: { to: g.to, from: g.from }, values }, csr("to", "from"));
}

/**
 * PageRank with damping d after `iterations` power steps from the uniform vector; ranks sum to 1.
 * @example const r = await pagerank(randomGraph(1000, 5, 1), 0.85, 50)
 */
export async function pagerank(g: Graph, d: number, iterations: number): Promise<Float32Array> {
  const M = linkMatrix(g);
  const dangling = new Float32Array(g.n);
  const outdegree = new Int32Array(g.n);
  for (const f of g.from) outdegree[f]!++;
  outdegree.forEach((k, p) => (dangling[p] = k === 0 ? 1 : 0));
  const isDangling = tensor(dangling, [["from", g.n]]);
  let r: Tensor<[["from", number]]> = tensor(new Float32Array(g.n).fill(1 / g.n), [["from", g.n]]) as Tensor<[["from", number]]>;
  for (let k = 0; k < iterations; k++) {
    const lost = (await r.mul(isDangling).sum("from").data())[0]!;
    const spread = M.dot("from", r); // Σ_from M(to, from) r(from)
    r = spread.mul(d).add((1 - d) / g.n + (d * lost) / g.n).rename({ to: "from" }) as unknown as Tensor<[["from", number]]>;
  }
  return (await r.data()) as Float32Array;
}

async function main(): Promise<void> {
  const file = process.argv[2];
  let g = randomGraph(2000, 4, 42);
  if (file) {
    const P = fromMtx(readFileSync(file, "utf8"), ["to", "from"]);
    const { coords } = P.entries();
    g = { n: P.shape.to, from: Array.from(coords.from!), to: Array.from(coords.to!) };
  }
  const r = await pagerank(g, 0.85, 40);
  const top = Array.from(r, (v, p) => [v, p] as const).sort((a, b) => b[0] - a[0]).slice(0, 5);
  console.log(`PageRank of ${g.n} pages (${g.from.length} links): ranks sum to ${r.reduce((a, b) => a + b, 0).toFixed(6)}`);
  console.log(`top pages: ${top.map(([v, p]) => `${p} (${v.toFixed(5)})`).join(", ")}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
