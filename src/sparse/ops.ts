// Layer: src/sparse. The named ops of sparse tensors, each an assignment in sparse index notation (the dims'
// names are the index variables) run by taco's generated kernels (src/backend/kernel/sparse via the engine):
// `dot` (SpMV, SpMM, SpGEMM, TTV, TTM, MTTKRP: any mix of sparse and dense operands, a dense result), `mul`
// (intersection: a sparse result in the pattern both share), `add`/`sub` (union: sparse with sparse gives a
// sparse result, with a dense tensor a dense one), `sum` by name (a dense result), and the free ones:
// `transpose` and `rename` (names and logical order only; the storage stays), unary maps that keep zero,
// scaling, `asFormat`. A dense operand that is a lazy product summed over names (`A.dot("k", B)`) joins the
// kernel instead of being computed first, so `S.mul(A.dot("k", B))` is one SDDMM loop nest doing O(nnz·K)
// work. When the operands' storage orders conflict (CSR + CSC), later operands are converted to the first
// sparse operand's order, and explainSparse says so. The typed signatures are the dense ones' algebra, so a
// shape mistake gives the same compile error. Inside a traced function an op's kernels become a node of the
// graph (the engine's `sparseNode`), a step the traced program runs call after call: operands are read lazily
// (`Built.graph`), a sparse result's pattern is assembled when traced and its values are a step (SDDMM too:
// the compute kernel into the sparse operand's pattern, with its gradients as sparse kernels). Outside a trace,
// where gradients must pass a product with a dense tensor (`mul`), and where a graph cannot hold the kernels, an
// op is built from graph primitives over the entries instead (graph-form.ts). Imports src/types, src/shape,
// src/graph, src/state, the engine, the top layer.
import { type SparseArrays, type SparseAssignment, type SparseInput, SparseDeviceError, SparseLoweringError, explainSparse as explainAssignment, getDefaultDevice, loadedDevice, realize, runSparseDense, runSparseSparse, runSparseSparseSync, runSparseValues, sparseCycle, sparseNode, uploadNode } from "../backend/engine.js";
import { customGradient } from "../autodiff/grad.js";
import { unaryAlu } from "../graph/alu.js";
import type { Node, UnaryFn } from "../graph/node.js";
import { broadcastShapes } from "../shape/broadcast.js";
import { dotShape } from "../shape/contract.js";
import { type ShapeDim, checkName, checkUnique, lookup, showDims } from "../shape/dims.js";
import { maskShape } from "../shape/mask.js";
import { reduceShape } from "../shape/reduce.js";
import { checkFormat } from "../shape/sparse.js";
import { unfedUnder } from "../state/kinds.js";
import { tracingNow } from "../state/trace.js";
import { type AnyTensor, Tensor, fromDims, wrap } from "../tensor.js";
import type { Broadcast } from "../types/broadcast.js";
import type { Dot } from "../types/contract.js";
import type { NameArg, NameList, Ok, Shape, VisibleNames } from "../types/dims.js";
import { ArgumentError, ShapeError, takesNot } from "../types/errors.js";
import type { FirstFail, Guard, GuardNames, GuardSpec, OkNames } from "../types/guard.js";
import type { Mask, Unmask } from "../types/mask.js";
import type { Rename, RenameSpec, Transpose } from "../types/movement.js";
import type { Reduce } from "../types/reduce.js";
import type { CheckFormat, FormatSpec, GuardFormat } from "../types/sparse.js";
import { formatName } from "./format.js";
import { cannotTrace, gatheredValues, graphDot, graphMerge, graphMulValues, graphSum, graphUnion, kernelsInTrace, mayNeedGradient, symbolic } from "./graph-form.js";
import { type SparseStorage, forEachEntry, pack, sortAndSum } from "./storage.js";
import { SparseTensor } from "./tensor.js";

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
    mul<S extends Shape, B extends Shape = []>(this: SparseTensor<S>, other: Guard<Broadcast<S, B>, Operand<B> | number>): LazySparse<Ok<Broadcast<S, B>>>;
    /**
     * The elementwise sum (union): with a sparse operand a sparse result, with a dense one a dense result.
     * @example await a.add(b) // the entries of either
     */
    add<S extends Shape, B extends Shape, O extends Operand<B>>(this: SparseTensor<S>, other: Guard<Broadcast<S, B>, O & Operand<B>>): UnionResult<Ok<Broadcast<S, B>>, O>;
    /** The elementwise difference (union), like `add`. @example await a.sub(b) */
    sub<S extends Shape, B extends Shape, O extends Operand<B>>(this: SparseTensor<S>, other: Guard<Broadcast<S, B>, O & Operand<B>>): UnionResult<Ok<Broadcast<S, B>>, O>;
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

/** What explainSparse shows for a result: the assignment's derivation and the conversions made. */
const explanations = new WeakMap<object, () => string>();

