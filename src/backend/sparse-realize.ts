// Layer: src/backend. Runs a sparse assignment on a device: lowers it (kernel/sparse/codegen.ts: taco's loops
// from the iteration graph and merge lattices), binds the operands' level arrays and values (sparse operands'
// host arrays uploaded; dense operands' materialised buffers used in place), runs the kernels as a program of
// one sparse routine step (the device compiles them through the contract's `sparse` part), and returns the result — a dense tensor's node (no read-back), or a sparse
// result's level arrays after its assembly (count per segment, offsets on the host, then idx and values; or each
// segment computed once at a bound and counted, then compacted).
// Or, as a graph node (`sparseNode`), the same kernels as one step of a program — a sparse routine the realize
// loop and a traced function's bound program run like any other step, its level arrays constant leaves. Also
// explain()'s text for a sparse expression. Imports the kernel room, the contract and src/graph.
import { fillNode, sourceNode } from "../graph/build.js";
import { Node, type NodeDim, contiguousStrides } from "../graph/node.js";
import type { SparseRoutine } from "./kernel/routine.js";
import type { BufferView, Device, DeviceBuffer } from "./device-contract.js";
import { getDefaultDevice } from "./engine.js";
import { viewOf } from "./realize.js";
import { type LoweredSparse, SparseLoweringError, sparseBuffers } from "./kernel/sparse/codegen.js";
import { lowerSparseAssignment } from "./kernel/lower.js";
import { SparseBindingLimitError, SparseDeviceError, showSparseKernel } from "./kernel/sparse/ir.js";
import { isCycle, iterationGraph, showIterationGraph } from "./kernel/sparse/iteration-graph.js";
import { mergeLattice, scheduleLattice, showLattice } from "./kernel/sparse/lattice.js";
import { type Assignment, showAssignment } from "./kernel/sparse/notation.js";
import { sparseWasm } from "./cpu/sparse.js";
import { generateSparseWasm } from "./cpu/wasm/sparse.js";
import { sparseWgsl } from "./webgpu/sparse.js";
import { generateSparseWgsl } from "./webgpu/wgsl/sparse.js";

// The devices' sparse code generators come with the sparse front end (a dense-only app's bundle leaves them out).
sparseWasm.generate = generateSparseWasm;
sparseWgsl.generate = generateSparseWgsl;

export type { Assignment };
export { SparseBindingLimitError, SparseDeviceError, SparseLoweringError };

/** A sparse operand's (or result's) storage as arrays: per level pos/idx where it has them, and the values. */
export interface SparseArrays {
  readonly levels: readonly { readonly pos?: Int32Array; readonly idx?: Int32Array }[];
  /** The values: host values, or a materialised node over one dim (values that gradients flow to). */
  readonly vals: Float32Array | Node;
}
/** What an operand slot is bound to: a sparse tensor's arrays, or a materialised dense node (contiguous). */
export type SparseInput = { readonly kind: "sparse"; readonly arrays: SparseArrays } | { readonly kind: "dense"; readonly node: Node };


/**
 * Device copies of sparse operands' arrays (pos, idx, values: never changed once packed), so a matrix used in
 * many products is uploaded once per device; a copy is released when its array is collected.
 */
const residentBuffers = new WeakMap<Int32Array | Float32Array, Map<Device, DeviceBuffer>>();
const releaseWhenCollected = new FinalizationRegistry<DeviceBuffer>((b) => b.release());

/**
 * An operand's level array or values on `device`, uploaded once per device while the array lives: the copy holds
 * a reference of its own, given back when the array is collected (a sparse node's leaf over it holds another, so
 * a traced program keeps it past a pattern array made while tracing).
 */
function residentOn(device: Device, values: Int32Array | Float32Array): DeviceBuffer {
  let perDevice = residentBuffers.get(values);
  if (!perDevice) residentBuffers.set(values, (perDevice = new Map()));
  let b = perDevice.get(device);
  if (!b) {
    b = device.upload(values.length ? values : values instanceof Int32Array ? new Int32Array(1) : new Float32Array(1), values instanceof Int32Array ? "int32" : "float32");
    b.retain();
    perDevice.set(device, b);
    releaseWhenCollected.register(values, b, values);
  }
  return b;
}

