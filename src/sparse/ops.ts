// Layer: src/sparse. The named ops of sparse tensors, each an assignment in sparse index notation (the dims'
// names are the index variables) run by taco's generated kernels (src/backend/kernel/sparse via the engine):
// `dot` (SpMV, SpMM, SpGEMM, TTV, TTM, MTTKRP: any mix of sparse and dense operands, a dense result), `mul`
// (intersection: a sparse result in the pattern both share), `add`/`sub` (union: sparse with sparse gives a
// sparse result, with a dense tensor a dense one), `sum` by name (a dense result), and the free ones:
// `transpose` and `rename` (names and logical order only; the storage stays, layout.ts), scaling. (Unary
// functions: elementwise.ts.) A dense operand that is a lazy product summed over names (`A.dot("k", B)`) joins the
// kernel instead of being computed first, so `S.mul(A.dot("k", B))` is one SDDMM loop nest doing O(nnz·K)
// work. When the operands' storage orders conflict (CSR + CSC), later operands are converted to the first
// sparse operand's order, and explainSparse says so. The typed signatures are the dense ones' algebra, so a
// shape mistake gives the same compile error. Inside a traced function an op's kernels become a node of the
// graph (the engine's `sparseNode`), a step the traced program runs call after call: operands are read lazily
// (`Built.graph`), a sparse result's pattern is assembled when traced and its values are a step (SDDMM too:
// the compute kernel into the sparse operand's pattern, with its gradients as sparse kernels). Outside a trace,
// where gradients must pass a product with a dense tensor (`mul`), and where a graph cannot hold the kernels, an
// op is built from graph primitives over the entries instead (graph-form.ts). The assignments are built and run
// in assignment.ts, results' values as graph nodes and the gradients in values.ts. Imports src/types, src/shape,
// src/graph, src/state, the engine, the top layer and this folder.
import { type SparseAssignment } from "../backend/engine.js";
import { broadcastShapes } from "../shape/broadcast.js";
import { dotShape } from "../shape/contract.js";
import { type ShapeDim, showDims } from "../shape/dims.js";
import { maskShape } from "../shape/mask.js";
import { reduceShape } from "../shape/reduce.js";
import { type AnyTensor, Tensor, defineMethods, wrap } from "../tensor.js";
import type { Broadcast } from "../types/broadcast.js";
import type { Dot } from "../types/contract.js";
import type { NameArg, NameList, Ok, Shape, VisibleNames } from "../types/dims.js";
import { ArgumentError, ShapeError, sparseProductBroadcast, sparseUnionBroadcast, takesNot } from "../types/errors.js";
import type { FirstFail, Guard, GuardNames, GuardSpec, OkNames } from "../types/guard.js";
import type { Mask, Unmask } from "../types/mask.js";
import type { Rename, RenameSpec, Transpose } from "../types/movement.js";
import type { Reduce } from "../types/reduce.js";
import type { SparseKeepsDims } from "../types/sparse.js";
import { formatName } from "./format.js";
import { graphDot, graphMulValues, graphSum, graphUnion, kernelsInTrace, mayNeedGradient, symbolic } from "./graph-form.js";
import { reformat, renameSparse, transposeSparse } from "./layout.js";
import { SparseTensor } from "./tensor.js";
import { type Built, addSparse, denseResult, lazyResult, operandOf } from "./assignment.js";
import { merged, mergedInGraph, plainLevels, sampledProduct, sampledValues, valuesResult, withGradients, withValuesGradients } from "./values.js";

type Names<S extends Shape> = NameArg<S> | readonly NameArg<S>[];
type Operand<B extends Shape> = SparseTensor<B> | Tensor<B, "float32">;
/** A sparse op's sparse result: computed when first read or awaited (`await` gives it computed, on any device). */
export type LazySparse<R extends Shape> = SparseTensor<R> & PromiseLike<SparseTensor<R>>;
/** A sum's result: sparse with a sparse operand, dense with a dense one. */
type UnionResult<R extends Shape, O> = O extends SparseTensor<Shape> ? LazySparse<R> : Tensor<R, "float32">;
/** A product's result: sparse with a sparse operand (SpGEMM; dense when nothing is kept), dense with a dense one. */
type DotResult<R extends Shape, O> = O extends SparseTensor<Shape> ? (R extends [] ? Tensor<R, "float32"> : LazySparse<R>) : Tensor<R, "float32">;

