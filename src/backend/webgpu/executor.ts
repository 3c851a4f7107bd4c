// Layer: src/backend/webgpu. Runs programs of scheduled kernels and routines: one compute pass per program, a
// pipeline per structural hash (the cache key from src/backend/kernel/hash.ts plus the adapter-dependent
// choices), the params of all kernels in one uniform buffer, and one status buffer for index errors (gathers
// and scatter-adds) with four words per checking launch, so an error names the dim of the launch it came from. Nothing waits for the GPU here: errors (an index out of range, out-of-memory,
// validation) become checks attached to the results, and reading a result awaits them and throws.
// Imports the kernel IR, the device contract and this device's modules; never src/graph.
import { DeviceError, indexRange, indexRangeAt, InternalError, NamedTensorError, ShapeError } from "../../types/errors.js";
import type { DeviceBuffer, KernelStats, KernelTiming, PreparedKernel, Program } from "../device-contract.js";
import type { Kernel } from "../kernel/ir.js";
import { type ScatterAddRoutine, type SortRoutine, type SparseRoutine, sparseRoutineBuffers } from "../kernel/routine.js";
import type { SparseKernel } from "../kernel/sparse/ir.js";
import { showKernel } from "../kernel/print.js";
import { type Check, GpuBuffer, Usage } from "./buffer.js";
import { BindGroupCache, GrowingBuffer, LaunchTimer, StagingPool } from "./reuse.js";
import { type WgslCaps, type WgslKernel, generateWgsl } from "./wgsl/codegen.js";
import { bindings } from "./wgsl/module.js";
import { scatterAddKernel, zeroKernel } from "./wgsl/scatter.js";
import { rankKernel } from "./wgsl/sort.js";
import type { SparsePack } from "./wgsl/sparse.js";

/** A compiled kernel: its pipeline and what launching it needs. */
export interface CompiledKernel {
  readonly wgsl: WgslKernel;
  readonly pipeline: GPUComputePipeline;
  readonly layout: GPUBindGroupLayout;
}

/**
 * A generated sparse kernel's pipeline (sparse.ts): its buffers bound in the kernel's order at bindings 0…n (those
 * not packed), then its packs, then its workspace bindings (then the packs' offsets, a uniform), its workgroup
 * grid, and the check of its compilation (carried by what it writes).
 */
export interface SparsePipeline {
  readonly pipeline: GPUComputePipeline;
  readonly layout: GPUBindGroupLayout;
  readonly groups: readonly [number, number];
  /** Bytes of its i32 and f32 workspace bindings (0: none), bound after its buffers from the executor's own. */
  readonly workspace: { readonly i32: number; readonly f32: number };
  /** Buffers packed into one binding each (bound after its unpacked buffers, before the workspaces); offsets in a uniform. */
  readonly packs: readonly SparsePack[];
  readonly compiled: Check;
  readonly kernel: SparseKernel;
}

/** A scheduled kernel compiled for this device (the contract's PreparedKernel). */
interface PreparedWgsl extends PreparedKernel {
  readonly kernel: Kernel;
  /** Absent for a kernel with no output elements: nothing is compiled or launched (WGSL rejects % 0). */
  readonly compiled: CompiledKernel | undefined;
}

/** What the executor needs from its device. */
export interface ExecutorHost {
  readonly gpu: GPUDevice;
  readonly caps: WgslCaps;
  readonly maxStorageBuffers: number;
  readonly uniformAlign: number;
  /** minStorageBufferOffsetAlignment: each launch's status words start at a multiple of it. */
  readonly storageAlign: number;
  /** Throws if a buffer belongs to an earlier (lost) device. */
  checkCurrent(buffer: GpuBuffer): void;
  /** A sparse kernel's pipeline (the device's sparse part compiles it once per hash). */
  sparse(kernel: SparseKernel, hash: string): SparsePipeline;
}

/** Where an index error reported by the status words came from. */
interface IndexCheck {
  readonly dim: string;
  readonly limit: number;
  /** A scatter-add: the status words also hold the position in the indices. */
  readonly position?: boolean;
}

