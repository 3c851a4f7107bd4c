// The fusion planner never recomputes more than it saves: the arithmetic of the fused program (the CPU's
// scheduled kernels, each operation counted once per point of the loops it depends on, as the generators hoist
// invariants) is at most the arithmetic of the unfused graph (every node computed once per element), for the
// demo's training step and for random graphs whose values feed several consumers. The count here is the test's
// own, independent of the planner's cost model (src/backend/kernel/passes/work.ts). The online-softmax fusion
// runs at its default size gate (test/helpers/fuse-every-size.ts lowers it to 0 for the other suites): above it,
// attention's kernels recompute the scores on purpose, to keep memory linear in the sequence.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossEntropy, randn, tensor, valueAndGrad } from "../../src/index.js";
import { binaryAlu, unaryAlu } from "../../src/backend/kernel/alu.js";
import { type BinaryFn, type Expr, type Kernel, type UnaryFn, children, exprDeps, kernelExprs, onlineExprs } from "../../src/backend/kernel/ir.js";
import { lowerKernels } from "../../src/backend/kernel/lower.js";
import { onlineSoftmaxFusion } from "../../src/backend/kernel/passes/online-softmax.js";
import { cpuPasses } from "../../src/backend/cpu/device.js";
import type { Node } from "../../src/graph/node.js";
import type { Tensor } from "../../src/index.js";
import { config, createModel, logits } from "../../examples/names-transformer.js";
import { rng, testSeed } from "../helpers/random.js";

type Any = Tensor<any, any>;
/** Operations weighed by what they cost on the CPU: transcendental functions 16, divisions and roots 4, others 1. */
const DIVISION = new Set(["div", "recip", "sqrt", "rsqrt"]);
const weightOf = (fn: UnaryFn | BinaryFn): number => ((unaryAlu as Record<string, { cost: string }>)[fn] ?? (binaryAlu as Record<string, { cost: string }>)[fn])!.cost === "expensive" ? 16 : DIVISION.has(fn) ? 4 : 1;

/**
 * Arithmetic of one kernel: each distinct operation (a node of the kernel's DAG: the Wasm generator computes a
 * shared node once per point) times the product of the extents of the loops it reads (invariants are hoisted);
 * a phase's result varies with the loops around its reduction. An online softmax-weighted kernel counts its loop
 * over `online.vars` the same way, and its accumulation (a multiply-add per inner point, the running sums).
 */
function kernelWork(k: Kernel): number {
  const o = k.online;
  const loops = [...k.outer, ...k.inner, ...k.phases.flatMap((p) => p.vars), ...(o ? [...o.vars, ...o.phases.flatMap((p) => p.vars), ...(o.accumulations ?? []).flatMap((a) => a.inner)] : [])];
  const extents = new Map(loops.map((v) => [v.name, v.extent]));
  // the loops each phase result (`%p`) varies with: a map kernel's phases are per outer point; an online loop's
  // phases, logit and running maxima per point of the outer loops and its vars
  const around = (): string[] => [...k.outer, ...(o ? o.vars : [])].map((v) => v.name);
  const memo = new Map<Expr, ReadonlySet<string>>();
  const seen = new Set<Expr>();
  let work = 0;
  const points = (e: Expr): number => {
    const vars = new Set<string>();
    for (const v of exprDeps(memo, e, k.output.index)) for (const x of v.startsWith("%") ? around() : [v]) vars.add(x);
    return [...vars].reduce((n, v) => n * (extents.get(v) ?? 1), 1);
  };
  const visit = (e: Expr): void => {
    if (seen.has(e)) return;
    seen.add(e);
    if (e.op === "unary" || e.op === "binary") work += weightOf(e.fn) * points(e);
    else if (e.op === "where" || e.op === "cast") work += points(e);
    else if (e.op === "random") work += 16 * points(e);
    for (const c of children(e)) visit(c);
  };
  for (const e of [...kernelExprs(k), ...onlineExprs(k), ...k.phases.flatMap((p) => (p.stash ? [p.stash] : []))]) visit(e);
  const product = (vs: readonly { extent: number }[]): number => vs.reduce((n, v) => n * v.extent, 1);
  // each phase combines once per point of its kept and own loops
  for (const p of k.phases) work += product([...k.outer, ...p.vars]);
  if (o) {
    for (const p of o.phases) work += product([...k.outer, ...o.vars, ...p.vars]);
    // per point of the loop: the running denominator; per inner point: weight · value added, the sum rescaled
    work += product([...k.outer, ...o.vars]) * (1 + (2 + (o.rescale.op === "const" ? 0 : 1)) * product(k.inner));
    // a further weighted sum (a kernel with several outputs): weight · value added per point of its inner loops
    for (const a of o.accumulations ?? []) work += product([...k.outer, ...o.vars]) * 2 * product(a.inner);
  }
  return work;
}

