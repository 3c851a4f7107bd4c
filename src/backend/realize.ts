// Layer: src/backend. THE realize loop, one for every device: plan → lower (kernel/lower.ts, with the device's
// scheduling passes) → compile (device.prepare) → dispatch (device.begin()…finish()), then materialise the
// requested nodes and release the temporaries between kernels. The one place that knows both the graph and
// the device contract (device-contract.ts); devices never see a node. Imports src/graph, the kernel
// pipeline, the contract, and the float64 reference interpreter (for devices that interpret the graph).
import { type DType, type Node, type Storage, contiguousStrides, soleHolder, storedDensely, withRetainedGraph } from "../graph/node.js";
import { sameIndex } from "../graph/index-expr.js";
import { evaluate } from "./cpu/reference.js";
import type { BufferView, Device, DeviceBuffer, KernelReport, PreparedKernel, TypedArray } from "./device-contract.js";
import { lowerGraph } from "./kernel/lower.js";
import { type Expr, type Kernel, type LoopVar, children } from "./kernel/ir.js";
import { LOOP_LIMIT } from "./kernel/passes/long-loops.js";
import { ShapeError, kernelTooLarge, loopTooLong } from "../types/errors.js";
import type { Routine } from "./kernel/routine.js";
import { type CanonicalGraph, ProgramCache, type RecordedProgram, type RecordedStep, canonicalGraph, paramsOf, recordProgram } from "./program-cache.js";
import { showKernel } from "./kernel/print.js";
import { showRoutine } from "./kernel/routine.js";

/** Test hooks: `observe` sees the nodes of every realize (the demo test checks each step runs the same program). */
export const realizeHooks: { observe?: (nodes: readonly Node[]) => void } = {};

/**
 * Computes the nodes that are not materialised yet on `device` and materialises them (their inputs live on
 * it or are lazy). Temporaries between kernels are freed once the program is done; they keep their graph,
 * so reading one later recomputes it.
 * @example realizeOn(getDefaultDevice(), [x.exp().sum("k").node]) // one fused kernel runs
 */
export function realizeOn(device: Device, nodes: readonly Node[]): void {
  const todo = nodes.filter((n) => !n.storage);
  if (todo.length === 0) return;
  realizeHooks.observe?.(todo);
  if (device.interpretsGraph) return interpret(device, todo);
  const requested = todo.length === 1 ? todo : new Set(todo);
  const graph = canonicalGraph(todo);
  const known = programCache.enabled ? cacheOf(device).get(graph) : undefined;
  if (known) {
    // replayed straight from the recorded steps (nothing bound: an eager op's realize allocates little)
    programStats.replays++;
    const nodes = graph.nodes;
    const at = (i: number): Node => nodes[i]!;
    run(device, known.steps, (s) => at(s.out), (s) => s.inputs.map(at), (s) => paramsOf(graph, s.params), requested, (s) => s.more.map(at));
  } else {
    const steps = lowerAndRecord(device, todo, graph);
    run(device, steps, (s) => s.out, (s) => s.inputs, (s) => s.params, requested, (s) => s.more);
  }
}

/**
 * The program that computes `todo` (none materialised) on `device`, bound to its nodes: the recorded program
 * of its structure replayed, or the graph lowered, compiled and recorded.
 */
function programFor(device: Device, todo: readonly Node[]): BoundStep[] {
  const graph = canonicalGraph(todo);
  const cache = cacheOf(device);
  const known = programCache.enabled ? cache.get(graph) : undefined;
  if (known) {
    programStats.replays++;
    return bindProgram(known, graph);
  }
  return lowerAndRecord(device, todo, graph);
}

/** Lowers and compiles `todo`, records the program under its structure, and gives it bound to the nodes. */
function lowerAndRecord(device: Device, todo: readonly Node[], graph: CanonicalGraph): BoundStep[] {
  const cache = cacheOf(device);
  const steps = lowerGraph(todo, device.lowering);
  programStats.lowerings++;
  for (const s of steps) if (s.kind === "kernel") checkCounters(s.kernel);
  const bound: BoundStep[] = steps.map((s) => {
    if (s.kind === "routine") return { kind: "routine", routine: s.routine, out: s.node, inputs: s.inputs };
    const kernel = device.prepare(s.kernel, s.hash);
    if (device.writesInPlace) loweredKernels.set(kernel, s.kernel);
    return { kind: "kernel", kernel, out: s.node, inputs: s.inputs, params: s.params, more: s.more };
  });
  // A program that stores a node outside the graph (a copy the plan made) cannot be found again: not cached.
  const recorded = programCache.enabled ? recordProgram(graph, steps, bound.map((b) => (b.kind === "kernel" ? b.kernel : undefined))) : undefined;
  if (recorded) cache.set(graph, recorded);
  return bound;
}