/** A launch waiting to be encoded. */
interface Launch {
  /** The kernel's hash or the routine step's name (what its timing is kept under). */
  readonly name: string;
  /** What it computes, for a timing's label (asked only when timing). */
  readonly describe: () => string;
  /** A scheduled kernel's or a routine's (bound by the generator's binding plan), or a sparse kernel's. */
  readonly compiled: CompiledKernel | SparsePipeline;
  readonly buffers: readonly GPUBuffer[];
  readonly params: ArrayBuffer | undefined;
  /** Present when the kernel checks indices: what its status ids name. It gets status words of its own. */
  readonly checks?: readonly IndexCheck[];
  /** A sparse kernel's packed bindings: what is copied into each pack before the launch (and back after). */
  readonly packed?: readonly PackedBinding[];
}

/** The kind of a packed binding (each has a buffer of the executor's, reused by every launch in turn). */
type PackKind = "in_i32" | "in_f32" | "out_i32" | "out_f32";
/** One packed binding of a launch: its kind, its bytes, and its members' buffers, byte offsets and bytes. */
interface PackedBinding {
  readonly kind: PackKind;
  readonly output: boolean;
  readonly bytes: number;
  readonly members: readonly { readonly buffer: GPUBuffer; readonly at: number; readonly bytes: number }[];
}

export class WebGpuExecutor {
  readonly cache = new Map<string, CompiledKernel>();
  readonly stats: KernelStats = { compiled: 0, cacheHits: 0, launches: 0 };
  readonly #layouts = new Map<string, GPUBindGroupLayout>();
  /** The in-place variants of each prepared kernel, by cache key (a replayed step finds its own at once). */
  readonly #inPlaceVariants = new WeakMap<PreparedWgsl, Map<string, CompiledKernel>>();
  readonly bindGroups: BindGroupCache;
  readonly #uniform: GrowingBuffer;
  readonly #status: GrowingBuffer;
  /** The workspaces of sparse kernels (each invocation zeroes its slice when it starts), by type. */
  readonly #workspace: { readonly i32: GrowingBuffer; readonly f32: GrowingBuffer };
  /** The packed bindings of sparse kernels with more buffers than the adapter's storage bindings, by kind. */
  readonly #packs: Record<PackKind, GrowingBuffer>;
  /** Mappable buffers for reading back status words, timestamps and (the device's read) values. */
  readonly staging: StagingPool;
  #timer: LaunchTimer | undefined;

  constructor(readonly host: ExecutorHost) {
    this.bindGroups = new BindGroupCache(host.gpu);
    this.#uniform = new GrowingBuffer(host.gpu, Usage.UNIFORM | Usage.COPY_DST);
    this.#status = new GrowingBuffer(host.gpu, Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST);
    this.#workspace = { i32: new GrowingBuffer(host.gpu, Usage.STORAGE), f32: new GrowingBuffer(host.gpu, Usage.STORAGE) };
    const packBuffer = () => new GrowingBuffer(host.gpu, Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST);
    this.#packs = { in_i32: packBuffer(), in_f32: packBuffer(), out_i32: packBuffer(), out_f32: packBuffer() };
    this.staging = new StagingPool(host.gpu);
  }

