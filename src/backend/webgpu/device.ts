// Layer: src/backend/webgpu. The WebGPU device (the device contract, src/backend/device-contract.ts): buffers
// in GPU memory (pooled), scheduled kernels compiled to WGSL pipelines and encoded into one compute pass per
// program (executor.ts), and an asynchronous read. A program does not wait for the GPU, so `materialize()`
// works here too; reading awaits the results' checks (index errors, out-of-memory) and throws theirs. A lost
// device is replaced by a new one in the background; tensors that lived on the lost one throw a clear Error
// when read. Imports the contract and the kernel pipeline; never src/graph.
import {
  type BufferView,
  type DeviceBuffer,
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
import { type GpuContext, type GpuLimits, lentGpu, limitsFromEnv, requestGpu } from "./gpu.js";
import { ArgumentError, DeviceError, StateError, takesNot } from "../../types/errors.js";
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
  /**
   * Time every launch on the GPU with timestamp queries (a compute pass per launch, still one submit per
   * program): `kernelStats().timings` lists the GPU time per kernel. Only where the adapter has
   * "timestamp-query"; default false (also on with NAMED_TENSOR_GPU_TIMING=1).
   */
  timing?: boolean;
  /**
   * "default": request WebGPU's default limits, none raised to the adapter's (8 storage buffers per shader stage,
   * 128 MiB per binding): what many browsers and GPUs give, for testing that everything runs there. Default
   * "adapter" (also "default" with NAMED_TENSOR_WEBGPU_LIMITS=default).
   */
  limits?: GpuLimits;
}