/**
 * A materialised node a bound program reads, and the node whose current buffer each run reads for it (`source`,
 * with the layout it had when bound): the node itself, or — for a view folded into a storage over another
 * node's buffer (a variable or placeholder transposed while a step was traced) — that node, whose buffer an
 * optimizer's swap or a feed replaces since.
 */
export interface BoundLeaf {
  readonly node: Node;
  readonly source: Node;
  readonly strides: readonly number[];
  readonly offset: number;
  readonly length: number;
}

/** A leaf bound to its source: the node it was viewed from over the same buffer, back to the first. */
function boundLeaf(node: Node): BoundLeaf {
  let source = node;
  for (let up = source.inputs[0]; source.op.kind === "view" && up?.storage?.buffer === source.storage!.buffer; up = source.inputs[0]) source = up;
  const st = source.storage!;
  return { node, source, strides: st.strides, offset: st.offset, length: st.buffer.length };
}

/**
 * Points each view leaf at its source's current buffer (same strides and offset: the layout is checked by the
 * caller), so a run reads the value the source holds now, and the old buffer is not kept alive by the view.
 */
function refreshViews(leaves: readonly BoundLeaf[]): void {
  for (const { node, source } of leaves) {
    const [now, st] = [source.storage, node.storage!];
    if (source !== node && now && now.buffer !== st.buffer) node.materialize({ buffer: now.buffer, strides: st.strides, offset: st.offset }, true);
  }
}

/** One step of a bound program: what it reads (≥ 0 an earlier step's value, < 0 the leaf ~r) and where it writes. */
interface PlannedStep {
  readonly step: BoundStep;
  readonly reads: readonly number[];
  /** The values it computes (its output, then its further outputs), by number. */
  readonly values: readonly number[];
  /**
   * For each of them, a buffer of the program's own, reused call after call (≥ 0), or a new buffer each call for
   * a root (-1).
   */
  readonly slots: readonly number[];
  /**
   * A root that is the new value of the leaf ~inPlace (≥ 0: a variable's or moment's), which this step reads for
   * the last time and only at the element it writes: the step writes over the leaf's buffer when the leaf's
   * storage is that buffer's only holder at the call (a new buffer otherwise, as for any root). -1: never.
   */
  readonly inPlace: number;
}

/**
 * A program kept bound to the nodes of one graph, to run again and again (a traced step, src/state/trace.ts):
 * its steps with fixed buffer assignments — every temporary has a buffer of the program's own, shared by
 * temporaries whose lifetimes do not overlap and kept from call to call, so a call allocates only the roots'
 * new values — and the materialised nodes it reads, whose current buffers each call reads (a variable's value
 * swapped in since, a placeholder's feed). Nothing about the graph is looked at again.
 */
export interface BoundProgram {
  readonly device: Device;
  /** The nodes computed, in order; a run gives their values. */
  readonly roots: readonly Node[];
  readonly leaves: readonly BoundLeaf[];
  /** Undefined on a device that interprets the graph (each run evaluates the roots afresh). */
  readonly plan: readonly PlannedStep[] | undefined;
  /** The value (numbered as PlannedStep.values) of each root, and the root's strides. */
  readonly rootValues: readonly number[];
  readonly rootStrides: readonly (readonly number[])[];
  /** The program's own buffers (made on the first run), by slot, and each slot's dtype and length. */
  readonly slots: (DeviceBuffer | undefined)[];
  readonly slotTypes: readonly { readonly dtype: DType; readonly length: number }[];
}

/** Gives back the buffers of programs that are no longer reachable (a dropped trace). */
const slotFinalizer = new FinalizationRegistry<(DeviceBuffer | undefined)[]>((slots) => {
  for (const b of slots) b?.release();
});

/** The kernel IR of each kernel prepared by a lowering on a device that writes in place (bindOn reads it). */
const loweredKernels = new WeakMap<PreparedKernel, Kernel>();
const elementwiseMemo = new WeakMap<Kernel, ReadonlySet<number>>();

