// Layer: src/backend/kernel, part of pass 1 (plan.ts). The online-softmax fusion: a sum over a dim k of
// softmax_k(x) · v — what `x.softmax("key").dot("key", v)` builds, attention's second half — becomes ONE kernel
// of the IR's online softmax-weighted form (ir.ts OnlineSoftmax): per row, one pass over k with a running max,
// a running denominator and the weighted sum kept in the output, so the [row, k] softmax (and the logits x, when
// they are fusable, e.g. the scores q·k with a scale and a mask) are never written to memory. The pattern is
// read from the primitives softmax is built from (src/ops/reduce.ts): sum_k(div(e, sum_k e) · v) with
// e = exp(x − max_k x), every inner node unmaterialised.
// The backward pass (flash attention's recomputation) is derived the same way, by matchWeighted: when another
// kernel needs the softmax (its gradient p · (g − Σ p · g) reads p), the planner stores only the softmax's row
// max and sum (linear in the sequence), and every reader of p — the forward's Σ_key p · v, dv = Σ_q p · dO, the
// row statistic Σ_key p · dP, dq = Σ_key dS · k, dk = Σ_q dS · q — is a weighted sum whose weight recomputes the
// scores (and dP = dO · v) as dot products at each (row, key) point: the kernel IR's weighted forms (result
// "sum", and "max" for the row max). No [query, key] buffer exists in a training step.
// Those kernels have several outputs where they can (ir.ts rowOutputs, accumulations): the forward's online
// kernel stores the row max and sum its softmax needs anyway (the planner offers it the two nodes when other
// kernels read them, `produces`), and weighted sums over the same loop whose dot products are all shared merge
// into one kernel (mergeWeightedSums): dk = Σ_q dS · q and dv = Σ_q P · dO, and on devices that may sum across a
// kernel's rows (the CPU) dq = Σ_key dS · k too — FlashAttention-2's backward: the scores and dO · v once per
// (query, key) point, 7 products of [q, key] size per training step against the three kernels' 6.
// Set NAMED_TENSOR_ONLINE_SOFTMAX=0 (or `onlineSoftmaxFusion.enabled = false`) to plan the three kernels
// instead (benchmarks compare the two). Imports src/graph and the kernel IR.
import { idxVar, type IndexExpr } from "../../../graph/index-expr.js";
import { binaryNode, reduceNode } from "../../../graph/build.js";
import type { Node } from "../../../graph/node.js";
import { bin, f32, rareWhere, un, where } from "../build-expr.js";
import { type Expr, type Kernel, children, dagRewrite, mapChildren, walkExpr } from "../ir.js";
import { KernelBuilder, type Lowered, lowerToIndexNotation } from "./to-index-notation.js";
import { nodeArithmetic } from "./work.js";

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
/**
 * Whether the planner fuses softmax-weighted sums and their backward (NAMED_TENSOR_ONLINE_SOFTMAX=0 turns it
 * off), and from how many logits ([row, key] points, batch and heads included) on: `minLogits` for the forward
 * (the online softmax-weighted sum), `minBackwardLogits` for the backward's weighted forms. The CPU's forward
 * kernel (the flash form, cpu/wasm/online.ts) measured at parity with the three kernels' CPU time from b8 × 64²
 * logits on at d 32 and 64 and 0.83–0.98× at d 128 (bench/attention.mjs, bench/RESULTS.md), and its memory is
 * linear, so the forward fuses at every size. The fused training step, its backward's weighted forms in the flash
 * form too, runs at 0.8–1.0× the three-kernel one's CPU time (b8, d 32–128, seq 512–2048,
 * bench/attention-same-run.mjs, bench/RESULTS.md "Attention's training step with kernels of several outputs";
 * 0.50–0.60× with a kernel per output): the forward storing its row max and sum and one backward kernel for dq,
 * dk and dv make 7 products of [q, key] size against the three kernels' 6, each at the matrix product's rate, so
 * it stays below parity where the products dominate (d 64, 128); so below 4M logits its backward keeps the three
 * kernels, whose [row, key] temporaries are at most 16 MiB each there; from it on the fused kernels keep memory
 * linear in the sequence. NAMED_TENSOR_ONLINE_SOFTMAX_MIN sets both (0: fuse every
 * size); NAMED_TENSOR_ONLINE_SOFTMAX_MIN_BACKWARD the backward's alone. `severalOutputs` (on unless
 * NAMED_TENSOR_ONLINE_SOFTMAX_OUTPUTS=0): kernels with several outputs — the forward storing the softmax's row
 * max and sum, dk, dv (and dq on the CPU) from one pass over the queries (mergeWeightedSums) — instead of a kernel
 * per output.
 */
export const onlineSoftmaxFusion = {
  enabled: env?.NAMED_TENSOR_ONLINE_SOFTMAX !== "0",
  severalOutputs: env?.NAMED_TENSOR_ONLINE_SOFTMAX_OUTPUTS !== "0",
  minLogits: Number(env?.NAMED_TENSOR_ONLINE_SOFTMAX_MIN ?? 0),
  minBackwardLogits: Number(env?.NAMED_TENSOR_ONLINE_SOFTMAX_MIN_BACKWARD ?? env?.NAMED_TENSOR_ONLINE_SOFTMAX_MIN ?? 1 << 22),
};

