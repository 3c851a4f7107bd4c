// Layer: src/backend/cpu. Runs scheduled kernels as generated Wasm: compiles each kernel once per structural
// hash (the cache key from src/backend/kernel/hash.ts; a second call on new data compiles nothing), binds
// buffers and params, splits the parallel loop across the thread pool, and turns a gather index error
// reported by a kernel into a ShapeError. Routines run as typed-array loops (routines.ts). Imports the
// kernel IR, the device contract and this device's modules; never src/graph.
import { ShapeError, indexRange } from "../../types/errors.js";
import type { DeviceBuffer, KernelStats, PreparedKernel, Program, Routine } from "../device-contract.js";
import type { Kernel } from "../kernel/ir.js";
import { CpuBuffer } from "./buffer.js";
import type { WasmHeap } from "./heap.js";
import { scatterAdd, sortPositions } from "./routines.js";
import type { ThreadPool } from "./threads.js";
import { type WasmKernel, generateWasm } from "./wasm/codegen.js";

/** A kernel compiled to a Wasm module, with its function on the main thread. */
export interface CompiledKernel extends PreparedKernel {
  readonly kernel: Kernel;
  readonly wasm: WasmKernel;
  readonly module: WebAssembly.Module;
  readonly run: (...args: number[]) => void;
}

/**
 * Below this much work (output elements times the points of its reductions) a kernel runs on one thread,
 * contractions included: handing half of it to the worker (a message, an Atomics wake, the wait for it) costs
 * more than it saves. Measured on the project machine with bench/run.mjs (the affine, small-matmul, mlp and iris
 * workloads at thresholds 2^15 … 2^22 and one thread): x·2+1 gains from the second thread from about 4e6 elements,
 * matmul from about 128³, and the MLP step was slowest at the old 2^15. `NAMED_TENSOR_PARALLEL_WORK` overrides it
 * (another machine, another crossover).
 */
export const PARALLEL_WORK = Number(globalThis.process?.env?.NAMED_TENSOR_PARALLEL_WORK ?? 1 << 20);

export class WasmExecutor {
  readonly cache = new Map<string, CompiledKernel>();
  readonly stats: KernelStats = { compiled: 0, cacheHits: 0, launches: 0 };

  constructor(
    readonly heap: WasmHeap,
    readonly pool: ThreadPool | undefined,
  ) {}

  /** The compiled kernel for a scheduled kernel (from the cache when its structure was seen before). */
  compile(hash: string, kernel: Kernel): CompiledKernel {
    const known = this.cache.get(hash);
    if (known) {
      this.stats.cacheHits++;
      return known;
    }
    const wasm = generateWasm(kernel, { shared: this.heap.shared, maxPages: 65536 });
    const module = new WebAssembly.Module(wasm.bytes as Uint8Array<ArrayBuffer>);
    const instance = new WebAssembly.Instance(module, { env: { memory: this.heap.memory } });
    const compiled: CompiledKernel = { hash, kernel, wasm, module, run: instance.exports.run as (...args: number[]) => void };
    this.cache.set(hash, compiled);
    this.stats.compiled++;
    return compiled;
  }

  /** A program that runs each kernel and routine as it is given (the CPU has nothing to batch). */
  begin(): Program {
    return {
      dispatch: (kernel, out, inputs, params) => this.launch(kernel as CompiledKernel, out as CpuBuffer, inputs as CpuBuffer[], params),
      routine: (routine, out, inputs) => this.routine(routine, out as CpuBuffer, inputs as CpuBuffer[]),
      finish: () => undefined,
    };
  }

  /** Runs a compiled kernel into `out`; throws a ShapeError when a gathered index was out of range. */
  launch(compiled: CompiledKernel, out: CpuBuffer, inputs: readonly DeviceBuffer[], params: readonly number[]): void {
    const { kernel } = compiled;
    const args = [out.address, ...inputs.map((b) => (b as CpuBuffer).address), ...params];
    const status = this.heap.i32(0, 3);
    status[0] = 0;
    const extent = compiled.wasm.parallelExtent;
    const work = kernel.output.length * Math.max(1, kernel.phases.reduce((n, p) => n + p.vars.reduce((m, v) => m * v.extent, 1), 0));
    this.stats.launches++;
    const parallel = this.pool !== undefined && extent > 1 && work >= PARALLEL_WORK;
    const parts = parallel ? Math.min(this.pool!.size, extent) : 1;
    const scratch = compiled.wasm.scratchBytes > 0 ? this.heap.alloc(parts * compiled.wasm.scratchBytes) : 0;
    const argsFor = (part: number): number[] => (scratch ? [...args, scratch + part * compiled.wasm.scratchBytes] : args);
    try {
      if (parallel) this.pool!.run(compiled, argsFor, extent, parts);
      else compiled.run(...argsFor(0), 0, extent);
    } finally {
      if (scratch) this.heap.free(scratch);
    }
    const check = this.heap.i32(0, 3);
    if (check[0]) {
      const load = compiled.wasm.dynamicLoads[check[2]!]!;
      check[0] = 0;
      throw new ShapeError(indexRange(check[1]!, load.dim, load.limit));
    }
  }

  /** Runs a routine on the host, reading and writing the buffers' heap views in place. */
  routine(routine: Routine, out: CpuBuffer, inputs: readonly CpuBuffer[]): void {
    this.stats.launches++;
    if (routine.kind === "sort") sortPositions(routine, inputs[0]!.array, out.array);
    else scatterAdd(routine, inputs[0]!.array, inputs[1]!.array, out.array);
  }
}
