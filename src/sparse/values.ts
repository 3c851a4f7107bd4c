// Layer: src/sparse. The values of sparse results as graph nodes: the gradients w.r.t. a sparse tensor's values
// (pattern(t) ⊙ the factors, an SDDMM computed without assembly), products into a pattern, values moved to another
// storage order, results in a pattern with values given as a node, merges inside traced functions, and the
// gradient wiring of the sparse ops. Imports src/autodiff, src/graph, src/state, the engine, the top layer and this folder.
import { type SparseAssignment, SparseDeviceError, getDefaultDevice, runSparseValues, sparseNode, uploadNode } from "../backend/engine.js";
import { customGradient } from "../autodiff/grad.js";
import type { Node } from "../graph/node.js";
import { unfedUnder } from "../state/kinds.js";
import { tracingNow } from "../state/trace.js";
import { type AnyTensor, Tensor, wrap } from "../tensor.js";
import type { Shape } from "../types/dims.js";
import { ArgumentError } from "../types/errors.js";
import { formatName } from "./format.js";
import { cannotTrace, gatheredValues, graphMerge, kernelsInTrace, symbolic } from "./graph-form.js";
import type { SparseStorage } from "./storage.js";
import { reformat } from "./layout.js";
import { SparseTensor } from "./tensor.js";
import { addDense, addSparse, newBuilt, patternApart, run } from "./assignment.js";
import { explanations } from "./explain.js";
import type { LazySparse } from "./ops.js";

/**
 * The values of pattern(t) ⊙ Σ_(names not in t) factor, in t's storage order, as a node over t's values dim:
 * the gradient w.r.t. t's values of Σ g·(t ∘ …) — an SDDMM computed without assembly (the pattern is t's).
 */
function valuesGradient(t: SparseTensor<Shape>, factor: AnyTensor): AnyTensor {
  const order = t.levels.map((l) => l.name);
  const ones = new SparseTensor<Shape>(t.shapeDims, { levels: t.levels, vals: new Float32Array(t.nnz).fill(1) });
  // The output is stored dense…dense, compressed in t's order: the same entries in the same order as t's.
  const pattern = reformat(ones, order.map((v, n) => [v, n === order.length - 1 ? "compressed" : "dense"] as const) as never);
  const extra = factor.dims.filter((n) => !order.includes(n));
  const summed = extra.length ? (factor.sum(extra as never) as unknown as AnyTensor) : factor;
  const dim = t.valuesTensor!.node.dims[0]!;
  const graph = kernelsInTrace();
  const attempt = (join: boolean): Node => {
    const b = newBuilt(join, graph);
    const x = addSparse(b, pattern);
    const y = addDense(b, summed.node, new Set(order), true);
    const a: SparseAssignment = { output: { name: "out", levels: pattern.levels.map((l) => ({ var: l.name, kind: l.kind, size: l.size })) }, operands: b.operands, expr: { op: "binary", fn: "mul", a: x, b: y } };
    const levels = pattern.levels.map((l) => ({ pos: l.pos, idx: l.idx }));
    const go = () => (graph ? sparseNode(a, b.inputs, { pattern: levels, dim }) : runSparseValues(a, b.inputs, levels, dim));
    if (!join) return run(go, a, "the gradient w.r.t. sparse values");
    try {
      return go();
    } catch (e) {
      if (e instanceof SparseDeviceError && b.joined) return attempt(false);
      return run(() => { throw e; }, a, "the gradient w.r.t. sparse values");
    }
  };
  return wrap(attempt(true)) as AnyTensor;
}

/**
 * The values of pattern(t) ⊙ Π factors, summed over the names not in t, in t's storage order, as a node over t's
 * values dim: the gradient w.r.t. t's values of an op between sparse tensors (dA of C = A·B is pattern(A) ⊙ Σ_j
 * dC(i,j) B(k,j), an SDDMM whose factors are sparse: each entry of A merges a row of dC with a row of B). The
 * factors are stored in the loop order t's levels then the other names (converted on the host when they are not).
 * @example sampledValues(A, [dC, B]) // dA of C = A·B: Σ_j dC(i,j) B(k,j) at A's entries
 */