declare module "./tensor.js" {
  interface SparseTensor<S extends Shape> {
    /**
     * Contracts `names` with a sparse or dense operand (the sum over them of the product), in one generated
     * kernel: with a dense operand the result is dense (SpMV `A.dot("col", x)`, SpMM `A.dot("col", X)`); with a
     * sparse one it is sparse, computed when first read or awaited (SpGEMM `await A.dot("k", B)`: CSR × CSR is
     * CSR, gathered row by row in a dense workspace).
     * @example A.dot("col", x) // Tensor<[["row", 3]]>: y(row) = Σ_col A(row,col) x(col)
     */
    dot<S extends Shape, const Ns extends Names<S>, B extends Shape, O extends Operand<B> = Operand<B>>(this: SparseTensor<S>, names: GuardNames<Dot<S, B, NameList<Ns>>, Ns, NameArg<S>>, other: O & Operand<B>): DotResult<OkNames<Dot<S, B, NameList<Ns>>, Ns>, O>;
    /**
     * The elementwise product (intersection): a sparse result in the pattern both operands share, in this
     * tensor's storage order. Every name of `other` must be a name of this tensor. The result is computed when
     * first read or awaited; until then it folds into the next sparse op (`a.mul(b).add(c)` is one merge loop).
     * With a dense operand that gradients may reach (a variable, an argument of grad, a value computed while
     * differentiating, a traced placeholder) or with a values tensor (`withValues`), the values are gathered at
     * this tensor's entries in the graph instead, so gradients reach both: dX is dC ⊙ A scattered at the entries,
     * d/dvalues is dC ⊙ X there (the SDDMM `S.mul(U.dot("k", V))` gathers rows of U and columns of V: O(nnz·K)).
     * @example await S.mul(A.dot("k", B)) // SDDMM: only the products at S's entries are computed
     */
    mul<S extends Shape, B extends Shape = []>(this: SparseTensor<S>, other: Guard<FirstFail<[Broadcast<S, B>, SparseKeepsDims<S, B, "product">]>, Operand<B> | number>): LazySparse<Ok<Broadcast<S, B>>>;
    /**
     * The elementwise sum (union): with a sparse operand a sparse result, with a dense one a dense result.
     * @example await a.add(b) // the entries of either
     */
    add<S extends Shape, B extends Shape, O extends Operand<B>>(this: SparseTensor<S>, other: Guard<FirstFail<[Broadcast<S, B>, O extends SparseTensor<Shape> ? SparseKeepsDims<S, B, "add"> : "ok"]>, O & Operand<B>>): UnionResult<Ok<Broadcast<S, B>>, O>;
    /** The elementwise difference (union), like `add`. @example await a.sub(b) */
    sub<S extends Shape, B extends Shape, O extends Operand<B>>(this: SparseTensor<S>, other: Guard<FirstFail<[Broadcast<S, B>, O extends SparseTensor<Shape> ? SparseKeepsDims<S, B, "sub"> : "ok"]>, O & Operand<B>>): UnionResult<Ok<Broadcast<S, B>>, O>;
    /** Sums over one name or a list of names; the result is dense. @example A.sum("col") // row sums */
    sum<S extends Shape, const Ns extends Names<S>>(this: SparseTensor<S>, names: GuardNames<Reduce<S, NameList<Ns>>, Ns, NameArg<S>>): Tensor<OkNames<Reduce<S, NameList<Ns>>, Ns>, "float32">;
    /**
     * The same values with the dims in a new logical order (every name once), typed as a dense transpose; the
     * storage (its level order) is shared, not copied. @example A.transpose("col", "row").dims // ["col", "row"]
     */
    transpose<S extends Shape, const Ns extends readonly NameArg<S>[]>(this: SparseTensor<S>, ...names: GuardNames<Transpose<S, Ns>, Ns, NameArg<S>>): SparseTensor<OkNames<Transpose<S, Ns>, Ns>>;
    /** The same tensor with dims renamed (levels too), typed as a dense rename. @example A.rename({ row: "i" }).dims // ["i", "col"] */
    rename<S extends Shape, const R extends RenameSpec = {}>(this: SparseTensor<S>, renames: GuardSpec<Rename<S, R>, R, { readonly [K in VisibleNames<S>]?: string }>): SparseTensor<Ok<Rename<S, R>>>;
    /**
     * Makes dims private, typed as a dense mask: any op that names them (sum, dot, transpose…) is a compile error
     * and a runtime ShapeError; they still travel through every op. The storage is shared.
     * @example A.mask("row").sum("col").shape // { row: 3 }
     */
    mask<S extends Shape, const Ns extends readonly NameArg<S>[]>(this: SparseTensor<S>, ...names: GuardNames<Mask<S, Ns>, Ns, NameArg<S>>): SparseTensor<OkNames<Mask<S, Ns>, Ns>>;
    /** Makes every private dim visible again (the storage is shared). @example A.mask("row").unmask().sum("row") */
    unmask<S extends Shape>(this: SparseTensor<S>): SparseTensor<Unmask<S>>;
  }
}

