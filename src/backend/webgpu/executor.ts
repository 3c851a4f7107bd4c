// Layer: src/backend/webgpu. Runs lowered programs: one compute pass per program, a pipeline per structural
// hash (the cache key from src/backend/kernel/hash.ts plus the adapter-dependent choices), the params of all
// kernels in one uniform buffer, and one status buffer for gather index errors. Nothing waits for the GPU
// here: errors (a gather index out of range, out-of-memory, validation) become checks attached to the
// results, and reading a result awaits them and throws. Temporaries go back to the pool right after.
// Imports the graph, the kernel IR and this device's modules.
import { type Node, contiguousStrides } from "../../graph/node.js";
import { ShapeError, indexRange } from "../../types/errors.js";
import type { KernelStats } from "../engine.js";
import { toAffine } from "../../graph/index-expr.js";
import type { Kernel } from "../kernel/ir.js";
import type { Step } from "../kernel/lower.js";
import { type Check, GpuBuffer, MAP_READ_MODE, Usage } from "./buffer.js";
import { type WgslCaps, type WgslKernel, generateWgsl, sortKeys } from "./wgsl/codegen.js";
import { bindings } from "./wgsl/module.js";
import { rankKernel } from "./wgsl/sort.js";

/** A compiled kernel: its pipeline and what launching it needs. */
export interface CompiledKernel {
  readonly wgsl: WgslKernel;
  readonly pipeline: GPUComputePipeline;
  readonly layout: GPUBindGroupLayout;
}

/** What the executor needs from its device. */
export interface ExecutorHost {
  readonly gpu: GPUDevice;
  readonly caps: WgslCaps;
  readonly maxStorageBuffers: number;
  readonly uniformAlign: number;
  /** A new buffer for `length` elements (checked against the adapter's limits). */
  allocate(dtype: Node["dtype"], length: number): GpuBuffer;
}

/** A launch waiting to be encoded. */
interface Launch {
  readonly compiled: CompiledKernel;
  readonly buffers: readonly GPUBuffer[];
  readonly params: ArrayBuffer | undefined;
  readonly status: boolean;
}

export class WebGpuExecutor {
  readonly cache = new Map<string, CompiledKernel>();
  readonly stats: KernelStats = { compiled: 0, cacheHits: 0, launches: 0 };
  readonly #layouts = new Map<string, GPUBindGroupLayout>();

  constructor(readonly host: ExecutorHost) {}