const lostMessage = (why: string, lent = false): string =>
  `the WebGPU device was lost (${why}): tensors that lived on it are gone; tensors on the CPU are unaffected, and ${lent ? "new WebGPU work needs a new GPUDevice from your application (useGpuDevice(device))" : "new WebGPU work runs on a new device"}`;

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

  private constructor(ctx: GpuContext, options: WebGpuOptions) {
    const timing = options.timing ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NAMED_TENSOR_GPU_TIMING === "1";
    const limits = options.limits ?? limitsFromEnv();
    this.#options = { contractionPrecision: options.contractionPrecision ?? "f32", maxPooledBytes: options.maxPooledBytes ?? 256 << 20, timing, limits };
    this.#attach(ctx);
  }

  /**
   * Requests an adapter and a device. @example const gpu = await WebGpuDevice.create(); await setDevice(gpu)
   */
  static async create(options: WebGpuOptions = {}): Promise<WebGpuDevice> {
    return new WebGpuDevice(await requestGpu(options.limits), options);
  }

  /**
   * A device over a GPUDevice the application already has (useGpuDevice() in src/interop.ts). The library
   * never destroys it, and when it is lost does not replace it: new work fails until another is given.
   * @example const gpu = WebGpuDevice.lend(device) // device: your application's GPUDevice
   */
  static lend(device: GPUDevice, options: WebGpuOptions = {}): WebGpuDevice {
    return new WebGpuDevice(lentGpu(device), options);
  }

  /** Whether the GPUDevice was given by the application. */
  get lent(): boolean {
    return this.#ctx.lent === true;
  }

  #attach(ctx: GpuContext): void {
    const previous = this.#executor?.stats;
    if (previous) this.#stats = { compiled: this.#stats.compiled + previous.compiled, cacheHits: this.#stats.cacheHits + previous.cacheHits, launches: this.#stats.launches + previous.launches };
    this.#ctx = ctx;
    this.pool = new BufferPool(ctx.device, Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST, this.#options.maxPooledBytes);
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
        if (buffer.generation !== this.generation) throw new DeviceError(lostMessage("earlier"));
      },
      sparse: (kernel, hash) => this.sparse.prepare(kernel, hash),
    });
    this.#executor.timing = this.#options.timing;
    const generation = this.generation;
    void ctx.device.lost.then((info) => {
      if (generation !== this.generation) return;
      this.#lost = `${info.reason}: ${info.message}`;
      if (info.reason !== "destroyed" && !ctx.lent) this.#recover();
    });
  }

  #recover(): Promise<void> {
    this.#recovering ??= requestGpu(this.#options.limits).then(
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
    if (this.lent) throw new DeviceError("this WebGPU device runs on a GPUDevice your application gave (useGpuDevice): give a new one with useGpuDevice(device)");
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

  /**
   * Whether launches are timed on the GPU (see WebGpuOptions.timing); stays false where the adapter has no
   * "timestamp-query". @example gpu.timing = true; await step(); kernelStats().timings?.[0]; // the slowest kernel
   */
  get timing(): boolean {
    return this.#executor.timing;
  }
  set timing(on: boolean) {
    this.#options.timing = on;
    this.#executor.timing = on;
  }

  /** @internal Lowers the workgroups-per-dimension limit (tests of 2-D dispatch on small tensors). */
  set maxWorkgroupsPerDimension(n: number | undefined) {
    this.#maxWorkgroups = n;
  }
  #maxWorkgroups: number | undefined;

  /** The adapter's description (vendor, architecture, device). @example gpu.adapter // e.g. "google swiftshader …" */
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
    const timings = this.#executor.timing ? { timings: this.#executor.timings } : {};
    return { compiled: this.#stats.compiled + s.compiled, cacheHits: this.#stats.cacheHits + s.cacheHits, launches: this.#stats.launches + s.launches, ...timings };
  }
  /** GPUBuffers allocated (in use or idle in the pool). */
  get allocatedBuffers(): number {
    return this.pool.allocated;
  }

  #checkUsable(): void {
    if (this.#lost) throw new DeviceError(lostMessage(this.#lost, this.lent));
  }

  /** A new buffer for `length` elements of `dtype`, within the adapter's limits. */
  allocate(dtype: DType, length: number): GpuBuffer {
    this.#checkUsable();
    const bytes = Math.max(1, length) * 4;
    const limit = this.#ctx.device.limits.maxStorageBufferBindingSize;
    if (bytes > limit) {
      throw new DeviceError(
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

  /**
   * An elementwise kernel may write a buffer it reads (a traced or untraced optimizer step writes a variable's
   * new value over its old buffer, realize.ts bindOn): the executor then binds that buffer once, read_write, in
   * an in-place variant of the shader (executor.ts).
   */
  readonly writesInPlace = true;

  /** The plan's limit on buffers per kernel, and WebGPU's scheduling passes. */
  get lowering(): LowerOptions {
    // An input may be bound twice (as vec4 and as scalars); the output and the status word take two more.
    // The online template (wgsl/online.ts) binds each input once, as scalars.
    const buffers = this.#executor.host.maxStorageBuffers;
    return { maxInputs: Math.max(2, Math.floor((buffers - 2) / 2)), maxOnlineInputs: Math.max(2, buffers - 2), passes: webgpuPasses };
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
  readonly sparse = webgpuSparse(() => this.gpu, this.sparseStats, () => this.#sparseBindings);
  /**
   * @internal Lowers the storage bindings a sparse kernel may take below the adapter's (tests of packing every
   * class of buffers: read and written, i32 and f32).
   */
  set maxSparseBindings(n: number | undefined) {
    this.#sparseBindings = n;
  }
  #sparseBindings: number | undefined;

  generatedCode(kernel: Kernel): { code: string; language: string } {
    return { code: generateWgsl(kernel, this.#executor.host.caps).code, language: "WGSL" };
  }

  async read(view: BufferView): Promise<TypedArray> {
    const { strides, offset, sizes, dtype } = view;
    const gb = view.buffer as GpuBuffer;
    if (gb.freed) throw new StateError("this tensor was disposed; its values are gone");
    // The read holds the buffer until its copy is submitted: a step meanwhile neither writes over it in place
    // (realize.ts soleHolder) nor, once the tensor lets go, gets it back from the pool.
    gb.retain();
    try {
      return await this.#readHeld(gb, view);
    } finally {
      gb.release();
    }
  }

  async #readHeld(gb: GpuBuffer, view: BufferView): Promise<TypedArray> {
    const { strides, offset, sizes, dtype } = view;
    await this.#settled(gb);
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
    const staging = this.#executor.staging;
    const target = staging.take(bytes);
    const encoder = device.createCommandEncoder();
    encoder.copyBufferToBuffer(buffer.gpu, first * 4, target, 0, bytes);
    device.queue.submit([encoder.finish()]);
    try {
      await staging.read(target, bytes, consume);
    } catch (e) {
      throw new DeviceError(this.#lost ? lostMessage(this.#lost, this.lent) : `reading WebGPU values failed: ${(e as Error).message}`);
    }
  }

  /** Destroys the GPU device (tests of device loss; the device is unusable afterwards). @example gpu.destroy() */
  destroy(): void {
    this.pool.clear();
    this.#executor.destroy();
    // A lent GPUDevice is the application's: only this library's use of it ends.
    if (this.lent) this.#lost ??= "destroyed: this library stopped using the GPUDevice your application gave";
    else this.#ctx.device.destroy();
  }

  /**
   * A GPUBuffer of the application's as a buffer of this device, without a copy. It needs STORAGE usage (and
   * COPY_SRC to be read back) and at least 4 bytes per element; it is never destroyed or pooled here.
   */
  adopt(native: unknown, dtype: DType, length: number): GpuBuffer {
    this.#checkUsable();
    const b = native as Partial<GPUBuffer> | null;
    if (typeof b !== "object" || b === null || typeof b.size !== "number" || typeof b.usage !== "number" || typeof b.destroy !== "function") {
      throw new ArgumentError(takesNot("fromGpuBuffer", "a GPUBuffer", native));
    }
    if ((b.usage & Usage.STORAGE) === 0) throw new ArgumentError("fromGpuBuffer needs a GPUBuffer with STORAGE usage (GPUBufferUsage.STORAGE; add COPY_SRC to read it back)");
    if (b.size < length * 4) throw new ArgumentError(`fromGpuBuffer: the GPUBuffer has ${b.size} bytes, fewer than the ${length * 4} that ${length} ${dtype} elements take (4 bytes each)`);
    return new GpuBuffer(this, dtype, length, b as GPUBuffer, true);
  }

  /** The GPUBuffer behind a buffer of this device, once the work writing it passed its checks. */
  async native(buffer: DeviceBuffer): Promise<GPUBuffer> {
    const gb = buffer as GpuBuffer;
    await this.#settled(gb);
    return gb.gpu;
  }

  /**
   * Waits for the work writing a buffer and throws what it found (an index error, out-of-memory), or that the
   * buffer was disposed meanwhile or lives on a lost device: what reading it or handing it out needs first.
   */
  async #settled(gb: GpuBuffer): Promise<void> {
    for (const c of gb.checks) {
      const error = await c.promise;
      if (error) throw error;
    }
    if (gb.freed) throw new StateError("this tensor was disposed; its values are gone");
    if (gb.generation !== this.generation || this.#lost) throw new DeviceError(lostMessage(this.#lost ?? "earlier", this.lent));
  }

  /** Returns idle pooled GPU memory to the driver. @example gpu.trim() */
  trim(): void {
    this.pool.clear();
    this.#executor.bindGroups.clear();
  }
}

/** The loader registered with the engine. @example registerDeviceLoader("webgpu", loadWebGpu) // then await setDevice("webgpu") */
export const loadWebGpu = (): Promise<Device> => WebGpuDevice.create();
