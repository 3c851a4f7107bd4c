// Layer: top (beside src/tensor.ts). GPU interop: the library shares a GPUDevice the application already has
// (its renderer's, onnxruntime-web's, tfjs'), wraps a GPUBuffer of the application's as a tensor without a copy,
// and hands out the GPUBuffer behind a tensor. Ownership, in one place:
//   - useGpuDevice(device): the application keeps the GPUDevice; the library never destroys it, and after its
//     loss new WebGPU work fails until another is given (nothing is replaced behind the application's back).
//   - fromGpuBuffer(buffer, …): the application keeps the GPUBuffer; the tensor reads (and never writes) it and
//     never destroys or pools it. The buffer must outlive the tensor and every lazy result computed from it.
//   - gpuBufferOf(t): a lease. The GPUBuffer stays valid (the library does not reuse it) until `release()` —
//     also after `t` is disposed; the application must not destroy it, and should not write it.
import { adoptNode, deviceOf, loadedDevice, realize, registerDevice, setDevice } from "./backend/engine.js";
import { WebGpuDevice, type WebGpuOptions } from "./backend/webgpu/device.js";
import { contiguousStrides } from "./graph/node.js";
import { checkShape, checkUnique } from "./shape/dims.js";
import { Tensor, wrap, tensorArg } from "./tensor.js";
import type { CheckShape, DType, Plain, Shape } from "./types/dims.js";
import { ArgumentError, DeviceError, takesNot } from "./types/errors.js";
import type { Guard, NoInferred } from "./types/guard.js";

/**
 * Makes the library compute on a GPUDevice the application already has, so tensors and the application's
 * own GPU work share buffers. Call it before other WebGPU work (it replaces an idle "webgpu" device; one
 * holding tensors is an error). New tensors are created on it.
 * @example const gpu = await useGpuDevice(device); gpu.lent // true: device is your application's GPUDevice
 */
export async function useGpuDevice(device: GPUDevice, options: WebGpuOptions = {}): Promise<WebGpuDevice> {
  const d = device as Partial<GPUDevice> | null;
  if (typeof d !== "object" || d === null || typeof d.createBuffer !== "function" || typeof d.createComputePipeline !== "function") {
    throw new ArgumentError(takesNot("useGpuDevice", "a GPUDevice", device));
  }
  const current = loadedDevice("webgpu");
  if (current instanceof WebGpuDevice && current.gpu === device) return (await setDevice(current)) as WebGpuDevice;
  const held = current?.memory().buffers ?? 0;
  if (held > 0) throw new DeviceError(`useGpuDevice: a WebGPU device is already in use and holds ${held} buffers; give your GPUDevice before any WebGPU work (or dispose those tensors first)`);
  const gpu = WebGpuDevice.lend(device, options);
  registerDevice(gpu);
  return (await setDevice(gpu)) as WebGpuDevice;
}

/** Options of fromGpuBuffer: the dtype of the buffer's 4-byte elements (bool: a u32 0/1 each). */
export interface GpuBufferOptions<Dt extends DType> {
  readonly dtype?: Dt;
}

/**
 * A tensor over a GPUBuffer of the application's, without a copy: its first `numel · 4` bytes, row-major over
 * `shape`. The buffer needs STORAGE usage (COPY_SRC too, to read values back) and must belong to the GPUDevice
 * the library uses (useGpuDevice). The application keeps owning it (see the file's header).
 * @example const t = fromGpuBuffer(buffer, [["batch", 2], ["feat", 3]]); await t.sum("feat").data()
 */
export function fromGpuBuffer<const S extends readonly (readonly [string, number])[], const Dt extends DType = "float32">(
  buffer: GPUBuffer,
  shape: Guard<CheckShape<S>, S>,
  options: GpuBufferOptions<Dt> = {},
): Tensor<Plain<S>, NoInferred<Dt>> {
  const gpu = loadedDevice("webgpu");
  if (!gpu) throw new DeviceError("fromGpuBuffer: no WebGPU device is in use yet: call useGpuDevice(device) (or await setDevice(\"webgpu\")) first");
  if (!Array.isArray(shape)) throw new ArgumentError(takesNot("fromGpuBuffer", "a shape ([name, size] pairs)", shape));
  const dims = checkShape(shape as readonly (readonly [string, number])[]);
  checkUnique(dims.map((d) => d.name));
  const dtype = options.dtype ?? "float32";
  if (dtype !== "float32" && dtype !== "int32" && dtype !== "bool") throw new ArgumentError(takesNot("fromGpuBuffer's dtype", '"float32", "int32" or "bool"', dtype));
  return wrap(adoptNode(gpu, buffer, dtype, dims.map(({ name, size }) => ({ name, size }))));
}

/** The GPUBuffer behind a tensor, leased: valid until release() (see the file's header). */
export interface GpuBufferLease {
  readonly buffer: GPUBuffer;
  /** Where the tensor's elements start in the buffer, in bytes. */
  readonly byteOffset: number;
  /** The tensor's elements, row-major over its dims, 4 bytes each. */
  readonly byteLength: number;
  /** Ends the lease: the library may reuse the buffer once no tensor holds it. Calling it twice is harmless. */
  release(): void;
  [Symbol.dispose](): void;
}

/**
 * The GPUBuffer holding a WebGPU tensor's values, row-major over its dims (a strided view is copied first), for
 * the application's own GPU work: once the work computing it passed its checks (an index error throws here).
 * @example using lease = await gpuBufferOf(y); encoder.copyBufferToBuffer(lease.buffer, lease.byteOffset, staging, 0, lease.byteLength)
 */
export async function gpuBufferOf(t: Tensor<Shape, DType>): Promise<GpuBufferLease> {
  tensorArg("gpuBufferOf", t);
  const device = deviceOf(t.node);
  if (!device.native) throw new ArgumentError(`gpuBufferOf: this tensor lives on ${device.name}, not on WebGPU: move it with await t.to("webgpu")`);
  let node = t.node;
  realize([node]);
  const sized = (strides: readonly number[]) => strides.filter((_, i) => node.dims[i]!.size > 1);
  if (sized(node.storage!.strides).join() !== sized(contiguousStrides(node.dims)).join()) {
    node = t.contiguous().node;
    realize([node]);
  }
  const storage = node.storage!;
  storage.buffer.retain();
  let held = true;
  const release = () => {
    if (held) storage.buffer.release();
    held = false;
  };
  try {
    const buffer = (await device.native(storage.buffer)) as GPUBuffer;
    return { buffer, byteOffset: storage.offset * 4, byteLength: node.numel * 4, release, [Symbol.dispose]: release };
  } catch (e) {
    release();
    throw e;
  }
}