/** Arithmetic of the CPU's program for these roots (scheduled, before the math is decomposed: a function counts as one). */
const fusedWork = (roots: readonly Node[]): number => lowerKernels(roots, { passes: cpuPasses.filter((p) => p.name !== "decompose") }).reduce((sum, s) => sum + kernelWork(s.kernel), 0);

/** Arithmetic of the graph evaluated node by node (each computed value once per element). */
function unfusedWork(roots: readonly Node[]): number {
  const seen = new Set<Node>();
  let work = 0;
  const visit = (n: Node): void => {
    if (seen.has(n) || n.storage) return;
    seen.add(n);
    const op = n.op;
    if (op.kind === "unary" || op.kind === "binary") work += weightOf(op.fn) * n.numel;
    else if (op.kind === "where" || op.kind === "cast") work += n.numel;
    else if (op.kind === "random") work += 16 * n.numel;
    else if (op.kind === "iota" && n.dtype !== "int32") work += n.numel; // the conversion of the index
    else if (op.kind === "reduce") work += n.inputs[0]!.numel;
    else if (op.kind === "view") work += (3 * op.map.bounds.length + (op.map.bounds.length ? 1 : 0)) * n.numel; // a pad's bound tests
    for (const i of n.inputs) visit(i);
  };
  for (const r of roots) visit(r);
  return work;
}