/**
 * The iteration graph, merge lattices and generated code of the kernel that computed a sparse op's result.
 * @example explainSparse(A.dot("col", x)) // the index notation out(row) = Σ_col (A(row,col) * B(col)), its iteration graph, merge lattices and code
 */
export function explainSparse(result: object): string {
  const origin = result instanceof SparseTensor ? result.origin : undefined;
  return (explanations.get(result) ?? (origin && explanations.get(origin)))?.() ?? "(not the result of a sparse expression)";
}

/** An operand being assembled into an assignment: its name, levels and input binding. */
interface Built {
  readonly operands: SparseAssignment["operands"][number][];
  readonly inputs: SparseInput[];
  readonly notes: string[];
  /** The sparse tensor behind each operand (undefined for dense ones), for format conversions. */
  readonly sources: (SparseTensor<Shape> | undefined)[];
  /** Whether lazy dense expressions may join the kernel, and whether one did. */
  readonly join: boolean;
  joined: boolean;
  /** Whether the kernels become a graph node (inside a traced function): operands are read lazily, never realized. */
  readonly graph: boolean;
  /** The level kinds of the first sparse tensor read (before any conversion): what a sparse result is stored like. */
  firstKinds?: ReadonlyMap<string, string>;
}
const newBuilt = (join = true, graph = false): Built => ({ operands: [], inputs: [], notes: [], sources: [], join, joined: false, graph });
const computedFirst = "computed the dense operands first: the device's sparse generator lacks a function of their expression";
const letters = "ABCDEFGHIJKLMNOPQRSTUVW";

function addSparse(b: Built, given: SparseTensor<Shape>): SparseAssignment["expr"] {
  // An uncomputed result joins this kernel with its own expression: chains of sparse ops fuse.
  if (given.pending) return given.pending.inline(b) as SparseAssignment["expr"];
  b.firstKinds ??= new Map(given.levels.map((l) => [l.name, l.kind]));
  // Levels with repeated coordinates (COO) cannot be co-iterated: they are iterated as compressed fibers (CSF).
  const t = given.levels.some((l) => l.kind === "singleton") ? asFormat(given, given.levels.map((l) => [l.name, "compressed"] as const) as never) : given;
  if (t !== given) b.notes.push(`converted ${letters[b.operands.length]} from ${formatName(given.format, given.dims)} to ${formatName(t.format, t.dims)}: repeated coordinates cannot be merged`);
  const levels = t.levels;
  b.operands.push({ name: letters[b.operands.length]!, levels: levels.map((l) => ({ var: l.name, kind: l.kind, size: l.size })) });
  if (t.valuesTensor && !b.graph) realize([t.valuesTensor.node]);
  const vals = t.valuesTensor ? t.valuesTensor.node : t.storage.vals;
  b.inputs.push({ kind: "sparse", arrays: { levels: levels.map((l) => ({ pos: l.pos, idx: l.idx })), vals } });
  b.sources.push(given);
  return { op: "access", tensor: b.operands.length - 1 };
}
function addDenseNode(b: Built, given: Node): SparseAssignment["expr"] {
  // Dims that index only dense tensors become the innermost loops (iteration-graph.ts): lay the operand out with
  // them last, so those loops read it contiguously (SDDMM's C(k, j) is read as (j, k); a copy of O(size)).
  const sparseVars = new Set(b.operands.filter((_, t) => b.inputs[t]!.kind === "sparse").flatMap((o) => o.levels.map((l) => l.var)));
  const names = given.dims.map((d) => d.name);
  const preferred = [...names.filter((n) => sparseVars.has(n)), ...names.filter((n) => !sparseVars.has(n))];
  const node = preferred.every((n, i) => n === names[i]) ? given : (wrap(given).transpose(...(preferred as never[])).contiguous() as unknown as AnyTensor).node;
  if (!b.graph) realize([node]);
  b.operands.push({ name: letters[b.operands.length]!, levels: node.dims.map((d) => ({ var: d.name, kind: "dense" as const, size: d.size })) });
  b.inputs.push({ kind: "dense", node });
  b.sources.push(undefined);
  return { op: "access", tensor: b.operands.length - 1 };
}

/**
 * Whether a lazy dense expression computed inside the sparse kernel, once per entry, does less work than computed
 * first: the kernel visits at most the fewest entries of its sparse operands, and `node` has one point per value
 * of its dims the sparse operands index. SDDMM's U·V (nnz < rows·cols) joins; a graph layer's X·W, read at more
 * entries than it has neighbours, is computed once per neighbour first.
 */
function fewerEntriesThanPoints(b: Built, node: Node): boolean {
  const sparseVars = new Set<string>();
  let entries = Infinity;
  b.inputs.forEach((input, t) => {
    if (input.kind !== "sparse") return;
    b.operands[t]!.levels.forEach((l) => sparseVars.add(l.var));
    const vals = input.arrays.vals;
    entries = Math.min(entries, vals instanceof Float32Array ? vals.length : vals.numel);
  });
  const points = node.dims.reduce((n, d) => (sparseVars.has(d.name) ? n * d.size : n), 1);
  return entries < points;
}

