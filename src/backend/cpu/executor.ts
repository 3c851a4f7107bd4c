// Layer: src/backend/cpu. Runs scheduled kernels as generated Wasm: compiles each kernel once per structural
// hash (the cache key from src/backend/kernel/hash.ts; a second call on new data compiles nothing), binds
// buffers and params, splits the parallel loop across the thread pool, and turns a gather index error
// reported by a kernel into a ShapeError. Routines run as typed-array loops (routines.ts). Imports the
// kernel IR, the device contract and this device's modules; never src/graph.
import { InternalError, ShapeError, indexRange } from "../../types/errors.js";
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
  /** Output elements times the points of its reductions (what the split thresholds compare). */
  readonly work: number;
  /** The threads it was compiled for (its work units), and those a launch splits it across (1: this one). */
  readonly threads: number;
  readonly parts: number;
}

/**
 * Below these amounts of work (output elements times the points of its reductions) a kernel runs on one
 * thread: handing part of it to a worker costs more than it saves. Measured on the project machine (2-core AMD
 * EPYC VM) by bench/threads-crossover.mjs, which times each size with the split forced on and off, interleaved
 * (bench/RESULTS.md, "Split launches"): since the pool's threads spin briefly before sleeping (threads.ts SPINS)
 * a split launch costs about 1 µs, and since the threads take chunks from a shared counter (a worker the system
 * runs late leaves its chunks to the calling thread) a split is no slower than one thread when another process
 * holds the second core (0.95–1.0× there, against 0.02–0.9× with fixed halves). x*2+1 gains from 3e4 elements
 * (1.2×; 1e5 1.6×, 1e6 1.8×), loses below 1e4 (0.9×): elementwise kernels split from 2^15. Contractions (and
 * online kernels) split from 2^17 points (51³): a matmul gains from 48³ (1.16×; 64³ 1.38×, 128³ 1.83× on a quiet
 * machine). `NAMED_TENSOR_PARALLEL_WORK` (both) and `NAMED_TENSOR_PARALLEL_GEMM` (contractions) override them for
 * another machine.
 */
export const PARALLEL_WORK = Number(globalThis.process?.env?.NAMED_TENSOR_PARALLEL_WORK ?? 1 << 15);
export const PARALLEL_GEMM = Number(globalThis.process?.env?.NAMED_TENSOR_PARALLEL_GEMM ?? globalThis.process?.env?.NAMED_TENSOR_PARALLEL_WORK ?? 1 << 17);

const points = (vars: readonly { readonly extent: number }[]): number => vars.reduce((n, v) => n * v.extent, 1);
/**
 * A kernel's work: output elements times the points of its reductions; for an online kernel (attention and its
 * backward), rows × keys × (its dot products' points + the inner points each key updates) — compute-bound like
 * a contraction, and split from the same threshold.
 */
const workOf = (k: Kernel): number =>
  k.online
    ? points(k.outer) * points(k.online.vars) * (k.online.phases.reduce((n, p) => n + points(p.vars), 0) + points(k.inner))
    : k.output.length * Math.max(1, k.phases.reduce((n, p) => n + points(p.vars), 0));

/**
 * The chunks a split launch cuts its parallel loop into (threads.ts: the threads take chunks until none is
 * left): about one per CHUNK_WORK of work, at least one per thread and at most 8 per thread. More chunks let
 * the calling thread take over the share of a worker the system runs late (another process on its core); each
 * costs a call into the kernel and two atomic adds (~0.1 µs), so a chunk holds several µs of work.
 */
const CHUNK_WORK = 1 << 16;
const chunksOf = (c: CompiledKernel): number => Math.min(8 * c.parts, Math.max(c.parts, Math.floor(c.work / (c.kernel.contraction || c.kernel.online ? 16 * CHUNK_WORK : CHUNK_WORK))));

/**
 * The calls a kernel's first launch on one thread is made in: V8 runs a module's first calls in its baseline
 * compiler and switches to the optimized code only at a later call, so a large kernel run in one call ran its
 * whole first launch 2–4× slower (a 1024³ product: 171 ms, then 44). In pieces over its parallel extent the
 * later pieces run optimized (each output is computed the same way whatever the pieces: a thread's share).
 */
const firstPieces = (c: CompiledKernel): number => (c.work >= 16 * CHUNK_WORK ? Math.min(8, c.wasm.parallelExtent) : 1);

export class WasmExecutor {
  readonly cache = new Map<string, CompiledKernel>();
  readonly stats: KernelStats = { compiled: 0, cacheHits: 0, launches: 0 };
  /** The split thresholds (bench/threads-crossover.mjs changes them at run time to compare). */
  readonly split = { map: PARALLEL_WORK, contraction: PARALLEL_GEMM };
  #status: Int32Array;
  /** Kernels launched before (on one thread: their first launch runs in pieces, see firstPieces). */
  readonly #fresh = new WeakSet<CompiledKernel>();
  readonly #variants = new Map<string, CompiledKernel>();

  constructor(
    readonly heap: WasmHeap,
    readonly pool: ThreadPool | undefined,
  ) {
    this.#status = heap.i32(0, 3);
  }