/**
 * The input slots a kernel reads only at the element it writes: a map kernel (its reductions, the contraction's
 * Σ a·b included, finished before each element's value is computed and stored, once, by the invocation or
 * thread that computed it), every load of the input in the stored value at the output's own index (same
 * layout: no broadcast, transpose or offset; no gather nor guard) and none in a reduction's body, the input of
 * the output's length and type, and no phase that stashes into the output first. Such an input may be the
 * output buffer itself: plain SGD's update fused into its gradient's contraction writes over the variable.
 * @example elementwiseInputs(kernelOf(w.sub(g.mul(0.1)))) // Set {0, 1}: both read at the element written
 */
function elementwiseInputs(k: Kernel): ReadonlySet<number> {
  let known = elementwiseMemo.get(k);
  if (known) return known;
  const good = new Set<number>();
  const bad = new Set<number>();
  if (k.mode.kind === "map" && !k.online && !k.phases.some((p) => p.stash)) {
    const visit = (e: Expr, stored: boolean): void => {
      if (e.op === "load") {
        const input = k.inputs[e.input]!;
        const same = stored && !e.dynamic && !e.guard && input.length === k.output.length && input.type === k.output.type && sameIndex(e.index, k.output.index);
        (same ? good : bad).add(e.input);
      }
      for (const c of children(e)) visit(c, stored);
    };
    visit(k.value, true);
    for (const p of k.phases) visit(p.body, false);
  }
  known = new Set([...good].filter((i) => !bad.has(i)));
  elementwiseMemo.set(k, known);
  return known;
}

/**
 * Binds the program computing `roots` on `device` (the recorded program of their structure, or a new lowering,
 * as `realizeOn` would run it) to keep and run with `runBound` any number of times; `releaseBound` gives its
 * buffers back. `replaces[i]`, when given, is the materialised node whose value `roots[i]` replaces after each
 * run (a variable, a moment): where the device allows it and the step computing the root is the last reader of
 * that node's buffer and reads it only at the element it writes, the step writes over that buffer (decided
 * here, once; each run still checks that nothing else holds the buffer).
 * @example const p = bindOn(device, [loss.node]); runBound(p); runBound(p)
 */
export function bindOn(device: Device, roots: readonly Node[], replaces: readonly (Node | undefined)[] = []): BoundProgram {
  const todo = [...new Set(roots.filter((n) => !n.storage))];
  if (todo.length) realizeHooks.observe?.(todo);
  if (device.interpretsGraph) return { device, roots: todo, leaves: leavesUnder(todo), plan: undefined, rootValues: [], rootStrides: [], slots: [], slotTypes: [] };
  const writes = device.writesInPlace && inPlaceUpdates.enabled && replaces.some((n) => n);
  const lowered = todo.length ? programFor(device, todo) : [];
  const steps = writes ? afterLastReads(lowered, roots, replaces) : lowered;
  // the values the program computes, numbered: each step's output, then its further outputs (ir.ts moreOutputs)
  const valueOf = new Map<Node, number>();
  const valueNodes: Node[] = [];
  const outputs = steps.map((s) => outputsOf(s).map((n) => (valueOf.set(n, valueNodes.length), valueNodes.push(n) - 1)));
  const leafIndex = new Map<Node, number>();
  const leaves: BoundLeaf[] = [];
  const lastUse = new Map<number, number>();
  const reads = steps.map((s, i) =>
    s.inputs.map((n) => {
      const producer = valueOf.get(n);
      if (producer !== undefined) {
        lastUse.set(producer, i);
        return producer;
      }
      let l = leafIndex.get(n);
      if (l === undefined) leafIndex.set(n, (l = leaves.push(boundLeaf(n)) - 1));
      return ~l;
    }),
  );
  const inPlace = writes ? inPlaceSteps(steps, reads, leafIndex, roots, replaces) : new Map<number, number>();
  // Buffer assignment: a temporary takes a free slot of its dtype and length, and gives its slot back after its
  // last reader (never before its own step's outputs are assigned, so no kernel writes a buffer it reads).
  const isRoot = new Set(todo);
  const free = new Map<string, number[]>();
  const slotTypes: { dtype: DType; length: number }[] = [];
  const slotOf: number[] = [];
  const keyOf = (v: number): string => `${valueNodes[v]!.dtype}:${valueNodes[v]!.numel}`;
  const giveBack = (v: number): void => void free.set(keyOf(v), [...(free.get(keyOf(v)) ?? []), slotOf[v]!]);
  const plan: PlannedStep[] = steps.map((s, i) => {
    for (const v of outputs[i]!) {
      const n = valueNodes[v]!;
      slotOf[v] = isRoot.has(n) ? -1 : (free.get(keyOf(v))?.pop() ?? slotTypes.push({ dtype: n.dtype, length: n.numel }) - 1);
    }
    for (const r of new Set(reads[i])) if (r >= 0 && slotOf[r]! >= 0 && lastUse.get(r) === i) giveBack(r);
    for (const v of outputs[i]!) if (slotOf[v]! >= 0 && !lastUse.has(v)) giveBack(v);
    return { step: s, reads: reads[i]!, values: outputs[i]!, slots: outputs[i]!.map((v) => slotOf[v]!), inPlace: inPlace.get(i) ?? -1 };
  });
  const program: BoundProgram = { device, roots: todo, leaves, plan, rootValues: todo.map((n) => valueOf.get(n)!), rootStrides: todo.map((n) => contiguousStrides(n.dims)), slots: [], slotTypes };
  slotFinalizer.register(program, program.slots, program);
  return program;
}