/**
 * Whether a lazy node is a few binary functions (at most `budget`, no sum) of computed tensors: joined into the
 * kernel it costs those few operations per point the kernel reads, which a computed product would cost to load —
 * and computing it first writes and reads all its points (MTTKRP's C(j,r) · D(k,r): J · K · R of them, where the
 * kernel reads nnz · R, one loop nest as in taco). (Not unary functions: a generator lacking one, exp on the
 * CPU, would refuse the joined kernel call after call before the operand is computed first.)
 */
function fewElementwise(node: Node, budget = 4): boolean {
  let left = budget;
  const walk = (n: Node): boolean => {
    if (n.storage) return true;
    if (n.op.kind !== "binary" || --left < 0) return false;
    return n.inputs.every((x) => x.dtype === "float32" && walk(x));
  };
  return !node.storage && walk(node);
}

/**
 * A dense operand as an expression: a lazy product summed over names, under products only, joins the kernel
 * (its summed names become the assignment's) when the kernel reads it at fewer entries than it has points; a
 * lazy elementwise function of such parts too, and a few binary functions of computed tensors whatever their
 * points; anything else is computed first and read as a dense operand.
 */
function addDense(b: Built, node: Node, taken: Set<string>, underProducts: boolean): SparseAssignment["expr"] {
  if (node.dtype !== "float32") throw new ArgumentError(`a sparse op takes float32 operands, not ${node.dtype === "int32" ? "an int32" : "a bool"} tensor (cast it first)`);
  if (!node.storage && b.join && (fewerEntriesThanPoints(b, node) || fewElementwise(node))) {
    const op = node.op;
    b.joined = true;
    if (op.kind === "reduce" && op.fn === "sum" && underProducts && op.dims.every((d) => !taken.has(d))) {
      op.dims.forEach((d) => taken.add(d));
      return addDense(b, node.inputs[0]!, taken, true);
    }
    if (op.kind === "binary" && node.inputs.every((x) => x.dtype === "float32")) {
      const product = op.fn === "mul";
      return { op: "binary", fn: op.fn, a: addDense(b, node.inputs[0]!, taken, underProducts && product), b: addDense(b, node.inputs[1]!, taken, underProducts && product) };
    }
    if (op.kind === "unary" && node.inputs[0]!.dtype === "float32") return { op: "unary", fn: op.fn, x: addDense(b, node.inputs[0]!, taken, false) };
  }
  return addDenseNode(b, node);
}

const operandOf = (b: Built, other: unknown, names: ReadonlySet<string>, fn: string): SparseAssignment["expr"] => {
  if (other instanceof SparseTensor) return addSparse(b, other);
  if (other instanceof Tensor) {
    const t = other as unknown as AnyTensor;
    if (t.masked.size) throw new ArgumentError(`${fn} of a sparse tensor cannot take private (masked) dims: unmask them first`);
    return addDense(b, t.node, new Set(names), true);
  }
  throw new ArgumentError(takesNot(fn, "a sparse or dense tensor", other));
};

/** The first sparse operand's storage order, for the output and for converting conflicting operands. */
const sparseOrder = (b: Built): string[] => b.operands[b.inputs.findIndex((i) => i.kind === "sparse")]!.levels.map((l) => l.var);

/** Converts sparse operands whose order conflicts with the first sparse operand's, noting each conversion. */
function resolveCycles(b: Built, a: SparseAssignment): SparseAssignment {
  let current = a;
  const conflicts = sparseCycle(current);
  if (!conflicts) return current;
  const order = sparseOrder(b);
  const first = b.inputs.findIndex((i) => i.kind === "sparse");
  b.inputs.forEach((input, t) => {
    const source = b.sources[t];
    if (t === first || input.kind !== "sparse" || !source) return;
    const mine = source.levels.map((l) => l.name);
    const wanted = order.filter((v) => mine.includes(v));
    if (wanted.every((v, n) => v === mine[n])) return;
    const kinds = source.levels.map((l) => (l.kind === "singleton" ? "compressed" : l.kind));
    const converted = asFormat(source, wanted.map((v, n) => [v, kinds[n]!] as const));
    b.notes.push(`converted ${b.operands[t]!.name} from ${formatName(source.format, source.dims)} to ${formatName(converted.format, converted.dims)}: its storage order conflicts with ${b.operands[first]!.name}'s (a cycle in the iteration graph)`);
    b.operands[t] = { ...b.operands[t]!, levels: converted.levels.map((l) => ({ var: l.name, kind: l.kind, size: l.size })) };
    b.inputs[t] = { kind: "sparse", arrays: { levels: converted.storage.levels.map((l) => ({ pos: l.pos, idx: l.idx })), vals: converted.storage.vals } };
  });
  current = { ...a, operands: [...b.operands] };
  return current;
}