export function sampledValues(t: SparseTensor<Shape>, factors: readonly SparseTensor<Shape>[]): AnyTensor {
  const order = t.levels.map((l) => l.name);
  for (const f of factors) for (const n of f.dims) if (!order.includes(n)) order.push(n);
  const stored = (x: SparseTensor<Shape>): SparseTensor<Shape> => {
    const names = order.filter((n) => x.dims.includes(n));
    const kinds = names.map((_, n) => (n === names.length - 1 ? "compressed" : "dense"));
    if (x.levels.every((l, n) => l.name === names[n] && l.kind === kinds[n])) return x;
    const format = names.map((v, n) => [v, kinds[n]!] as const) as never;
    return x.valuesTensor && !x.valuesTensor.node.storage && kernelsInTrace() ? movedValues(x, format) : reformat(x, format);
  };
  const ones = new SparseTensor<Shape>(t.shapeDims, { levels: t.levels, vals: new Float32Array(t.nnz).fill(1) });
  const pattern = stored(ones);
  const graph = kernelsInTrace();
  const b = newBuilt(false, graph);
  const p = addSparse(b, pattern);
  const converted = factors.map(stored);
  const product = converted.reduce<SparseAssignment["expr"]>((e, f) => ({ op: "binary", fn: "mul", a: e, b: addSparse(b, f) }), p);
  // Every entry of the pattern must be written (the values land in the pattern's order only if none is skipped):
  // where a factor's compressed level is one of t's names (dC of a product in t's pattern), the product is
  // taken in union with pattern − pattern, 0 at each entry. (A factor compressed over a summed name is reduced.)
  const skips = converted.some((f) => t.dims.includes(f.levels.at(-1)!.name));
  const expr: SparseAssignment["expr"] = skips ? { op: "binary", fn: "add", a: product, b: { op: "binary", fn: "sub", a: p, b: p } } : product;
  const a: SparseAssignment = { output: { name: "out", levels: pattern.levels.map((l) => ({ var: l.name, kind: l.kind, size: l.size })) }, operands: b.operands, expr };
  const dim = t.valuesTensor!.node.dims[0]!;
  const levels = pattern.levels.map((l) => ({ pos: l.pos, idx: l.idx }));
  return wrap(run(() => (graph ? sparseNode(a, b.inputs, { pattern: levels, dim }) : runSparseValues(a, b.inputs, levels, dim)), a, "the gradient w.r.t. sparse values")) as AnyTensor;
}

/**
 * Whether t stores one level per dim, none of them singleton (CSR, CSC, DCSR, CSF…), and has no private dims.
 * @example plainLevels(A) // true for CSR, false for COO
 */
export const plainLevels = (t: SparseTensor<Shape>): boolean => t.levels.length === t.shapeDims.length && t.levels.every((l) => l.kind !== "singleton") && !t.shapeDims.some((d) => d.masked);

/**
 * The values of t ⊙ x (x dense, its dims among t's) in t's pattern and storage order, as a node over `dim`: the
 * compute kernel into t's pattern (taco's compute without assembly), a sparse node — a step of the traced
 * program. Lazy products in x (SDDMM's U·V) join the kernel where it reads them at fewer entries than points.
 */
function productValues(t: SparseTensor<Shape>, x: AnyTensor, dim: { name: string; size: number }): Node {
  const order = t.levels.map((l) => l.name);
  const ones = new SparseTensor<Shape>(t.shapeDims, { levels: t.levels, vals: new Float32Array(dim.size).fill(1) });
  // The output is stored dense…dense, compressed in t's order: the same entries in the same order as t's.
  const pattern = reformat(ones, order.map((v, n) => [v, n === order.length - 1 ? "compressed" : "dense"] as const) as never);
  const levels = pattern.levels.map((l) => ({ pos: l.pos, idx: l.idx }));
  const what = "the sparse product mul";
  const attempt = (join: boolean): Node => {
    const b = newBuilt(join, true);
    const p = addSparse(b, t);
    const y = addDense(b, x.node, new Set(order), true);
    const a: SparseAssignment = { output: { name: "out", levels: pattern.levels.map((l) => ({ var: l.name, kind: l.kind, size: l.size })) }, operands: b.operands, expr: { op: "binary", fn: "mul", a: p, b: y } };
    const go = () => sparseNode(a, b.inputs, { pattern: levels, dim });
    if (!join) return run(go, a, what);
    try {
      return go();
    } catch (e) {
      if (e instanceof SparseDeviceError && b.joined) return attempt(false);
      return run(() => { throw e; }, a, what);
    }
  };
  return attempt(true);
}

/**
 * t ⊙ x's values (productValues) with their gradients, inside a traced function: dX = Σ over t's dims x lacks of
 * the entries dC ⊙ t scattered at their coordinates (a sparse sum), d/dvalues = dC ⊙ x at the entries (the same
 * compute kernel over dC's values) — each a sparse kernel step too.
 * @example sampledProduct(S, U.dot("k", V)) // S ⊙ (U·V)'s values, with gradients, a step of the traced program
 */
