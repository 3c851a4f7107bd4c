// Layer: src/backend/cpu. The CPU's part of the device contract for sparse kernels: compiles the generated Wasm
// of a sparse kernel once per structure, and runs it over buffers in the Wasm heap, splitting its parallel
// outermost loop across the thread pool when there is enough work (the rows of an SpMV, SpMM or SDDMM). Under
// the reference engine the kernel is interpreted on the heap's arrays in float64 instead. Imports the contract,
// the sparse IR and interpreter, and this folder.
import type { DeviceBuffer, PreparedKernel, SparseKernel } from "../device-contract.js";
import { interpretSparse } from "../kernel/sparse/interpret.js";
import type { CpuBuffer } from "./buffer.js";
import type { WasmExecutor } from "./executor.js";
import { generateSparseWasm } from "./wasm/sparse.js";

interface CompiledSparse extends PreparedKernel {
  readonly kernel: SparseKernel;
  readonly module?: WebAssembly.Module;
  readonly run?: (...args: number[]) => void;
}

/** Passes of the parallel loop below which a sparse kernel runs on one thread. */
const PARALLEL_ROWS = Number(globalThis.process?.env?.NAMED_TENSOR_SPARSE_PARALLEL_ROWS ?? 4096);

/**
 * The sparse half of the CPU device: `executor` compiles and runs, `reference` interprets instead.
 * @example const s = cpuSparse(() => device.executor, () => false, device.heap.shared); s.run(s.prepare(k, hash), buffers)
 */
export function cpuSparse(executor: () => WasmExecutor, reference: () => boolean, shared: () => boolean) {
  const cache = new Map<string, CompiledSparse>();
  const memory = () => ({ shared: shared(), maxPages: 65536 });
  return {
    prepare(kernel: SparseKernel, hash: string): PreparedKernel {
      const known = cache.get(hash);
      if (known) return known;
      let compiled: CompiledSparse = { hash, kernel };
      if (!reference()) {
        const wasm = generateSparseWasm(kernel, memory());
        const module = new WebAssembly.Module(wasm.bytes);
        const instance = new WebAssembly.Instance(module, { env: { memory: executor().heap.memory } });
        compiled = { hash, kernel, module, run: instance.exports.run as (...args: number[]) => void };
        executor().stats.compiled++;
      }
      cache.set(hash, compiled);
      return compiled;
    },
    run(prepared: PreparedKernel, buffers: readonly DeviceBuffer[]): void {
      const c = prepared as CompiledSparse;
      const cpu = buffers as readonly CpuBuffer[];
      const extent = Math.max(1, c.kernel.parallelExtent);
      if (!c.run) {
        interpretSparse(c.kernel, cpu.map((b) => b.array as Int32Array | Float32Array), 0, extent);
        return;
      }
      const ex = executor();
      ex.stats.launches++;
      const args = cpu.map((b) => b.address);
      if (ex.pool && c.kernel.parallelExtent >= PARALLEL_ROWS) ex.pool.run({ hash: c.hash, module: c.module!, run: c.run } as never, () => args, extent);
      else c.run(...args, 0, extent);
    },
    generatedCode(kernel: SparseKernel): { code: string; language: string } {
      return { code: generateSparseWasm(kernel, memory()).text, language: "WebAssembly (text form)" };
    },
  };
}
