// Layer: src/backend. The device contract — the narrow waist between the graph and the hardware. A device
// allocates, uploads, reads and frees buffers (reference counted: DeviceBuffer.retain/release), compiles a
// scheduled kernel (prepare, cached by structural hash), and runs programs of kernels and routines (begin →
// dispatch/routine… → finish). It never sees the graph: the shared realize loop (realize.ts) lowers nodes,
// binds their buffers and materialises the results. Device folders import this file and src/backend/kernel
// only. Imports graph types for the buffer vocabulary the graph stores (type-only), and the kernel IR.
import type { DType, DeviceBuffer } from "../graph/node.js";
import type { Kernel } from "./kernel/ir.js";
import type { LowerOptions } from "./kernel/lower.js";
import type { Routine } from "./kernel/routine.js";
import type { SparseKernel } from "./kernel/sparse/ir.js";

export type { DType, DeviceBuffer, Kernel, LowerOptions, Routine, SparseKernel };

export type TypedArray = Float32Array | Int32Array | Uint8Array;

/** Counts of compiled kernels and cache hits (a second call of the same expression compiles nothing). */
export interface KernelStats {
  compiled: number;
  cacheHits: number;
  launches: number;
  /** Per kernel, the device's own measure of its time, where the device measures it (WebGPU timestamp queries). */
  timings?: readonly KernelTiming[];
}

/** The time a device measured for one kernel (or routine step), summed over its timed launches. */
export interface KernelTiming {
  /** The kernel's structural hash (a routine step: its name). */
  readonly kernel: string;
  /** What it computes, in index notation (first line), for reading a profile. */
  readonly label: string;
  launches: number;
  /** Time on the device, in nanoseconds. */
  nanoseconds: number;
}

/** What a device holds now: live buffers and their bytes, the most bytes held at once, kernels compiled. */
export interface MemoryStats {
  bytes: number;
  buffers: number;
  peakBytes: number;
  kernels: number;
}

/**
 * Live buffer counts kept by a device's buffers: each buffer adds itself when made and removes itself when
 * freed, so `memoryStats()` is exact at every moment (no garbage collector in the loop).
 * @example const live = new LiveBuffers(); live.add(64); live.remove(64); live.peakBytes // 64
 */
export class LiveBuffers {
  bytes = 0;
  buffers = 0;
  peakBytes = 0;
  add(bytes: number): void {
    this.bytes += bytes;
    this.buffers++;
    if (this.bytes > this.peakBytes) this.peakBytes = this.bytes;
  }
  remove(bytes: number): void {
    this.bytes -= bytes;
    this.buffers--;
  }
}

/** One kernel (or routine) as explain() shows it. */
export interface KernelReport {
  /** A fused kernel (generated code), or a routine (fixed code per device: sort, scatter-add). */
  readonly kind: "kernel" | "routine";
  readonly hash: string;
  /** The kernel in tensor index notation (a routine: its one-line description). */
  readonly indexNotation: string;
  /** The generated code and its language. */
  readonly code: string;
  readonly language: string;
}

/** Values in a buffer as a tensor sees them: its dims' sizes in logical order, their strides and an offset. */
export interface BufferView {
  readonly buffer: DeviceBuffer;
  readonly dtype: DType;
  readonly sizes: readonly number[];
  readonly strides: readonly number[];
  readonly offset: number;
}

/** A kernel compiled by a device (opaque outside it). */
export interface PreparedKernel {
  readonly hash: string;
}

/**
 * The work of one realize, in order. The CPU runs each call at once and throws an error it finds (an index
 * out of range) from that call; WebGPU encodes the calls, submits them on finish(), and attaches the errors
 * found while running (an index out of range, out of memory) to the output buffers: reading one throws them.
 */
export interface Program {
  /**
   * Runs a prepared kernel: `out` from `inputs` (by input slot) and the param values (by param slot); `more`: the
   * buffers of its further outputs (kernel/ir.ts moreOutputs), in order, for a kernel with several outputs.
   */
  dispatch(kernel: PreparedKernel, out: DeviceBuffer, inputs: readonly DeviceBuffer[], params: readonly number[], more?: readonly DeviceBuffer[]): void;
  /**
   * Runs a routine: `out` from its contiguous `inputs`. A sparse routine (generated sparse kernels, compiled
   * through the device's `sparse` part) binds `out` and the inputs in the kernels' buffer order.
   */
  routine(routine: Routine, out: DeviceBuffer, inputs: readonly DeviceBuffer[]): void;
  /** Ends the program; called exactly once, also after a dispatch threw. */
  finish(): void;
}

