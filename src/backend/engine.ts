// Layer: src/backend. Devices and where values are computed: a registry of devices (the CPU always; WebGPU
// once initialised), the default device, and realize/read/transfer that route a graph to the device that
// holds its inputs and run it through the one realize loop (realize.ts). Imports src/graph, the device
// contract and realize.ts; nothing from src/ops.
import type { DType, NodeDim, Node } from "../graph/node.js";
import { contiguousStrides } from "../graph/node.js";
import { sourceNode } from "../graph/build.js";
import type { Device, DeviceBuffer, KernelReport, KernelStats, KernelTiming, MemoryStats, TypedArray } from "./device-contract.js";
import { type BoundProgram, bindOn, explainOn, programStats, realizeOn, releaseBound, runBound, viewOf } from "./realize.js";

export { type BoundProgram, bindOn, programStats, releaseBound, runBound };
import { ArgumentError, DeviceError, takesNot } from "../types/errors.js";

export type { Device, KernelReport, KernelStats, KernelTiming, MemoryStats, TypedArray };

/**
 * Kernel counts summed over the devices in use: how many kernels were generated and compiled, how many
 * launches found their kernel in the cache, how many kernels ran, and how many realizes lowered their graph
 * anew or replayed a recorded program (a training step after the first replays), and how many functions
 * `trace` and `opt.trace` traced (a traced call after the first builds, hashes and lowers nothing). Where a
 * device times its launches (WebGPU with `timing` on), `timings` lists the device time per kernel, the longest
 * first.
 * @example const before = kernelStats().compiled; step(); kernelStats().compiled - before // 0 after the first step
 */
export function kernelStats(): KernelStats & ProgramStats {
  const total = { compiled: 0, cacheHits: 0, launches: 0, ...programStats };
  const timings: KernelTiming[] = [];
  for (const d of devices.values()) {
    const s = d.stats;
    total.compiled += s.compiled;
    total.cacheHits += s.cacheHits;
    total.launches += s.launches;
    if (s.timings) timings.push(...s.timings);
  }
  return timings.length ? { ...total, timings } : total;
}

/**
 * Memory held now on each device in use: live buffers and their bytes, the most bytes held at once, and the
 * kernels compiled. Buffers are released when the last tensor or program step that can read them is gone —
 * deterministically, with no garbage collector involved — so a training loop's numbers stay flat.
 * @example memoryStats().cpu.bytes // bytes of every live CPU buffer
 */
export function memoryStats(): Record<string, MemoryStats> {
  const out: Record<string, MemoryStats> = {};
  for (const d of devices.values()) out[d.name] = d.memory();
  return out;
}

/**
 * Programs lowered anew, programs replayed from the program cache (a repeated step lowers nothing), and
 * functions traced by `trace`/`opt.trace` (a traced call after the first builds and hashes no graph either).
 */
export interface ProgramStats {
  lowerings: number;
  replays: number;
  traces: number;
}

const devices = new Map<string, Device>();
const pending = new Map<string, () => Promise<Device>>();
let defaultDevice: Device | undefined;

/** @internal Makes a device known (the CPU registers itself; WebGPU registers a loader). */
export function registerDevice(device: Device): void {
  devices.set(device.name, device);
  defaultDevice ??= device;
}
/** @internal A device created on first use (WebGPU needs an async adapter request). */
export function registerDeviceLoader(name: string, load: () => Promise<Device>): void {
  pending.set(name, load);
}

/** The device new tensors are created on. @example getDefaultDevice().name // "cpu" */
export function getDefaultDevice(): Device {
  if (!defaultDevice) throw new DeviceError("no device registered (import named-tensor's entry point)");
  return defaultDevice;
}

/**
 * Gets a device by name, creating it if needed (WebGPU asks for an adapter).
 * @example const gpu = await getDevice("webgpu")
 */
export async function getDevice(name: string): Promise<Device> {
  if (typeof name !== "string") throw new ArgumentError(takesNot("getDevice", 'a device name ("cpu", "webgpu")', name));
  const known = devices.get(name);
  if (known) return known;
  const load = pending.get(name);
  if (!load) throw new ArgumentError(`unknown device "${name}": use "cpu" or "webgpu"`);
  const device = await load();
  devices.set(name, device);
  return device;
}

/**
 * Sets the device that new tensors are created and computed on.
 * @example await setDevice("webgpu")
 */
export async function setDevice(device: string | Device): Promise<Device> {
  deviceArg("setDevice", device);
  defaultDevice = typeof device === "string" ? await getDevice(device) : device;
  // A device given as an object is also the one its name means (tensors find their device by name).
  devices.set(defaultDevice.name, defaultDevice);
  return defaultDevice;
}

/** Throws the ArgumentError naming `fn` unless `v` is a device name or a device (for callers from JavaScript). */
function deviceArg(fn: string, v: unknown): void {
  const isDevice = typeof v === "object" && v !== null && typeof (v as Partial<Device>).allocate === "function";
  if (typeof v !== "string" && !isDevice) throw new ArgumentError(takesNot(fn, 'a device name ("cpu", "webgpu") or a device', v));
}

/** @internal A new source node holding `values` (contiguous, row-major over `dims`) on the default device. */
export function uploadNode(values: TypedArray, dtype: DType, dims: readonly NodeDim[], device: Device = getDefaultDevice()): Node {
  const buffer = device.upload(values, dtype);
  return sourceNode(dtype, dims, { buffer, strides: contiguousStrides(dims), offset: 0 });
}