/**
 * Frees the device copies that kernels made of host arrays (a sparse tensor's levels and values), on every
 * device, now rather than when the arrays are collected; a later kernel that reads an array copies it again.
 * @example releaseResident([A.levels[1].pos!, A.levels[1].idx!]) // after a product read them on the device
 */
export function releaseResident(arrays: Iterable<Int32Array | Float32Array>): void {
  for (const values of arrays) {
    const perDevice = residentBuffers.get(values);
    if (!perDevice) continue;
    residentBuffers.delete(values);
    releaseWhenCollected.unregister(values);
    for (const b of perDevice.values()) b.release();
  }
}

const lowered = new Map<string, LoweredSparse>();
/** An assignment's cache key (once per object: the cycle check and the lowering of one product ask for it). */
const keyOf = (a: Assignment): string => {
  let key = keys.get(a);
  if (key === undefined) keys.set(a, (key = JSON.stringify(a)));
  return key;
};
const keys = new WeakMap<Assignment, string>();
/** The lowering of an assignment, once per structure and sizes. */
function lowerCached(a: Assignment): LoweredSparse {
  const key = keyOf(a);
  let l = lowered.get(key);
  if (!l) lowered.set(key, (l = lowerSparseAssignment(a)));
  return l;
}

/** A short structural hash of a kernel's text (FNV-1a), for the device's compiled-code cache. */
function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `sparse-${(h >>> 0).toString(16)}-${text.length}`;
}

/**
 * The compiled-code cache key of a kernel: its text and its buffer list (two kernels may read the same way from
 * different bindings: a CSR and a dense-in-sparse A assemble the same counts but bind different buffers).
 */
const kernelHash = (k: LoweredSparse["kernels"][number]): string => {
  // (once per lowered kernel: printing it on every call cost more than a small SpMV's kernel)
  let h = hashes.get(k);
  if (h === undefined) hashes.set(k, (h = hashText(`${k.buffers.map((b) => `${b.name}:${b.type}:${b.workspace ?? ""}`).join(",")}\n${showSparseKernel(k)}`)));
  return h;
};
const hashes = new WeakMap<LoweredSparse["kernels"][number], string>();

/** The device a sparse expression runs on: the default one, where every dense operand must be. */
function deviceFor(inputs: readonly SparseInput[]): Device {
  const device = getDefaultDevice();
  for (const i of inputs)
    if (i.kind === "dense" && i.node.storage && i.node.storage.buffer.device !== device.name)
      throw new SparseDeviceError(`a dense operand is on ${i.node.storage.buffer.device} but sparse expressions run on the default device, ${device.name}`);
  return device;
}

/** Binds the buffers of an assignment's operands (and the output's, as given) on a device; returns them and what to release. */
function bind(device: Device, a: Assignment, inputs: readonly SparseInput[], out: (DeviceBuffer | undefined)[]): { buffers: DeviceBuffer[]; owned: DeviceBuffer[] } {
  const layout = sparseBuffers(a);
  const buffers: DeviceBuffer[] = new Array(layout.buffers.length);
  const owned: DeviceBuffer[] = [];
  const upload = (values: Int32Array | Float32Array): DeviceBuffer => {
    const b = device.upload(values.length ? values : values instanceof Int32Array ? new Int32Array(1) : new Float32Array(1), values instanceof Int32Array ? "int32" : "float32");
    owned.push(b);
    return b;
  };
  const resident = (values: Int32Array | Float32Array): DeviceBuffer => residentOn(device, values);
  const denseBuffer = (node: Node): DeviceBuffer => {
    const view = viewOf(node);
    const contiguous = view.offset === 0 && view.strides.every((s, d) => s === contiguousStrides(node.dims)[d] || view.sizes[d] === 1);
    if (contiguous) return view.buffer;
    if (!device.readSync) throw new SparseDeviceError("a dense operand laid out as a strided view (make it contiguous first)");
    return upload(device.readSync(view) as Float32Array);
  };
  inputs.forEach((input, t) => {
    const bound = layout.operands[t]!;
    if (input.kind === "dense") {
      buffers[bound.vals] = denseBuffer(input.node);
      return;
    }
    input.arrays.levels.forEach((l, n) => {
      if (bound.pos[n] !== undefined) buffers[bound.pos[n]!] = resident(l.pos!);
      if (bound.idx[n] !== undefined) buffers[bound.idx[n]!] = resident(l.idx!);
    });
    const vals = input.arrays.vals;
    buffers[bound.vals] = vals instanceof Float32Array ? resident(vals) : denseBuffer(vals);
  });
  const outSlots = [...layout.output.pos, ...layout.output.idx, layout.output.vals].filter((s): s is number => s !== undefined).sort((x, y) => x - y);
  outSlots.forEach((slot, n) => (buffers[slot] = out[n] ?? upload(new Int32Array(1))));
  return { buffers, owned };
}