const visible = (t: SparseTensor<Shape>): ShapeDim[] => [...t.shapeDims];
const shapeOf = (other: unknown): ShapeDim[] =>
  other instanceof SparseTensor ? visible(other) : other instanceof Tensor ? (other as unknown as AnyTensor).shapeDims : [];

/**
 * Puts the sparse ops on SparseTensor's prototype (their types are declared above). Called by sparse/tensor.ts
 * once SparseTensor is defined, so that any program making a sparse tensor has them, bundled too: a bare
 * import for its side effect is what a tree-shaking bundler drops (the package marks src/sparse side-effect
 * free). The methods are made here, at the call, because the call may come before this module has run.
 * @example installSparseMethods() // A.dot, A.mul, A.add … are defined
 */
export function installSparseMethods(): void {
  const methods = {
    dot(this: SparseTensor<Shape>, names: unknown, other: unknown) {
      if (!(other instanceof SparseTensor) && !(other instanceof Tensor)) throw new ArgumentError(takesNot("dot", "a sparse or dense tensor", other));
      const { dims } = dotShape(visible(this), shapeOf(other), names);
      if (other instanceof SparseTensor && dims.length) return sparseProduct(this, other, dims, names);
      // Two sparse tensors contracted over every name: the sum of their intersection, whose gradients reach both
      // operands' values (dA = g ⊙ B at A's entries, dB = g ⊙ A at B's).
      if (other instanceof SparseTensor && (this.valuesTensor || other.valuesTensor)) return (this.mul as (o: unknown) => SparseTensor<Shape>)(other).sum(this.dims as never);
      // Inside a traced function (or over an unfed placeholder) the product is a graph that replays recompute.
      // Inside a traced function on a device with sparse kernels, the kernels are a step of the traced program.
      const graph = kernelsInTrace();
      if (other instanceof Tensor && !graph && symbolic(this as never, other)) return graphDot(this as never, other as unknown as AnyTensor, dims, `the sparse product dot(${JSON.stringify(names)})`);
      const names2 = new Set([...visible(this), ...shapeOf(other)].map((d) => d.name));
      const result = denseResult((b) => ({ op: "binary", fn: "mul", a: addSparse(b, this), b: operandOf(b, other, names2, "dot") }), dims, `${this.dims.length === 2 ? "the sparse product" : "the sparse contraction"} dot(${JSON.stringify(names)})`, graph);
      // d/dX = Σ over the names only this tensor has of this · g; d/dvalues = pattern ⊙ Σ g · X (an SDDMM).
      return withGradients(
        result,
        this,
        other,
        (g, X) => {
          // (private dims travel as names here: this tensor's and g's opened)
          const open = g.masked.size ? (wrap(g.node) as AnyTensor) : g;
          const own = this.dims.filter((n) => !X.dims.includes(n));
          if (own.length) {
            const mine = this.shapeDims.some((d) => d.masked) ? this.unmask() : this;
            return (mine.dot as (n: unknown, o: unknown) => AnyTensor)(own, open);
          }
          // X has every dim of this tensor: dX = this ⊙ g, scattered at the entries (no values read back)
          return graphDot(this as never, open, [...this.shapeDims, ...open.shapeDims.filter((d) => !this.dims.includes(d.name))], "the gradient of a sparse dot");
        },
        (g, X) => (X ? (g.mul(X as never) as unknown as AnyTensor) : g),
      );
    },
    mul(this: SparseTensor<Shape>, other: unknown) {
      // Values that carry gradients (a values tensor) or a traced body: the product's values are a graph node.
      if (typeof other === "number" && (this.valuesTensor || symbolic(this as never))) return valuesResult(this, graphMulValues(this as never, other, "the sparse product mul"));
      if (typeof other === "number") return lazyResult(this.shapeDims, (b) => ({ op: "binary", fn: "mul", a: addSparse(b, this), b: { op: "const", value: other } }), "the sparse product mul");
      if (!(other instanceof SparseTensor) && !(other instanceof Tensor)) throw new ArgumentError(takesNot("mul", "a sparse or dense tensor or a number", other));
      const dims = broadcastShapes(visible(this), shapeOf(other));
      if (dims.length !== this.shapeDims.length) throw new ShapeError(sparseProductBroadcast(showDims(dims.filter((d) => !this.dims.includes(d.name)))));
      const names = new Set(dims.map((d) => d.name));
      // With a dense operand gradients may reach (a variable, an argument of grad, a placeholder) or a values
      // tensor, the values are gathered in the graph: dX = the scatter of dC ⊙ A at A's entries, dvalues =
      // dC ⊙ X at them. A constant operand keeps the lazy kernel, which fuses into the next sparse op.
      if (other instanceof Tensor) {
        const x = other as unknown as AnyTensor;
        if (x.masked.size) throw new ArgumentError("mul of a sparse tensor cannot take private (masked) dims: unmask them first");
        if (this.valuesTensor || symbolic(this as never, other) || mayNeedGradient(x.node)) {
          // (inside a traced function: the compute kernel into this tensor's pattern, a step of the program)
          if (kernelsInTrace() && plainLevels(this)) return valuesResult(this, sampledProduct(this, x));
          return valuesResult(this, graphMulValues(this as never, x, "the sparse product mul"));
        }
      }
      const result = lazyResult(this.shapeDims, (b) => ({ op: "binary", fn: "mul", a: addSparse(b, this), b: operandOf(b, other, names, "mul") }), "the sparse product mul");
      // d/dA = pattern(A) ⊙ dC ⊙ B, d/dB = pattern(B) ⊙ dC ⊙ A (dC lies in A ∩ B).
      if (!(other instanceof SparseTensor)) return result;
      if (mergedInGraph(this, other)) return merged(this, other, "mul", "the sparse product mul");
      return withValuesGradients("the sparse product mul", result, [this, other], (dC) => [() => sampledValues(this, [dC, other]), () => sampledValues(other, [dC, this])]);
    },
    add(this: SparseTensor<Shape>, other: unknown) {
      return union(this, other, "add");
    },
    sub(this: SparseTensor<Shape>, other: unknown) {
      return union(this, other, "sub");
    },
    transpose(this: SparseTensor<Shape>, ...names: string[]) {
      return transposeSparse(this, ...names);
    },
    rename(this: SparseTensor<Shape>, renames: Readonly<Record<string, string>>) {
      return renameSparse(this, renames);
    },
    mask(this: SparseTensor<Shape>, ...names: unknown[]) {
      return this.relabel(maskShape(this.shapeDims, names));
    },
    unmask(this: SparseTensor<Shape>) {
      return this.relabel(this.shapeDims.map((d) => (d.masked ? { ...d, masked: false } : d)));
    },
    sum(this: SparseTensor<Shape>, names: unknown) {
      const { kept } = reduceShape(visible(this), names);
      const graph = kernelsInTrace();
      if (!graph && symbolic(this as never)) return graphSum(this as never, kept, `the sparse sum(${JSON.stringify(names)})`);
      const result = denseResult((b) => addSparse(b, this), kept, `the sparse sum(${JSON.stringify(names)})`, graph);
      return withGradients(result, this, undefined, (g) => g, (g) => g);
    },
  };
  defineMethods(methods, SparseTensor.prototype);
}