/**
 * Runs an assignment with a dense result whose dims are `dims` (logical order); with `graph` (inside a traced
 * function) builds it as a node of generated kernels instead, a step of the traced program.
 */
function denseResult(build: (b: Built) => SparseAssignment["expr"], dims: readonly ShapeDim[], what: string, graph = false): AnyTensor {
  const prepare = (join: boolean) => {
    const b = newBuilt(join, graph);
    const expr = build(b);
    return { b, a: resolveCycles(b, { output: { name: "out", levels: dims.map((d) => ({ var: d.name, kind: "dense", size: d.size })) }, operands: b.operands, expr }) };
  };
  let { a, b } = prepare(true);
  const nodeDims = dims.map((d) => ({ name: d.name, size: d.size }));
  const go = () => (graph ? sparseNode(a, b.inputs, { dims: nodeDims }) : runSparseDense(a, b.inputs, nodeDims));
  let node: Node;
  try {
    node = go();
  } catch (e) {
    if (!(e instanceof SparseDeviceError && b.joined)) return run(() => { throw e; }, a, what);
    ({ a, b } = prepare(false));
    b.notes.push(computedFirst);
    node = run(go, a, what);
  }
  const t = fromDims(node, dims) as unknown as AnyTensor; // (private dims stay private)
  const [shownA, shownB] = [a, b];
  explanations.set(t, () => [...shownB.notes, explainAssignment(shownA)].join("\n"));
  return t;
}

/**
 * A sparse result stored in the first sparse operand's order (dense levels, the last compressed), computed when
 * first read or awaited; until then its expression (`build`) folds into the next sparse op's kernel.
 */
function lazyResult(dims: readonly ShapeDim[], build: (b: Built) => SparseAssignment["expr"], what: string, outOrder: (b: Built, expr: SparseAssignment["expr"]) => string[] = sparseOrder): SparseTensor<Shape> & PromiseLike<SparseTensor<Shape>> {
  const prepare = (join = true, graph = false) => {
    const b = newBuilt(join, graph);
    const expr = build(b);
    const order = outOrder(b, expr);
    const levels = order.map((v, n) => ({ var: v, kind: n === order.length - 1 ? ("compressed" as const) : ("dense" as const), size: dims.find((d) => d.name === v)!.size }));
    const a = resolveCycles(b, { output: { name: "out", levels }, operands: b.operands, expr });
    return { a, b, levels };
  };
  const finish = (arrays: { levels: SparseArrays["levels"]; vals: Float32Array }, levels: SparseAssignment["output"]["levels"], b: Built): SparseStorage => {
    const open = dims.map((d) => (d.masked ? { ...d, masked: false } : d));
    const checked = checkFormat(open, levels.map((l) => [l.var, l.kind]));
    const assembled = { levels: checked.map((l, n) => ({ ...l, ...(arrays.levels[n]!.pos ? { pos: arrays.levels[n]!.pos } : {}), ...(arrays.levels[n]!.idx ? { idx: arrays.levels[n]!.idx } : {}) })), vals: arrays.vals };
    // Stored like the first sparse operand: its compressed outer levels stay compressed (DCSR, CSF), COO stays COO.
    const kinds = b.firstKinds;
    if (!kinds || levels.length < 2) return assembled;
    const coo = [...kinds.values()].includes("singleton");
    const target = levels.map((l, n) => [l.var, coo ? (n === 0 ? "compressed" : "singleton") : n === levels.length - 1 || kinds.get(l.var) === "compressed" ? "compressed" : "dense"] as const);
    if (target.every(([, k], n) => k === levels[n]!.kind)) return assembled;
    return pack(checkFormat(open, target), ...entriesOf(assembled));
  };
  let ran: ReturnType<typeof prepare> | undefined; // what was computed, for explainSparse
  const structure = { prepare, finish };
  const t = SparseTensor.lazy<Shape>(dims, {
    inline: (into) => build(into as Built),
    computeSync: () => {
      let p = prepare();
      let arrays: ReturnType<typeof runSparseSparseSync>;
      try {
        arrays = runSparseSparseSync(p.a, p.b.inputs);
      } catch (e) {
        if (!(e instanceof SparseDeviceError && p.b.joined)) return run(() => { throw e; }, p.a, what);
        p = prepare(false);
        p.b.notes.push(computedFirst);
        arrays = run(() => runSparseSparseSync(p.a, p.b.inputs), p.a, what);
      }
      ran = p;
      if (!arrays) throw new ArgumentError(`${what} runs on ${getDefaultDevice().name}, which reads results back asynchronously: await the result (or its materialize()) before reading it`);
      return finish(arrays, p.levels, p.b);
    },
    compute: async () => {
      let p = prepare();
      try {
        const arrays = await runSparseSparse(p.a, p.b.inputs);
        ran = p;
        return finish(arrays, p.levels, p.b);
      } catch (e) {
        if (!(e instanceof SparseDeviceError && p.b.joined)) return run(() => { throw e; }, p.a, what);
        p = prepare(false);
        p.b.notes.push(computedFirst);
        ran = p;
        return finish(await run(() => runSparseSparse(p.a, p.b.inputs), p.a, what), p.levels, p.b);
      }
    },
  });
  explanations.set(t, () => {
    const { a, b } = ran ?? prepare();
    return [...b.notes, explainAssignment(a)].join("\n");
  });
  structures.set(t, structure);
  return t;
}
/** How a lazy sparse result is built (its assignment and inputs) and stored: for computing its pattern apart. */
const structures = new WeakMap<object, { prepare: (join?: boolean, graph?: boolean) => { a: SparseAssignment; b: Built; levels: SparseAssignment["output"]["levels"] }; finish: (arrays: { levels: SparseArrays["levels"]; vals: Float32Array }, levels: SparseAssignment["output"]["levels"], b: Built) => SparseStorage }>();