/**
 * The steps in an order where each root that replaces a node comes after the last step reading that node, when
 * none of the steps it moves past reads the root (a later reader of the old value would keep it from being
 * written in place; moving the root after it changes no value).
 */
function afterLastReads(lowered: readonly BoundStep[], roots: readonly Node[], replaces: readonly (Node | undefined)[]): BoundStep[] {
  const steps = [...lowered];
  for (const [j, target] of replaces.entries()) {
    if (!target) continue;
    const i = steps.findIndex((s) => s.out === roots[j]);
    let last = -1;
    for (let k = steps.length - 1; k > i && last < 0; k--) if (steps[k]!.inputs.includes(target)) last = k;
    if (i < 0 || last < 0) continue;
    const outs = outputsOf(steps[i]!);
    if (steps.slice(i + 1, last + 1).some((s) => s.inputs.some((n) => outs.includes(n)))) continue;
    steps.splice(last, 0, ...steps.splice(i, 1));
  }
  return steps;
}

/**
 * The steps that may write a root over the buffer of the node it replaces (step → leaf): a kernel that reads
 * that leaf for the last time in the program, only at the element it writes, and a leaf stored densely with the
 * root's dtype and size. A root given twice (or a leaf replaced twice) is not written in place.
 */
function inPlaceSteps(steps: readonly BoundStep[], reads: readonly (readonly number[])[], leafIndex: ReadonlyMap<Node, number>, roots: readonly Node[], replaces: readonly (Node | undefined)[]): Map<number, number> {
  const found = new Map<number, number>();
  if (!replaces.some((n) => n)) return found;
  const lastRead = new Map<number, number>();
  reads.forEach((rs, i) => rs.forEach((r) => r < 0 && lastRead.set(~r, i)));
  const stepOf = new Map<Node, number>(steps.map((s, i) => [s.out, i]));
  const times = new Map<Node, number>();
  for (const n of [...roots, ...replaces]) if (n) times.set(n, (times.get(n) ?? 0) + 1);
  for (const [j, target] of replaces.entries()) {
    const root = roots[j]!;
    const i = stepOf.get(root);
    const leaf = target && leafIndex.get(target);
    if (i === undefined || leaf === undefined || times.get(root) !== 1 || times.get(target!) !== 1) continue;
    const step = steps[i]!;
    const ir = step.kind === "kernel" ? loweredKernels.get(step.kernel) : undefined;
    if (!ir || lastRead.get(leaf) !== i || target!.dtype !== root.dtype || target!.numel !== root.numel || !storedDensely(target!)) continue;
    const elementwise = elementwiseInputs(ir);
    if (reads[i]!.every((r, slot) => r !== ~leaf || elementwise.has(slot))) found.set(i, leaf);
  }
  return found;
}

