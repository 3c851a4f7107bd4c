// Layer: src/backend/cpu. Runs lowered programs with generated Wasm: compiles each kernel once per
// structural hash (the cache key from src/backend/kernel/hash.ts; a second call on new data compiles
// nothing), binds buffers and params, splits the parallel loop across the thread pool, and turns a gather
// index error reported by a kernel into a ShapeError. Sorts run their keys as a kernel, then sort on the host.
import { type Node, contiguousStrides } from "../../graph/node.js";
import { ShapeError, indexRange } from "../../types/errors.js";
import type { Kernel } from "../kernel/ir.js";
import type { KernelStats } from "../engine.js";
import type { Step } from "../kernel/lower.js";
import { CpuBuffer } from "./buffer.js";
import type { WasmHeap } from "./heap.js";
import type { ThreadPool } from "./threads.js";
import { type WasmKernel, generateWasm } from "./wasm/codegen.js";


/** A kernel compiled to a Wasm module, with its function on the main thread. */
export interface CompiledKernel {
  readonly hash: string;
  readonly wasm: WasmKernel;
  readonly module: WebAssembly.Module;
  readonly run: (...args: number[]) => void;
}

/** Below this many output elements times work per element a kernel runs on one thread. */
const PARALLEL_WORK = 1 << 15;

export class WasmExecutor {
  readonly cache = new Map<string, CompiledKernel>();
  readonly stats: KernelStats = { compiled: 0, cacheHits: 0, launches: 0 };

  constructor(
    readonly heap: WasmHeap,
    readonly pool: ThreadPool | undefined,
  ) {}

  /** The compiled kernel for a step (from the cache when its structure was seen before). */
  compile(hash: string, kernel: Kernel): CompiledKernel {
    const known = this.cache.get(hash);
    if (known) {
      this.stats.cacheHits++;
      return known;
    }
    const wasm = generateWasm(kernel, { shared: this.heap.shared, maxPages: 65536 });
    const module = new WebAssembly.Module(wasm.bytes as Uint8Array<ArrayBuffer>);
    const instance = new WebAssembly.Instance(module, { env: { memory: this.heap.memory } });
    const compiled: CompiledKernel = { hash, wasm, module, run: instance.exports.run as (...args: number[]) => void };
    this.cache.set(hash, compiled);
    this.stats.compiled++;
    return compiled;
  }

  /**
   * Runs a program. The requested nodes keep their values; the temporaries between kernels are freed as soon
   * as the program is done (they keep their graph, so reading one later recomputes it).
   */
  runProgram(steps: readonly Step[], requested: ReadonlySet<Node>): void {
    const temporaries: Node[] = [];
    try {
      for (const step of steps) {
        const keep = requested.has(step.node);
        this.run(step, !keep);
        if (!keep) temporaries.push(step.node);
      }
    } finally {
      for (const n of temporaries) n.release();
    }
  }

  /** Computes one step into a new buffer and materialises its node. */
  run(step: Step, temporary = false): void {
    const { node, kernel } = step;
    const out = new CpuBuffer(this.heap, node.dtype, node.numel);
    out.retain();
    try {
      if (kernel.mode.kind === "sort") this.#sort(step, out);
      else this.#launch(step.hash, kernel, out.address, step);
      node.materialize({ buffer: out, strides: contiguousStrides(node.dims), offset: 0 }, temporary);
    } finally {
      out.release();
    }
  }

  #launch(hash: string, kernel: Kernel, out: number, step: Step): void {
    const compiled = this.compile(hash, kernel);
    const args = [out, ...step.inputs.map((n) => (n.storage!.buffer as CpuBuffer).address), ...step.params];
    const status = this.heap.i32(0, 3);
    status[0] = 0;
    const extent = compiled.wasm.parallelExtent;
    const work = kernel.output.length * Math.max(1, kernel.phases.reduce((n, p) => n + p.vars.reduce((m, v) => m * v.extent, 1), 0));
    this.stats.launches++;
    const parallel = this.pool !== undefined && extent > 1 && (work >= PARALLEL_WORK || compiled.wasm.scratchBytes > 0);
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

  /** Sort: the keys as a map kernel into a scratch buffer, then a stable host sort along the inner loop. */
  #sort(step: Step, out: CpuBuffer): void {
    const { kernel } = step;
    const descending = kernel.mode.kind === "sort" && kernel.mode.descending;
    const keysKernel: Kernel = { ...kernel, mode: { kind: "map" }, output: { ...kernel.output, type: kernel.value.type } };
    const keys = new CpuBuffer(this.heap, kernel.value.type === "f32" ? "float32" : "int32", kernel.output.length);
    keys.retain();
    try {
      this.#launch(`${step.hash}:keys`, keysKernel, keys.address, step);
      const along = kernel.inner[0]!;
      const dims = step.node.dims;
      const axis = dims.findIndex((d) => d.name === along.name);
      const stride = contiguousStrides(dims)[axis]!;
      const n = along.extent;
      const [k, o] = [keys.array, out.array];
      const order = new Array<number>(n);
      const rank = (v: number): number => (Number.isNaN(v) ? Infinity : v);
      for (let start = 0; start < k.length; start++) {
        if (Math.floor(start / stride) % n !== 0) continue;
        for (let i = 0; i < n; i++) order[i] = i;
        order.sort((i, j) => {
          const [a, b] = [k[start + i * stride]!, k[start + j * stride]!];
          const c = descending
            ? rank(b) - rank(a) || Number(Number.isNaN(b)) - Number(Number.isNaN(a))
            : rank(a) - rank(b) || Number(Number.isNaN(a)) - Number(Number.isNaN(b));
          return c || i - j;
        });
        for (let i = 0; i < n; i++) o[start + i * stride] = order[i]!;
      }
    } finally {
      keys.release();
    }
  }
}