/** A matched softmax-weighted sum: root = Σ_key softmax_key(logits) · values. */
interface Match {
  readonly root: Node;
  readonly key: string;
  readonly logits: Node;
  readonly values: Node;
  /** The reductions the kernel absorbs (max, sum, the root): what it claims in the planner's sharing checks. */
  readonly reductions: readonly Node[];
  /** The softmax's row max and sum when other kernels need them too: the kernel stores them (rowOutputs). */
  readonly produced: readonly Node[];
}

/** Tests on graph nodes that are computed inside the kernel: a materialised node (its inputs dropped) is no part of it. */
function patterns(isMaterialized: (n: Node) => boolean) {
  const open = (n: Node | undefined): n is Node => n !== undefined && !isMaterialized(n);
  return {
    is: (n: Node | undefined, kind: string, fn?: string): n is Node => open(n) && n.op.kind === kind && (fn === undefined || ("fn" in n.op && n.op.fn === fn)),
    reducesOnly: (n: Node | undefined, fn: string, key: string): n is Node =>
      open(n) && n.op.kind === "reduce" && n.op.fn === fn && n.op.dims.length === 1 && n.op.dims[0] === key,
  };
}

/**
 * softmax_key(x) as src/ops/reduce.ts builds it: div(e, sum_key e), e = exp(x − max_key x); or undefined. Its
 * max and sum may be materialised nodes when `produces` accepts them (the kernel then stores them: `produced`).
 */
function softmaxOf(p: Node, key: string, isMaterialized: (n: Node) => boolean, produces: (n: Node) => boolean): { logits: Node; reductions: Node[]; produced: Node[] } | undefined {
  const { is } = patterns(isMaterialized);
  const { reducesOnly } = patterns((x) => isMaterialized(x) && !produces(x));
  if (!is(p, "binary", "div")) return undefined;
  const [e, s] = p.inputs;
  if (!is(e, "unary", "exp") || !reducesOnly(s, "sum", key) || s.inputs[0] !== e) return undefined;
  const d = e.inputs[0];
  if (!is(d, "binary", "sub")) return undefined;
  const [x, m] = d.inputs;
  if (!x || !reducesOnly(m, "max", key) || m.inputs[0] !== x || x.dtype !== "float32") return undefined;
  return { logits: x, reductions: [s, m].filter((r) => !isMaterialized(r)), produced: [m, s].filter(isMaterialized) };
}

/** Whether x's inlined subtree (materialised nodes are read, not computed) computes a reduction. */
function computesReduction(x: Node, isMaterialized: (n: Node) => boolean): boolean {
  const seen = new Set<Node>();
  const visit = (n: Node): boolean => {
    if (seen.has(n) || isMaterialized(n)) return false;
    seen.add(n);
    return n.op.kind === "reduce" || n.inputs.some(visit);
  };
  return visit(x);
}

/**
 * Whether n is the row max or the row sum of a softmax (as softmaxOf reads it): a node the planner lets the
 * softmax-weighted sum's kernel store as a further output (ir.ts OnlineSoftmax.rowOutputs) when another kernel
 * needs it, rather than a kernel of its own recomputing the logits.
 * @example softmaxStatistic(rowMax, consumers) // true
 */
export function softmaxStatistic(n: Node, consumers: Consumers): boolean {
  if (!onlineSoftmaxFusion.enabled || !onlineSoftmaxFusion.severalOutputs || n.op.kind !== "reduce" || n.op.dims.length !== 1 || n.dtype !== "float32") return false;
  const key = n.op.dims[0]!;
  const isMax = (m: Node | undefined, x: Node | undefined): boolean =>
    m !== undefined && m.op.kind === "reduce" && m.op.fn === "max" && m.op.dims.length === 1 && m.op.dims[0] === key && m.inputs[0] === x;
  if (n.op.fn === "max") return consumers(n).some((d) => d.op.kind === "binary" && d.op.fn === "sub" && d.inputs[1] === n && consumers(d).some((e) => e.op.kind === "unary" && e.op.fn === "exp"));
  const e = n.inputs[0]!;
  const d = e.inputs[0];
  return n.op.fn === "sum" && e.op.kind === "unary" && e.op.fn === "exp" && d?.op.kind === "binary" && d.op.fn === "sub" && isMax(d.inputs[1], d.inputs[0]);
}

/**
 * Whether n is a softmax-weighted sum the planner can fuse (see the header).
 * @example matchOnlineSoftmax(q.dot("d", k).softmax("key").dot("key", v).node, (n) => !!n.storage) // a match
 */