/** The materialised nodes the lazy graph under `roots` reads (what an interpreting device's run reads). */
function leavesUnder(roots: readonly Node[]): BoundLeaf[] {
  const seen = new Set<Node>();
  const leaves: BoundLeaf[] = [];
  const todo = [...roots];
  for (let n = todo.pop(); n; n = todo.pop()) {
    if (seen.has(n)) continue;
    seen.add(n);
    const st = n.storage;
    if (st) leaves.push(boundLeaf(n));
    else todo.push(...n.inputs);
  }
  return leaves;
}

/** Gives back a bound program's own buffers (it may run again: they are made anew). @example releaseBound(p) */
export function releaseBound(p: BoundProgram): void {
  for (const b of p.slots) b?.release();
  p.slots.length = 0;
}

/**
 * Runs a bound program: each step reads the current buffers of the materialised nodes it reads (the caller
 * checks they still hold values) and writes its own buffer; gives the roots' new values, each buffer with one
 * reference that is the caller's.
 * @example const [loss] = runBound(p); lossNode.materialize(loss); loss.buffer.release()
 */
export function runBound(p: BoundProgram): Storage[] {
  refreshViews(p.leaves);
  if (!p.plan) {
    withRetainedGraph(() => interpret(p.device, p.roots));
    return p.roots.map((r) => {
      const st = r.storage!;
      st.buffer.retain();
      r.release();
      return st;
    });
  }
  const { device, plan, slots, leaves } = p;
  const values: DeviceBuffer[] = [];
  const leafBuffers = leaves.map((l) => l.node.storage!.buffer as DeviceBuffer);
  const shared = sharedBuffers(p, leafBuffers);
  const program = device.begin();
  let done = false;
  /** The buffer of the program's own in `slot`, made on the first run; a new one for a root (slot −1). */
  const bufferOf = (slot: number, node: Node): DeviceBuffer => {
    if (slot < 0) {
      const out = device.allocate(node.dtype, node.numel);
      out.retain();
      return out;
    }
    let b = slots[slot];
    if (!b) {
      const t = p.slotTypes[slot]!;
      slots[slot] = b = device.allocate(t.dtype, t.length);
      b.retain();
    }
    return b;
  };
  try {
    for (let i = 0; i < plan.length; i++) {
      const { step, reads, slots: outSlots, values: outValues, inPlace } = plan[i]!;
      const inputs = reads.map((r) => (r >= 0 ? values[r]! : leafBuffers[~r]!));
      let out: DeviceBuffer;
      const over = inPlace >= 0 ? leafBuffers[inPlace]! : undefined;
      if (over && soleHolder(leaves[inPlace]!.node) && !shared.has(over)) {
        // the new value over the old: the node's storage is the buffer's only holder, no other leaf reads it
        out = over;
        out.retain();
      } else out = bufferOf(outSlots[0]!, step.out);
      values[outValues[0]!] = out;
      if (step.kind === "kernel") {
        const more = step.more.map((n, j) => (values[outValues[j + 1]!] = bufferOf(outSlots[j + 1]!, n)));
        program.dispatch(step.kernel, out, inputs, step.params, more.length ? more : undefined);
      } else program.routine(step.routine, out, inputs);
    }
    done = true;
  } finally {
    try {
      program.finish();
    } finally {
      if (!done) for (const s of plan) s.slots.forEach((slot, j) => slot < 0 && values[s.values[j]!]?.release());
    }
  }
  return p.rootValues.map((v, j) => ({ buffer: values[v]!, strides: p.rootStrides[j]!, offset: 0 }));
}

/** The leaves' buffers held by more than one leaf, when the program writes some leaf in place (else none). */
function sharedBuffers(p: BoundProgram, buffers: readonly DeviceBuffer[]): ReadonlySet<DeviceBuffer> {
  const shared = new Set<DeviceBuffer>();
  if (!p.plan!.some((s) => s.inPlace >= 0)) return shared;
  const seen = new Set<DeviceBuffer>();
  for (const b of buffers) (seen.has(b) ? shared : seen).add(b);
  return shared;
}

/**
 * Refuses a kernel that the generated code's 32-bit counters cannot run. Its points may number more than 2^31
 * (a [8192, 64] × [64, 8192] product, Σ over 50,000² broadcast points): every counter is a loop of its own, store
 * loops run over a buffer (< 2^31 elements), the plan splits reduction loops longer than LOOP_LIMIT
 * (kernel/passes/long-loops.ts) and collapse merges no loops past it. What is left: a buffer of 2^31 elements or
 * more, a store loop within 2^16 of 2^31 (a counter plus its step would wrap), and the loops of an online
 * softmax (attention over more than 2^30 keys, in one dim or several), which the split does not rewrite.
 */
