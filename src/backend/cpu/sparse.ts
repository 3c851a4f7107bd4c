// Layer: src/backend/cpu. The CPU's part of the device contract for sparse kernels: compiles the generated Wasm
// of a sparse kernel once per structure, and runs it over buffers in the Wasm heap, splitting its parallel
// outermost loop across the thread pool when there is enough work (the rows of an SpMV, SpMM or SDDMM). Under
// the reference engine the kernel is interpreted on the heap's arrays in float64 instead. Imports the contract,
// the sparse IR and interpreter, and this folder.
import type { DeviceBuffer, PreparedKernel, SparseKernel } from "../device-contract.js";
import { DeviceError } from "../../types/errors.js";
import { interpretSparse } from "../kernel/sparse/interpret.js";
import type { CpuBuffer } from "./buffer.js";
import type { WasmExecutor } from "./executor.js";
import type { generateSparseWasm } from "./wasm/sparse.js";

interface CompiledSparse extends PreparedKernel {
  readonly kernel: SparseKernel;
  readonly module?: WebAssembly.Module;
  readonly run?: (...args: number[]) => void;
  /** Its run takes a chunk table after the buffers (generateSparseWasm on a shared memory). */
  readonly chunked?: boolean;
}

/**
 * The sparse Wasm generator (wasm/sparse.ts), handed over by the sparse front end (sparse-realize.ts) when a
 * program makes sparse tensors, so that a dense-only app's bundle leaves it out.
 */
export const sparseWasm: { generate?: typeof generateSparseWasm } = {};

const generator = (): typeof generateSparseWasm => {
  if (sparseWasm.generate) return sparseWasm.generate;
  throw new DeviceError("the CPU's sparse kernel generator is not loaded: sparse kernels run only in a program that imports the sparse front end (sparse, fromCoo, the sparse readers)");
};

/**
 * Bounds splitting the rows [0, pos.length - 1) into `parts` runs of about equal work, a row weighing its
 * entries (pos[r + 1] - pos[r]) plus one (its own loads and store): a binary search per bound on pos[r] + r.
 * @example balancedSplit(Int32Array.from([0, 6, 6, 7, 8, 9, 10]), 2) // [0, 2, 6]
 */
export function balancedSplit(pos: ArrayLike<number>, parts: number): number[] {
  const rows = pos.length - 1;
  const work = (r: number): number => pos[r]! - pos[0]! + r;
  const total = work(rows);
  const bounds = [0];
  for (let p = 1; p < parts; p++) {
    const target = (total * p) / parts;
    let [lo, hi] = [bounds[p - 1]!, rows];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (work(mid) < target) lo = mid + 1;
      else hi = mid;
    }
    bounds.push(lo);
  }
  bounds.push(rows);
  return bounds;
}

/**
 * Bounds of the chunks the threads of a chunked launch take in turn, rows measured as balancedSplit measures them
 * (entries plus one; rows alone without `pos`): each chunk an eighth of the work left per thread, at most 1/(8 ·
 * threads) of the whole (a thread the system delays holding its chunk leaves the others little to wait for) and
 * at least 1/(64 · threads) — so the last chunks are short and the threads finish close together.
 * @example guidedSplit(undefined, 1000, 2) // [0, 63, 122, 177, …, 983, 991, 999, 1000]: 49 chunks, 63 rows down to 8
 */
export function guidedSplit(pos: ArrayLike<number> | undefined, rows: number, threads: number): number[] {
  const work = (r: number): number => (pos ? pos[r]! - pos[0]! + r : r);
  const total = work(rows);
  const [most, least] = [total / (8 * threads), total / (64 * threads)];
  const bounds = [0];
  for (let done = 0; bounds.at(-1)! < rows; ) {
    done = Math.min(total, done + Math.max(1, least, Math.min(most, (total - done) / (8 * threads))));
    // The first row at which the work reaches `done` (a binary search: work is increasing).
    let [lo, hi] = [bounds.at(-1)!, rows];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (work(mid) < done) lo = mid + 1;
      else hi = mid;
    }
    if (lo > bounds.at(-1)!) bounds.push(lo);
  }
  return bounds;
}

/** The guided splits kept, by row-pointer buffer. */
const splits = new WeakMap<object, { extent: number; parts: number; total: number; bounds: number[] }>();
/**
 * guidedSplit of a row-pointer buffer, kept per buffer (a matrix in many products): searching its row pointers
 * anew on every launch read them from memory (5–40 µs for 10^6 rows, before any worker was woken). Any
 * increasing bounds give the right result; the rows, parts and total entries are checked on each use, so a
 * buffer written again with other rows is split anew.
 * @example splitOf(posBuffer, posBuffer.array, rows, 2) // the same array as the last call's for that buffer
 */
export function splitOf(buffer: object, pos: ArrayLike<number>, extent: number, parts: number): number[] {
  const total = pos[extent]! - pos[0]!;
  const known = splits.get(buffer);
  if (known && known.extent === extent && known.parts === parts && known.total === total) return known.bounds;
  const bounds = guidedSplit(pos, extent, parts);
  splits.set(buffer, { extent, parts, total, bounds });
  return bounds;
}