function matchOnlineSoftmax(n: Node, isMaterialized: (n: Node) => boolean, produces: (n: Node) => boolean = () => false): Match | undefined {
  const { is } = patterns(isMaterialized);
  if (!onlineSoftmaxFusion.enabled || n.op.kind !== "reduce" || n.op.fn !== "sum" || n.op.dims.length !== 1 || n.dtype !== "float32") return undefined;
  const key = n.op.dims[0]!;
  const product = n.inputs[0];
  if (!is(product, "binary", "mul")) return undefined;
  const [a, b] = product.inputs as [Node, Node];
  for (const [p, v] of [[a, b], [b, a]] as const) {
    // only a forward's sum stores the statistics: one whose values reduce (the backward's row statistic
    // Σ_key p · dP) reads them, and is a weighted form over them
    const s = softmaxOf(p, key, isMaterialized, computesReduction(v, isMaterialized) ? () => false : produces);
    if (!s || v.dtype !== "float32" || !v.dims.some((d) => d.name === key)) continue;
    if (s.logits.dims.find((d) => d.name === key)!.size < 1 || s.logits.numel < onlineSoftmaxFusion.minLogits) continue;
    return { root: n, key, logits: s.logits, values: v, reductions: [...s.reductions, n], produced: s.produced };
  }
  return undefined;
}

/**
 * The softmax-weighted sums and weighted reductions (see matchWeighted) inside n's inlined subtree (not n
 * itself): the planner gives each its own kernel, so that a view or an epilogue over one (the attention helper's
 * stack of heads, a gradient's sum of contributions) does not pull it apart. When n is a softmax-weighted sum
 * itself, its softmax (the max and the sum it computes online) is not searched.
 * @example innerOnlineSoftmax(merged.node, isMaterialized) // [the Σ_key softmax · v node under the stack]
 */
export function innerOnlineSoftmax(n: Node, isMaterialized: (n: Node) => boolean): Node[] {
  if (!onlineSoftmaxFusion.enabled) return [];
  const found: Node[] = [];
  const seen = new Set<Node>();
  const visit = (x: Node): void => {
    for (const i of x.inputs) {
      if (seen.has(i) || isMaterialized(i)) continue;
      seen.add(i);
      if (matchOnlineSoftmax(i, isMaterialized) || matchWeighted(i, isMaterialized)) found.push(i);
      else visit(i);
    }
  };
  const m = matchOnlineSoftmax(n, isMaterialized);
  if (m) {
    for (const x of [m.logits, m.values]) if (!isMaterialized(x) && !seen.has(x) && (seen.add(x), true)) visit(x);
  } else visit(n);
  return found;
}

/** Whether x is a dot product Σ_d a · b (attention's scores q · k, and dO · v in its backward). */
const dotProduct = (x: Node): boolean => x.op.kind === "reduce" && x.op.fn === "sum" && x.inputs[0]!.op.kind === "binary" && x.inputs[0]!.op.fn === "mul";

/** The nodes that read a node (in the graph being planned). */
export type Consumers = (n: Node) => readonly Node[];

/** x without the reordering views over it. */
const underReorders = (x: Node): Node => (reorders(x) && !x.storage ? underReorders(x.inputs[0]!) : x);

const rowsumCache = new WeakMap<Node, Node>();

/**
 * For softmax's gradient row statistic R = Σ_key p · g with g = Σ_e gy · v (the gradient flowing into p from
 * y = Σ_key p · v, the forward's output, which the graph computes too): the node Σ_e gy · y, equal to R (the
 * flash-attention backward's rowsum(dO ∘ O)), linear to compute where R costs two dot products per (row, key)
 * point. Undefined when the graph has no such y.
 */
function rowsumThroughOutput(n: Node, m: Weighted, isMaterialized: (n: Node) => boolean, consumers: Consumers): { sum: Node; y: Node } | undefined {
  if (m.fn !== "sum" || m.value.length || m.weight.length !== 2 || m.vars.length !== 1) return undefined;
  const key = m.vars[0]!.name;
  const has = (x: Node, name: string): boolean => x.dims.some((d) => d.name === name);
  for (const [p, g] of [m.weight, [...m.weight].reverse()] as [Node, Node][]) {
    if (isMaterialized(g) || g.op.kind !== "reduce" || g.op.fn !== "sum" || g.op.dims.length !== 1 || !has(p, key)) continue;
    const e = g.op.dims[0]!;
    const product = underReorders(g.inputs[0]!);
    if (isMaterialized(product) || product.op.kind !== "binary" || product.op.fn !== "mul") continue;
    for (const [gy, v] of [product.inputs, [...product.inputs].reverse()] as [Node, Node][]) {
      if (!has(v, key) || has(gy, key) || !has(v, e)) continue;
      // y = Σ_key p · v (through reordering views)
      const reads = (x: Node): Node[] => consumers(x).flatMap((c) => (reorders(c) ? [c, ...reads(c)] : [c]));
      const y = reads(p)
        .filter((c) => c.op.kind === "binary" && c.op.fn === "mul" && c.inputs.includes(p) && c.inputs.some((i) => underReorders(i) === v || i === v))
        .flatMap(reads)
        .find((r) => r.op.kind === "reduce" && r.op.fn === "sum" && r.op.dims.length === 1 && r.op.dims[0] === key && r.dtype === "float32");
      if (!y || !has(y, e)) continue;
      const dims = [...n.dims, y.dims.find((d) => d.name === e)!];
      if (![gy, y].every((x) => x.dims.every((d) => dims.some((o) => o.name === d.name)))) continue;
      let sum = rowsumCache.get(n);
      if (!sum) rowsumCache.set(n, (sum = reduceNode("sum", binaryNode("mul", gy, y, dims, "float32"), [e])));
      return { sum, y };
    }
  }
  return undefined;
}