function checkCounters(k: Kernel): void {
  const store = [...k.outer, ...k.inner].filter((v) => v.extent > STORE_LIMIT);
  const reductions = [...k.phases.flatMap((p) => p.vars), ...(k.online ? [...k.online.vars, ...k.online.phases.flatMap((p) => p.vars)] : [])];
  const long = reductions.filter((v) => v.extent > LOOP_LIMIT);
  // an online softmax's loops over the keys share one flat counter on WebGPU (webgpu/wgsl/online.ts)
  const keys = k.online?.vars ?? [];
  if (keys.length > 1 && !long.length && keys.reduce((n, v) => n * v.extent, 1) > LOOP_LIMIT) long.push(...keys);
  const show = (vs: readonly LoopVar[]): string => vs.map((v) => `the loop over ${v.name} (${v.extent} points)`).join(" and ");
  const biggest = Math.max(k.output.length, ...k.inputs.map((i) => i.length));
  if (biggest > 2 ** 31 - 1) {
    const loops = [...k.outer, ...k.inner, ...reductions];
    throw new ShapeError(kernelTooLarge(loops.map((v) => `${v.name}: ${v.extent}`).join(", "), biggest));
  }
  if (store.length) throw new ShapeError(loopTooLong(show(store), `2^31 - 2^16 = ${STORE_LIMIT}`));
  if (long.length) throw new ShapeError(loopTooLong(show(long), `2^30 = ${LOOP_LIMIT}`));
}
/** The longest store loop: a counter near 2^31 − 1 plus its step (up to 16) or a summation block must not wrap. */
const STORE_LIMIT = 2 ** 31 - 2 ** 16;

/**
 * The switch of in-place updates in bound programs (off: every new value of a variable or moment goes to a new
 * buffer and the old one is freed at the swap, copy-and-swap; for comparisons and tests).
 */
export const inPlaceUpdates = { enabled: true };

/** The switch of the program cache (off: every realize lowers anew, as a fresh process would). */
export const programCache = { enabled: true };
/**
 * Realizes that lowered their graph anew, realizes that replayed a recorded program (all devices), and functions
 * traced (src/state/trace.ts: a traced call after the first builds, canonicalises and lowers nothing).
 */
export const programStats = { lowerings: 0, replays: 0, traces: 0 };
const caches = new WeakMap<Device, ProgramCache>();
let lastDevice: WeakRef<Device> | undefined;
let lastCache: ProgramCache | undefined;
const cacheOf = (device: Device): ProgramCache => {
  // (the device of the last realize, remembered: eager ops realize on one device call after call)
  if (lastCache && lastDevice!.deref() === device) return lastCache;
  let c = caches.get(device);
  if (!c) caches.set(device, (c = new ProgramCache()));
  lastDevice = new WeakRef(device);
  lastCache = c;
  return c;
};

/** A step bound to the nodes it stores and reads and to its param values. */
export type BoundStep =
  | { readonly kind: "kernel"; readonly kernel: PreparedKernel; readonly out: Node; readonly inputs: readonly Node[]; readonly params: readonly number[]; readonly more: readonly Node[] }
  | { readonly kind: "routine"; readonly routine: Routine; readonly out: Node; readonly inputs: readonly Node[] };

/** The nodes a step stores: its output, then its further outputs (a kernel with several, ir.ts moreOutputs). */
const outputsOf = (s: BoundStep): readonly Node[] => (s.kind === "kernel" && s.more.length ? [s.out, ...s.more] : [s.out]);

/** A recorded program's steps bound to the nodes of a graph of its structure, params read from that graph. */
function bindProgram(program: RecordedProgram, graph: CanonicalGraph): BoundStep[] {
  const at = (i: number): Node => graph.nodes[i]!;
  return program.steps.map((s) =>
    s.kind === "kernel"
      ? { kind: "kernel", kernel: s.kernel, out: at(s.out), inputs: s.inputs.map(at), params: paramsOf(graph, s.params), more: s.more.map(at) }
      : { kind: "routine", routine: s.routine, out: at(s.out), inputs: s.inputs.map(at) },
  );
}

