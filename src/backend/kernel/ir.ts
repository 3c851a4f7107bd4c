// Layer: src/backend/kernel. The kernel IR: one fused kernel in tensor index notation. Loop variables are the
// dimension names; a kernel stores one output over its `outer` × `inner` loops (an online kernel may store
// further ones, bound after it: OnlineSoftmax.rowOutputs and accumulations, moreOutputs), after `phases` (reductions
// evaluated once per outer point, e.g. softmax's max and sum). Scalars that change between calls (fill values,
// seeds) are `param`s, not constants, so the structure — and the cache key — stays the same.
// Small, printable (print.ts), hashable (hash.ts) and verified (verify.ts). Imports src/graph types only.
import { type IndexExpr, indexVars } from "../../graph/index-expr.js";
import type { BinaryFn, DType, ReduceFn, UnaryFn } from "../../graph/node.js";
import type { Contraction } from "./passes/contraction.js";
import { InternalError } from "../../types/errors.js";

export type { BinaryFn, IndexExpr, ReduceFn, UnaryFn };

/** Scalar types inside kernels (bool is stored as a byte on the CPU and a u32 on WebGPU). */
export type ScalarType = "f32" | "i32" | "bool";

/** A loop variable: a dimension name (made unique within the kernel) and its extent. */
export interface LoopVar {
  readonly name: string;
  readonly extent: number;
}

/** A data-dependent address term (gather): `value · stride` is added; `value` must lie in [0, limit). */
export interface DynamicIndex {
  readonly value: Expr;
  readonly stride: number;
  readonly limit: number;
  /** The gathered dim, for the error sentence when a value is out of range. */
  readonly dim: string;
}

export type Expr =
  | { readonly op: "const"; readonly type: ScalarType; readonly value: number }
  | { readonly op: "param"; readonly type: ScalarType; readonly slot: number }
  /** An integer index expression over loop variables, as a value (iota). */
  | { readonly op: "idx"; readonly type: "i32"; readonly index: IndexExpr }
  /** `guard` false: the load reads nothing and gives 0 (a pad's fill is applied by an enclosing where). */
  | { readonly op: "load"; readonly type: ScalarType; readonly input: number; readonly index: IndexExpr; readonly dynamic?: DynamicIndex; readonly guard?: Expr }
  | { readonly op: "random"; readonly type: "f32"; readonly seed: Expr; readonly stream: number; readonly index: IndexExpr }
  | { readonly op: "unary"; readonly type: ScalarType; readonly fn: UnaryFn; readonly x: Expr }
  | { readonly op: "binary"; readonly type: ScalarType; readonly fn: BinaryFn; readonly a: Expr; readonly b: Expr }
  /**
   * `cond ? a : b`. With `rare`, `a` is needed at few points (sin's exact reduction of huge arguments): a code
   * generator may evaluate it only where cond holds — for a vector, only when some lane's does — instead of
   * evaluating both sides and selecting.
   */
  | { readonly op: "where"; readonly type: ScalarType; readonly cond: Expr; readonly a: Expr; readonly b: Expr; readonly rare?: boolean }
  | { readonly op: "cast"; readonly type: ScalarType; readonly x: Expr }
  | { readonly op: "reduced"; readonly type: ScalarType; readonly phase: number }
  /** The value a phase stashed in the output buffer at this store position (see Phase.stash). */
  | { readonly op: "stashed"; readonly type: ScalarType };

/** A reduction evaluated once per outer point, over its own loop variables. */
export interface Phase {
  readonly fn: ReduceFn;
  readonly type: ScalarType;
  readonly vars: readonly LoopVar[];
  readonly body: Expr;
  /**
   * Optional (a scheduling pass adds it, passes/stash.ts): a subexpression of the body also stored into the
   * output buffer, with the phase's variables standing for the inner loops in order, so the store loop reads
   * it back (`stashed`) instead of computing it again — softmax computes each exp once.
   */
  readonly stash?: Expr;
}

/** A buffer the kernel reads. */
export interface KernelInput {
  readonly type: ScalarType;
  /** Elements in the buffer; every address the kernel computes lies in [0, length). */
  readonly length: number;
}

/**
 * What the kernel computes:
 * - `map`: out[outer, inner] = value (value may read the phases' results);
 * - `scan`: along the single inner var, out[…, i] = fn over j <= i of value[…, j].
 * Sorting is not a loop nest: it is a routine (routine.ts).
 */