describe("the fusion planner's recomputation bound", () => {
  // the production gates (the suites' setup fuses attention at every size): the forward fuses at every size, the
  // backward's weighted forms from 4M nested points on
  const gates = { ...onlineSoftmaxFusion };
  beforeAll(() => Object.assign(onlineSoftmaxFusion, { minLogits: 0, minBackwardLogits: 1 << 22 }));
  afterAll(() => Object.assign(onlineSoftmaxFusion, gates));

  it("the demo's training step: fused arithmetic <= unfused", () => {
    const model = createModel(testSeed);
    const next = rng(testSeed);
    const shape = [["batch", config.batch], ["seq", config.context]] as const;
    const tokens = () => tensor(Int32Array.from({ length: config.batch * config.context }, () => Math.floor(next() * config.vocab)), shape as never, { dtype: "int32" });
    const [ids, targets] = [tokens(), tokens()];
    const { value, variables } = valueAndGrad(() => crossEntropy(logits(model, ids as never), targets as never, "vocab"))();
    const roots = [value.node, ...variables.variables.map((v) => variables.get(v).node)];
    const [fused, unfused] = [fusedWork(roots), unfusedWork(roots)];
    expect(fused).toBeLessThanOrEqual(unfused);
  });

  // The weighted form's cost check (online-softmax.ts): above the backward gate, a softmax classifier's training
  // step — dW2 = Σ_b relu(x·w1) · (softmax(relu(x·w1)·w2) − onehot) over rows (h, v) — would recompute the
  // logits' product for every h; the form is refused, the logits are stored once, and no kernel recomputes more.
  it("a softmax classifier's training step with the backward's weighted forms fusing at every size: no recomputed product, fused arithmetic <= unfused", () => {
    const saved = onlineSoftmaxFusion.minBackwardLogits;
    onlineSoftmaxFusion.minBackwardLogits = 0;
    try {
      const next = rng(testSeed);
      const [B, I, H, V] = [16 + Math.floor(next() * 48), 8 + Math.floor(next() * 24), 8 + Math.floor(next() * 40), 8 + Math.floor(next() * 40)];
      const x = randn([["b", B], ["i", I]], { seed: testSeed });
      const [w1, w2] = [randn([["i", I], ["h", H]], { seed: testSeed + 1 }), randn([["h", H], ["v", V]], { seed: testSeed + 2 })];
      const labels = tensor(Int32Array.from({ length: B }, () => Math.floor(next() * V)), [["b", B]], { dtype: "int32" });
      const loss = (w1: Any, w2: Any) => crossEntropy((x as Any).dot("i", w1).relu().dot("h", w2) as never, labels as never, "v" as never);
      const { value, grads } = valueAndGrad(loss as never)(w1, w2) as unknown as { value: Any; grads: Any[] };
      const roots = [value.node, ...grads.map((g) => g.node)];
      const kernels = lowerKernels(roots, { passes: cpuPasses.filter((p) => p.name !== "decompose") });
      // no weighted form (a recomputed product per point of the online loop) in the program
      expect(kernels.filter((s) => s.kernel.online && s.kernel.online.result !== undefined && s.kernel.online.result !== "softmax")).toEqual([]);
      const [fused, unfused] = [fusedWork(roots), unfusedWork(roots)];
      expect(fused).toBeLessThanOrEqual(unfused);
    } finally {
      onlineSoftmaxFusion.minBackwardLogits = saved;
    }
  });

  // Kernels with several outputs (ir.ts rowOutputs, accumulations) are counted with all their work: the attention
  // training step fused at every size does less arithmetic with them (the forward storing its row max and sum, dk
  // and dv sharing one pass over the queries) than with a kernel per output, by about two score products.
  it("attention's fused training step: kernels with several outputs do less arithmetic than a kernel per output", () => {
    const saved = { ...onlineSoftmaxFusion };
    try {
      Object.assign(onlineSoftmaxFusion, { minLogits: 0, minBackwardLogits: 0 });
      const next = rng(testSeed);
      const [B, T, D] = [1 + Math.floor(next() * 3), 17 + Math.floor(next() * 40), 3 + Math.floor(next() * 14)];
      const [q, k, v, w] = ["q", "key", "key", "q"].map((s, i) => randn([["b", B], [s, T], [i >= 2 ? "e" : "d", D]] as never, { seed: testSeed + i }) as Any) as [Any, Any, Any, Any];
      const { value, grads } = valueAndGrad(((q: Any, k: Any, v: Any) => q.dot("d", k).mul(0.3).softmax("key").dot("key", v).mul(w).sum(["b", "q", "e"])) as never)(q, k, v) as unknown as { value: Any; grads: Any[] };
      const roots = [value.node, ...grads.map((g) => g.node)];
      const several = fusedWork(roots);
      onlineSoftmaxFusion.severalOutputs = false;
      const single = fusedWork(roots);
      // the two score products saved: the row max's and the row sum's kernels, and dv's (about 2·D each per point)
      expect(several).toBeLessThan(single - 4 * B * T * T * D);
    } finally {
      Object.assign(onlineSoftmaxFusion, saved);
    }
  });

  /** Throws, with the graph, when the fused program of randomGraph(seed) does more arithmetic than the graph. */
  const check = (seed: number, what: string): void => {
    const roots = randomGraph(seed);
    const [fused, unfused] = [fusedWork(roots), unfusedWork(roots)];
    if (fused > unfused) throw new Error(`${what} (seed ${seed}): fused arithmetic ${fused} > unfused ${unfused}\n${showGraph(roots)}`);
  };

  // Graphs that once failed, by their per-graph seed. 1541237868274: two kernels equal as trees,
  // ((abs(x) + exp(-x)) − (abs(x) + exp(-x)))·c, one computing a value read twice once (n − n), the other two equal
  // nodes; the structural hash (hash.ts) did not see sharing, so the first got the second's scheduled code and
  // computed its value twice. 1541713010221: a kernel whose sum over c reads a row's value u(a) (a product of
  // random draws, expensive) that its store reads too; the stash (stash.ts) stored u in the output and read it back
  // per element, so abs(u) + exp(−u), once per row alone, was computed for every (a, c). 494524030543: the same
  // with a value that reads only the inner loop (abs(x[a]) under an outer loop c). 494904143491: a quotient
  // z[b, c] / w[b] that a sum over a and the store share, which the reciprocal pass (reciprocal.ts) left a division
  // in the phase and made a multiplication by a reciprocal in the store: computed twice.
  it.each([1541237868274, 1541713010221, 494524030543, 494904143491])("a graph that once failed (seed %i): fused arithmetic <= unfused", (seed) => check(seed, "graph"));

  // 2,400 graphs: four seeds derived from the test seed, 600 graphs each.
  it("random graphs whose values feed several consumers: fused arithmetic <= unfused", () => {
    for (let s = 0; s < 4; s++) for (let g = 0; g < 600; g++) check((testSeed * 4 + s) * 1000 + g, `graph ${g}`);
  });
});

