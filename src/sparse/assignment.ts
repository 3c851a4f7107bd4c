// Layer: src/sparse. Sparse ops as assignments in sparse index notation: the operands added to an assignment
// (a sparse tensor's levels, a dense node, a lazy product joined into the kernel), conflicting storage orders
// converted, and the results — a dense tensor, or a lazy sparse one computed when read or awaited, whose pattern
// can be computed apart — run through the engine, a refusal reworded to name the expression and the formats;
// explainSparse for what was run. Imports src/graph, src/shape, src/state, the engine, the top layer and this folder.
import { SparseBindingLimitError, type SparseArrays, type SparseAssignment, type SparseInput, SparseDeviceError, SparseLoweringError, explainSparse as explainAssignment, getDefaultDevice, loadedDevice, realize, runSparseDense, runSparseSparse, runSparseSparseSync, runSparseValues, sparseCycle, sparseNode } from "../backend/engine.js";
import type { Node } from "../graph/node.js";
import { type ShapeDim } from "../shape/dims.js";
import { checkFormat } from "../shape/sparse.js";
import { type AnyTensor, Tensor, fromDims, wrap } from "../tensor.js";
import type { Shape } from "../types/dims.js";
import { ArgumentError, takesNot } from "../types/errors.js";
import { formatName } from "./format.js";
import { kernelsInTrace } from "./graph-form.js";
import { type SparseStorage, forEachEntry, pack } from "./storage.js";
import { reformat } from "./layout.js";
import { SparseTensor } from "./tensor.js";
import type { LazySparse } from "./ops.js";
import { explanations } from "./explain.js";

/** An operand being assembled into an assignment: its name, levels and input binding. */
export interface Built {
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
  /** The uncomputed results folded in directly (not inside another), and how deep the folding is now. */
  readonly inlined: SparseTensor<Shape>[];
  depth: number;
  /**
   * How many sums or differences the operand being added sits in: a contraction (Σ over names) folded in there
   * would sum the other term too (Σ_j A·B + C is not (Σ_j A·B) + C), so it is computed first instead.
   */
  unions: number;
  /** The output order of a contraction folded in as the first operand: the order the result is stored in. */
  firstOrder?: readonly string[];
}
/**
 * An empty assignment to add operands to; `join`: dense lazy products may join the kernel, `graph`: operands are
 * read lazily (inside a traced function).
 * @example const b = newBuilt(); addSparse(b, A) // A(i,j), A's levels the first operand's
 */
export const newBuilt = (join = true, graph = false): Built => ({ operands: [], inputs: [], notes: [], sources: [], join, joined: false, graph, inlined: [], depth: 0, unions: 0 });
const computedFirst = "computed the dense operands first: the device's sparse generator lacks a function of their expression";
/** The note of a chain whose folded-in sparse results were computed first (one kernel would bind too many buffers). */
const computedFolded = (n: number): string =>
  `computed ${n === 1 ? "a folded-in sparse result" : `${n} folded-in sparse results`} first: one kernel for the chain would bind more buffers than the device allows`;
const letters = "ABCDEFGHIJKLMNOPQRSTUVW";

/**
 * A COO tensor as CSF over the same level order: the entries keep their (sorted) order, so values held as a
 * tensor stay where they are (converted on the host from the coordinates alone, never read back).
 */
function asFibers(given: SparseTensor<Shape>): SparseTensor<Shape> {
  const format = given.levels.map((l) => [l.name, "compressed"] as const) as never;
  if (!given.valuesTensor) return reformat(given, format);
  const pattern = reformat(new SparseTensor<Shape>(given.shapeDims, { levels: given.levels, vals: new Float32Array(given.nnz) }), format);
  return new SparseTensor<Shape>(given.shapeDims, { levels: pattern.levels }, given.valuesTensor);
}

/**
 * A contraction inside a sum or difference on a device that reads results back asynchronously: it must be computed
 * (awaited) before the kernel that reads it is built. A lazy result's compute awaits it and builds again; where
 * nothing can await (a dense result), the sentence says what to await.
 */
class ComputeFirst extends ArgumentError {
  constructor(readonly tensor: SparseTensor<Shape>) {
    super(`a contraction inside a sum or difference is computed first, and ${getDefaultDevice().name} reads results back asynchronously: await the contraction (or its materialize()) before adding it`);
  }
}

/**
 * Adds a sparse operand (its levels and input binding; a lazy result inlined, a COO tensor's singleton levels
 * converted to compressed) and returns its access in the expression.
 * @example addSparse(b, A) // { op: "access", tensor: 0 }
 */