export type KernelMode = { readonly kind: "map" } | { readonly kind: "scan"; readonly fn: ReduceFn };

export interface Kernel {
  readonly mode: KernelMode;
  readonly inputs: readonly KernelInput[];
  readonly params: readonly ScalarType[];
  readonly outer: readonly LoopVar[];
  readonly phases: readonly Phase[];
  readonly inner: readonly LoopVar[];
  readonly value: Expr;
  /** The output buffer: `index` over outer and inner vars addresses `length` elements of `type`. */
  readonly output: { readonly type: ScalarType; readonly index: IndexExpr; readonly length: number };
  /**
   * Optional (a scheduling pass adds it, passes/contraction.ts): the kernel is Σ_k A·B with an epilogue, which
   * code generators turn into the packed matrix-product templates.
   */
  readonly contraction?: Contraction;
  /**
   * Optional (the planner's online-softmax fusion, passes/online-softmax.ts): the kernel is a softmax-weighted
   * sum over `online.vars`, and `value` is the value weighted (see OnlineSoftmax). Such a kernel has no phases.
   */
  readonly online?: OnlineSoftmax;
}

/**
 * A reduction whose combine rescales (online softmax, Milakov & Gimelshein 2018; flash attention):
 *   out[outer, inner] = Σ_v exp(logit − M) · value / Σ_v exp(logit − M),   M = max_v logit,  v over `vars`,
 * computed in ONE pass over `vars` with a running max m, a running denominator l and the running sum kept in
 * the output (per inner point), both rescaled by exp(m_old − m_new) when m grows — so the [outer, vars] logits
 * are never stored. At each point of `vars` (in order): the `phases` (reductions over their own vars, e.g. the
 * scores' contraction over d) are evaluated, then `logit` (which may read them); with n = phases.length,
 * `reduced` n is that logit, n + 1 the running max before this point (−∞ at the first) and n + 2 after it:
 * `runningMax` computes n + 2 from n and n + 1, and `weight` (= exp(logit − m_new)) and `rescale`
 * (= exp(m_old − m_new)) read all three. The update is IR so that the decompose pass writes its exp, and every
 * generator its NaN-propagating max, like any other expression's. A logit of −∞ (a mask) weighs 0; a row of
 * only −∞ gives 0 / 0 = NaN, like softmax.
 *
 * `result` generalises the loop into a weighted reduction with per-point inner dot products (what the backward
 * of attention needs, flash-attention's recomputation): "softmax" (the default) stores Σ weight · value / Σ weight
 * as above; "sum" stores Σ weight · value (rescale must then be 1: no running max is needed); "max" stores the
 * running max M of the logits (no inner loops; weight 0). A "sum" kernel recomputes a [row, vars] quantity (the
 * probabilities from stored row statistics, their gradient) at each point instead of reading it from memory.
 *
 * `rowOutputs` makes the kernel one with several outputs: besides `output`, it writes each row statistic listed
 * (the running max M and the running denominator Σ exp(logit − M), both at the loop's end) into a buffer of its
 * own, bound after the output in order — the forward of attention then stores the softmax's row max and sum for
 * its backward in the same pass over the keys, instead of two more passes recomputing the scores.
 * `accumulations` (a "sum" kernel's) are further weighted sums over the same loop, each with its own weight (which
 * reads the phases and the logit, as `weight` does), value, inner loops and buffer, bound after the row outputs:
 * attention's dk = Σ_q dS · q and dv = Σ_q P · dO share the scores (and P) of one loop over the queries.
 */
export interface OnlineSoftmax {
  readonly result?: "softmax" | "sum" | "max";
  readonly rowOutputs?: readonly RowOutput[];
  readonly accumulations?: readonly Accumulation[];
  readonly vars: readonly LoopVar[];
  readonly phases: readonly Phase[];
  readonly logit: Expr;
  readonly runningMax: Expr;
  readonly weight: Expr;
  readonly rescale: Expr;
}

/** A further output of an online kernel (OnlineSoftmax.rowOutputs): one row statistic per outer point. */
export interface RowOutput {
  /** "max": the running max M of the logits at the loop's end; "sum": the running denominator Σ exp(logit − M). */
  readonly stat: "max" | "sum";
  /** The address over the outer vars, in an f32 buffer of `length` elements that it covers exactly. */
  readonly index: IndexExpr;
  readonly length: number;
}