  /** Whether launches are timed by timestamp queries (only where the device has "timestamp-query"). */
  get timing(): boolean {
    return this.#timer !== undefined;
  }
  set timing(on: boolean) {
    if (on && !this.#timer && this.host.gpu.features.has("timestamp-query")) this.#timer = new LaunchTimer(this.host.gpu);
    if (!on && this.#timer) {
      this.#timer.destroy();
      this.#timer = undefined;
    }
  }

  /** GPU time per kernel measured so far (empty unless timing is on), the longest first. */
  get timings(): KernelTiming[] {
    return [...(this.#timer?.timings.values() ?? [])].sort((a, b) => b.nanoseconds - a.nanoseconds);
  }

  /** The compiled kernel for a cache key (from the cache when its structure was seen before). */
  compile(key: string, make: () => WgslKernel, inputs: number, params: boolean, status?: boolean): CompiledKernel {
    const known = this.cache.get(key);
    if (known) {
      this.stats.cacheHits++;
      return known;
    }
    const wgsl = make();
    const hasStatus = status ?? wgsl.dynamicLoads.length > 0;
    const storage = 1 + (wgsl.more ?? 0) + wgsl.scalarInputs.length + wgsl.vectorInputs.length + (hasStatus ? 1 : 0);
    if (storage > this.host.maxStorageBuffers) {
      throw new DeviceError(
        `a fused kernel binds ${storage} buffers, more than this WebGPU adapter allows (maxStorageBuffersPerShaderStage ${this.host.maxStorageBuffers}): materialize() part of the expression first`,
      );
    }
    const layout = this.#layout(wgsl, inputs, params, hasStatus);
    const device = this.host.gpu;
    const module = device.createShaderModule({ code: wgsl.code });
    const pipeline = device.createComputePipeline({ layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), compute: { module, entryPoint: "main" } });
    const compiled: CompiledKernel = { wgsl, pipeline, layout };
    this.cache.set(key, compiled);
    this.stats.compiled++;
    return compiled;
  }

  /** The pipeline of a scheduled kernel. */
  prepare(kernel: Kernel, hash: string): PreparedKernel {
    if (kernel.output.length === 0) return { hash, kernel, compiled: undefined } satisfies PreparedWgsl as PreparedKernel;
    const compiled = this.compile(`${hash}:${this.#variant()}`, () => generateWgsl(kernel, this.host.caps), kernel.inputs.length, kernel.params.length > 0);
    const prepared: PreparedWgsl = { hash, kernel, compiled };
    return prepared;
  }

  /**
   * The variant of a kernel that writes over the input(s) bound to `out` (realize.ts bindOn chose them: each read
   * only at the element written): the shader reads them from `out`, read_write, and they are not bound again —
   * WebGPU rejects a dispatch binding one buffer both read-only and writable. Compiled once per kernel, input
   * slots and adapter variant, beside the normal kernel.
   */
  #inPlace(prepared: PreparedWgsl, out: DeviceBuffer, inputs: readonly DeviceBuffer[]): CompiledKernel {
    let slots = "";
    for (const [i, b] of inputs.entries()) if (b === out) slots += `${slots ? "," : ""}${i}`;
    const key = `${prepared.hash}:${this.#variant()}:in-place ${slots}`;
    let variants = this.#inPlaceVariants.get(prepared);
    if (!variants) this.#inPlaceVariants.set(prepared, (variants = new Map()));
    let compiled = variants.get(key);
    if (!compiled) {
      const { kernel } = prepared;
      const aliased = new Set(slots.split(",").map(Number));
      compiled = this.compile(key, () => generateWgsl(kernel, this.host.caps, aliased), kernel.inputs.length, kernel.params.length > 0);
      variants.set(key, compiled);
    }
    return compiled;
  }

  /** Bindings: out, the inputs (read-only, as scalars and/or vec4s), the params (uniform), the status words. */
  #layout(wgsl: WgslKernel, inputs: number, params: boolean, status: boolean): GPUBindGroupLayout {
    const key = `${inputs}:${wgsl.scalarInputs.join(",")}:${wgsl.vectorInputs.join(",")}:${params}:${status}:${wgsl.more ?? 0}`;
    let layout = this.#layouts.get(key);
    if (layout) return layout;
    const b = bindings(inputs);
    const storage = (binding: number, type: GPUBufferBindingType): GPUBindGroupLayoutEntry => ({ binding, visibility: 4, buffer: { type } });
    const entries: GPUBindGroupLayoutEntry[] = [storage(b.out, "storage")];
    for (const i of wgsl.scalarInputs) entries.push(storage(b.scalar(i), "read-only-storage"));
    for (const i of wgsl.vectorInputs) entries.push(storage(b.vector(i), "read-only-storage"));
    if (params) entries.push(storage(b.params, "uniform"));
    if (status) entries.push(storage(b.status, "storage"));
    for (let j = 0; j < (wgsl.more ?? 0); j++) entries.push(storage(b.more(j), "storage"));
    layout = this.host.gpu.createBindGroupLayout({ entries });
    this.#layouts.set(key, layout);
    return layout;
  }