export function addSparse(b: Built, given: SparseTensor<Shape>): SparseAssignment["expr"] {
  // An uncomputed result joins this kernel with its own expression: chains of sparse ops fuse. A contraction
  // inside a sum or difference does not (its Σ would take in the other term): it is computed first.
  if (given.pending && given.pending.reduces && b.unions > 0 && !getDefaultDevice().readSync) throw new ComputeFirst(given);
  if (given.pending && !(given.pending.reduces && b.unions > 0)) {
    if (b.depth === 0) b.inlined.push(given);
    if (b.operands.length === 0 && given.pending.order) b.firstOrder ??= given.pending.order;
    b.depth++;
    try {
      return given.pending.inline(b) as SparseAssignment["expr"];
    } finally {
      b.depth--;
    }
  }
  b.firstKinds ??= new Map(given.levels.map((l) => [l.name, l.kind]));
  // Levels with repeated coordinates (COO) cannot be co-iterated: they are iterated as compressed fibers (CSF).
  const t = given.levels.some((l) => l.kind === "singleton") ? asFibers(given) : given;
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
 * @example addDense(b, U.dot("k", V).node, new Set(), true) // the product joined: (U(i,k) * V(k,j)) with k summed in the kernel
 */
export function addDense(b: Built, node: Node, taken: Set<string>, underProducts: boolean): SparseAssignment["expr"] {
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

/**
 * The other operand of a sparse op: a sparse tensor, or a dense one (private dims refused) joined or read.
 * @example operandOf(b, x, new Set(["row", "col"]), "dot") // x(col)'s access
 */
export const operandOf = (b: Built, other: unknown, names: ReadonlySet<string>, fn: string): SparseAssignment["expr"] => {
  if (other instanceof SparseTensor) return addSparse(b, other);
  if (other instanceof Tensor) {
    const t = other as unknown as AnyTensor;
    if (t.masked.size) throw new ArgumentError(`${fn} of a sparse tensor cannot take private (masked) dims: unmask them first`);
    // (a product summed over names joins only where no sum or difference encloses it: see Built.unions)
    return addDense(b, t.node, new Set(names), b.unions === 0);
  }
  throw new ArgumentError(takesNot(fn, "a sparse or dense tensor", other));
};

/** The first sparse operand's storage order: what conflicting operands are converted to. */
const firstStored = (b: Built): string[] => b.operands[b.inputs.findIndex((i) => i.kind === "sparse")]!.levels.map((l) => l.var);
/** The output order of a sparse result: a folded-in contraction's own, else the first sparse operand's. */
const sparseOrder = (b: Built): string[] => [...(b.firstOrder ?? firstStored(b))];

/** Converts sparse operands whose order conflicts with the first sparse operand's, noting each conversion. */
function resolveCycles(b: Built, a: SparseAssignment): SparseAssignment {
  let current = a;
  const conflicts = sparseCycle(current);
  if (!conflicts) return current;
  const order = firstStored(b);
  const first = b.inputs.findIndex((i) => i.kind === "sparse");
  b.inputs.forEach((input, t) => {
    const source = b.sources[t];
    if (t === first || input.kind !== "sparse" || !source) return;
    const mine = source.levels.map((l) => l.name);
    // (its dims the first operand lacks keep their relative order, below the shared ones)
    const wanted = [...order.filter((v) => mine.includes(v)), ...mine.filter((v) => !order.includes(v))];
    if (wanted.every((v, n) => v === mine[n])) return;
    const kinds = source.levels.map((l) => (l.kind === "singleton" ? "compressed" : l.kind));
    const converted = reformat(source, wanted.map((v, n) => [v, kinds[n]!] as const));
    b.notes.push(`converted ${b.operands[t]!.name} from ${formatName(source.format, source.dims)} to ${formatName(converted.format, converted.dims)}: its storage order conflicts with ${b.operands[first]!.name}'s (a cycle in the iteration graph)`);
    b.operands[t] = { ...b.operands[t]!, levels: converted.levels.map((l) => ({ var: l.name, kind: l.kind, size: l.size })) };
    // (values held as a tensor were moved in the graph: read where they are, as addSparse reads them)
    if (converted.valuesTensor && !b.graph) realize([converted.valuesTensor.node]);
    const vals = converted.valuesTensor ? converted.valuesTensor.node : converted.storage.vals;
    b.inputs[t] = { kind: "sparse", arrays: { levels: converted.levels.map((l) => ({ pos: l.pos, idx: l.idx })), vals } };
  });
  current = { ...a, operands: [...b.operands] };
  return current;
}

/**
 * Runs an assignment with a dense result whose dims are `dims` (logical order); with `graph` (inside a traced
 * function) builds it as a node of generated kernels instead, a step of the traced program.
 * @example denseResult((b) => ({ op: "binary", fn: "mul", a: addSparse(b, A), b: addDense(b, x.node, new Set(), true) }), [row], "the sparse product dot(\"col\")") // y = A·x
 */
export function denseResult(build: (b: Built) => SparseAssignment["expr"], dims: readonly ShapeDim[], what: string, graph = false): AnyTensor {
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
    if (e instanceof SparseBindingLimitError && b.inlined.length) {
      // Too many buffers for one kernel: the results folded in are computed first (where the device reads back
      // synchronously; WebGPU's sentence asks for them to be awaited), then this kernel reads them.
      const folded = b.inlined;
      for (const x of folded) void x.levels;
      ({ a, b } = prepare(true));
      b.notes.push(computedFolded(folded.length));
      node = run(go, a, what);
    } else {
      if (!(e instanceof SparseDeviceError && b.joined)) return run(() => { throw e; }, a, what);
      ({ a, b } = prepare(false));
      b.notes.push(computedFirst);
      node = run(go, a, what);
    }
  }
  const t = fromDims(node, dims) as unknown as AnyTensor; // (private dims stay private)
  const [shownA, shownB] = [a, b];
  explanations.set(t, () => [...shownB.notes, explainAssignment(shownA)].join("\n"));
  return t;
}

/**
 * A sparse result stored in the first sparse operand's order (dense levels, the last compressed), computed when
 * first read or awaited; until then its expression (`build`) folds into the next sparse op's kernel.
 * @example lazyResult(A.shapeDims, (b) => ({ op: "binary", fn: "add", a: addSparse(b, A), b: addSparse(b, B) }), "the sparse add") // A + B, computed when read
 */
export function lazyResult(dims: readonly ShapeDim[], build: (b: Built) => SparseAssignment["expr"], what: string, order?: readonly string[], reduces = false): SparseTensor<Shape> & PromiseLike<SparseTensor<Shape>> {
  const prepare = (join = true, graph = false) => {
    const b = newBuilt(join, graph);
    const expr = build(b);
    // The first sparse operand's order names only the result's dims: an inlined contraction's first operand also
    // has its summed dims (dropped), and its other operand the kept dims it lacks (after, in their order).
    const given = (order ?? sparseOrder(b)).filter((v) => dims.some((d) => d.name === v));
    const out = [...given, ...b.operands.flatMap((o) => o.levels.map((l) => l.var)).filter((v, n, all) => all.indexOf(v) === n && !given.includes(v) && dims.some((d) => d.name === v))];
    const levels = out.map((v, n) => ({ var: v, kind: n === out.length - 1 ? ("compressed" as const) : ("dense" as const), size: dims.find((d) => d.name === v)!.size }));
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
    reduces,
    ...(order ? { order } : {}),
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
      // (contractions inside a sum, on a device that reads back asynchronously: computed first, then built again)
      let p: ReturnType<typeof prepare>;
      for (;;) {
        try {
          p = prepare();
          break;
        } catch (e) {
          if (!(e instanceof ComputeFirst)) throw e;
          await e.tensor.materialize();
        }
      }
      try {
        let arrays: Awaited<ReturnType<typeof runSparseSparse>>;
        try {
          arrays = await runSparseSparse(p.a, p.b.inputs);
        } catch (e) {
          // One kernel for the whole chain would bind more buffers than the device allows (WebGPU packs a kernel's
          // buffers by class, so only an adapter with fewer than 6 storage bindings): the results folded in are
          // computed first, each by its own kernels, and this one reads them.
          if (!(e instanceof SparseBindingLimitError && p.b.inlined.length)) throw e;
          const folded = p.b.inlined;
          await Promise.all(folded.map((x) => x.materialize()));
          p = prepare();
          p.b.notes.push(computedFolded(folded.length));
          arrays = await runSparseSparse(p.a, p.b.inputs);
        }
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
 * @example patternApart(A.add(B)).values // A + B's values as a node over its entries, the pattern assembled now
 */
export function patternApart(result: LazySparse<Shape>): { levels: SparseStorage["levels"]; values: Node } {
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

/**
 * Runs a sparse kernel, turning a device's or generator's refusal into an error naming the expression and formats.
 * @example run(() => runSparseDense(a, inputs, dims), a, "the sparse product dot(\"col\")") // a refusal names the expression and formats
 */
export function run<T>(f: () => T, a: SparseAssignment, what: string): T {
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