/** The graph under roots, one node a line (what a failing random graph prints). */
function showGraph(roots: readonly Node[]): string {
  const lines: string[] = [];
  const seen = new Set<Node>();
  const visit = (n: Node): void => {
    if (seen.has(n)) return;
    seen.add(n);
    n.inputs.forEach(visit);
    const op = n.op as { kind: string; fn?: string; dims?: readonly string[] };
    const what = [op.kind, op.fn, op.kind === "reduce" ? op.dims?.join(",") : undefined].filter(Boolean).join(" ");
    lines.push(`n${n.id} = ${what} [${n.dims.map((d) => `${d.name}=${d.size}`).join(", ")}](${n.inputs.map((i) => `n${i.id}`).join(", ")})${roots.includes(n) ? "  <- root" : ""}`);
  };
  roots.forEach(visit);
  return lines.join("\n");
}

/** A random DAG over dims a, b, c: elementwise ops with broadcasting, reductions, softmax; nodes reused freely. */
function randomGraph(seed: number): Node[] {
  const next = rng(seed);
  const int = (n: number): number => Math.floor(next() * n);
  const dims: [string, number][] = [["a", 5], ["b", 12], ["c", 7]];
  const pool: Any[] = [0, 1, 2].map((i) => randn(dims.filter(() => next() < 0.7).slice(0, 3) as never, { seed: seed + i }) as Any);
  const pick = (): Any => pool[pool.length - 1 - Math.min(int(4), pool.length - 1)]!;
  for (let i = 0; i < 14; i++) {
    const x = pick();
    const names = x.dims as string[];
    const r = int(10);
    let y: Any;
    if (r === 0) y = x.exp();
    else if (r === 1) y = x.tanh();
    else if (r === 2) y = x.mul(pick()).add(1);
    else if (r === 3) y = x.sub(pick()).mul(0.5);
    else if (r === 4 && names.length > 1) y = x.sum(names[int(names.length)]!);
    else if (r === 5 && names.length) y = x.softmax(names[int(names.length)]!);
    else if (r === 6) y = x.add(pick().mul(pick()));
    else if (r === 7) y = x.div(pick().abs().add(1));
    else if (r === 8 && names.length) y = x.sub(x.mean(names[int(names.length)]!)).sqrt();
    else y = x.abs().add(x.neg().exp());
    pool.push(y);
  }
  return pool.slice(-3).map((t) => t.node);
}