/** Whether x is a view that only reorders its input's dims (what autodiff's sumTo puts before a sum). */
function reorders(x: Node): boolean {
  if (x.op.kind !== "view" || x.op.map.bounds.length || x.dims.length !== x.inputs[0]!.dims.length) return false;
  const index = x.op.map.index;
  return x.inputs[0]!.dims.every((d) => {
    const e = index[d.name];
    return e?.op === "var" && e.name === d.name && x.dims.some((o) => o.name === d.name && o.size === d.size);
  });
}

/** A weighted reduction over `vars` of weight · value whose weight needs inner dot products (see matchWeighted). */
interface Weighted {
  readonly fn: "sum" | "max";
  readonly vars: readonly { readonly name: string; readonly size: number }[];
  /** Factors with no inner dim: what is recomputed at each (row, vars) point. */
  readonly weight: readonly Node[];
  /** Factors that read inner dims (empty: the value is 1). */
  readonly value: readonly Node[];
}

/**
 * Whether n is a reduction the planner lowers to the weighted form of the online kernel (ir.ts OnlineSoftmax
 * `result` "sum" or "max") rather than materialising a [row, vars] intermediate: a sum over vars of a product
 * whose factors without inner dims (the weight) read an unmaterialised dot product that keeps one of the vars —
 * a nested reduction, e.g. the scores Σ_d q·k inside Σ_key P · dO — under an exp (softmax's probabilities
 * recomputed from its stored row max and sum, and what the gradient builds from them), or a max over vars of
 * such a nested reduction (softmax's row max). The backward pass of attention is made of these (flash
 * attention's recomputation): no [query, key] buffer. From `onlineSoftmaxFusion.minBackwardLogits` nested points on.
 * @example matchWeighted(dv.node, isMaterialized) // { fn: "sum", vars: [q], weight: [P], value: [dO] }
 */
function matchWeighted(n: Node, isMaterialized: (n: Node) => boolean): Weighted | undefined {
  if (!onlineSoftmaxFusion.enabled || n.op.kind !== "reduce" || (n.op.fn !== "sum" && n.op.fn !== "max") || n.dtype !== "float32") return undefined;
  const input = n.inputs[0]!;
  // the nested dot product has at most the input's points: below the size gate, nothing to search
  if (isMaterialized(input) || input.numel < onlineSoftmaxFusion.minBackwardLogits) return undefined;
  const varNames = new Set(n.op.dims);
  const vars = input.dims.filter((d) => varNames.has(d.name));
  const open = (x: Node): boolean => !isMaterialized(x);
  // the largest unmaterialised reduction under x (through inlined nodes) that keeps one of the vars; not looked
  // for under another reduction (its own kernel's business): searched from every reduction of an imported
  // model, each walk through the whole unplanned graph above it made planning quadratic in the graph's size
  const nestedMemo = new Map<Node, number>();
  const nested = (x: Node): number => {
    let r = nestedMemo.get(x);
    if (r !== undefined) return r;
    nestedMemo.set(x, 0);
    r = 0;
    if (open(x)) {
      if (dotProduct(x) && x.dims.some((d) => varNames.has(d.name))) r = x.numel;
      else if (x.op.kind !== "reduce") for (const i of x.inputs) r = Math.max(r, nested(i));
    }
    nestedMemo.set(x, r);
    return r;
  };
  const expMemo = new Map<Node, boolean>();
  const expOverNested = (x: Node): boolean => {
    let r = expMemo.get(x);
    if (r !== undefined) return r;
    expMemo.set(x, false);
    r = open(x) && ((x.op.kind === "unary" && x.op.fn === "exp" && nested(x) > 0) || (x.op.kind !== "reduce" && x.inputs.some(expOverNested)));
    expMemo.set(x, r);
    return r;
  };
  if (n.op.fn === "max") {
    if (nested(input) < Math.max(1, onlineSoftmaxFusion.minBackwardLogits) || !n.dims.every((d) => input.dims.some((x) => x.name === d.name))) return undefined;
    if (recomputesNested([input], [...n.dims, ...vars], isMaterialized)) return undefined;
    return { fn: "max", vars, weight: [input], value: [] };
  }
  const factors: Node[] = [];
  const split = (x: Node): void => {
    if (open(x) && x.op.kind === "binary" && x.op.fn === "mul" && x.dtype === "float32") x.inputs.forEach(split);
    else if (open(x) && reorders(x)) split(x.inputs[0]!);
    else factors.push(x);
  };
  split(input);
  const pair = factors.filter((x) => nested(x) > 0);
  if (!pair.length || !pair.some(expOverNested) || Math.max(...pair.map(nested)) < Math.max(1, onlineSoftmaxFusion.minBackwardLogits)) return undefined;
  const rowDims = new Set(pair.flatMap((x) => x.dims.map((d) => d.name)));
  const weight = factors.filter((x) => pair.includes(x) || x.dims.every((d) => rowDims.has(d.name)));
  const value = factors.filter((x) => !weight.includes(x));
  if (value.some((x) => x.dtype !== "float32" || nested(x) > 0)) return undefined;
  const rows = new Set(weight.flatMap((x) => x.dims.map((d) => d.name)));
  if (recomputesNested(weight, [...n.dims.filter((d) => rows.has(d.name)), ...vars], isMaterialized)) return undefined;
  return { fn: "sum", vars, weight, value };
}

