// Layer: src/backend/webgpu. The WebGPU device (the device contract, src/backend/device-contract.ts): buffers
// in GPU memory (pooled), scheduled kernels compiled to WGSL pipelines and encoded into one compute pass per
// program (executor.ts), and an asynchronous read. A program does not wait for the GPU, so `materialize()`
// works here too; reading awaits the results' checks (index errors, out-of-memory) and throws theirs. A lost
// device is replaced by a new one in the background; tensors that lived on the lost one throw a clear Error
// when read. Imports the contract and the kernel pipeline; never src/graph.
import {
  type BufferView,
  type DType,
  type Device,
  type Kernel,
  type KernelStats,
  LiveBuffers,
  type MemoryStats,
  type LowerOptions,
  type PreparedKernel,
  type Program,
  type TypedArray,
  readStrided,
} from "../device-contract.js";
import { schedules } from "../kernel/lower.js";
import { wgslNative } from "./wgsl/syntax.js";
import { BufferPool, type BufferOwner, GpuBuffer, MAP_READ_MODE, Usage } from "./buffer.js";
import { WebGpuExecutor } from "./executor.js";
import { type GpuContext, requestGpu } from "./gpu.js";
import { webgpuSparse } from "./sparse.js";
import { type WgslCaps, generateWgsl } from "./wgsl/codegen.js";

/** The WebGPU device's scheduling passes (lower.ts's list for WGSL's native functions), built once. */
export const webgpuPasses = schedules.webgpu(wgslNative);

/** Options of the WebGPU device. */
export interface WebGpuOptions {
  /**
   * "f16" keeps the tiles of contractions in half precision (faster on GPUs with fast f16, ~3 decimal digits);
   * only where the adapter has `shader-f16`. Default "f32".
   */
  contractionPrecision?: "f32" | "f16";
  /** Idle pooled GPU memory kept for reuse, in bytes (default 256 MiB). */
  maxPooledBytes?: number;
}

const lostMessage = (why: string): string =>
  `the WebGPU device was lost (${why}): tensors that lived on it are gone; tensors on the CPU are unaffected, and new WebGPU work runs on a new device`;

export class WebGpuDevice implements Device, BufferOwner {
  readonly name = "webgpu";
  /** GpuBuffers in use (held by at least one tensor or a running program). */
  live = 0;
  readonly tracked = new LiveBuffers();

  memory(): MemoryStats {
    const { bytes, buffers, peakBytes } = this.tracked;
    return { bytes, buffers, peakBytes, kernels: this.stats.compiled };
  }
  /** Increments when the device is replaced after a loss; buffers of an earlier generation are invalid. */
  generation = 0;
  pool!: BufferPool;
  #ctx!: GpuContext;
  #executor!: WebGpuExecutor;
  #lost: string | undefined;
  #recovering: Promise<void> | undefined;
  #options: Required<WebGpuOptions>;
  #stats: KernelStats = { compiled: 0, cacheHits: 0, launches: 0 };
  readonly #staging: GPUBuffer[] = [];

  private constructor(ctx: GpuContext, options: WebGpuOptions) {
    this.#options = { contractionPrecision: options.contractionPrecision ?? "f32", maxPooledBytes: options.maxPooledBytes ?? 256 << 20 };
    this.#attach(ctx);
  }

  /**
   * Requests an adapter and a device. @example const gpu = await WebGpuDevice.create(); await setDevice(gpu)
   */
  static async create(options: WebGpuOptions = {}): Promise<WebGpuDevice> {
    return new WebGpuDevice(await requestGpu(), options);
  }