/** Passes of the parallel loop below which a sparse kernel runs on one thread. */
const PARALLEL_ROWS = Number(globalThis.process?.env?.NAMED_TENSOR_SPARSE_PARALLEL_ROWS ?? 4096);
/** Entries and passes (where the kernel names its row pointers) from which it splits however few its passes. */
const PARALLEL_ENTRIES = Number(globalThis.process?.env?.NAMED_TENSOR_SPARSE_PARALLEL_ENTRIES ?? 8 * PARALLEL_ROWS);

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
        const wasm = generator()(kernel, memory());
        let module: WebAssembly.Module;
        try {
          module = new WebAssembly.Module(wasm.bytes);
        } catch (e) {
          // Never a raw engine error: the sentence names the expression and the operands' formats.
          throw new DeviceError(`the CPU could not compile the generated sparse kernel for ${kernel.title}${kernel.formats ? ` (operands ${kernel.formats})` : ""}: ${(e as Error).message}`);
        }
        const instance = new WebAssembly.Instance(module, { env: { memory: executor().heap.memory } });
        compiled = { hash, kernel, module, run: instance.exports.run as (...args: number[]) => void, chunked: wasm.chunked };
        executor().stats.compiled++;
      }
      cache.set(hash, compiled);
      return compiled;
    },
    run(prepared: PreparedKernel, buffers: readonly DeviceBuffer[]): void {
      const c = prepared as CompiledSparse;
      const cpu = buffers as readonly CpuBuffer[];
      const extent = Math.max(1, c.kernel.parallelExtent);
      // Workspaces (the buffers after the bound ones): zeroed, one per part of the parallel loop.
      const spaces = c.kernel.buffers.slice(cpu.length).map((b) => ({ type: b.type, size: Math.max(1, b.workspace ?? 1) }));
      if (!c.run) {
        const work = spaces.map((w) => (w.type === "i32" ? new Int32Array(w.size) : new Float32Array(w.size)));
        interpretSparse(c.kernel, [...cpu.map((b) => b.array as Int32Array | Float32Array), ...work], 0, extent);
        return;
      }
      const ex = executor();
      ex.stats.launches++;
      const args = cpu.map((b) => b.address);
      // Rows balanced by entries where the kernel names its row pointers (an R-MAT graph's rows are skewed). Over a
      // compressed first level's positions the pointers are fewer than the extent: the passes past them are empty.
      const pos = c.kernel.balance !== undefined ? cpu[c.kernel.balance]?.array : undefined;
      const balanced = pos !== undefined && pos.length <= extent + 1;
      const rows = balanced ? pos.length - 1 : extent;
      // Few passes of many entries split too (MTTKRP's 400 slices of 1000 entries): the entries and passes at
      // least PARALLEL_ENTRIES, or PARALLEL_ROWS with a workspace (each entry of A scales a row of B in SpGEMM).
      const work = balanced ? pos[rows]! - pos[0]! + rows : extent;
      const large = c.kernel.parallelExtent >= PARALLEL_ROWS || work >= (spaces.length > 0 ? PARALLEL_ROWS : PARALLEL_ENTRIES);
      const split = ex.pool !== undefined && large;
      const parts = split ? Math.min(ex.pool!.size, Math.max(1, rows)) : 1;
      const blocks = spaces.map((w) => {
        const address = ex.heap.alloc(4 * w.size * parts);
        ex.heap.u8(address, 4 * w.size * parts).fill(0);
        return address;
      });
      /** Bounds over the pointers' rows, the last one moved to the extent (it takes the empty passes past them). */
      const toExtent = (b: number[]): number[] => (b.length > 1 ? [...b.slice(0, -1), extent] : [0, extent]);
      // A chunked kernel: the table of chunks [taken, count, finished, bounds…] the threads take passes from.
      // One thread takes a large kernel in chunks too: each chunk is a call of the row function, and V8 runs a
      // module's first calls in its baseline compiler, switching to the optimized code only at a later call (a
      // single SpGEMM took twice as long on its first launch as on the next ones).
      const bounds = c.chunked ? (split ? (balanced ? toExtent(splitOf(cpu[c.kernel.balance!]!, pos, rows, parts)) : guidedSplit(undefined, extent, parts)) : large ? guidedSplit(undefined, extent, 1) : [0, extent]) : [];
      const chunks = bounds.length - 1;
      const table = c.chunked ? ex.heap.alloc(4 * (chunks + 4)) : 0;
      if (c.chunked) ex.heap.i32(table, chunks + 4).set([0, chunks, 0, ...bounds]);
      const argsFor = (part: number): number[] => [...args, ...blocks.map((b, n) => b + 4 * spaces[n]!.size * part), ...(c.chunked ? [table] : [])];
      const release = (): void => {
        for (const b of blocks) ex.heap.free(b);
        if (c.chunked) ex.heap.free(table);
      };
      // Chunked on the pool: the launch returns once every chunk is finished; the table and workspaces are freed
      // when no worker can still reach them (a worker the system runs late still takes from the table).
      const counted = c.chunked ? new Int32Array(ex.heap.memory.buffer, table, 3) : undefined;
      const finished = split && counted ? { done: () => Atomics.load(counted, 2) === chunks, release } : undefined;
      let released = false;
      try {
        if (split) ex.pool!.run({ hash: c.hash, module: c.module!, run: c.run } as never, argsFor, extent, parts, balanced && !c.chunked ? toExtent(balancedSplit(pos, parts)) : undefined, finished);
        else c.run(...argsFor(0), 0, extent);
        released = finished !== undefined;
      } finally {
        if (!released) release();
      }
    },
    generatedCode(kernel: SparseKernel): { code: string; language: string } {
      return { code: generator()(kernel, memory()).text, language: "WebAssembly (text form)" };
    },
  };
}