/**
 * The cost check of a weighted form (work.ts's model, as the planner's cost check counts an online kernel): the
 * kernel evaluates its weight's nested dot products (its phases) at every point of its loops `around` (its
 * outer loops and the online vars), each at the cost of its reduction; evaluated alone, a dot product costs that
 * once per element. One that lacks one of those loops would be recomputed along it — a feed-forward
 * backward's Σ_b h[b, i] · softmax(h · w)[b, v] over rows (i, v) recomputes the forward's product h · w for each
 * i — and the form is refused; attention's scores [q, key] have every loop of the kernels that read them.
 */
function recomputesNested(weight: readonly Node[], around: readonly { readonly name: string; readonly size: number }[], isMaterialized: (n: Node) => boolean): boolean {
  const points = around.reduce((p, d) => p * d.size, 1);
  const seen = new Set<Node>();
  const recomputed = (x: Node): boolean => {
    if (seen.has(x) || isMaterialized(x)) return false;
    seen.add(x);
    if (dotProduct(x) && x.numel > 0 && points * (nodeArithmetic(x) / x.numel) > nodeArithmetic(x)) return true;
    return x.inputs.some(recomputed);
  };
  return weight.some(recomputed);
}

/**
 * Lowers n to one online softmax-weighted kernel when it is a softmax-weighted sum; otherwise undefined (the
 * planner lowers it as usual). The logits are lowered at each (row, key) point — their reductions (the scores'
 * contraction) become the online loop's phases; the values at each (row, key, inner) point. Values that would be
 * recomputed per row at a cost (an expensive function) are materialised first.
 */
export function lowerOnlineSoftmax(
  n: Node,
  isMaterialized: (n: Node) => boolean,
  materialize: (n: Node) => void,
  consumers: Consumers = () => [],
  produces: (n: Node) => boolean = () => false,
): Lowered | undefined {
  const m = matchOnlineSoftmax(n, isMaterialized, produces);
  if (!m) return lowerWeighted(n, isMaterialized, materialize, consumers);
  const keyDim = m.logits.dims.find((d) => d.name === m.key)!;
  const b = new KernelBuilder(n, new Set([...n.dims.map((d) => d.name), m.key]), isMaterialized, materialize);
  for (const d of [...n.dims, keyDim]) b.extent(d.name, d.size);
  const at: Map<string, IndexExpr> = new Map([...n.dims, keyDim].map((d) => [d.name, idxVar(d.name)]));
  if (!isMaterialized(m.values) && b.costly(m.values)) materialize(m.values);
  const logit = b.lower(m.logits, at, undefined);
  const phases = b.phases;
  const value = b.lower(m.values, at, undefined);
  // the values are read per (row, key, inner) point, outside the online phases: they may not read them
  let readsPhase = false;
  walkExpr(value, (e) => void (e.op === "reduced" && (readsPhase = true)));
  if (readsPhase || b.phases.length !== phases.length) return undefined;
  const count = phases.length;
  const r = (i: number): Expr => ({ op: "reduced", type: "f32", phase: i });
  const [s, before, after] = [r(count), r(count + 1), r(count + 2)];
  // exp(−∞ − (−∞)) is NaN: a masked logit weighs 0 outright, and an unchanged max rescales by 1 outright — the
  // common case once the max has settled, so the rescale's exp is a rare branch (computed only when it grows)
  const weight = where(bin("eq", s, f32(-Infinity)), f32(0), un("exp", bin("sub", s, after)));
  const rescale = rareWhere(bin("ne", before, after), un("exp", bin("sub", before, after)), f32(1));
  const rows = new Set(m.logits.dims.map((d) => d.name));
  // the softmax's row max and sum that other kernels read (a backward pass): stored by this kernel too, at the
  // loop's end (its running max and denominator), each contiguous over its own dims
  const rowOutputs = m.produced.map((x) => {
    let index: IndexExpr = { op: "const", value: 0 };
    let stride = 1;
    for (let i = x.dims.length - 1; i >= 0; i--) {
      index = { op: "add", a: { op: "mul", a: idxVar(x.dims[i]!.name), c: stride }, b: index };
      stride *= x.dims[i]!.size;
    }
    return { stat: x.op.kind === "reduce" && x.op.fn === "max" ? ("max" as const) : ("sum" as const), index, length: x.numel };
  });
  const online = { vars: [{ name: m.key, extent: keyDim.size }], phases, logit, runningMax: bin("max", before, s), weight, rescale };
  const kernel = onlineKernel(n, b, rows, value, rowOutputs.length ? { ...online, rowOutputs } : online);
  // what this kernel claims, for the planner's sharing checks: the softmax's row max and sum only. Another
  // kernel that needs them (a backward pass) makes the planner store them: the next attempt offers them to this
  // kernel as further outputs (`produces`), so that the logits are computed once for the three; the per-(row,
  // key) values (scores, probabilities) are recomputed by whoever needs them, never stored for sharing.
  return { node: n, kernel, inputs: b.inputs, params: b.params, paramNodes: b.paramNodes, fused: m.reductions, inlined: new Map(), repeated: [], ...(m.produced.length ? { more: m.produced } : {}) };
}