/**
 * The sparse routine running `kernels` in order with the output at buffer position `output` (one object per
 * structure, so a graph node's primitive is the same from call to call).
 */
function routineFor(kernels: readonly LoweredSparse["kernels"][number][], output: number): SparseRoutine {
  const steps = kernels.map((kernel) => ({ kernel, hash: kernelHash(kernel) }));
  const key = `${steps.map((k) => k.hash).join("+")}@${output}`;
  let routine = routines.get(key);
  if (!routine) routines.set(key, (routine = { kind: "sparse", key, kernels: steps, output, title: kernels[0]!.title }));
  return routine;
}
/** Sparse routines by structure. */
const routines = new Map<string, SparseRoutine>();

/**
 * Runs kernels over `buffers` (in the kernels' order) now, as a program of one sparse routine step — how a device
 * runs sparse kernels, in a traced program or not: the CPU at once, WebGPU in a submitted compute pass whose
 * checks the kernels' outputs carry. `output`: the position of a buffer the kernels write.
 */
function launch(device: Device, kernels: readonly LoweredSparse["kernels"][number][], buffers: readonly DeviceBuffer[], output: number): void {
  const program = device.begin();
  try {
    program.routine(routineFor(kernels, output), buffers[output]!, [...buffers.slice(0, output), ...buffers.slice(output + 1)]);
  } finally {
    program.finish();
  }
}

function sparsePart(device: Device, a: Assignment): NonNullable<Device["sparse"]> {
  if (!device.sparse) throw new SparseDeviceError(`the ${device.name} device has no sparse kernels`);
  return device.sparse;
}

/**
 * Computes `a` into a dense result: its node (dims in the output's level order), materialised on the device.
 * @example runSparseDense(spmv, [{ kind: "sparse", arrays: A }, { kind: "dense", node: x.node }], dims)
 */
export function runSparseDense(a: Assignment, inputs: readonly SparseInput[], dims: readonly NodeDim[]): Node {
  const device = deviceFor(inputs);
  sparsePart(device, a);
  const plan = lowerCached(a);
  const length = a.output.levels.reduce((n, l) => n * l.size, 1);
  const out = device.allocate("float32", Math.max(1, length)); // the kernel zeroes it (or writes every point once)
  const { buffers, owned } = bind(device, a, inputs, [out]);
  try {
    launch(device, plan.kernels, buffers, sparseBuffers(a).output.vals);
  } finally {
    for (const b of owned) b.release();
  }
  return sourceNode("float32", dims, { buffer: out, strides: contiguousStrides(dims), offset: 0 });
}

/**
 * Computes only the values of `a` into the given output pattern (taco §6.3: compute without assembly) — when the
 * result's pattern is known to be an operand's (an SDDMM, the gradient of a product w.r.t. sparse values).
 * The values come back as a node over `dim`, in the pattern's storage order, with no read-back.
 * @example runSparseValues(sddmm, inputs, A.levels, { name: "nnz", size: nnz })
 */
export function runSparseValues(a: Assignment, inputs: readonly SparseInput[], pattern: SparseArrays["levels"], dim: NodeDim): Node {
  const device = deviceFor(inputs);
  sparsePart(device, a);
  const compute = lowerCached(a).kernels[1]!;
  const last = pattern.at(-1)!;
  const owned = [device.upload(last.pos!, "int32"), device.upload(last.idx!.length ? last.idx! : new Int32Array(1), "int32")];
  const vals = device.upload(new Float32Array(Math.max(1, dim.size)), "float32");
  const bound = bind(device, a, inputs, [owned[0], owned[1], vals]);
  try {
    launch(device, [compute], bound.buffers, sparseBuffers(a).output.vals);
  } finally {
    for (const b of [...bound.owned, ...owned]) b.release();
  }
  return sourceNode("float32", [dim], { buffer: vals, strides: [1], offset: 0 });
}