/**
 * A lazy sparse result's pattern and its values as a node on a device that reads back asynchronously (WebGPU),
 * or inside a traced function: the pattern assembled by the CPU from the operands' host level arrays (the merges
 * are structural: values of 1 stand in), the values computed on the device into that pattern (taco's compute
 * without assembly) — inside a traced function by a node of the compute kernel, a step of the traced program:
 * the pattern is fixed for the operands' fixed patterns, so a replay only recomputes the values.
 */
function patternApart(result: LazySparse<Shape>): { levels: SparseStorage["levels"]; values: Node } {
  const s = structures.get(result)!;
  const graph = kernelsInTrace();
  const { a, b, levels } = s.prepare(false, graph);
  const cpu = loadedDevice("cpu");
  const stand = b.inputs.map((i): SparseInput => {
    if (i.kind !== "sparse") throw new ArgumentError(`a sparse result whose values gradients flow to is assembled from its operands' levels, and a dense operand cannot join it on ${getDefaultDevice().name}: await the sparse op that reads it first`);
    const n = i.arrays.vals instanceof Float32Array ? i.arrays.vals.length : i.arrays.vals.dims[0]!.size;
    return { kind: "sparse", arrays: { levels: i.arrays.levels, vals: new Float32Array(n).fill(1) } };
  });
  const arrays = run(() => runSparseSparseSync(a, stand, cpu), a, "the pattern of a sparse result")!;
  const nnz = arrays.vals.length;
  const dim = { name: "nnz", size: nnz };
  const values = run(() => (graph ? sparseNode(a, b.inputs, { pattern: arrays.levels, dim }) : runSparseValues(a, b.inputs, arrays.levels, dim)), a, "the values of a sparse result");
  return { levels: s.finish(arrays, levels, b).levels, values };
}

/** The entries of an assembled result (dense levels, the last compressed) as coordinates per level, in order. */
function entriesOf(s: SparseStorage): [Int32Array[], Float32Array] {
  const coords = s.levels.map(() => new Int32Array(s.vals.length));
  let k = 0;
  forEachEntry(s, (c) => {
    c.forEach((x, l) => (coords[l]![k] = x));
    k++;
  });
  return [coords, s.vals];
}

/** Runs a sparse kernel, turning a device's or generator's refusal into an error naming the expression and formats. */
function run<T>(f: () => T, a: SparseAssignment, what: string): T {
  const reword = (e: unknown): never => {
    if (e instanceof SparseDeviceError || e instanceof SparseLoweringError) {
      const formats = a.operands.map((o) => `${o.name}: ${o.levels.map((l) => `${l.var} ${l.kind}`).join(", ")}`).join("; ");
      throw new ArgumentError(`${what} cannot run on ${getDefaultDevice().name}: ${e.message} (operands ${formats})`);
    }
    throw e;
  };
  try {
    const r = f();
    return (r instanceof Promise ? r.catch(reword) : r) as T;
  } catch (e) {
    return reword(e);
  }
}

const visible = (t: SparseTensor<Shape>): ShapeDim[] => [...t.shapeDims];
const shapeOf = (other: unknown): ShapeDim[] =>
  other instanceof SparseTensor ? visible(other) : other instanceof Tensor ? (other as unknown as AnyTensor).shapeDims : [];

/**
 * The values of pattern(t) ⊙ Σ_(names not in t) factor, in t's storage order, as a node over t's values dim:
 * the gradient w.r.t. t's values of Σ g·(t ∘ …) — an SDDMM computed without assembly (the pattern is t's).
 */