/**
 * Lowers n to one kernel of the weighted form (ir.ts OnlineSoftmax, `result` "sum" or "max") when matchWeighted
 * accepts it; otherwise undefined. The weight's factors are lowered at each (row, vars) point — their nested
 * reductions become the loop's phases, the row statistics they read (softmax's max and sum, stored) are loads —
 * and the value's at each (row, vars, inner) point.
 */
function lowerWeighted(n: Node, isMaterialized: (n: Node) => boolean, materialize: (n: Node) => void, consumers: Consumers): Lowered | undefined {
  const m = matchWeighted(n, isMaterialized);
  if (!m) return undefined;
  const viaOutput = rowsumThroughOutput(n, m, isMaterialized, consumers);
  if (viaOutput) {
    // Σ_key p · (Σ_e gy · v) = Σ_e gy · (Σ_key p · v): the forward's output y is read instead of recomputing
    // two dot products per (row, key) point
    materialize(viaOutput.y);
    const l = lowerToIndexNotation(viaOutput.sum, isMaterialized, materialize);
    return { ...l, node: n, fused: [n] };
  }
  const b = new KernelBuilder(n, new Set([...n.dims.map((d) => d.name), ...m.vars.map((v) => v.name)]), isMaterialized, materialize);
  for (const d of [...n.dims, ...m.vars]) b.extent(d.name, d.size);
  const at: Map<string, IndexExpr> = new Map([...n.dims, ...m.vars].map((d) => [d.name, idxVar(d.name)]));
  for (const v of m.value) if (!isMaterialized(v) && b.costly(v)) materialize(v);
  // the operands of the nested dot products (Σ_d a · b) are read from buffers, so that the generators can tile
  // them: each is linear in the sequence (a gradient flowing in, dO · w, is computed once, not per key)
  const seen = new Set<Node>();
  const operands = (x: Node): void => {
    if (seen.has(x) || isMaterialized(x)) return;
    seen.add(x);
    if (x.op.kind === "reduce" && x.dims.some((d) => m.vars.some((v) => v.name === d.name))) {
      const body = x.inputs[0]!;
      if (!isMaterialized(body) && body.op.kind === "binary" && body.op.fn === "mul")
        for (const o of body.inputs) if (!isMaterialized(o) && o.op.kind !== "view" && o.numel < x.numel && o.inputs.length) materialize(o);
      return;
    }
    x.inputs.forEach(operands);
  };
  m.weight.forEach(operands);
  const product = (xs: readonly Node[]): Expr => xs.map((x) => b.lower(x, at, undefined)).reduce((p, x) => bin("mul", p, x));
  const logit = product(m.weight);
  const phases = b.phases;
  const count = phases.length;
  const value = m.value.length ? product(m.value) : f32(m.fn === "max" ? 0 : 1);
  let readsPhase = false;
  walkExpr(value, (e) => void (e.op === "reduced" && (readsPhase = true)));
  if (readsPhase || b.phases.length !== count) return undefined;
  const r = (i: number): Expr => ({ op: "reduced", type: "f32", phase: i });
  const rows = new Set(m.weight.flatMap((x) => x.dims.map((d) => d.name)));
  const kernel = onlineKernel(n, b, rows, value, {
    result: m.fn,
    vars: m.vars.map((v) => ({ name: v.name, extent: v.size })),
    phases,
    logit,
    // a sum weighs each point by its logit (the weight) and never rescales; a max keeps the running max only
    runningMax: m.fn === "max" ? bin("max", r(count + 1), r(count)) : f32(0),
    weight: m.fn === "max" ? f32(0) : r(count),
    rescale: f32(1),
  });
  return { node: n, kernel, inputs: b.inputs, params: b.params, paramNodes: b.paramNodes, fused: [n], inlined: new Map(), repeated: [] };
}