/**
 * `a` as a lazy graph node whose primitive is its generated kernels (a sparse routine, kernel/routine.ts): a step
 * of whatever program computes it — a traced function's bound program runs it call after call with no graph
 * work. With `dims`, the dense result (dims in the output's level order); with `pattern` (the output's level
 * arrays, dense levels then the last compressed) only the values of a result in that pattern (taco's compute
 * without assembly: every entry is written), a node over `dim`. The node's inputs are the kernels' buffers but
 * the output: sparse operands' level arrays and host values as constant leaves over their resident device
 * copies, values tensors and dense operands as they are (lazy ones are computed first by the program; a
 * strided one is copied). The kernels are compiled now, so a device's refusal (SparseDeviceError) is thrown here.
 * @example sparseNode(spmm, [{ kind: "sparse", arrays: A }, { kind: "dense", node: X.node }], { dims })
 */
export function sparseNode(a: Assignment, inputs: readonly SparseInput[], out: { readonly dims: readonly NodeDim[] } | { readonly pattern: SparseArrays["levels"]; readonly dim: NodeDim }): Node {
  const device = deviceFor(inputs);
  const part = sparsePart(device, a);
  const plan = lowerCached(a);
  const valuesOnly = "pattern" in out;
  const dims = valuesOnly ? [out.dim] : out.dims;
  if (dims.some((d) => d.size === 0)) return fillNode(0, "float32", dims);
  const kernels = (valuesOnly ? [plan.kernels[1]!] : plan.kernels).map((kernel) => ({ kernel, hash: kernelHash(kernel) }));
  for (const k of kernels) part.prepare(k.kernel, k.hash);
  const layout = sparseBuffers(a);
  const nodes: (Node | undefined)[] = new Array(layout.buffers.length);
  const constant = (values: Int32Array | Float32Array, own = false): Node => {
    const buffer = own ? device.upload(values.length ? values : new Int32Array(1), "int32") : residentOn(device, values);
    return sourceNode(buffer.dtype, [{ name: "entry", size: buffer.length }], { buffer, strides: [1], offset: 0 });
  };
  inputs.forEach((input, t) => {
    const bound = layout.operands[t]!;
    if (input.kind === "dense") {
      nodes[bound.vals] = input.node;
      return;
    }
    input.arrays.levels.forEach((l, n) => {
      if (bound.pos[n] !== undefined) nodes[bound.pos[n]!] = constant(l.pos!);
      if (bound.idx[n] !== undefined) nodes[bound.idx[n]!] = constant(l.idx!);
    });
    const vals = input.arrays.vals;
    nodes[bound.vals] = vals instanceof Float32Array ? constant(vals) : vals;
  });
  if (valuesOnly) {
    // the output's pattern in copies of its own: the kernel binds them writable (it writes idx, the same entries),
    // and an operand may read the same arrays (a values gradient's pattern is its operand's)
    const last = layout.output.pos.length - 1;
    nodes[layout.output.pos[last]!] = constant(out.pattern.at(-1)!.pos!, true);
    nodes[layout.output.idx[last]!] = constant(out.pattern.at(-1)!.idx!, true);
  }
  const output = layout.output.vals;
  const routine = routineFor(kernels.map((k) => k.kernel), output);
  const operands = nodes.filter((n, slot): n is Node => slot !== output);
  if (operands.length !== nodes.length - 1) throw new SparseDeviceError(`the kernels of ${showAssignment(a)} bind a buffer that no operand gives`);
  return new Node({ kind: "sparse", kernels: routine }, operands, "float32", dims);
}

/**
 * Computes `a` into a sparse result (its last output level compressed, the others dense): the assembly kernel
 * counts each segment, the host turns counts into offsets, the compute kernel writes idx and values.
 * @example await runSparseSparse(add, [{ kind: "sparse", arrays: B }, { kind: "sparse", arrays: C }])
 */
export async function runSparseSparse(a: Assignment, inputs: readonly SparseInput[]): Promise<SparseArrays & { readonly vals: Float32Array }> {
  const device = deviceFor(inputs);
  const steps = sparseSteps(device, a, inputs);
  for (let r = steps.next(); ; r = steps.next((await device.read(r.value)) as Int32Array | Float32Array)) if (r.done) return r.value;
}

/**
 * The same, reading the counts and results synchronously (CPU); undefined where the device reads asynchronously.
 * `device`: another device than the default one (the CPU assembling a result's pattern from host arrays).
 * @example runSparseSparseSync(add, inputs)?.vals
 */