  #attach(ctx: GpuContext): void {
    const previous = this.#executor?.stats;
    if (previous) this.#stats = { compiled: this.#stats.compiled + previous.compiled, cacheHits: this.#stats.cacheHits + previous.cacheHits, launches: this.#stats.launches + previous.launches };
    this.#ctx = ctx;
    this.pool = new BufferPool(ctx.device, Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST, this.#options.maxPooledBytes);
    this.#staging.length = 0;
    const limits = ctx.device.limits;
    const device = this;
    this.#executor = new WebGpuExecutor({
      gpu: ctx.device,
      get caps(): WgslCaps {
        return {
          maxInvocations: limits.maxComputeInvocationsPerWorkgroup,
          maxWorkgroupSizeX: limits.maxComputeWorkgroupSizeX,
          maxWorkgroupsPerDimension: device.#maxWorkgroups ?? limits.maxComputeWorkgroupsPerDimension,
          maxWorkgroupStorage: limits.maxComputeWorkgroupStorageSize,
          f16: ctx.f16 && device.#options.contractionPrecision === "f16",
          ...(ctx.subgroupMaxSize ? { subgroupMaxSize: ctx.subgroupMaxSize } : {}),
        };
      },
      maxStorageBuffers: limits.maxStorageBuffersPerShaderStage,
      uniformAlign: limits.minUniformBufferOffsetAlignment,
      storageAlign: limits.minStorageBufferOffsetAlignment,
      checkCurrent: (buffer) => {
        if (buffer.generation !== this.generation) throw new Error(lostMessage("earlier"));
      },
    });
    const generation = this.generation;
    void ctx.device.lost.then((info) => {
      if (generation !== this.generation) return;
      this.#lost = `${info.reason}: ${info.message}`;
      if (info.reason !== "destroyed") this.#recover();
    });
  }

  #recover(): Promise<void> {
    this.#recovering ??= requestGpu().then(
      (ctx) => {
        this.generation++;
        this.#lost = undefined;
        this.#recovering = undefined;
        this.#attach(ctx);
      },
      (e: unknown) => {
        this.#recovering = undefined;
        throw e;
      },
    );
    return this.#recovering;
  }

  /**
   * Replaces the GPU device by a new one (after a loss, or after destroy()). Tensors that lived on the old
   * device stay unreadable; new work runs on the new one. A loss other than destroy() restarts by itself.
   * @example gpu.destroy(); await gpu.restart(); await x.add(1).data()
   */
  async restart(): Promise<void> {
    if (!this.#lost) this.destroy();
    this.#lost ??= "restarted";
    await this.#recover();
  }

  /** "f16": contractions keep their tiles in half precision where the adapter has shader-f16. @example gpu.contractionPrecision = "f16" */
  get contractionPrecision(): "f32" | "f16" {
    return this.#options.contractionPrecision;
  }
  set contractionPrecision(p: "f32" | "f16") {
    this.#options.contractionPrecision = p;
  }

  /** @internal Lowers the workgroups-per-dimension limit (tests of 2-D dispatch on small tensors). */
  set maxWorkgroupsPerDimension(n: number | undefined) {
    this.#maxWorkgroups = n;
  }
  #maxWorkgroups: number | undefined;

  /** The adapter's description (vendor, architecture, device). @example gpu.adapter // "google swiftshader …" */
  get adapter(): string {
    return this.#ctx.description;
  }
  /** The GPUDevice in use (for tests and interop). */
  get gpu(): GPUDevice {
    return this.#ctx.device;
  }
  /** Whether the adapter has shader-f16 (contractionPrecision "f16" takes effect only then). */
  get hasF16(): boolean {
    return this.#ctx.f16;
  }
  /** Kernels compiled and reused so far, over every device generation. */
  get stats(): KernelStats {
    const s = this.#executor.stats;
    return { compiled: this.#stats.compiled + s.compiled, cacheHits: this.#stats.cacheHits + s.cacheHits, launches: this.#stats.launches + s.launches };
  }
  /** GPUBuffers allocated (in use or idle in the pool). */
  get allocatedBuffers(): number {
    return this.pool.allocated;
  }

  #checkUsable(): void {
    if (this.#lost) throw new Error(lostMessage(this.#lost));
  }

  /** A new buffer for `length` elements of `dtype`, within the adapter's limits. */
  allocate(dtype: DType, length: number): GpuBuffer {
    this.#checkUsable();
    const bytes = Math.max(1, length) * 4;
    const limit = this.#ctx.device.limits.maxStorageBufferBindingSize;
    if (bytes > limit) {
      throw new Error(
        `a ${dtype} tensor of ${length} elements needs ${bytes} bytes, more than this WebGPU adapter binds at once (maxStorageBufferBindingSize ${limit} bytes): split it, or compute it on the CPU`,
      );
    }
    return new GpuBuffer(this, dtype, length, this.pool.acquire(bytes));
  }

  upload(values: TypedArray, dtype: DType): GpuBuffer {
    const buffer = this.allocate(dtype, values.length);
    if (values.length) {
      const data = dtype === "bool" ? Uint32Array.from(values) : values;
      this.#ctx.device.queue.writeBuffer(buffer.gpu, 0, data.buffer, data.byteOffset, data.byteLength);
    }
    return buffer;
  }

  /** The plan's limit on buffers per kernel, and WebGPU's scheduling passes. */
  get lowering(): LowerOptions {
    // An input may be bound twice (as vec4 and as scalars); the output and the status word take two more.
    return { maxInputs: Math.max(2, Math.floor((this.#executor.host.maxStorageBuffers - 2) / 2)), passes: webgpuPasses };
  }

  prepare(kernel: Kernel, hash: string): PreparedKernel {
    this.#checkUsable();
    return this.#executor.prepare(kernel, hash);
  }

  begin(): Program {
    this.#checkUsable();
    return this.#executor.begin();
  }

  /** Sparse kernels: generated WGSL, row-parallel where the outermost loop allows (their own counts). */
  readonly sparseStats: KernelStats = { compiled: 0, cacheHits: 0, launches: 0 };
  readonly sparse = webgpuSparse(() => this.gpu, this.sparseStats);

  generatedCode(kernel: Kernel): { code: string; language: string } {
    return { code: generateWgsl(kernel, this.#executor.host.caps).code, language: "WGSL" };
  }

  async read(view: BufferView): Promise<TypedArray> {
    const { strides, offset, sizes, dtype } = view;
    const gb = view.buffer as GpuBuffer;
    if (gb.freed) throw new Error("this tensor was disposed; its values are gone");
    for (const c of gb.checks) {
      const error = await c.promise;
      if (error) throw error;
    }
    if (gb.freed) throw new Error("this tensor was disposed; its values are gone");
    if (gb.generation !== this.generation || this.#lost) throw new Error(lostMessage(this.#lost ?? "earlier"));
    const n = sizes.reduce((a, b) => a * b, 1);
    const out = dtype === "float32" ? new Float32Array(n) : dtype === "int32" ? new Int32Array(n) : new Uint8Array(n);
    if (n === 0) return out;
    // The range of elements the view touches.
    let [lo, hi] = [offset, offset];
    sizes.forEach((size, i) => {
      const reach = strides[i]! * (size - 1);
      if (reach > 0) hi += reach;
      else lo += reach;
    });
    // One copy: from the mapped staging memory straight into the result, in the view's order.
    await this.#download(gb, lo, hi - lo + 1, (words) => {
      const src = dtype === "float32" ? new Float32Array(words) : dtype === "int32" ? new Int32Array(words) : new Uint32Array(words);
      readStrided(src, { sizes, strides, offset: offset - lo }, out);
    });
    return out;
  }

  /** Maps `count` words from element `first` of a buffer and hands them to `consume` (valid only during the call). */
  async #download(buffer: GpuBuffer, first: number, count: number, consume: (words: ArrayBuffer) => void): Promise<void> {
    const device = this.#ctx.device;
    const bytes = count * 4;
    const i = this.#staging.findIndex((s) => s.size >= bytes && s.size <= Math.max(bytes * 2, 4096));
    const staging = i >= 0 ? this.#staging.splice(i, 1)[0]! : device.createBuffer({ size: Math.max(16, Math.ceil(bytes / 16) * 16), usage: Usage.MAP_READ | Usage.COPY_DST });
    const encoder = device.createCommandEncoder();
    encoder.copyBufferToBuffer(buffer.gpu, first * 4, staging, 0, bytes);
    device.queue.submit([encoder.finish()]);
    try {
      await staging.mapAsync(MAP_READ_MODE, 0, bytes);
    } catch (e) {
      staging.destroy();
      throw new Error(this.#lost ? lostMessage(this.#lost) : `reading WebGPU values failed: ${(e as Error).message}`);
    }
    try {
      consume(staging.getMappedRange(0, bytes));
    } finally {
      staging.unmap();
    }
    if (this.#staging.length < 8) this.#staging.push(staging);
    else staging.destroy();
  }

  /** Destroys the GPU device (tests of device loss; the device is unusable afterwards). @example gpu.destroy() */
  destroy(): void {
    this.pool.clear();
    for (const s of this.#staging) s.destroy();
    this.#staging.length = 0;
    this.#ctx.device.destroy();
  }

  /** Returns idle pooled GPU memory to the driver. @example gpu.trim() */
  trim(): void {
    this.pool.clear();
  }
}

/** The loader registered with the engine. @example registerDeviceLoader("webgpu", loadWebGpu) // then await setDevice("webgpu") */
export const loadWebGpu = (): Promise<Device> => WebGpuDevice.create();