/**
 * The online kernel storing node `n` (contiguous, f32): the dims in `rows` are its outer loops, the others its
 * inner loops; the builder's inputs and params, the value per (row, key, inner) point, and the online loop.
 */
function onlineKernel(n: Node, b: KernelBuilder, rows: ReadonlySet<string>, value: Expr, online: NonNullable<Kernel["online"]>): Kernel {
  let index: IndexExpr = { op: "const", value: 0 };
  let stride = 1;
  for (let i = n.dims.length - 1; i >= 0; i--) {
    index = { op: "add", a: { op: "mul", a: idxVar(n.dims[i]!.name), c: stride }, b: index };
    stride *= n.dims[i]!.size;
  }
  return {
    mode: { kind: "map" },
    inputs: b.inputs.map((x, i) => ({ type: b.inputTypes[i]!, length: x.storage?.buffer.length ?? x.numel })),
    params: b.paramTypes,
    outer: n.dims.filter((d) => rows.has(d.name)).map((d) => ({ name: d.name, extent: d.size })),
    phases: [],
    inner: n.dims.filter((d) => !rows.has(d.name)).map((d) => ({ name: d.name, extent: d.size })),
    value,
    output: { type: "f32", index, length: n.numel },
    online,
  };
}

/** e with its loads' input slots, params' slots and `reduced` phases renumbered (another kernel's expression taken in). */
function renumber(inputs: readonly number[], params: readonly number[], phases: readonly number[]): (e: Expr) => Expr {
  return dagRewrite((e, again) => {
    const x = mapChildren(e, again);
    if (x.op === "load") return { ...x, input: inputs[x.input]! };
    if (x.op === "param") return { ...x, slot: params[x.slot]! };
    if (x.op === "reduced") return { ...x, phase: phases[x.phase]! };
    return x;
  });
}

/** e with the loop variables in `names` renamed (nothing else rewritten). */
const renameIndex = (e: IndexExpr, names: ReadonlyMap<string, string>): IndexExpr =>
  e.op === "var" ? (names.has(e.name) ? { ...e, name: names.get(e.name)! } : e) : e.op === "const" ? e : e.op === "add" ? { ...e, a: renameIndex(e.a, names), b: renameIndex(e.b, names) } : { ...e, a: renameIndex(e.a, names) };

/**
 * Whether two expressions of one kernel are the same computation (structurally; loads at the same address), b's
 * loop variables renamed by `names` (two phases' own variables).
 */
function sameExpr(a: Expr, b: Expr, names: ReadonlyMap<string, string> = new Map()): boolean {
  if (a === b) return true;
  if (a.op !== b.op || a.type !== b.type) return false;
  const same = (x: unknown, y: unknown): boolean => JSON.stringify(x) === JSON.stringify(y && typeof y === "object" && "op" in y ? renameIndex(y as IndexExpr, names) : y);
  switch (a.op) {
    case "const":
      return Object.is(a.value, (b as typeof a).value);
    case "param":
      return a.slot === (b as typeof a).slot;
    case "reduced":
      return a.phase === (b as typeof a).phase;
    case "unary":
    case "binary":
      if (a.fn !== (b as typeof a).fn) return false;
      break;
    case "idx":
    case "random":
      if (!same(a.index, (b as typeof a).index) || (a.op === "random" && a.stream !== (b as typeof a).stream)) return false;
      break;
    case "load": {
      const l = b as typeof a;
      if (a.input !== l.input || !same(a.index, l.index) || !!a.dynamic !== !!l.dynamic || !!a.guard !== !!l.guard) return false;
      if (a.dynamic && (a.dynamic.stride !== l.dynamic!.stride || a.dynamic.limit !== l.dynamic!.limit)) return false;
      break;
    }
    case "where":
      if (!!a.rare !== !!(b as typeof a).rare) return false;
      break;
  }
  const [ca, cb] = [children(a), children(b)];
  return ca.length === cb.length && ca.every((x, i) => sameExpr(x, cb[i]!, names));
}

/**
 * Two weighted sums over the same loop (ir.ts OnlineSoftmax "sum": the same rows, the same online vars) where
 * every dot product of b's is one of a's — attention's dv = Σ_q P · dO beside dk = Σ_q dS · q, both over (batch,
 * key) rows and the queries, P's scores among dS's — as ONE kernel: a's, with b's weighted sum as a further
 * accumulation (b's logit its weight, over a's phases) writing b's node as a further output; the shared scores are
 * computed once per point. Undefined when they do not fit (another loop, a phase of b's not in a, a loop name of
 * both with two extents, one reading the other, past `maxInputs` buffers with the outputs).
 * @example mergeWeightedSums(dk, dv) // dk's kernel, accumulating dv too
 */