export function sampledProduct(t: SparseTensor<Shape>, x: AnyTensor): AnyTensor {
  const dim = t.valuesTensor?.node.dims[0] ?? { name: "nnz", size: t.nnz };
  const own = (): AnyTensor => t.valuesTensor ?? (wrap(uploadNode(t.storage.vals, "float32", [dim])) as AnyTensor);
  const values = wrap(productValues(t, x, dim)) as AnyTensor;
  const inputs = [x, ...(t.valuesTensor ? [t.valuesTensor] : [])];
  return customGradient(values, inputs, (g) => {
    const dC = g as unknown as AnyTensor;
    const scaled = new SparseTensor<Shape>(t.shapeDims, { levels: t.levels }, dC.mul(own() as never) as unknown as AnyTensor);
    const summed = (scaled.sum as (n: unknown) => AnyTensor)(t.dims.filter((n) => !x.dims.includes(n)));
    const dX = summed.dims.every((n, i) => n === x.dims[i]) ? summed : (summed.transpose(...(x.dims as never[])) as unknown as AnyTensor);
    const dValues = t.valuesTensor ? [wrap(productValues(new SparseTensor<Shape>(t.shapeDims, { levels: t.levels }, dC), x, dim)) as AnyTensor] : [];
    return [dX, ...dValues] as never;
  }) as unknown as AnyTensor;
}

/**
 * `x` (its values tensor a graph node, inside a traced function) in another format: the pattern repacked on the
 * host with each entry's position as its value (exact in float32 up to 2^24 entries), the values gathered in
 * the new order in the graph.
 */
function movedValues(x: SparseTensor<Shape>, format: never): SparseTensor<Shape> {
  const n = x.valuesTensor!.numel;
  if (n > 2 ** 24) throw new ArgumentError(`a sparse tensor of ${n} entries whose values are computed inside a traced function cannot be converted to another format there (past 2^24 entries): store it in ${formatName(x.format, x.dims)}'s order`);
  const positions = reformat(new SparseTensor<Shape>(x.shapeDims, { levels: x.levels, vals: Float32Array.from({ length: n }, (_, i) => i) }), format);
  return new SparseTensor<Shape>(x.shapeDims, { levels: positions.levels }, gatheredValues(x as never, Int32Array.from(positions.storage.vals)));
}

/**
 * A sparse op's result between sparse tensors with gradients to the operands' values tensors (those set by
 * `withValues`): its pattern computed now, its values a tensor whose gradient `backward` gives per source from dC
 * (a sparse tensor in the result's pattern, its values the incoming gradient; computed only for the tracked
 * sources). Without a values tensor among the sources, the lazy result.
 * @example withValuesGradients("the sparse add", A.add(B), [A, B], (dC) => [() => sampledValues(A, [dC]), () => sampledValues(B, [dC])])
 */
export function withValuesGradients(what: string, result: LazySparse<Shape>, sources: readonly SparseTensor<Shape>[], backward: (dC: SparseTensor<Shape>) => readonly (() => AnyTensor)[]): LazySparse<Shape> {
  const tracked = sources.filter((s) => s.valuesTensor);
  if (!tracked.length) return result;
  // Inside a traced function the pattern is assembled now and the values are a step of the traced program.
  const traced = kernelsInTrace();
  if (!traced && (tracingNow() || unfedUnder(tracked.map((s) => s.valuesTensor!.node)))) throw cannotTrace(what);
  // Computed now on the CPU; on a device that reads back asynchronously the CPU assembles the pattern alone.
  const computed = !traced && getDefaultDevice().readSync ? result.storage : undefined;
  const apart = computed ? undefined : patternApart(result);
  const levels = computed?.levels ?? apart!.levels;
  const vals = computed?.vals;
  const values = wrap(computed ? uploadNode(computed.vals, "float32", [{ name: "nnz", size: computed.vals.length }]) : apart!.values) as AnyTensor;
  // dC in the same order stored dense…dense, compressed (the entries keep their order; no values are read).
  const ones = new SparseTensor<Shape>(result.shapeDims, { levels, vals: new Float32Array(values.numel).fill(1) });
  const flat = reformat(ones, levels.map((l, n) => [l.name, n === levels.length - 1 ? "compressed" : "dense"] as const) as never).levels;
  const withGrads = customGradient(values, tracked.map((s) => s.valuesTensor!), (g) => {
    const each = backward(new SparseTensor<Shape>(result.shapeDims, { levels: flat }, g as unknown as AnyTensor));
    return sources.flatMap((s, n) => (s.valuesTensor ? [each[n]!()] : [])) as never;
  }) as unknown as AnyTensor;
  const t = new SparseTensor<Shape>(result.shapeDims, { levels, vals }, withGrads);
  t.origin = result;
  Object.defineProperty(t, "then", { value: ((done, failed) => t.materialize().then(done, failed)) satisfies PromiseLike<SparseTensor<Shape>>["then"], enumerable: false });
  return t as LazySparse<Shape>;
}