export function runSparseSparseSync(a: Assignment, inputs: readonly SparseInput[], device: Device = deviceFor(inputs)): (SparseArrays & { readonly vals: Float32Array }) | undefined {
  const read = device.readSync?.bind(device);
  if (!read) return undefined;
  const steps = sparseSteps(device, a, inputs);
  for (let r = steps.next(); ; r = steps.next(read(r.value) as Int32Array | Float32Array)) if (r.done) return r.value;
}

/**
 * Counts per segment (pos[1..]) summed in place into offsets: a function of its own, which the engine optimizes
 * (a loop inside the generators below ran at about 5 ns a segment).
 * @example offsets(Int32Array.from([0, 2, 0, 3]), 3) // [0, 2, 2, 5]
 */
function offsets(pos: Int32Array, segments: number): Int32Array {
  for (let s = 0; s < segments; s++) pos[s + 1] = (pos[s + 1]! + pos[s]!) | 0;
  return pos;
}

/** A read-back as the typed array wanted: the device's fresh array itself (no second copy), else converted. */
const own = <T extends Int32Array | Float32Array>(got: Int32Array | Float32Array, kind: { new (from: ArrayLike<number>): T; from(a: ArrayLike<number>): T }): T =>
  got instanceof (kind as unknown as typeof Int32Array) ? (got as T) : kind.from(got);

/** The assembly and compute of a sparse result, yielding each read it needs (sync or async drivers above). */
function* sparseSteps(device: Device, a: Assignment, inputs: readonly SparseInput[]): Generator<BufferView, SparseArrays & { readonly vals: Float32Array }, Int32Array | Float32Array> {
  sparsePart(device, a);
  const plan = lowerCached(a);
  if (plan.bounded) return yield* boundedSteps(device, a, inputs, plan.bounded);
  const layout = sparseBuffers(a);
  const [assemble, compute] = plan.kernels as [typeof plan.kernels[0], typeof plan.kernels[0]];
  const levels = a.output.levels;
  const segments = levels.slice(0, -1).reduce((n, l) => n * l.size, 1);
  const counts = device.upload(new Int32Array(segments + 1), "int32");
  const first = bind(device, a, inputs, [counts]);
  let pos: Int32Array;
  try {
    launch(device, [assemble], first.buffers, layout.output.pos.at(-1)!);
    pos = own((yield { buffer: counts, dtype: "int32", sizes: [segments + 1], strides: [1], offset: 0 }), Int32Array);
  } finally {
    for (const b of first.owned) b.release();
    counts.release();
  }
  offsets(pos, segments);
  const nnz = pos[segments]!;
  const posBuffer = device.upload(pos, "int32");
  // (Every entry is written by the compute kernel: no zeros to upload.)
  const idxBuffer = device.allocate("int32", Math.max(1, nnz));
  const valBuffer = device.allocate("float32", Math.max(1, nnz));
  const second = bind(device, a, inputs, [posBuffer, idxBuffer, valBuffer]);
  try {
    launch(device, [compute], second.buffers, layout.output.vals);
    const idx = own((yield { buffer: idxBuffer, dtype: "int32", sizes: [nnz], strides: [1], offset: 0 }), Int32Array);
    const vals = own((yield { buffer: valBuffer, dtype: "float32", sizes: [nnz], strides: [1], offset: 0 }), Float32Array);
    return { levels: [...levels.slice(0, -1).map(() => ({})), { pos, idx }], vals };
  } finally {
    for (const b of [...second.owned, posBuffer, idxBuffer, valBuffer]) b.release();
  }
}

/**
 * A sparse result in one pass where each segment holds at most its operands' entries (LoweredSparse.bounded):
 * computed at the sum of the operands' offsets with its count, the counts read back and summed into offsets,
 * then the segments moved into place — each segment merged once, not counted by a merge first.
 */