  /** The compiled kernel for a scheduled kernel (from the cache when its structure was seen before). */
  compile(hash: string, kernel: Kernel): CompiledKernel {
    const known = this.cache.get(hash);
    if (known) {
      this.stats.cacheHits++;
      return known;
    }
    const compiled = this.#build(hash, kernel, this.#threadsFor(kernel, workOf(kernel)));
    this.cache.set(hash, compiled);
    return compiled;
  }

  /** The threads a kernel of this much work is split across under the current thresholds. */
  #threadsFor(kernel: Kernel, work: number): number {
    const threshold = kernel.contraction || kernel.online ? this.split.contraction : this.split.map;
    return this.pool !== undefined && work >= threshold ? this.pool.size : 1;
  }

  #build(hash: string, kernel: Kernel, threads: number): CompiledKernel {
    const wasm = generateWasm(kernel, { shared: this.heap.shared, maxPages: 65536 }, threads);
    const module = new WebAssembly.Module(wasm.bytes as Uint8Array<ArrayBuffer>);
    const instance = new WebAssembly.Instance(module, { env: { memory: this.heap.memory } });
    const parts = Math.min(threads, wasm.parallelExtent);
    this.stats.compiled++;
    return { hash, kernel, wasm, module, run: instance.exports.run as (...args: number[]) => void, work: workOf(kernel), threads, parts };
  }

  /**
   * The compiled kernel to launch: itself, unless the thresholds changed since it was compiled (a measurement
   * script's doing) and it now splits across another number of threads: then the variant for that number.
   */
  #current(compiled: CompiledKernel): CompiledKernel {
    const threads = this.#threadsFor(compiled.kernel, compiled.work);
    if (threads === compiled.threads) return compiled;
    const key = `${compiled.hash}/${threads}`;
    let variant = this.#variants.get(key);
    if (!variant) this.#variants.set(key, (variant = this.#build(compiled.hash, compiled.kernel, threads)));
    return variant;
  }

  /** A program that runs each kernel and routine as it is given (the CPU has nothing to batch). */
  begin(): Program {
    return this.#program;
  }
  /** One program object for every realize (it holds no state of its own). */
  readonly #program: Program = {
    dispatch: (kernel, out, inputs, params, more) => this.launch(kernel as CompiledKernel, out as CpuBuffer, inputs as CpuBuffer[], params, more as CpuBuffer[] | undefined),
    routine: (routine, out, inputs) => this.routine(routine, out as CpuBuffer, inputs as CpuBuffer[]),
    finish: () => undefined,
  };

  /**
   * Runs a compiled kernel into `out` (and `more`, its further outputs); throws a ShapeError when a gathered index
   * was out of range.
   */
  launch(given: CompiledKernel, out: CpuBuffer, inputs: readonly DeviceBuffer[], params: readonly number[], more: readonly CpuBuffer[] = []): void {
    const compiled = this.#current(given);
    const { wasm, parts } = compiled;
    const args: number[] = [out.address];
    for (const b of inputs) args.push((b as CpuBuffer).address);
    for (const b of more) args.push(b.address);
    for (const p of params) args.push(p);
    // The status words live in the first page; a non-shared memory's views go stale when it grows (a shared
    // memory's never do, and reading its .buffer makes a new object: not asked for then).
    const shared = this.heap.shared;
    let status = this.#status;
    if (!shared && status.buffer !== this.heap.memory.buffer) status = this.#status = this.heap.i32(0, 3);
    status[0] = 0;
    this.stats.launches++;
    const scratch = wasm.scratchBytes > 0 ? this.heap.alloc(parts * wasm.scratchBytes) : 0;
    try {
      if (parts > 1) this.pool!.run(compiled, (part) => (scratch ? [...args, scratch + part * wasm.scratchBytes] : args), wasm.parallelExtent, parts, undefined, undefined, chunksOf(compiled));
      else {
        if (scratch) args.push(scratch);
        const pieces = this.#fresh.has(compiled) ? 1 : firstPieces(compiled);
        this.#fresh.add(compiled);
        for (let p = 0; p < pieces; p++) compiled.run(...args, Math.floor((p * wasm.parallelExtent) / pieces), Math.floor(((p + 1) * wasm.parallelExtent) / pieces));
      }
    } finally {
      if (scratch) this.heap.free(scratch);
    }
    if (!shared && status.buffer !== this.heap.memory.buffer) status = this.#status = this.heap.i32(0, 3);
    if (status[0]) {
      const load = wasm.dynamicLoads[status[2]!]!;
      status[0] = 0;
      throw new ShapeError(indexRange(status[1]!, load.dim, load.limit));
    }
  }

  /** Runs a routine on the host, reading and writing the buffers' heap views in place. */
  routine(routine: Routine, out: CpuBuffer, inputs: readonly CpuBuffer[]): void {
    this.stats.launches++;
    if (routine.kind === "sort") sortPositions(routine, inputs[0]!.array, out.array);
    else if (routine.kind === "scatterAdd") scatterAdd(routine, inputs[0]!.array, inputs[1]!.array, out.array);
    else throw new InternalError("internal: the CPU device runs sparse routines through its sparse part (device.ts)");
  }
}