  /**
   * A program: kernels and routines are encoded into one compute pass, submitted by finish(), whose checks
   * (index errors, out-of-memory, validation) are attached to every buffer the program wrote, together with
   * the pending checks of the buffers it read.
   */
  begin(): Program {
    const device = this.host.gpu;
    device.pushErrorScope("out-of-memory");
    device.pushErrorScope("validation");
    const launches: Launch[] = [];
    const outputs: { buffer: GpuBuffer; inherited: Check[] }[] = [];
    const record = (out: DeviceBuffer, inputs: readonly DeviceBuffer[], more: readonly DeviceBuffer[] = []): GPUBuffer[] => {
      const ins = inputs as readonly GpuBuffer[];
      for (const b of ins) this.host.checkCurrent(b);
      const inherited = ins.flatMap((b) => [...b.checks]);
      for (const b of [out, ...more]) outputs.push({ buffer: b as GpuBuffer, inherited });
      return [(out as GpuBuffer).gpu, ...ins.map((b) => b.gpu), ...(more as readonly GpuBuffer[]).map((b) => b.gpu)];
    };
    return {
      dispatch: (prepared, out, inputs, params, more) => {
        const p = prepared as PreparedWgsl;
        const { kernel } = p;
        const buffers = record(out, inputs, more);
        if (!p.compiled) return;
        const compiled = inputs.includes(out) ? this.#inPlace(p, out, inputs) : p.compiled;
        const checks = compiled.wgsl.dynamicLoads;
        const describe = () => showKernel(kernel).split("\n")[0]!;
        launches.push({ name: prepared.hash, describe, compiled, buffers, params: paramBytes(kernel, params), ...(checks.length ? { checks } : {}) });
      },
      routine: (routine, out, inputs) => {
        if (routine.kind === "sparse") return this.#sparse(routine, out, inputs, launches, outputs);
        const buffers = record(out, inputs);
        if (routine.kind === "sort") this.#sort(routine, buffers, launches);
        else this.#scatterAdd(routine, buffers, launches);
      },
      finish: () => {
        const checks = this.#submit(launches);
        for (const { buffer, inherited } of outputs) buffer.addChecks([...inherited, ...checks]);
      },
    };
  }