/** What a device does. Implemented by src/backend/cpu and src/backend/webgpu; driven by realize.ts. */
export interface Device {
  readonly name: string;
  /** Kernels compiled, kernel cache hits and kernel launches so far. */
  readonly stats: KernelStats;
  /** Buffers and bytes live now, the peak, and kernels compiled (memoryStats()). */
  memory(): MemoryStats;
  /** The device's part of the lowering: its plan limits and scheduling passes (one list, kernel/lower.ts). */
  readonly lowering: LowerOptions;
  /** True where values are computed by the float64 reference interpreter instead (no code is generated). */
  readonly interpretsGraph?: boolean;
  /**
   * True where a kernel may write a buffer it also reads, when it reads it only at the element it writes (an
   * elementwise kernel): a traced step then writes a variable's new value over its old buffer (realize.ts
   * `bindOn`; the device binds that buffer as it must: WebGPU binds it once, read_write, in an in-place variant
   * of the kernel, as one buffer bound read-only and read-write in a dispatch is invalid).
   */
  readonly writesInPlace?: boolean;
  /** A new buffer of `length` elements (its contents undefined until a program writes it). */
  allocate(dtype: DType, length: number): DeviceBuffer;
  /** Copies contiguous values into a new buffer. */
  upload(values: TypedArray, dtype: DType): DeviceBuffer;
  /** The values of a view in logical row-major order, if the device can give them synchronously. */
  readSync?(view: BufferView): TypedArray;
  /** The values of a view in logical row-major order (throws the errors attached to its buffer). */
  read(view: BufferView): Promise<TypedArray>;
  /** The compiled kernel (from the device's cache when this structural hash was compiled before). */
  prepare(kernel: Kernel, hash: string): PreparedKernel;
  /** Starts a program. */
  begin(): Program;
  /** The code generated for a scheduled kernel, for explain(); nothing is compiled or run. */
  generatedCode(kernel: Kernel): { readonly code: string; readonly language: string };
  /**
   * Interop: a device-native buffer of the user's (a GPUBuffer) as a buffer of this device, without a copy. The
   * user keeps owning it: releasing the last reference never frees or reuses it.
   */
  adopt?(native: unknown, dtype: DType, length: number): DeviceBuffer;
  /** Interop: the device-native buffer behind one of this device's buffers, once the work writing it is checked. */
  native?(buffer: DeviceBuffer): Promise<unknown>;
  /**
   * Sparse kernels (kernel/sparse/ir.ts: taco's loops over pos/idx and merges), where the device generates them:
   * compile (cached by `hash`; a refusal throws) and show the generated code. They run as a program's sparse
   * routine steps (`Program.routine`, kernel/routine.ts `SparseRoutine`), traced or not. A device without them
   * leaves them out, and the sparse front end says which expression and format it cannot run there.
   */
  readonly sparse?: {
    prepare(kernel: SparseKernel, hash: string): PreparedKernel;
    generatedCode(kernel: SparseKernel): { readonly code: string; readonly language: string };
  };
}

/**
 * Copies the elements of a strided view (`view.sizes` at `view.strides`, from `offset` in `src`) into `out`
 * in row-major order: how a device turns a view's buffer into the values the user reads.
 * @example readStrided(new Float32Array([1, 2, 3, 4]), { sizes: [2, 2], strides: [1, 2], offset: 0 }, new Float32Array(4)) // [1, 3, 2, 4]
 */
export function readStrided<Out extends { [i: number]: number; readonly length: number; set(values: ArrayLike<number>): void }>(
  src: { readonly [i: number]: number; subarray(begin: number, end: number): ArrayLike<number> },
  view: Pick<BufferView, "sizes" | "strides" | "offset">,
  out: Out,
): Out {
  const { sizes, strides, offset } = view;
  let dense = 1;
  let contiguous = true;
  for (let d = sizes.length - 1; d >= 0; d--) {
    if (strides[d] !== dense && sizes[d]! > 1) contiguous = false;
    dense *= sizes[d]!;
  }
  if (contiguous) {
    out.set(src.subarray(offset, offset + out.length));
    return out;
  }
  const idx = sizes.map(() => 0);
  let o = offset;
  for (let flat = 0; flat < out.length; flat++) {
    out[flat] = src[o]!;
    // Odometer step: bump the last index, carrying into earlier ones.
    for (let d = sizes.length - 1; d >= 0; d--) {
      idx[d]!++;
      o += strides[d]!;
      if (idx[d]! < sizes[d]!) break;
      o -= strides[d]! * sizes[d]!;
      idx[d] = 0;
    }
  }
  return out;
}