  /** The compiled kernel for a cache key (from the cache when its structure was seen before). */
  compile(key: string, make: () => WgslKernel, inputs: number, params: boolean): CompiledKernel {
    const known = this.cache.get(key);
    if (known) {
      this.stats.cacheHits++;
      return known;
    }
    const wgsl = make();
    const status = wgsl.dynamicLoads.length > 0;
    const storage = 1 + wgsl.scalarInputs.length + wgsl.vectorInputs.length + (status ? 1 : 0);
    if (storage > this.host.maxStorageBuffers) {
      throw new Error(
        `a fused kernel binds ${storage} buffers, more than this WebGPU adapter allows (maxStorageBuffersPerShaderStage ${this.host.maxStorageBuffers}): materialize() part of the expression first`,
      );
    }
    const layout = this.#layout(wgsl, inputs, params, status);
    const device = this.host.gpu;
    const module = device.createShaderModule({ code: wgsl.code });
    const pipeline = device.createComputePipeline({ layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), compute: { module, entryPoint: "main" } });
    const compiled: CompiledKernel = { wgsl, pipeline, layout };
    this.cache.set(key, compiled);
    this.stats.compiled++;
    return compiled;
  }

  /** Bindings: out, the inputs (read-only, as scalars and/or vec4s), the params (uniform), the status words. */
  #layout(wgsl: WgslKernel, inputs: number, params: boolean, status: boolean): GPUBindGroupLayout {
    const key = `${inputs}:${wgsl.scalarInputs.join(",")}:${wgsl.vectorInputs.join(",")}:${params}:${status}`;
    let layout = this.#layouts.get(key);
    if (layout) return layout;
    const b = bindings(inputs);
    const storage = (binding: number, type: GPUBufferBindingType): GPUBindGroupLayoutEntry => ({ binding, visibility: 4, buffer: { type } });
    const entries: GPUBindGroupLayoutEntry[] = [storage(b.out, "storage")];
    for (const i of wgsl.scalarInputs) entries.push(storage(b.scalar(i), "read-only-storage"));
    for (const i of wgsl.vectorInputs) entries.push(storage(b.vector(i), "read-only-storage"));
    if (params) entries.push(storage(b.params, "uniform"));
    if (status) entries.push(storage(b.status, "storage"));
    layout = this.host.gpu.createBindGroupLayout({ entries });
    this.#layouts.set(key, layout);
    return layout;
  }

  /**
   * Runs a program: encodes every kernel into one compute pass and submits it. The requested nodes keep
   * their values; temporaries are released (back to the pool) once it is submitted.
   */
  runProgram(steps: readonly Step[], requested: ReadonlySet<Node>): void {
    const device = this.host.gpu;
    device.pushErrorScope("out-of-memory");
    device.pushErrorScope("validation");
    const launches: Launch[] = [];
    const outputs: { node: Node; buffer: GpuBuffer; inherited: Check[] }[] = [];
    const gathers: { dim: string; limit: number }[] = [];
    const temporaries: Node[] = [];
    let scratch: GpuBuffer[] = [];
    let failure: unknown;
    try {
      for (const step of steps) {
        const { node, kernel } = step;
        const buffer = this.host.allocate(node.dtype, node.numel);
        buffer.retain();
        const inherited = step.inputs.flatMap((n) => [...(n.storage!.buffer as GpuBuffer).checks]);
        if (kernel.output.length > 0) {
          if (kernel.mode.kind === "sort") scratch.push(this.#sort(step, buffer, launches, gathers));
          else this.#launch(step.hash, kernel, buffer.gpu, step, launches, gathers);
        }
        node.materialize({ buffer, strides: contiguousStrides(node.dims), offset: 0 }, !requested.has(node));
        buffer.release();
        outputs.push({ node, buffer, inherited });
        if (!requested.has(node)) temporaries.push(node);
      }
    } catch (e) {
      failure = e;
    }
    const checks = this.#submit(launches, gathers);
    for (const s of scratch) s.release();
    scratch = [];
    for (const { buffer, inherited } of outputs) buffer.addChecks([...inherited, ...checks]);
    for (const n of temporaries) n.release();
    if (failure) throw failure;
  }

  #launch(hash: string, kernel: Kernel, out: GPUBuffer, step: Step, launches: Launch[], gathers: { dim: string; limit: number }[]): void {
    const compiled = this.compile(`${hash}:${this.#variant()}`, () => generateWgsl(kernel, this.host.caps), kernel.inputs.length, kernel.params.length > 0);
    const inputs = step.inputs.map((n) => (n.storage!.buffer as GpuBuffer).gpu);
    launches.push({ compiled, buffers: [out, ...inputs], params: paramBytes(kernel, step.params), status: compiled.wgsl.dynamicLoads.length > 0 });
    if (compiled.wgsl.dynamicLoads.length) gathers.push(...compiled.wgsl.dynamicLoads);
  }

  /** Adapter-dependent choices that change the generated code for the same kernel. */
  #variant(): string {
    const c = this.host.caps;
    return `${c.maxInvocations}:${c.maxWorkgroupsPerDimension}:${c.f16 ? "f16" : "f32"}:${c.subgroupMaxSize ?? 0}`;
  }

  /** Sort: the keys as a map kernel into a scratch buffer, then the rank kernel writes positions. */
  #sort(step: Step, out: GpuBuffer, launches: Launch[], gathers: { dim: string; limit: number }[]): GpuBuffer {
    const { kernel } = step;
    const descending = kernel.mode.kind === "sort" && kernel.mode.descending;
    const keysKernel = sortKeys(kernel);
    const keyType = keysKernel.output.type === "f32" ? "f32" : "i32";
    const keys = this.host.allocate(keyType === "f32" ? "float32" : "int32", kernel.output.length);
    keys.retain();
    this.#launch(`${step.hash}:keys`, keysKernel, keys.gpu, step, launches, gathers);
    const along = kernel.inner[0]!;
    const stride = toAffine(kernel.output.index)?.coeffs.get(along.name) ?? 1;
    const shape = { n: along.extent, stride, total: kernel.output.length };
    const compiled = this.compile(`rank:${keyType}:${descending}:${this.#variant()}`, () => rankKernel(keyType, descending, this.host.caps, shape), 1, true);
    const params = new Uint32Array([shape.n, shape.stride, shape.total, 0]).buffer;
    // The dispatch depends on the total; the cached kernel's is recomputed for this shape.
    const wgsl = { ...compiled.wgsl, dispatch: rankKernel(keyType, descending, this.host.caps, shape).dispatch };
    launches.push({ compiled: { ...compiled, wgsl }, buffers: [out.gpu, keys.gpu], params, status: false });
    return keys;
  }

  /** Encodes and submits the launches; returns the checks of their results. */
  #submit(launches: readonly Launch[], gathers: readonly { dim: string; limit: number }[]): Check[] {
    const device = this.host.gpu;
    const align = this.host.uniformAlign;
    const sizes = launches.map((l) => (l.params ? Math.ceil(l.params.byteLength / align) * align : 0));
    const total = sizes.reduce((a, b) => a + b, 0);
    const uniform = total ? device.createBuffer({ size: total, usage: Usage.UNIFORM | Usage.COPY_DST }) : undefined;
    const status = gathers.length ? device.createBuffer({ size: 16, usage: Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST }) : undefined;
    const staging = status ? device.createBuffer({ size: 16, usage: Usage.MAP_READ | Usage.COPY_DST }) : undefined;
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
    if (status) encoder.clearBuffer(status);
    const pass = encoder.beginComputePass();
    let at = 0;
    for (const [i, l] of launches.entries()) {
      const { wgsl } = l.compiled;
      const b = bindings(l.buffers.length - 1);
      const entries: GPUBindGroupEntry[] = [{ binding: b.out, resource: { buffer: l.buffers[0]! } }];
      for (const i of wgsl.scalarInputs) entries.push({ binding: b.scalar(i), resource: { buffer: l.buffers[i + 1]! } });
      for (const i of wgsl.vectorInputs) entries.push({ binding: b.vector(i), resource: { buffer: l.buffers[i + 1]! } });
      if (l.params) entries.push({ binding: b.params, resource: { buffer: uniform!, offset: at, size: l.params.byteLength } });
      if (l.status) entries.push({ binding: b.status, resource: { buffer: status! } });
      at += sizes[i]!;
      pass.setPipeline(l.compiled.pipeline);
      pass.setBindGroup(0, device.createBindGroup({ layout: l.compiled.layout, entries }));
      pass.dispatchWorkgroups(...l.compiled.wgsl.dispatch);
      this.stats.launches++;
    }
    pass.end();
    if (status) encoder.copyBufferToBuffer(status, 0, staging!, 0, 16);
    device.queue.submit([encoder.finish()]);
    uniform?.destroy();
    status?.destroy();
    const checks: Check[] = [watch(errorScopes(device))];
    if (staging) {
      const read = staging.mapAsync(MAP_READ_MODE).then(() => {
        const words = new Int32Array(staging.getMappedRange().slice(0));
        staging.destroy();
        if (!words[0]) return undefined;
        const g = gathers[words[2]!]!;
        return new ShapeError(indexRange(words[1]!, g.dim, g.limit));
      });
      checks.push(watch(read.catch((e: unknown) => asError(e))));
    }
    return checks;
  }
}

/** The errors of the two scopes pushed for a program, as one Error (or undefined). */
async function errorScopes(device: GPUDevice): Promise<Error | undefined> {
  const [validation, memory] = await Promise.all([device.popErrorScope(), device.popErrorScope()]).catch(() => [null, null]);
  if (memory) return new Error(`the WebGPU device ran out of memory computing this tensor: ${memory.message}`);
  if (validation) return new Error(`internal: WebGPU rejected a generated kernel: ${validation.message}`);
  return undefined;
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

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