/**
 * The product of two sparse tensors summed over names, as a sparse result (SpGEMM): its levels in the loop
 * order of the iteration graph (CSR × CSR gives CSR, CSC × CSC gives CSC), dense then the last compressed,
 * assembled through a workspace row when a summed variable is iterated above the last one (Gustavson's i, k, j).
 * A first operand stored with a summed dim above a kept one is converted first (explainSparse says so).
 */
function sparseProduct(t: SparseTensor<Shape>, other: SparseTensor<Shape>, dims: readonly ShapeDim[], names: unknown): LazySparse<Shape> {
  const kept = new Set(dims.map((d) => d.name));
  const stored = (s: SparseTensor<Shape>): string[] => s.levels.map((l) => l.name);
  // Each dim's group: batch (kept by both), A's own kept, summed, B's own kept. Gustavson's loops by rows go
  // batch, A's own, summed, B's own (a row of A scales rows of B into a workspace row: CSR × CSR is i, k, j); by
  // columns batch, B's own, summed, A's own (CSC × CSC: j, k, i). A summed dim may be iterated above one kept dim
  // only (the workspace's): by rows when B keeps at most one dim of its own, by columns when A does; else by rows.
  const shared = new Set(t.dims.filter((n) => other.dims.includes(n)));
  const isKept = (n: string): boolean => kept.has(n);
  const group = (n: string, own: number, summed: number): number => (shared.has(n) && kept.has(n) ? 0 : kept.has(n) ? own : summed);
  const [rowsA, rowsB] = [(n: string) => group(n, 1, 2), (n: string) => group(n, 2, 1)];
  const [colsA, colsB] = [rowsB, rowsA];
  /** Whether `s` is stored in the order of its dims' groups. */
  const arranged = (s: SparseTensor<Shape>, rank: (n: string) => number): boolean => stored(s).every((n, i, all) => i === 0 || rank(all[i - 1]!) <= rank(n));
  /** `s` stored in the order of its dims' groups (level kinds kept by position). */
  const arrange = (s: SparseTensor<Shape>, rank: (n: string) => number): SparseTensor<Shape> => {
    if (arranged(s, rank)) return s;
    const wanted = stored(s).sort((a, b) => rank(a) - rank(b));
    return reformat(s, wanted.map((n, i) => [n, s.levels[i]!.kind === "singleton" ? "compressed" : s.levels[i]!.kind] as const) as never);
  };
  const own = (s: SparseTensor<Shape>): number => s.dims.filter((n) => kept.has(n) && !shared.has(n)).length;
  const [rowsOk, colsOk] = [own(other) <= 1, own(t) <= 1];
  // Never the inner-product order (i, j, k), whose dense j loop would store every (i, j).
  const byColumns = colsOk && (!rowsOk || (!(arranged(t, rowsA) && arranged(other, rowsB)) && arranged(t, colsA) && arranged(other, colsB)));
  const [x, y] = byColumns ? [arrange(t, colsA), arrange(other, colsB)] : [arrange(t, rowsA), arrange(other, rowsB)];
  // (a name both operands keep, a batch dim of the product, is one variable of the result: listed once)
  const order = [...new Set(byColumns ? [...stored(y), ...stored(x)].filter(isKept) : [...stored(x), ...stored(y)].filter(isKept))];
  const notes = [
    ...(x !== t ? [`converted A from ${formatName(t.format, t.dims)} to ${formatName(x.format, x.dims)}: the product gathers rows of B per row of A`] : []),
    ...(y !== other ? [`converted B from ${formatName(other.format, other.dims)} to ${formatName(y.format, y.dims)}: the product gathers rows of B per row of A`] : []),
  ];
  const result = lazyResult(
    dims,
    (b) => {
      if (b.operands.length === 0) b.notes.push(...notes);
      return { op: "binary", fn: "mul", a: addSparse(b, x), b: addSparse(b, y) };
    },
    `the sparse product dot(${JSON.stringify(names)})`,
    order,
    true,
  );
  // d/dA(i,k) = Σ_j dC(i,j) B(k,j) at A's entries, d/dB(k,j) = Σ_i A(i,k) dC(i,j) at B's: sampled products.
  return withValuesGradients(`the sparse product dot(${JSON.stringify(names)})`, result, [t, other], (dC) => [() => sampledValues(t, [dC, other]), () => sampledValues(other, [t, dC])]);
}