/**
 * A further weighted sum of an online "sum" kernel (OnlineSoftmax.accumulations): out[outer, inner] = Σ_vars
 * weight · value, in an f32 buffer of its own that `index` (over the outer and its inner vars) covers exactly.
 * The buffer starts at 0 and every point adds weight · value at `index`; an index may read the online vars in
 * place of the last outer var (a sum across the kernel's rows: attention's dq = Σ_key dS · k beside dk and dv,
 * whose rows are the keys) when an earlier outer var has more than one point — the generators keep each of its
 * points to one thread or workgroup, which then owns the rows of the buffer it writes (FlashAttention-2's dq).
 */
export interface Accumulation {
  /** Per point of the online loop; reads the phases and the logit (`reduced` 0 … n) like OnlineSoftmax.weight. */
  readonly weight: Expr;
  /** Per point of the online loop and of `inner`. */
  readonly value: Expr;
  readonly inner: readonly LoopVar[];
  readonly index: IndexExpr;
  readonly length: number;
}

/**
 * Whether an accumulation sums across the kernel's rows (its index reads an online var instead of the last outer var).
 * @example acrossRows(kernel, dqAccumulation) // true
 */
export const acrossRows = (k: Kernel, a: Accumulation): boolean => (k.online?.vars ?? []).some((v) => indexVars(a.index).has(v.name));

/**
 * The buffers a kernel writes besides its output, in binding order (a kernel with several outputs; none for most):
 * an online kernel's row statistics, then its further weighted sums.
 * @example moreOutputs(forward).map((o) => o.length) // [rows, rows]: the softmax's row max and sum
 */
export const moreOutputs = (k: Kernel): readonly (RowOutput | Accumulation)[] => [...(k.online?.rowOutputs ?? []), ...(k.online?.accumulations ?? [])];

/** Every expression of an online softmax-weighted kernel's loop over its vars (empty for other kernels). */
export const onlineExprs = (k: Kernel): Expr[] =>
  k.online
    ? [...k.online.phases.map((p) => p.body), k.online.logit, k.online.runningMax, k.online.weight, k.online.rescale, ...(k.online.accumulations ?? []).flatMap((a) => [a.weight, a.value])]
    : [];

/**
 * The kernel with `rewrite` applied to every expression of its online softmax-weighted loop (unchanged when it
 * has none): what a pass that rewrites expressions (simplify, decompose) adds for this form.
 * @example mapOnline(k, simplify)
 */
export function mapOnline(k: Kernel, rewrite: (e: Expr) => Expr): Kernel {
  const o = k.online;
  if (!o) return k;
  const accumulations = o.accumulations?.map((a) => ({ ...a, weight: rewrite(a.weight), value: rewrite(a.value) }));
  return {
    ...k,
    online: {
      ...o,
      phases: o.phases.map((p) => ({ ...p, body: rewrite(p.body) })),
      logit: rewrite(o.logit),
      runningMax: rewrite(o.runningMax),
      weight: rewrite(o.weight),
      rescale: rewrite(o.rescale),
      ...(accumulations ? { accumulations } : {}),
    },
  };
}

/** All loop variables of the store, outer first. */
export const storeVars = (k: Kernel): LoopVar[] => [...k.outer, ...k.inner];

/** The sub-expressions of e (not e itself), including those inside loads' guards and dynamic indices. */
export function children(e: Expr): Expr[] {
  switch (e.op) {
    case "load":
      return [...(e.dynamic ? [e.dynamic.value] : []), ...(e.guard ? [e.guard] : [])];
    case "random":
      return [e.seed];
    case "unary":
    case "cast":
      return [e.x];
    case "binary":
      return [e.a, e.b];
    case "where":
      return [e.cond, e.a, e.b];
    default:
      return [];
  }
}

/**
 * The sub-expressions of e evaluated whenever e is: all of them, except the rare side of a rare `where` (code that
 * seldom runs, whose invariants are not worth hoisting out of a loop).
 * @example hotChildren(rareWhere(huge, exact, fast)) // [huge, fast]
 */
export const hotChildren = (e: Expr): Expr[] => (e.op === "where" && e.rare ? [e.cond, e.b] : children(e));

/**
 * e with its children replaced by `rewrite`'s; e itself when none changed (passes that match expressions by
 * object keep working on what they did not touch).
 * @example mapChildren(e, (x) => (x === target ? replacement : x))
 */