function* boundedSteps(device: Device, a: Assignment, inputs: readonly SparseInput[], kernels: NonNullable<LoweredSparse["bounded"]>): Generator<BufferView, SparseArrays & { readonly vals: Float32Array }, Int32Array | Float32Array> {
  const layout = sparseBuffers(a);
  const levels = a.output.levels;
  const segments = levels.slice(0, -1).reduce((n, l) => n * l.size, 1);
  // (every operand is sparse: boundable)
  const lastPos = inputs.map((i) => (i.kind === "sparse" ? i.arrays.levels.at(-1)!.pos! : new Int32Array(segments + 1)));
  const bound = lastPos.reduce((n, p) => n + p[segments]!, 0);
  const counts = device.allocate("int32", segments + 1);
  const idxAt = device.allocate("int32", Math.max(1, bound));
  const valsAt = device.allocate("float32", Math.max(1, bound));
  const owned = [counts, idxAt, valsAt];
  try {
    const first = bind(device, a, inputs, [counts, idxAt, valsAt]);
    try {
      launch(device, [kernels.compute], first.buffers, layout.output.vals);
      const pos = own((yield { buffer: counts, dtype: "int32", sizes: [segments + 1], strides: [1], offset: 0 }), Int32Array);
      pos[0] = 0;
      offsets(pos, segments);
      const nnz = pos[segments]!;
      const posBuffer = device.upload(pos, "int32");
      const idxBuffer = device.allocate("int32", Math.max(1, nnz));
      const valBuffer = device.allocate("float32", Math.max(1, nnz));
      owned.push(posBuffer, idxBuffer, valBuffer);
      const buffers = [...lastPos.map((p) => residentOn(device, p)), posBuffer, idxAt, valsAt, idxBuffer, valBuffer];
      launch(device, [kernels.compact], buffers, buffers.length - 1);
      const idx = own((yield { buffer: idxBuffer, dtype: "int32", sizes: [nnz], strides: [1], offset: 0 }), Int32Array);
      const vals = own((yield { buffer: valBuffer, dtype: "float32", sizes: [nnz], strides: [1], offset: 0 }), Float32Array);
      return { levels: [...levels.slice(0, -1).map(() => ({})), { pos, idx }], vals };
    } finally {
      for (const b of first.owned) b.release();
    }
  } finally {
    for (const b of owned) b.release();
  }
}

/**
 * The loop order of `a`'s iteration graph (taco §4), or undefined on a cycle: where a sparse result's levels go.
 * @example sparseLoopOrder(spgemm) // ["i", "k", "j"]
 */
export function sparseLoopOrder(a: Assignment): readonly string[] | undefined {
  const g = iterationGraph(a);
  return isCycle(g) ? undefined : g.order;
}

/**
 * The tensors whose storage orders conflict in `a` (CSR + CSC), or undefined when an order exists.
 * @example sparseCycle(csrPlusCsc) // ["A", "B"]
 */
export function sparseCycle(a: Assignment): readonly string[] | undefined {
  const key = keyOf(a);
  if (cycles.has(key)) return cycles.get(key);
  const g = iterationGraph(a);
  const found = isCycle(g) ? g.tensors : undefined;
  cycles.set(key, found);
  return found;
}
/** sparseCycle's answers by assignment (each product of the same structure asks again). */
const cycles = new Map<string, readonly string[] | undefined>();

/**
 * explain() for a sparse expression: the assignment, its iteration graph, the merge lattice of each variable,
 * the kernels in the sparse IR and the code the device generates for them.
 * @example console.log(explainSparse(spmv, getDefaultDevice()))
 */
export function explainSparse(a: Assignment, device: Device = getDefaultDevice()): string {
  const lines = [`sparse kernel: ${showAssignment(a)}`];
  let plan: LoweredSparse;
  try {
    plan = lowerCached(a);
  } catch (e) {
    if (e instanceof SparseLoweringError) return [...lines, `cannot generate: ${e.message}`].join("\n");
    throw e;
  }
  if (isCycle(plan.graph)) return lines.join("\n");
  lines.push("iteration graph:", ...showIterationGraph(plan.graph).split("\n").map((l) => `  ${l}`), "merge lattices:");
  for (const v of plan.graph.order) lines.push(`  ${showLattice(a, scheduleLattice(mergeLattice(a, v)))}`);
  // (the kernels that run: a bounded result's one pass and compaction, else the assembly and compute)
  for (const k of plan.bounded ? [plan.bounded.compute, plan.bounded.compact] : plan.kernels) {
    lines.push("kernel:", showSparseKernel(k));
    if (device.sparse) {
      const g = device.sparse.generatedCode(k);
      lines.push(`generated (${g.language}):`, g.code);
    }
  }
  return lines.join("\n");
}