function valuesGradient(t: SparseTensor<Shape>, factor: AnyTensor): AnyTensor {
  const order = t.levels.map((l) => l.name);
  const ones = new SparseTensor<Shape>(t.shapeDims, { levels: t.levels, vals: new Float32Array(t.nnz).fill(1) });
  // The output is stored dense…dense, compressed in t's order: the same entries in the same order as t's.
  const pattern = asFormat(ones, order.map((v, n) => [v, n === order.length - 1 ? "compressed" : "dense"] as const) as never);
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
 */
function sampledValues(t: SparseTensor<Shape>, factors: readonly SparseTensor<Shape>[]): AnyTensor {
  const order = t.levels.map((l) => l.name);
  for (const f of factors) for (const n of f.dims) if (!order.includes(n)) order.push(n);
  const stored = (x: SparseTensor<Shape>): SparseTensor<Shape> => {
    const names = order.filter((n) => x.dims.includes(n));
    const kinds = names.map((_, n) => (n === names.length - 1 ? "compressed" : "dense"));
    if (x.levels.every((l, n) => l.name === names[n] && l.kind === kinds[n])) return x;
    const format = names.map((v, n) => [v, kinds[n]!] as const) as never;
    return x.valuesTensor && !x.valuesTensor.node.storage && kernelsInTrace() ? movedValues(x, format) : asFormat(x, format);
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

/** Whether t stores one level per dim, none of them singleton (CSR, CSC, DCSR, CSF…), and has no private dims. */
const plainLevels = (t: SparseTensor<Shape>): boolean => t.levels.length === t.shapeDims.length && t.levels.every((l) => l.kind !== "singleton") && !t.shapeDims.some((d) => d.masked);

/**
 * The values of t ⊙ x (x dense, its dims among t's) in t's pattern and storage order, as a node over `dim`: the
 * compute kernel into t's pattern (taco's compute without assembly), a sparse node — a step of the traced
 * program. Lazy products in x (SDDMM's U·V) join the kernel where it reads them at fewer entries than points.
 */
function productValues(t: SparseTensor<Shape>, x: AnyTensor, dim: { name: string; size: number }): Node {
  const order = t.levels.map((l) => l.name);
  const ones = new SparseTensor<Shape>(t.shapeDims, { levels: t.levels, vals: new Float32Array(dim.size).fill(1) });
  // The output is stored dense…dense, compressed in t's order: the same entries in the same order as t's.
  const pattern = asFormat(ones, order.map((v, n) => [v, n === order.length - 1 ? "compressed" : "dense"] as const) as never);
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
 */
function sampledProduct(t: SparseTensor<Shape>, x: AnyTensor): AnyTensor {
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
  const positions = asFormat(new SparseTensor<Shape>(x.shapeDims, { levels: x.levels, vals: Float32Array.from({ length: n }, (_, i) => i) }), format);
  return new SparseTensor<Shape>(x.shapeDims, { levels: positions.levels }, gatheredValues(x as never, Int32Array.from(positions.storage.vals)));
}

/**
 * A sparse op's result between sparse tensors with gradients to the operands' values tensors (those set by
 * `withValues`): its pattern computed now, its values a tensor whose gradient `backward` gives per source from dC
 * (a sparse tensor in the result's pattern, its values the incoming gradient; computed only for the tracked
 * sources). Without a values tensor among the sources, the lazy result.
 */
function withValuesGradients(what: string, result: LazySparse<Shape>, sources: readonly SparseTensor<Shape>[], backward: (dC: SparseTensor<Shape>) => readonly (() => AnyTensor)[]): LazySparse<Shape> {
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
  const flat = asFormat(ones, levels.map((l, n) => [l.name, n === levels.length - 1 ? "compressed" : "dense"] as const) as never).levels;
  const withGrads = customGradient(values, tracked.map((s) => s.valuesTensor!), (g) => {
    const each = backward(new SparseTensor<Shape>(result.shapeDims, { levels: flat }, g as unknown as AnyTensor));
    return sources.flatMap((s, n) => (s.valuesTensor ? [each[n]!()] : [])) as never;
  }) as unknown as AnyTensor;
  const t = new SparseTensor<Shape>(result.shapeDims, { levels, vals }, withGrads);
  t.origin = result;
  Object.defineProperty(t, "then", { value: ((done, failed) => t.materialize().then(done, failed)) satisfies PromiseLike<SparseTensor<Shape>>["then"], enumerable: false });
  return t as LazySparse<Shape>;
}

/** `result` with the gradients of a sparse op: w.r.t. its dense operand and the sparse operand's values tensor. */
function withGradients(result: AnyTensor, t: SparseTensor<Shape>, other: unknown, dense: (g: AnyTensor, x: AnyTensor) => AnyTensor, factor: (g: AnyTensor, x: AnyTensor | undefined) => AnyTensor): AnyTensor {
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

/** A sparse tensor in t's pattern (or `levels`) with `values` (a graph node over its entries), awaitable as a lazy result is. */
function valuesResult(t: SparseTensor<Shape>, values: AnyTensor, levels: SparseStorage["levels"] = t.levels): LazySparse<Shape> {
  const r = new SparseTensor<Shape>(t.shapeDims, { levels }, values);
  Object.defineProperty(r, "then", { value: ((done, failed) => r.materialize().then(done, failed)) satisfies PromiseLike<SparseTensor<Shape>>["then"], enumerable: false });
  return r as LazySparse<Shape>;
}

/**
 * Whether an elementwise op of two sparse tensors is built in the graph (graph-form.ts) rather than by kernels
 * with hand-written gradients: values tensors inside a traced function, or values that are an uncomputed graph
 * (a product with a dense tensor that carries gradients), which the graph form never reads back.
 */
function mergedInGraph(t: SparseTensor<Shape>, other: SparseTensor<Shape>): boolean {
  if (!t.valuesTensor && !other.valuesTensor) return false;
  // (operands over other dims, or block formats: the kernels, or inside a trace graphMerge's StateError)
  const plain = (x: SparseTensor<Shape>): boolean => x.shapeDims.length === t.shapeDims.length && x.levels.length === x.shapeDims.length;
  if (!plain(t) || !plain(other)) return tracingNow();
  // (inside a traced function on a device with sparse kernels: the kernels, a step of the traced program)
  if (kernelsInTrace()) return false;
  return tracingNow() || [t, other].some((x) => x.valuesTensor && (!x.valuesTensor.node.storage || symbolic(x as never)));
}

/** A merge of two sparse tensors inside a traced function: the pattern now, the values a graph (graph-form.ts). */
function merged(t: SparseTensor<Shape>, other: SparseTensor<Shape>, fn: "mul" | "add" | "sub", what: string): LazySparse<Shape> {
  const { levels, values } = graphMerge(t as never, other as never, fn, what);
  return valuesResult(t, values, levels);
}

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
      if (other instanceof SparseTensor && (this.valuesTensor || other.valuesTensor) && (tracingNow() || symbolic(this as never) || symbolic(other as never))) throw cannotTrace(`the sparse product dot(${JSON.stringify(names)})`);
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
          const own = this.dims.filter((n) => !X.dims.includes(n));
          if (own.length) return (this.dot as (n: unknown, o: unknown) => AnyTensor)(own, g);
          // X has every dim of this tensor: dX = this ⊙ g, scattered at the entries (no values read back)
          const open = g.masked.size ? (wrap(g.node) as AnyTensor) : g; // (private dims travel as names here)
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
      if (dims.length !== this.shapeDims.length) throw new ShapeError(`the sparse product would broadcast over ${showDims(dims.filter((d) => !this.dims.includes(d.name)))}: a sparse result keeps the sparse operand's dims (use toDense() first)`);
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
      return new SparseTensor(maskShape(this.shapeDims, names), this.storage);
    },
    unmask(this: SparseTensor<Shape>) {
      return new SparseTensor(this.shapeDims.map((d) => (d.masked ? { ...d, masked: false } : d)), this.storage);
    },
    sum(this: SparseTensor<Shape>, names: unknown) {
      const { kept } = reduceShape(visible(this), names);
      const graph = kernelsInTrace();
      if (!graph && symbolic(this as never)) return graphSum(this as never, kept, `the sparse sum(${JSON.stringify(names)})`);
      const result = denseResult((b) => addSparse(b, this), kept, `the sparse sum(${JSON.stringify(names)})`, graph);
      return withGradients(result, this, undefined, (g) => g, (g) => g);
    },
  };
  for (const [name, value] of Object.entries(methods)) Object.defineProperty(SparseTensor.prototype, name, { value, writable: true, configurable: true, enumerable: false });
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
  /** Whether every dim `first` selects is stored above every other dim. */
  const above = (s: SparseTensor<Shape>, first: (n: string) => boolean): boolean => {
    const order = stored(s);
    const split = order.findIndex((n) => !first(n));
    return split < 0 || order.slice(split).every((n) => !first(n));
  };
  /** `s` stored with the dims `first` selects above the others (level kinds kept by position). */
  const reorder = (s: SparseTensor<Shape>, first: (n: string) => boolean): SparseTensor<Shape> => {
    if (above(s, first)) return s;
    const order = stored(s);
    const wanted = [...order.filter(first), ...order.filter((n) => !first(n))];
    return asFormat(s, wanted.map((n, i) => [n, s.levels[i]!.kind === "singleton" ? "compressed" : s.levels[i]!.kind] as const) as never);
  };
  const isKept = (n: string): boolean => kept.has(n);
  const isSummed = (n: string): boolean => !kept.has(n);
  // Gustavson's loops: a row of A scales rows of B into a workspace row (i, k, j: A kept dims first, B summed
  // first), or the same by columns when both are stored the other way (CSC × CSC: j, k, i). Other storage is
  // converted to the first: never the inner-product order (i, j, k), whose dense j loop would store every (i, j).
  const byColumns = !(above(t, isKept) && above(other, isSummed)) && above(t, isSummed) && above(other, isKept);
  const [x, y] = byColumns ? [t, other] : [reorder(t, isKept), reorder(other, isSummed)];
  const order = byColumns ? [...stored(y), ...stored(x)].filter(isKept) : [...stored(x), ...stored(y)].filter(isKept);
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
    () => order,
  );
  // d/dA(i,k) = Σ_j dC(i,j) B(k,j) at A's entries, d/dB(k,j) = Σ_i A(i,k) dC(i,j) at B's: sampled products.
  return withValuesGradients(`the sparse product dot(${JSON.stringify(names)})`, result, [t, other], (dC) => [() => sampledValues(t, [dC, other]), () => sampledValues(other, [t, dC])]);
}

function union(t: SparseTensor<Shape>, other: unknown, fn: "add" | "sub"): AnyTensor | SparseTensor<Shape> {
  if (!(other instanceof SparseTensor) && !(other instanceof Tensor)) throw new ArgumentError(takesNot(fn, "a sparse or dense tensor", other));
  const dims = broadcastShapes(visible(t), shapeOf(other));
  const names = new Set(dims.map((d) => d.name));
  const build = (b: Built): SparseAssignment["expr"] => ({ op: "binary", fn, a: addSparse(b, t), b: operandOf(b, other, names, fn) });
  if (other instanceof SparseTensor) {
    if (dims.length !== t.shapeDims.length) throw new ShapeError(`the sparse ${fn} would broadcast over ${showDims(dims.filter((d) => !t.dims.includes(d.name)))}: a sparse result keeps the first operand's dims`);
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

/**
 * A function of every stored value that keeps zero (neg, abs, sqrt, relu-like maps): the pattern is kept. A
 * function that does not keep zero (exp) would make every element non-zero: use `toDense()` first.
 * @example mapValues(A, "abs") // |A| in A's format
 */
export function mapValues<S extends Shape>(t: SparseTensor<S>, fn: UnaryFn): SparseTensor<S> {
  const info = unaryAlu[fn];
  if (!info) throw new ArgumentError(takesNot("mapValues", "a function name such as \"abs\"", fn));
  if (info.float64(0) !== 0) throw new ArgumentError(`mapValues(${fn}) does not keep zero (${fn}(0) = ${info.float64(0)}), so the result is dense: use toDense().${fn}()`);
  return new SparseTensor<S>(t.shapeDims, { levels: t.storage.levels, vals: t.storage.vals.map((v) => info.float64(v)) });
}

/**
 * The same tensor stored in another format (a new level order or level kinds), repacked on the host.
 * @example asFormat(A, csc("row", "col")) // CSR to CSC
 */
export function asFormat<S extends Shape, const F extends FormatSpec>(t: SparseTensor<S>, format: GuardFormat<CheckFormat<S, F>, S, F>): SparseTensor<S> {
  if (!(t instanceof SparseTensor)) throw new ArgumentError(takesNot("asFormat", "a sparse tensor", t));
  const levels = checkFormat(t.shapeDims, format);
  const from = t.storage.levels.map((l) => l.name);
  const n = t.nnz;
  const coords = levels.map(() => new Int32Array(n));
  const values = new Float64Array(n);
  let k = 0;
  forEachEntry(t.storage, (c, p) => {
    levels.forEach((l, d) => (coords[d]![k] = c[from.indexOf(l.name)]!));
    values[k++] = t.storage.vals[p]!;
  });
  const sorted = sortAndSum(coords, values);
  return new SparseTensor<S>(t.shapeDims, pack(levels, sorted.coords, sorted.values));
}

/**
 * The same tensor with its dims in another logical order (printing, toDense, the result order of ops); the
 * storage and its format are unchanged. Every name exactly once.
 * @example transposeSparse(A, "col", "row").dims // ["col", "row"]
 */
export function transposeSparse<S extends Shape>(t: SparseTensor<S>, ...names: string[]): SparseTensor<Shape> {
  if (!(t instanceof SparseTensor)) throw new ArgumentError(takesNot("transposeSparse", "a sparse tensor", t));
  checkUnique(names.map(checkName));
  const dims = names.map((n) => lookup(t.shapeDims, n));
  if (dims.length !== t.shapeDims.length) throw new ShapeError(`transpose lists every name once: ${showDims(t.shapeDims)} has ${t.shapeDims.length}, ${names.length} given`);
  return new SparseTensor(dims, t.storage);
}

/**
 * The same tensor with dims renamed in place (levels too).
 * @example renameSparse(A, { row: "i" }).dims // ["i", "col"]
 */
export function renameSparse<S extends Shape>(t: SparseTensor<S>, renames: Readonly<Record<string, string>>): SparseTensor<Shape> {
  if (!(t instanceof SparseTensor)) throw new ArgumentError(takesNot("renameSparse", "a sparse tensor", t));
  if (typeof renames !== "object" || renames === null) throw new ArgumentError(takesNot("rename", "an object such as { row: \"i\" }", renames));
  for (const old of Object.keys(renames)) lookup(t.shapeDims, old);
  const to = (n: string): string => checkName(renames[n] ?? n);
  const dims = t.shapeDims.map((d) => ({ ...d, name: to(d.name) }));
  checkUnique(dims.map((d) => d.name));
  return new SparseTensor(dims, { levels: t.storage.levels.map((l) => ({ ...l, name: to(l.name) })), vals: t.storage.vals });
}