/**
 * Runs steps (bound ones, or recorded ones read through the canonical order) as one device program,
 * materialising the requested nodes and freeing the temporaries.
 */
function run<S extends BoundStep | RecordedStep>(
  device: Device,
  steps: readonly S[],
  outOf: (s: S) => Node,
  inputsOf: (s: S) => readonly Node[],
  paramsOfStep: (s: S & { kind: "kernel" }) => readonly number[],
  requested: ReadonlySet<Node> | readonly Node[],
  moreOf: (s: S & { kind: "kernel" }) => readonly Node[],
): void {
  const isRequested = Array.isArray(requested) ? (n: Node) => requested.includes(n) : (n: Node) => (requested as ReadonlySet<Node>).has(n);
  const program = device.begin();
  const temporaries: Node[] = [];
  try {
    for (const step of steps) {
      const node = outOf(step);
      const inputs = inputsOf(step).map((n) => n.storage!.buffer);
      const nodes = step.kind === "kernel" ? [node, ...moreOf(step as S & { kind: "kernel" })] : [node];
      const outs = nodes.map((n) => {
        const b = device.allocate(n.dtype, n.numel);
        b.retain();
        return b;
      });
      try {
        if (step.kind === "kernel") program.dispatch(step.kernel, outs[0]!, inputs, paramsOfStep(step as S & { kind: "kernel" }), outs.length > 1 ? outs.slice(1) : undefined);
        else program.routine(step.routine, outs[0]!, inputs);
        nodes.forEach((n, j) => {
          const keep = isRequested(n);
          n.materialize({ buffer: outs[j]!, strides: contiguousStrides(n.dims), offset: 0 }, !keep);
          if (!keep) temporaries.push(n);
        });
      } finally {
        for (const b of outs) b.release();
      }
    }
  } finally {
    try {
      program.finish();
    } finally {
      for (const n of temporaries) n.release();
    }
  }
}

/** The float64 reference interpreter computes the nodes; the device holds the values. */
function interpret(device: Device, nodes: readonly Node[]): void {
  const memo = new Map<Node, Float64Array>();
  for (const node of nodes) {
    const values = evaluate(node, memo);
    const buffer = device.upload(toDType(values, node.dtype), node.dtype);
    node.materialize({ buffer, strides: contiguousStrides(node.dims), offset: 0 });
  }
}

/** Float64 values as the typed array of a dtype (bool as 0/1 bytes). */
function toDType(values: Float64Array, dtype: DType): TypedArray {
  if (dtype === "float32") return Float32Array.from(values);
  if (dtype === "int32") return Int32Array.from(values);
  return Uint8Array.from(values, (v) => (v ? 1 : 0));
}

/** How a materialised node's values lie in its buffer. @example viewOf(x.node).strides */
export function viewOf(node: Node): BufferView {
  const s = node.storage!;
  return { buffer: s.buffer as DeviceBuffer, dtype: node.dtype, sizes: node.dims.map((d) => d.size), strides: s.strides, offset: s.offset };
}

/**
 * The kernels and routines that realizing these nodes on `device` would run, with the code generated for each
 * kernel (nothing is compiled or run).
 * @example explainOn(getDefaultDevice(), [x.softmax("c").node])[0].indexNotation
 */
export function explainOn(device: Device, nodes: readonly Node[]): KernelReport[] {
  const todo = nodes.filter((n) => !n.storage);
  if (todo.length === 0) return [];
  // Index notation is shown before the math is decomposed (exp stays exp); the code is generated from the
  // kernel the device runs.
  const passes = device.lowering.passes ?? [];
  const readable = lowerGraph(todo, { ...device.lowering, passes: passes.filter((p) => p.name !== "decompose") });
  return lowerGraph(todo, device.lowering).map((s, i) => {
    const shown = readable[i];
    if (s.kind === "routine") {
      return { kind: "routine", hash: s.routine.kind, indexNotation: `routine ${showRoutine(s.routine)}`, code: "(a routine: fixed code per device, no kernel is generated)", language: "none" };
    }
    const generated = device.interpretsGraph
      ? { code: "(reference interpreter: no code is generated)", language: "none" }
      : device.generatedCode(s.kernel);
    return { kind: "kernel", hash: s.hash, indexNotation: showKernel(shown?.kind === "kernel" ? shown.kernel : s.kernel), ...generated };
  });
}