/** @internal A device known by name, if it was created already (no adapter is requested). */
export function loadedDevice(name: string): Device | undefined {
  return devices.get(name);
}

/** @internal A source node over a device-native buffer of the application's (interop: no copy). */
export function adoptNode(device: Device, native: unknown, dtype: DType, dims: readonly NodeDim[]): Node {
  if (!device.adopt) throw new DeviceError(`the ${device.name} device cannot take a native buffer`);
  const buffer = device.adopt(native, dtype, dims.reduce((n, d) => n * d.size, 1));
  return sourceNode(dtype, dims, { buffer, strides: contiguousStrides(dims), offset: 0 });
}

/** @internal A new buffer on the device `like` computes on, holding `values` (for a placeholder's feed). */
export function uploadTo(like: Node, values: TypedArray): DeviceBuffer {
  return deviceOf(like).upload(values, like.dtype);
}

/** The device a node computes on: the one holding its materialised inputs (all must agree). */
export function deviceOf(node: Node): Device {
  const found = node.storage ? node.storage.buffer.device : smallGraphDevice(node);
  return found !== null ? devices.get(found)! : getDefaultDevice();
}

/**
 * An eager op's graph is a few nodes: walk it without the memo (a weak map entry per node costs more than the
 * walk, and every fresh node left in the weak map is work for the garbage collector). Past SMALL_GRAPH nodes
 * the walk gives up and the memoised one takes over.
 */
const SMALL_GRAPH = 16;
let budget = 0;
function smallGraphDevice(node: Node): string | null {
  budget = SMALL_GRAPH;
  const found = walkSmall(node);
  return found === undefined ? leafDevice(node) : found;
}
/** The device under `n`, null for none, undefined when the budget ran out. */
function walkSmall(n: Node): string | null | undefined {
  if (n.storage) return n.storage.buffer.device;
  if (--budget < 0) return undefined;
  let found: string | null = null;
  const ins = n.inputs;
  for (let i = 0; i < ins.length; i++) {
    const d = walkSmall(ins[i]!);
    if (d === undefined) return undefined;
    if (d === null) continue;
    if (found !== null && found !== d)
      throw new DeviceError(`these tensors live on different devices, ${found} and ${d}: move one with await t.to("${found}")`);
    found = d;
  }
  return found;
}

/**
 * The device of the materialised nodes under a lazy one (all must agree), or null when there are none;
 * remembered per node (the device of its leaves does not change while it is lazy), so each realize of a
 * training step walks only the nodes that are new since the last one.
 */
const lazyDevices = new WeakMap<Node, string | null>();
function leafDevice(n: Node): string | null {
  if (n.storage) return n.storage.buffer.device;
  const known = lazyDevices.get(n);
  if (known !== undefined) return known;
  let found: string | null = null;
  for (const input of n.inputs) {
    const d = leafDevice(input);
    if (d === null) continue;
    if (found !== null && found !== d)
      throw new DeviceError(`these tensors live on different devices, ${found} and ${d}: move one with await t.to("${found}")`);
    found = d;
  }
  // (none yet is not remembered: an unfed placeholder below may be fed later)
  if (found !== null) lazyDevices.set(n, found);
  return found;
}

/** @internal Computes nodes that are not materialised yet, each on its device. */
export function realize(nodes: readonly Node[]): void {
  for (const n of nodes) if (!n.storage) realizeOn(deviceOf(n), [n]);
}

/** @internal Computes nodes, those on one device in one program (shared subexpressions run once). */
export function realizeTogether(nodes: readonly Node[]): void {
  const byDevice = new Map<Device, Node[]>();
  for (const n of nodes) {
    if (n.storage) continue;
    const device = deviceOf(n);
    byDevice.set(device, [...(byDevice.get(device) ?? []), n]);
  }
  for (const [device, group] of byDevice) realizeOn(device, group);
}

/**
 * The kernels a node would run on its device, with their generated code (nothing runs).
 * @example explainNode(x.softmax("c").node).length // 1
 */
export function explainNode(node: Node): KernelReport[] {
  return explainOn(deviceOf(node), [node]);
}

/** @internal Values of a node, computed now; CPU only. */
export function readNodeSync(node: Node): TypedArray {
  const device = deviceOf(node);
  if (!device.readSync) throw new DeviceError(`values on ${device.name} are read asynchronously: use await t.data() or await t.array()`);
  realize([node]);
  return device.readSync(viewOf(node));
}

/** @internal Values of a node, on any device. */
export async function readNode(node: Node): Promise<TypedArray> {
  realize([node]);
  return deviceOf(node).read(viewOf(node));
}

/** @internal A materialised copy of `node` on `target`. */
export async function transfer(node: Node, target: string | Device): Promise<Node> {
  deviceArg("to", target);
  const to = typeof target === "string" ? await getDevice(target) : target;
  if (deviceOf(node) === to && node.storage) return node;
  const values = await readNode(node);
  return uploadNode(values, node.dtype, node.dims, to);
}

// Sparse expressions (src/sparse): run on the default device through the contract's sparse part.
export { SparseBindingLimitError, SparseDeviceError, SparseLoweringError, explainSparse, releaseResident, runSparseDense, runSparseSparse, runSparseSparseSync, runSparseValues, sparseCycle, sparseLoopOrder, sparseNode } from "./sparse-realize.js";
export type { Assignment as SparseAssignment, SparseArrays, SparseInput } from "./sparse-realize.js";