export function mapChildren(e: Expr, rewrite: (x: Expr) => Expr): Expr {
  switch (e.op) {
    case "unary":
    case "cast": {
      const x = rewrite(e.x);
      return x === e.x ? e : { ...e, x };
    }
    case "binary": {
      const [a, b] = [rewrite(e.a), rewrite(e.b)];
      return a === e.a && b === e.b ? e : { ...e, a, b };
    }
    case "where": {
      const [cond, a, b] = [rewrite(e.cond), rewrite(e.a), rewrite(e.b)];
      return cond === e.cond && a === e.a && b === e.b ? e : { ...e, cond, a, b };
    }
    case "load": {
      const guard = e.guard && rewrite(e.guard);
      const value = e.dynamic && rewrite(e.dynamic.value);
      if (guard === e.guard && value === e.dynamic?.value) return e;
      return { ...e, ...(guard ? { guard } : {}), ...(e.dynamic && value ? { dynamic: { ...e.dynamic, value } } : {}) };
    }
    case "random": {
      const seed = rewrite(e.seed);
      return seed === e.seed ? e : { ...e, seed };
    }
    default:
      return e;
  }
}

/**
 * A rewrite that keeps the kernel a DAG: `step(e, again)` rewrites one node, calling `again` for its
 * sub-expressions; each distinct node is rewritten once, so a node shared by two parents stays shared (and a
 * code generator computes it once).
 * @example const rewrite = dagRewrite((e, again) => mapChildren(e, again)); rewrite(k.value) === k.value // true
 */
export function dagRewrite(step: (e: Expr, again: (x: Expr) => Expr) => Expr): (e: Expr) => Expr {
  const memo = new Map<Expr, Expr>();
  const again = (e: Expr): Expr => {
    let r = memo.get(e);
    if (!r) memo.set(e, (r = step(e, again)));
    return r;
  };
  return again;
}

/**
 * Calls fn on e and every sub-expression, pre-order, once per node: the IR is a DAG (a decomposed function reads
 * its argument many times), and walking it as a tree could take exponential time.
 * @example walkExpr(k.value, (x) => void (x.op === "load" && inputs.add(x.input)))
 */
export function walkExpr(e: Expr, fn: (x: Expr) => void, seen = new Set<Expr>()): void {
  if (seen.has(e)) return;
  seen.add(e);
  fn(e);
  for (const c of children(e)) walkExpr(c, fn, seen);
}

/**
 * The loop variables e reads through its addresses (loads, iota, random draws), added to `into`.
 * @example loopVarsOf(phase.body) // Set { "i", "k" } for Σ_k a[i, k] · b[k]
 */
export function loopVarsOf(e: Expr, into = new Set<string>()): Set<string> {
  walkExpr(e, (x) => {
    if (x.op === "idx" || x.op === "load" || x.op === "random") indexVars(x.index, into);
  });
  return into;
}

/**
 * The loop variables (and `%p` for phase p's result) that e reads, memoised in `memo`: what a code generator
 * asks to hoist an expression out of a loop or vectorise it along a lane. `stashedAt` is the store index a
 * `stashed` value is read back at.
 * @example exprDeps(new Map(), { op: "idx", type: "i32", index: idxVar("i") }) // Set { "i" }
 */
export function exprDeps(memo: Map<Expr, ReadonlySet<string>>, e: Expr, stashedAt?: IndexExpr): ReadonlySet<string> {
  let d = memo.get(e);
  if (d) return d;
  const s = new Set<string>();
  if (e.op === "idx" || e.op === "load" || e.op === "random") indexVars(e.index, s);
  if (e.op === "reduced") s.add(`%${e.phase}`);
  if (e.op === "stashed") {
    if (!stashedAt) throw new InternalError("internal: a stashed value outside a store loop");
    indexVars(stashedAt, s);
  }
  for (const c of children(e)) for (const v of exprDeps(memo, c, stashedAt)) s.add(v);
  memo.set(e, (d = s));
  return d;
}

/** Every expression of a kernel: phase bodies, then the stored value. */
export const kernelExprs = (k: Kernel): Expr[] => [...k.phases.map((p) => p.body), k.value];

/** The scalar type of a graph dtype. */
export const scalarType = (dtype: DType): ScalarType => (dtype === "float32" ? "f32" : dtype === "int32" ? "i32" : "bool");

/** The sparse forms of the kernel IR (loops over compressed levels, merges): kernel/sparse/ir.ts. */
export type { MergeCase, MergeIterator, SparseKernel, SparseStmt, SparseValue } from "./sparse/ir.js";
