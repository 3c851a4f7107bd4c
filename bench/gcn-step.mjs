// Benchmark: a two-layer graph convolutional network's Adam training step through sparse ops (A·relu(A·X·W1)·W2,
// A a random CSR graph with `--deg` neighbours a node plus cross-entropy), untraced (opt.step: the sparse ops run
// their generated kernels) and traced (opt.trace: the same generated sparse kernels as steps of the bound
// program, src/backend/sparse-realize.ts `sparseNode`), alternating in one process; the median time per step of
// each, and the losses of both (the same start, so they must agree).
// Usage: node bench/gcn-step.mjs [--nodes 20000] [--deg 10]
import { loadDist } from "./lib/example.mjs";
import { option } from "./lib/options.mjs";

const nt = await loadDist();
const [n, deg, f, h, c] = [Number(option("nodes", 20000)), Number(option("deg", 10)), 64, 32, 8];
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const coords = { node: [], nbr: [] };
for (let i = 0; i < n; i++) for (let k = 0; k < deg; k++) coords.node.push(i), coords.nbr.push(Math.floor(rnd() * n));
const A = nt.fromCoo([["node", n], ["nbr", n]], { coords, values: coords.node.map(() => 1 / deg) }, nt.csr("node", "nbr"));
const X = nt.randn([["nbr", n], ["feat", f]], { seed: 4 }).materialize();
const y = nt.tensor(Int32Array.from({ length: n }, (_, i) => i % c), [["node", n]]);
const model = () => {
  const W1 = nt.variable(nt.randn([["feat", f], ["hid", h]], { seed: 3 }).mul(0.3));
  const W2 = nt.variable(nt.randn([["hid", h], ["class", c]], { seed: 5 }).mul(0.3));
  return (x, labels) => nt.crossEntropy(A.dot("nbr", A.dot("nbr", x.dot("feat", W1)).relu().rename({ node: "nbr" }).dot("hid", W2)), labels, "class");
};
const [untracedLoss, tracedLoss] = [model(), model()];
const opt = nt.adam({ lr: 0.01 });
const step = nt.adam({ lr: 0.01 }).trace(tracedLoss);
const losses = { untraced: [], traced: [] };
const times = { untraced: [], traced: [] };
for (let i = 0; i < 23; i++) {
  let t = performance.now();
  losses.untraced.push(await opt.step(() => untracedLoss(X, y)));
  if (i >= 3) times.untraced.push(performance.now() - t);
  t = performance.now();
  losses.traced.push(await step(X, y));
  if (i >= 3) times.traced.push(performance.now() - t);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`GCN ${n} nodes, ${A.nnz} edges, features ${f} → ${h} → ${c} classes, NAMED_TENSOR_THREADS=${process.env.NAMED_TENSOR_THREADS ?? "default"}`);
console.log(`| step | median ms/step | first loss | last loss |\n|---|---:|---:|---:|`);
for (const k of ["untraced", "traced"]) console.log(`| ${k} | ${median(times[k]).toFixed(2)} | ${losses[k][0].toFixed(5)} | ${losses[k].at(-1).toFixed(5)} |`);