function union(t: SparseTensor<Shape>, other: unknown, fn: "add" | "sub"): AnyTensor | SparseTensor<Shape> {
  if (!(other instanceof SparseTensor) && !(other instanceof Tensor)) throw new ArgumentError(takesNot(fn, "a sparse or dense tensor", other));
  const dims = broadcastShapes(visible(t), shapeOf(other));
  const names = new Set(dims.map((d) => d.name));
  const build = (b: Built): SparseAssignment["expr"] => {
    b.unions++;
    try {
      return { op: "binary", fn, a: addSparse(b, t), b: operandOf(b, other, names, fn) };
    } finally {
      b.unions--;
    }
  };
  if (other instanceof SparseTensor) {
    if (dims.length !== t.shapeDims.length) throw new ShapeError(sparseUnionBroadcast(fn, showDims(dims.filter((d) => !t.dims.includes(d.name)))));
    if (mergedInGraph(t, other)) return merged(t, other, fn, `the sparse ${fn}`);
    // d/dA = dC at A's entries, d/dB = ±dC at B's entries.
    return withValuesGradients(`the sparse ${fn}`, lazyResult(t.shapeDims, build, `the sparse ${fn}`), [t, other], (dC) => [
      () => sampledValues(t, [dC]),
      () => (fn === "add" ? sampledValues(other, [dC]) : (sampledValues(other, [dC]).neg() as unknown as AnyTensor)),
    ]);
  }
  const graph = kernelsInTrace();
  if (!graph && symbolic(t as never, other)) return graphUnion(t as never, other as unknown as AnyTensor, dims, fn, `the sparse ${fn}`);
  const result = denseResult(build, dims, `the sparse ${fn}`, graph);
  // d/dX = ±g; d/dvalues = g at the stored entries.
  return withGradients(result, t, other, (g) => (fn === "add" ? g : (g.neg() as unknown as AnyTensor)), (g) => g);
}
