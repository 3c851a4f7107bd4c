// Layer: src/backend/webgpu. WebGPU's part of the device contract for sparse kernels: a compute pipeline per
// kernel structure from the generated WGSL (wgsl/sparse.ts), with an explicit layout of one storage binding per
// buffer (operands read-only) and one per workspace type (bound by the executor from buffers it keeps), launched
// by the executor as a step of a program's compute pass (a sparse routine, executor.ts), whose results carry the
// compilation's check. A kernel with more buffers than the adapter's storage bindings packs them by class into
// one binding each (offsets in a uniform binding; the executor copies them in and out); one that still binds too
// many is refused with the count. Imports the contract, the sparse IR and this folder.
import type { PreparedKernel, SparseKernel } from "../device-contract.js";
import { SparseBindingLimitError } from "../kernel/sparse/ir.js";
import { DeviceError } from "../../types/errors.js";
import type { Check } from "./buffer.js";
import type { SparsePipeline } from "./executor.js";
import type { generateSparseWgsl } from "./wgsl/sparse.js";

/** A compiled sparse kernel; `compiled`: whether the driver accepted the WGSL and the pipeline (a rejection is the error every result carries). */
export interface CompiledSparse extends PreparedKernel, SparsePipeline {}

/**
 * The sparse WGSL generator (wgsl/sparse.ts), handed over by the sparse front end (sparse-realize.ts) when a
 * program makes sparse tensors, so that a dense-only app's bundle leaves it out.
 */
export const sparseWgsl: { generate?: typeof generateSparseWgsl } = {};

const generator = (): typeof generateSparseWgsl => {
  if (sparseWgsl.generate) return sparseWgsl.generate;
  throw new DeviceError("WebGPU's sparse kernel generator is not loaded: sparse kernels run only in a program that imports the sparse front end (sparse, fromCoo, the sparse readers)");
};

/** What a refused sparse kernel says: the expression, the operands' formats and the driver's reason. */
const refusal = (k: SparseKernel, what: string, message: string): DeviceError =>
  new DeviceError(`WebGPU could not ${what} the generated sparse kernel for ${k.title}${k.formats ? ` (operands ${k.formats})` : ""}: ${message}`);

/** A check over the validation and out-of-memory scopes pushed last (popped in reverse). */
function scopes(device: GPUDevice, k: SparseKernel, what: string): Check {
  const promise = Promise.all([device.popErrorScope(), device.popErrorScope()]).then(
    ([validation, memory]) => (memory ? refusal(k, what, `out of memory: ${memory.message}`) : validation ? refusal(k, what, validation.message) : undefined),
    (e: unknown) => refusal(k, what, String((e as Error)?.message ?? e)),
  );
  const check: Check = { promise, ok: false };
  void promise.then((e) => void (check.ok = e === undefined));
  return check;
}

/**
 * The sparse half of the WebGPU device over `gpu()` (the current GPUDevice), counting into `stats`; `budget()`:
 * a lower limit on a kernel's storage bindings than the adapter's (tests), undefined for the adapter's.
 * @example const s = webgpuSparse(() => device.gpu, stats); s.prepare(k, hash).pipeline // launched by the executor (a sparse routine)
 */
export function webgpuSparse(gpu: () => GPUDevice, stats: { compiled: number; cacheHits: number; launches: number }, budget: () => number | undefined = () => undefined) {
  /** The most storage bindings a kernel may take on `device`. */
  const maxBindings = (device: GPUDevice): number => Math.min(device.limits.maxStorageBuffersPerShaderStage, budget() ?? Infinity);
  /** The most bytes one storage binding may have on `device`. */
  const bindingBytes = (device: GPUDevice): number => Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
  const cache = new Map<string, CompiledSparse>();
  let owner: GPUDevice | undefined;
  return {
    prepare(kernel: SparseKernel, hash: string): CompiledSparse {
      const device = gpu();
      if (owner !== device) {
        owner = device; // a restarted device compiles again
        cache.clear();
      }
      const limit = maxBindings(device);
      const key = `${hash}:${limit}`;
      const known = cache.get(key);
      if (known) {
        stats.cacheHits++;
        return known;
      }
      const { code, groups, bindings, workspace, packs } = generator()(kernel, bindingBytes(device), limit);
      if (bindings.length > limit) throw new SparseBindingLimitError(`the kernel binds ${bindings.length} buffers, more than this adapter's ${limit} (maxStorageBuffersPerShaderStage)`);
      // A WGSL or pipeline error is not thrown here: it is caught in scopes and carried by every result, so reading
      // one throws a DeviceError naming the expression (never a silently unwritten, zero result).
      device.pushErrorScope("out-of-memory");
      device.pushErrorScope("validation");
      const entries: GPUBindGroupLayoutEntry[] = bindings.map((output, n) => ({ binding: n, visibility: 4 /* GPUShaderStage.COMPUTE */, buffer: { type: output ? "storage" : "read-only-storage" } }));
      // Packed buffers' offsets: a uniform after the storage bindings.
      if (packs.length) entries.push({ binding: bindings.length, visibility: 4, buffer: { type: "uniform" } });
      const layout = device.createBindGroupLayout({ entries });
      const pipeline = device.createComputePipeline({
        layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
        compute: { module: device.createShaderModule({ code }), entryPoint: "main" },
      });
      const compiled: CompiledSparse = { hash, pipeline, layout, groups, kernel, workspace, packs, compiled: scopes(device, kernel, "compile") };
      cache.set(key, compiled);
      stats.compiled++;
      return compiled;
    },
    generatedCode(kernel: SparseKernel): { code: string; language: string } {
      const device = gpu();
      return { code: generator()(kernel, bindingBytes(device), maxBindings(device)).code, language: "WGSL" };
    },
  };
}
