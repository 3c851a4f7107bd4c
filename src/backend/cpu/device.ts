// Layer: src/backend/cpu. The CPU device: buffers live in one Wasm heap; a realize lowers the graph to fused
// kernels (src/backend/kernel) and runs them as generated Wasm on all cores. `engine: "reference"` (or
// NAMED_TENSOR_CPU=reference) runs the float64 reference interpreter instead — the executable spec, and the
// fallback where generating code is forbidden (no WebAssembly compilation allowed). Imports graph + kernel.
import type { DType, Node } from "../../graph/node.js";
import { contiguousStrides, gatherView } from "../../graph/node.js";
import type { Device, KernelReport, KernelStats, TypedArray } from "../engine.js";
import { lowerGraph } from "../kernel/lower.js";
import { showKernel } from "../kernel/print.js";
import { generateWasm } from "./wasm/codegen.js";
import { CpuBuffer, typedArrayFor } from "./buffer.js";
import { WasmExecutor } from "./executor.js";
import { WasmHeap } from "./heap.js";
import { evaluate, storeValues } from "./reference.js";
import { ThreadPool } from "./threads.js";

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
  return Math.max(1, Math.min(16, os?.availableParallelism?.() ?? 1));
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
    this.#executor ??= new WasmExecutor(this.heap, this.#threads > 1 ? ThreadPool.create(this.heap.memory, this.#threads - 1) : undefined);
    return this.#executor;
  }

  /** Kernels compiled and reused so far (zeros until the first kernel runs). */
  get stats(): KernelStats {
    return this.#executor?.stats ?? { compiled: 0, cacheHits: 0, launches: 0 };
  }

  upload(values: TypedArray, dtype: DType): CpuBuffer {
    const buffer = new CpuBuffer(this.heap, dtype, values.length);
    buffer.array.set(values);
    return buffer;
  }

  realize(nodes: readonly Node[]): void {
    const todo = nodes.filter((n) => !n.storage);
    if (todo.length === 0) return;
    if (this.engine === "reference") return this.#interpret(todo);
    this.executor.runProgram(lowerGraph(todo), new Set(todo));
  }

  explain(nodes: readonly Node[]): KernelReport[] {
    const todo = nodes.filter((n) => !n.storage);
    if (todo.length === 0) return [];
    return lowerGraph(todo).map((s) => ({
      hash: s.hash,
      indexNotation: showKernel(s.kernel),
      code: this.engine === "reference" ? "(reference interpreter: no code is generated)" : generateWasm(s.kernel, { shared: this.heap.shared, maxPages: 65536 }).text,
      language: this.engine === "reference" ? "none" : "WebAssembly (text form)",
    }));
  }

  #interpret(nodes: readonly Node[]): void {
    const memo = new Map<Node, Float64Array>();
    for (const node of nodes) {
      const values = evaluate(node, memo);
      const buffer = new CpuBuffer(this.heap, node.dtype, node.numel);
      storeValues(values, node.dtype, buffer);
      node.materialize({ buffer, strides: contiguousStrides(node.dims), offset: 0 });
    }
  }

  readSync(node: Node): TypedArray {
    const { buffer, strides, offset } = node.storage!;
    const src = (buffer as CpuBuffer).array;
    const out = typedArrayFor(node.dtype, node.numel);
    return gatherView(src, offset, node.dims, strides, out);
  }

  async read(node: Node): Promise<TypedArray> {
    return this.readSync(node);
  }
}
