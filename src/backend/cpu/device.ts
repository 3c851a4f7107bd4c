// Layer: src/backend/cpu. The CPU device (the device contract, src/backend/device-contract.ts): buffers live
// in one Wasm heap; scheduled kernels run as generated Wasm on all cores (executor.ts), routines as typed-array
// loops. `engine: "reference"` (or NAMED_TENSOR_CPU=reference) has the realize loop compute values with the
// float64 reference interpreter instead — the executable spec, and the fallback where generating code is
// forbidden (no WebAssembly compilation allowed). Imports the contract and the kernel pipeline; never src/graph.
import { type BufferView, type DType, type Device, type Kernel, type KernelStats, LiveBuffers, type LowerOptions, type MemoryStats, type PreparedKernel, type Program, type TypedArray, readStrided } from "../device-contract.js";
import { schedules } from "../kernel/lower.js";
import { sparseRoutineBuffers } from "../kernel/routine.js";
import { wasmNative } from "./wasm/opcodes.js";
import { generateWasm } from "./wasm/codegen.js";
import { CpuBuffer, typedArrayFor } from "./buffer.js";
import { WasmExecutor } from "./executor.js";
import { WasmHeap } from "./heap.js";
import { ThreadPool } from "./threads.js";
import { cpuSparse } from "./sparse.js";

/** The CPU device's scheduling passes (lower.ts's list for the Wasm generator's native functions), built once. */
export const cpuPasses = schedules.cpu(wasmNative);

export interface CpuOptions {
  /** "wasm" (generated kernels, the default) or "reference" (the float64 interpreter). */
  readonly engine?: "wasm" | "reference";
  /** Threads including the calling one (default: the machine's cores). */
  readonly threads?: number;
}

const env = (globalThis as { process?: { env?: Record<string, string | undefined>; getBuiltinModule?: (n: string) => unknown } }).process;

function defaultThreads(): number {
  const requested = Number(env?.env?.NAMED_TENSOR_THREADS);
  if (requested >= 1) return requested;
  const os = env?.getBuiltinModule?.("node:os") as { availableParallelism?: () => number } | undefined;
  const cores = os?.availableParallelism?.() ?? (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
  return Math.max(1, Math.min(16, cores));
}

/** Said once per page: why kernels run on one thread where the machine has more. */
let notedSingleThread = false;
function noteSingleThread(threads: number): void {
  const page = globalThis as { document?: unknown; crossOriginIsolated?: boolean };
  if (notedSingleThread || page.document === undefined || page.crossOriginIsolated === true) return;
  notedSingleThread = true;
  console.info(
    `named-tensor: the CPU device runs on one thread of ${threads}: threads need SharedArrayBuffer, which a page has when it is cross-origin isolated (serve it with the headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)`,
  );
}

export class CpuDevice implements Device {
  readonly name = "cpu";
  readonly heap = new WasmHeap();
  readonly engine: "wasm" | "reference";
  readonly #threads: number;
  #executor: WasmExecutor | undefined;

  constructor(options: CpuOptions = {}) {
    const canCompile = typeof WebAssembly === "object" && typeof WebAssembly.Module === "function";
    this.engine = options.engine ?? (env?.env?.NAMED_TENSOR_CPU === "reference" || !canCompile ? "reference" : "wasm");
    this.#threads = options.threads ?? defaultThreads();
  }

  /** The executor, created on first use (the thread pool starts then). */
  get executor(): WasmExecutor {
    if (!this.#executor) {
      const pool = this.#threads > 1 ? ThreadPool.create(this.heap.memory, this.#threads - 1) : undefined;
      if (this.#threads > 1 && !pool) noteSingleThread(this.#threads);
      this.#executor = new WasmExecutor(this.heap, pool);
    }
    return this.#executor;
  }

  /**
   * Threads a kernel can split across now, the calling one included (1 until the pool starts: in a browser
   * its Web Workers join as they start). @example (await getDevice("cpu")).threads // 2 on two cores
   */
  get threads(): number {
    return this.#executor?.pool?.size ?? 1;
  }

  /** Kernels compiled and reused so far (zeros until the first kernel runs). */
  /** Buffers live on this device (see memory()). */
  readonly live = new LiveBuffers();

  memory(): MemoryStats {
    const { bytes, buffers, peakBytes } = this.live;
    return { bytes, buffers, peakBytes, kernels: this.stats.compiled };
  }

  get stats(): KernelStats {
    return this.#executor?.stats ?? { compiled: 0, cacheHits: 0, launches: 0 };
  }

  /** Plan limits (none) and the CPU's scheduling passes. */
  readonly lowering: LowerOptions = { passes: cpuPasses, accumulateAcrossRows: true };

  /** Generated kernels read each element before they write it: an elementwise kernel may write its input. */
  get writesInPlace(): boolean {
    return this.engine === "wasm";
  }

  /** True under the reference engine: the realize loop evaluates the graph in float64. */
  get interpretsGraph(): boolean {
    return this.engine === "reference";
  }

  allocate(dtype: DType, length: number): CpuBuffer {
    return new CpuBuffer(this.heap, dtype, length, this.live);
  }

  upload(values: TypedArray, dtype: DType): CpuBuffer {
    const buffer = new CpuBuffer(this.heap, dtype, values.length, this.live);
    buffer.array.set(values);
    return buffer;
  }

  prepare(kernel: Kernel, hash: string): PreparedKernel {
    return this.executor.compile(hash, kernel);
  }

  /** A program: the executor's, with sparse routines run by the sparse part (generated Wasm, at once). */
  begin(): Program {
    return (this.#program ??= this.#withSparse(this.executor.begin()));
  }
  #program: Program | undefined;
  #withSparse(program: Program): Program {
    return {
      dispatch: program.dispatch,
      routine: (routine, out, inputs) => {
        if (routine.kind !== "sparse") return program.routine(routine, out, inputs);
        const buffers = sparseRoutineBuffers(routine, out, inputs);
        for (const k of routine.kernels) this.sparse.run(this.sparse.prepare(k.kernel, k.hash), buffers);
      },
      finish: program.finish,
    };
  }

  /** Sparse kernels: generated Wasm on the thread pool (the reference engine interprets them). */
  readonly sparse = cpuSparse(
    () => this.executor,
    () => this.engine === "reference",
    () => this.heap.shared,
  );

  generatedCode(kernel: Kernel): { code: string; language: string } {
    return { code: generateWasm(kernel, { shared: this.heap.shared, maxPages: 65536 }).text, language: "WebAssembly (text form)" };
  }

  readSync(view: BufferView): TypedArray {
    const src = (view.buffer as CpuBuffer).array;
    return readStrided(src, view, typedArrayFor(view.dtype, view.sizes.reduce((a, b) => a * b, 1)));
  }

  async read(view: BufferView): Promise<TypedArray> {
    return this.readSync(view);
  }
}