/**
 * `result` with the gradients of a sparse op: w.r.t. its dense operand and the sparse operand's values tensor.
 * @example withGradients(y, A, x, (g) => A.dot("row", g), (g, X) => g.mul(X)) // y = A·x with dx and dvalues
 */
export function withGradients(result: AnyTensor, t: SparseTensor<Shape>, other: unknown, dense: (g: AnyTensor, x: AnyTensor) => AnyTensor, factor: (g: AnyTensor, x: AnyTensor | undefined) => AnyTensor): AnyTensor {
  const x = other instanceof Tensor ? (other as unknown as AnyTensor) : undefined;
  const inputs = [...(x ? [x] : []), ...(t.valuesTensor ? [t.valuesTensor] : [])];
  if (!inputs.length) return result;
  const wrapped = customGradient(result, inputs, (g) => {
    const grads: AnyTensor[] = [];
    const gt = g as unknown as AnyTensor;
    if (x) {
      let dx = dense(gt, x);
      const extra = dx.dims.filter((n) => !x.dims.includes(n));
      if (extra.length) dx = dx.sum(extra as never) as unknown as AnyTensor;
      grads.push(dx.dims.every((n, i) => n === x.dims[i]) ? dx : (dx.transpose(...(x.dims as never[])) as unknown as AnyTensor));
    }
    if (t.valuesTensor) grads.push(valuesGradient(t, factor(gt, x)));
    return grads as never;
  }) as unknown as AnyTensor;
  explanations.set(wrapped, explanations.get(result)!);
  // The wrapper's node shares result's buffer and result never escapes: its reference goes now, so disposing
  // the returned tensor frees the buffer at once (the heap reuses the block, already paged in, for the next
  // result) instead of when the collector finds the inner node.
  result.node.release();
  return wrapped;
}

/**
 * A sparse tensor in t's pattern (or `levels`) with `values` (a graph node over its entries), awaitable as a lazy result is.
 * @example valuesResult(A, A.values.mul(2)) // 2A: A's pattern, values a graph node
 */
export function valuesResult(t: SparseTensor<Shape>, values: AnyTensor, levels: SparseStorage["levels"] = t.levels): LazySparse<Shape> {
  const r = new SparseTensor<Shape>(t.shapeDims, { levels }, values);
  Object.defineProperty(r, "then", { value: ((done, failed) => r.materialize().then(done, failed)) satisfies PromiseLike<SparseTensor<Shape>>["then"], enumerable: false });
  return r as LazySparse<Shape>;
}

/**
 * Whether an elementwise op of two sparse tensors is built in the graph (graph-form.ts) rather than by kernels
 * with hand-written gradients: values tensors inside a traced function, or values that are an uncomputed graph
 * (a product with a dense tensor that carries gradients), which the graph form never reads back.
 * @example mergedInGraph(A.withValues(v), B) // true inside a traced function
 */
export function mergedInGraph(t: SparseTensor<Shape>, other: SparseTensor<Shape>): boolean {
  if (!t.valuesTensor && !other.valuesTensor) return false;
  // (operands over other dims, or block formats: the kernels, or inside a trace graphMerge's StateError)
  const plain = (x: SparseTensor<Shape>): boolean => x.shapeDims.length === t.shapeDims.length && x.levels.length === x.shapeDims.length;
  if (!plain(t) || !plain(other)) return tracingNow();
  // (inside a traced function on a device with sparse kernels: the kernels, a step of the traced program)
  if (kernelsInTrace()) return false;
  return tracingNow() || [t, other].some((x) => x.valuesTensor && (!x.valuesTensor.node.storage || symbolic(x as never)));
}

/**
 * A merge of two sparse tensors inside a traced function: the pattern now, the values a graph (graph-form.ts).
 * @example merged(A, B, "add", "the sparse add") // A + B inside a traced function: the pattern now, the values a graph
 */
export function merged(t: SparseTensor<Shape>, other: SparseTensor<Shape>, fn: "mul" | "add" | "sub", what: string): LazySparse<Shape> {
  const { levels, values } = graphMerge(t as never, other as never, fn, what);
  return valuesResult(t, values, levels);
}