export function mergeWeightedSums(a: Lowered, b: Lowered, maxInputs = Infinity, acrossRows = false): Lowered | undefined {
  if (!onlineSoftmaxFusion.severalOutputs) return undefined;
  const [ka, kb] = [a.kernel, b.kernel];
  const [oa, ob] = [ka.online, kb.online];
  if (oa?.result !== "sum" || ob?.result !== "sum" || ob.rowOutputs?.length || ob.accumulations?.length || oa.rowOutputs?.length) return undefined;
  const sameLoops = (x: readonly { name: string; extent: number }[], y: readonly { name: string; extent: number }[]): boolean =>
    x.length === y.length && x.every((v, i) => v.name === y[i]!.name && v.extent === y[i]!.extent);
  // b over the same loops, or (acrossRows) with its rows and online var swapped: attention's dq (rows: the
  // queries, over the keys) into dk's kernel (rows: the keys, over the queries), a sum across its rows
  const [head, row] = [ka.outer.slice(0, -1), ka.outer[ka.outer.length - 1]];
  const swapped =
    acrossRows &&
    row !== undefined &&
    oa.vars.length === 1 &&
    sameLoops(kb.outer, [...head, oa.vars[0]!]) &&
    sameLoops(ob.vars, [row]) &&
    head.some((v) => v.extent > 1);
  if (!((sameLoops(ka.outer, kb.outer) && sameLoops(oa.vars, ob.vars)) || swapped) || kb.inner.length === 0) return undefined;
  // b's inner loops under names of their own (a kernel declares each loop variable once)
  const used = new Set([...ka.outer, ...ka.inner, ...oa.vars, ...oa.phases.flatMap((p) => p.vars), ...(oa.accumulations ?? []).flatMap((x) => x.inner)].map((v) => v.name));
  const fresh = new Map<string, string>();
  for (const v of kb.inner) {
    let name = v.name;
    for (let i = 1; used.has(name); i++) name = `${v.name}${i}`;
    used.add(name);
    fresh.set(v.name, name);
  }
  const outputs = [a.node, ...(a.more ?? []), b.node];
  if (outputs.some((x) => a.inputs.includes(x) || b.inputs.includes(x))) return undefined;
  const inputs = [...a.inputs];
  const slots = b.inputs.map((x) => (inputs.includes(x) ? inputs.indexOf(x) : inputs.push(x) - 1));
  if (inputs.length + outputs.length - 1 > maxInputs) return undefined;
  // b's params: a's slot when the same node gives the value (a scale both read), else one of their own
  const paramNodes = [...a.paramNodes];
  const paramTypes = [...ka.params];
  const paramValues = [...a.params];
  const params = b.paramNodes.map((x, j) => {
    const i = paramNodes.indexOf(x);
    if (i >= 0 && paramTypes[i] === kb.params[j]) return i;
    paramTypes.push(kb.params[j]!);
    paramValues.push(b.params[j]!);
    return paramNodes.push(x) - 1;
  });
  // each of b's phases is one of a's (renumbered to b's inputs in a)
  const phases: number[] = [];
  for (const p of ob.phases) {
    const body = renumber(slots, params, [])(p.body);
    const sameExtents = (q: typeof p): boolean => q.vars.length === p.vars.length && q.vars.every((v, j) => v.extent === p.vars[j]!.extent);
    const names = (q: typeof p): Map<string, string> => new Map(p.vars.map((v, j) => [v.name, q.vars[j]!.name]));
    const i = oa.phases.findIndex((q) => q.fn === p.fn && q.type === p.type && sameExtents(q) && sameExpr(q.body, body, names(q)));
    if (i < 0) return undefined;
    phases.push(i);
  }
  const into = renumber(slots, params, phases);
  const kernelInputs = inputs.map((x, i) => (i < ka.inputs.length ? ka.inputs[i]! : kb.inputs[b.inputs.indexOf(x)]!));
  const renamed = dagRewrite((e, again) => {
    const x = mapChildren(e, again);
    return x.op === "load" || x.op === "idx" || x.op === "random" ? { ...x, index: renameIndex(x.index, fresh) } : x;
  });
  // a weight that is a's own logit (attention's dq and dk both weigh by dS) is read, not computed again; parts
  // of it that a's logit computes too (dv's P inside dk's dS) are a's nodes, which a generator computes once
  const parts: Expr[] = [];
  walkExpr(oa.logit, (x) => void parts.push(x));
  const weight = dagRewrite((e, again) => parts.find((x) => sameExpr(x, e)) ?? mapChildren(e, again))(into(ob.logit));
  const accumulation = {
    weight: sameExpr(oa.logit, weight) ? ({ op: "reduced", type: "f32", phase: oa.phases.length } as const) : weight,
    value: renamed(into(kb.value)),
    inner: kb.inner.map((v) => ({ ...v, name: fresh.get(v.name)! })),
    index: renameIndex(kb.output.index, fresh),
    length: kb.output.length,
  };
  const kernel: Kernel = {
    ...ka,
    inputs: kernelInputs,
    params: paramTypes,
    online: { ...oa, accumulations: [...(oa.accumulations ?? []), accumulation] },
  };
  return {
    ...a,
    kernel,
    inputs,
    params: paramValues,
    paramNodes,
    fused: [...a.fused, ...b.fused],
    more: [...(a.more ?? []), b.node],
  };
}