  /** Adapter-dependent choices that change the generated code for the same kernel. */
  #variant(): string {
    const c = this.host.caps;
    return `${c.maxInvocations}:${c.maxWorkgroupsPerDimension}:${c.f16 ? "f16" : "f32"}:${c.subgroupMaxSize ?? 0}`;
  }

  /** Sort: the rank kernel writes each key's position at its rank in its row. */
  #sort(r: SortRoutine, buffers: readonly GPUBuffer[], launches: Launch[]): void {
    if (r.total === 0) return;
    const keyType = r.keyType === "f32" ? "f32" : "i32";
    const compiled = this.compile(`rank:${keyType}:${r.descending}:${this.#variant()}`, () => rankKernel(keyType, r.descending, this.host.caps, r), 1, true);
    const params = new Uint32Array([r.n, r.stride, r.total, 0]).buffer;
    // The dispatch depends on the total; the cached kernel's is recomputed for this shape.
    const wgsl = { ...compiled.wgsl, dispatch: rankKernel(keyType, r.descending, this.host.caps, r).dispatch };
    launches.push({ name: "sort", describe: () => `sort ${r.total} keys in rows of ${r.n}`, compiled: { ...compiled, wgsl }, buffers, params });
  }

  /** Scatter-add: clear the output, then add every value with an atomic compare-exchange (wgsl/scatter.ts). */
  #scatterAdd(r: ScatterAddRoutine, buffers: readonly GPUBuffer[], launches: Launch[]): void {
    if (r.outLength === 0) return;
    const v = this.#variant();
    const zero = this.compile(`zero:${r.outLength}:${v}`, () => zeroKernel(r.outLength, this.host.caps), 0, false);
    launches.push({ name: "scatter-add:zero", describe: () => `clear ${r.outLength} elements`, compiled: zero, buffers: [buffers[0]!], params: undefined });
    if (r.sizes.some((z) => z === 0)) return;
    const key = `scatter-add:${r.sizes.join(",")}:${r.indexStrides.join(",")}:${r.outStrides.join(",")}:${r.axisStride}:${r.limit}:${v}`;
    const scatter = this.compile(key, () => scatterAddKernel(r, this.host.caps), 2, false, true);
    const describe = () => `scatter-add over ${r.dim} (${r.limit})`;
    launches.push({ name: "scatter-add", describe, compiled: scatter, buffers, params: undefined, checks: [{ dim: r.dim, limit: r.limit, position: true }] });
  }

  /**
   * Sparse kernels: each a launch of this program over the routine's buffers in the kernel's order. Every buffer
   * a kernel writes (the output; a sparse result's idx, written over with the pattern it holds) carries the
   * program's checks, the compilation's and those of what the kernels read.
   */
  #sparse(r: SparseRoutine, out: DeviceBuffer, inputs: readonly DeviceBuffer[], launches: Launch[], outputs: { buffer: GpuBuffer; inherited: Check[] }[]): void {
    const buffers = sparseRoutineBuffers(r, out, inputs) as GpuBuffer[];
    for (const b of buffers) this.host.checkCurrent(b);
    const inherited = buffers.flatMap((b) => [...b.checks]);
    for (const { kernel, hash } of r.kernels) {
      const compiled = this.host.sparse(kernel, hash);
      inherited.push(compiled.compiled);
      const packed = compiled.packs.length ? this.#packed(kernel, compiled.packs, buffers) : undefined;
      launches.push({ name: hash, describe: () => kernel.title, compiled, buffers: buffers.map((b) => b.gpu), ...(packed ?? { params: undefined }) });
      kernel.buffers.forEach((b, n) => b.output && n < buffers.length && outputs.push({ buffer: buffers[n]!, inherited }));
    }
  }

  /**
   * Where a launch's packed buffers sit in their packs (each member at the sum of the bytes before it), and the
   * uniform of their element offsets (by own-buffer index, four to a vec4). A pack larger than a binding may be
   * is refused with the sizes.
   */
  #packed(kernel: SparseKernel, packs: readonly SparsePack[], buffers: readonly GpuBuffer[]): { packed: PackedBinding[]; params: ArrayBuffer } {
    const offsets = new Int32Array(Math.ceil(buffers.length / 4) * 4);
    const limit = this.host.gpu.limits.maxStorageBufferBindingSize;
    const packed = packs.map((p): PackedBinding => {
      let at = 0;
      const members = p.members.map((n) => {
        const buffer = buffers[n]!;
        const bytes = buffer.length * 4;
        offsets[n] = at / 4;
        at += bytes;
        return { buffer: buffer.gpu, at: at - bytes, bytes };
      });
      if (at > limit) {
        const names = p.members.map((n) => kernel.buffers[n]!.name).join(", ");
        throw new DeviceError(`the sparse kernel for ${kernel.title} packs ${names} into one binding of ${at} bytes, more than this WebGPU adapter binds at once (maxStorageBufferBindingSize ${limit} bytes): compute it on the CPU`);
      }
      return { kind: `${p.output ? "out" : "in"}_${p.type}`, output: p.output, bytes: Math.max(4, at), members };
    });
    return { packed, params: offsets.buffer };
  }

  /** Encodes and submits the launches; returns the checks of their results. */
  #submit(launches: readonly Launch[]): Check[] {
    const device = this.host.gpu;
    const align = this.host.uniformAlign;
    const sizes = launches.map((l) => (l.params ? Math.ceil(l.params.byteLength / align) * align : 0));
    const total = sizes.reduce((a, b) => a + b, 0);
    const uniform = total ? this.#uniform.take(total) : undefined;
    // Status words: 4 per checking launch (failed, index, id, position), each at its own aligned offset.
    const checking = launches.filter((l) => l.checks);
    const slot = this.host.storageAlign;
    const status = checking.length ? this.#status.take(checking.length * slot) : undefined;
    const staging = status ? this.staging.take(checking.length * 16) : undefined;
    // One workspace buffer per type for the program, as large as its largest kernel's: its launches run in turn.
    const workspaces = (["i32", "f32"] as const).map((t) => {
      const bytes = Math.max(0, ...launches.map((l) => ("workspace" in l.compiled ? l.compiled.workspace[t] : 0)));
      return bytes ? this.#workspace[t].take(bytes) : undefined;
    });
    // Likewise one buffer per kind of pack: each launch copies its members in (and written ones back out) in turn.
    const packBuffers = new Map<PackKind, GPUBuffer>();
    for (const p of launches.flatMap((l) => l.packed ?? [])) packBuffers.set(p.kind, this.#packs[p.kind].take(Math.max(p.bytes, packBuffers.get(p.kind)?.size ?? 0)));
    if (uniform) {
      const bytes = new Uint8Array(total);
      let at = 0;
      launches.forEach((l, i) => {
        if (l.params) bytes.set(new Uint8Array(l.params), at);
        at += sizes[i]!;
      });
      device.queue.writeBuffer(uniform, 0, bytes);
    }
    const encoder = device.createCommandEncoder();
    if (status) encoder.clearBuffer(status, 0, checking.length * slot);
    const timed = this.#timer?.begin(launches.length);
    // One compute pass for the program, ended and begun again around the copies of packed bindings.
    let pass: GPUComputePassEncoder | undefined;
    /** Copies a launch's packs in (`output` false: every pack, whose members it reads) or its written ones out. */
    const copyPacks = (l: Launch, out: boolean): void => {
      pass?.end();
      pass = undefined;
      for (const p of l.packed!) {
        if (out && !p.output) continue;
        const packBuffer = packBuffers.get(p.kind)!;
        for (const m of p.members) {
          if (!m.bytes) continue;
          if (out) encoder.copyBufferToBuffer(packBuffer, m.at, m.buffer, 0, m.bytes);
          else encoder.copyBufferToBuffer(m.buffer, 0, packBuffer, m.at, m.bytes);
        }
      }
    };
    let at = 0;
    for (const [i, l] of launches.entries()) {
      if (l.packed) copyPacks(l, false);
      const c = l.compiled;
      let entries: GPUBindGroupEntry[];
      if ("wgsl" in c) {
        const { wgsl } = c;
        const inputs = l.buffers.length - 1 - (wgsl.more ?? 0);
        const b = bindings(inputs);
        entries = [{ binding: b.out, resource: { buffer: l.buffers[0]! } }];
        for (let j = 0; j < (wgsl.more ?? 0); j++) entries.push({ binding: b.more(j), resource: { buffer: l.buffers[1 + inputs + j]! } });
        for (const i of wgsl.scalarInputs) entries.push({ binding: b.scalar(i), resource: { buffer: l.buffers[i + 1]! } });
        for (const i of wgsl.vectorInputs) entries.push({ binding: b.vector(i), resource: { buffer: l.buffers[i + 1]! } });
        if (l.params) entries.push({ binding: b.params, resource: { buffer: uniform!, offset: at, size: l.params.byteLength } });
        if (l.checks) entries.push({ binding: b.status, resource: { buffer: status!, offset: checking.indexOf(l) * slot, size: 16 } });
      } else {
        const { workspace } = c;
        const packedMembers = new Set(c.packs.flatMap((p) => p.members));
        const bound = [
          ...l.buffers.filter((_, n) => !packedMembers.has(n)),
          ...(l.packed ?? []).map((p) => packBuffers.get(p.kind)!),
          ...(["i32", "f32"] as const).flatMap((t, n) => (workspace[t] ? [workspaces[n]!] : [])),
        ];
        entries = bound.map((buffer, n) => ({ binding: n, resource: { buffer } }));
        if (l.params) entries.push({ binding: bound.length, resource: { buffer: uniform!, offset: at, size: l.params.byteLength } });
      }
      at += sizes[i]!;
      // Timed: a pass per launch, whose begin and end timestamps bracket it (still one submit).
      if (timed) pass = encoder.beginComputePass({ timestampWrites: timed.writes(i) });
      else pass ??= encoder.beginComputePass();
      pass!.setPipeline(c.pipeline);
      pass!.setBindGroup(0, this.bindGroups.get(c.layout, entries));
      if ("wgsl" in c) pass!.dispatchWorkgroups(...c.wgsl.dispatch);
      else pass!.dispatchWorkgroups(c.groups[0], c.groups[1]);
      if (timed) {
        pass!.end();
        pass = undefined;
      }
      if (l.packed) copyPacks(l, true);
      this.stats.launches++;
    }
    pass?.end();
    checking.forEach((_, k) => encoder.copyBufferToBuffer(status!, k * slot, staging!, k * 16, 16));
    const timing = timed?.resolve(encoder, launches);
    device.queue.submit([encoder.finish()]);
    const checks: Check[] = [watch(errorScopes(device))];
    if (timing) checks.push(watch(timing().then(() => undefined, asError)));
    if (staging) {
      const read = this.staging.read(staging, checking.length * 16, (bytes) => {
        const words = new Int32Array(bytes);
        // The first launch (in program order) that failed, as the CPU, which stops there, reports it.
        const k = checking.findIndex((_, k) => words[k * 4] !== 0);
        if (k < 0) return undefined;
        const [index, id, position] = [words[k * 4 + 1]!, words[k * 4 + 2]!, words[k * 4 + 3]!];
        const g = checking[k]!.checks![id]!;
        return new ShapeError(g.position ? indexRangeAt(index, g.dim, g.limit, position) : indexRange(index, g.dim, g.limit));
      });
      checks.push(watch(read.catch((e: unknown) => asError(e))));
    }
    return checks;
  }

  /** Returns the buffers kept across submits (the device is being destroyed). */
  destroy(): void {
    this.#uniform.destroy();
    this.#status.destroy();
    this.#workspace.i32.destroy();
    this.#workspace.f32.destroy();
    for (const p of Object.values(this.#packs)) p.destroy();
    this.staging.destroy();
    this.#timer?.destroy();
    this.bindGroups.clear();
  }
}

/** The errors of the two scopes pushed for a program, as one Error (or undefined). */
async function errorScopes(device: GPUDevice): Promise<Error | undefined> {
  const [validation, memory] = await Promise.all([device.popErrorScope(), device.popErrorScope()]).catch(() => [null, null]);
  if (memory) return new DeviceError(`the WebGPU device ran out of memory computing this tensor: ${memory.message}`);
  if (validation) return new InternalError(`internal: WebGPU rejected a generated kernel: ${validation.message}`);
  return undefined;
}

/** A failure reported by the driver (a rejected map, a lost device) as the library's DeviceError. */
const asError = (e: unknown): Error => (e instanceof NamedTensorError ? e : new DeviceError(`the WebGPU device failed: ${(e as Error)?.message ?? String(e)}`));

/** A check that records when it passed (so results stop carrying it). */
function watch(promise: Promise<Error | undefined>): Check {
  const check: Check = { promise, ok: false };
  void promise.then((e) => void (check.ok = e === undefined), () => undefined);
  return check;
}

/** The params of a kernel as the bytes of its uniform struct (4 bytes each; bool as u32). */
function paramBytes(kernel: Kernel, values: readonly number[]): ArrayBuffer | undefined {
  if (!kernel.params.length) return undefined;
  const bytes = new ArrayBuffer(Math.ceil((kernel.params.length * 4) / 16) * 16);
  const [f, i] = [new Float32Array(bytes), new Int32Array(bytes)];
  kernel.params.forEach((t, s) => {
    if (t === "f32") f[s] = values[s]!;
    else i[s] = t === "bool" ? Number(values[s] !== 0) : values[s]!;
  });
  return bytes;
}
