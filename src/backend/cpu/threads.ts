// Layer: src/backend/cpu. A pool of worker threads that share the Wasm heap. A launch splits a kernel's
// parallel loop: the main thread computes one share and waits (Atomics) for the workers' shares, so
// computing stays synchronous (`dataSync()` works). Compiled modules reach a worker by message, which it
// takes synchronously (receiveMessageOnPort) when woken. Node only (worker_threads); elsewhere one thread.
import type { CompiledKernel } from "./executor.js";

const HEADER = 8; // int32 words per worker: seq, done, kernel id, nargs, start, end
const MAX_ARGS = 96;
const SLOT_BYTES = HEADER * 4 + MAX_ARGS * 8;

type WorkerThreads = typeof import("node:worker_threads");
interface WorkerLike {
  postMessage(value: unknown): void;
  unref(): void;
}

/** The worker's program (run with `eval`): wait, take new modules, run its share, report done. */
const workerSource = `
const { workerData, receiveMessageOnPort } = require("node:worker_threads");
const { memory, control, slot, port } = workerData;
const header = new Int32Array(control, slot, ${HEADER});
const args = new Float64Array(control, slot + ${HEADER * 4}, ${MAX_ARGS});
const kernels = new Map();
let seen = 0;
for (;;) {
  Atomics.wait(header, 0, seen);
  seen = Atomics.load(header, 0);
  for (let m; (m = receiveMessageOnPort(port)); ) {
    const { id, module } = m.message;
    kernels.set(id, new WebAssembly.Instance(module, { env: { memory } }).exports.run);
  }
  const run = kernels.get(header[2]);
  const n = header[3];
  const a = new Array(n + 2);
  for (let i = 0; i < n; i++) a[i] = args[i];
  a[n] = header[4];
  a[n + 1] = header[5];
  try { run(...a); } catch (e) { header[6] = 1; }
  Atomics.store(header, 1, seen);
  Atomics.notify(header, 1);
}
`;

export class ThreadPool {
  readonly #threads: WorkerThreads;
  readonly #control: SharedArrayBuffer;
  readonly #workers: { worker: WorkerLike; port: { postMessage(v: unknown): void }; header: Int32Array; args: Float64Array; sent: WeakSet<WebAssembly.Module> }[] = [];
  /** Ids by module (not by hash: a measurement may compile one hash again with other work units). */
  readonly #ids = new WeakMap<WebAssembly.Module, number>();
  #nextId = 0;
  #seq = 0;

  private constructor(threads: WorkerThreads, memory: WebAssembly.Memory, count: number) {
    this.#threads = threads;
    this.#control = new SharedArrayBuffer(SLOT_BYTES * count);
    for (let w = 0; w < count; w++) {
      const { port1, port2 } = new threads.MessageChannel();
      const slot = w * SLOT_BYTES;
      const worker = new threads.Worker(workerSource, {
        eval: true,
        workerData: { memory, control: this.#control, slot, port: port2 },
        transferList: [port2 as unknown as Transferable],
      } as never);
      worker.unref();
      (port1 as unknown as { unref(): void }).unref();
      this.#workers.push({
        worker,
        port: port1,
        header: new Int32Array(this.#control, slot, HEADER),
        args: new Float64Array(this.#control, slot + HEADER * 4, MAX_ARGS),
        sent: new WeakSet(),
      });
    }
  }

  /** A pool of `count` workers over a shared memory, when this platform has worker threads; else undefined. */
  static create(memory: WebAssembly.Memory, count: number): ThreadPool | undefined {
    const proc = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
    const threads = proc?.getBuiltinModule?.("node:worker_threads") as WorkerThreads | undefined;
    if (!threads || count < 1 || !(memory.buffer instanceof SharedArrayBuffer)) return undefined;
    return new ThreadPool(threads, memory, count);
  }

  get size(): number {
    return this.#workers.length + 1;
  }

  /**
   * Runs `kernel` over [0, extent) of its parallel loop, split evenly into `parts` (at most the pool's size)
   * between the workers and this thread; `argsFor(part)` gives each part's arguments (before start, end).
   */
  run(kernel: CompiledKernel, argsFor: (part: number) => readonly number[], extent: number, parts = Math.min(this.size, extent)): void {
    if (argsFor(0).length > MAX_ARGS || parts <= 1) {
      kernel.run(...argsFor(0), 0, extent);
      return;
    }
    let id = this.#ids.get(kernel.module);
    if (id === undefined) this.#ids.set(kernel.module, (id = this.#nextId++));
    const bounds = Array.from({ length: parts + 1 }, (_, i) => Math.round((extent * i) / parts));
    const seq = ++this.#seq;
    const used = this.#workers.slice(0, parts - 1);
    used.forEach((w, i) => {
      if (!w.sent.has(kernel.module)) {
        w.port.postMessage({ id, module: kernel.module });
        w.sent.add(kernel.module);
      }
      const args = argsFor(i + 1);
      w.args.set(args);
      w.header[2] = id!;
      w.header[3] = args.length;
      w.header[4] = bounds[i + 1]!;
      w.header[5] = bounds[i + 2]!;
      w.header[6] = 0;
      Atomics.store(w.header, 0, seq);
      Atomics.notify(w.header, 0);
    });
    kernel.run(...argsFor(0), bounds[0]!, bounds[1]!);
    for (const w of used) {
      while (Atomics.load(w.header, 1) !== seq) Atomics.wait(w.header, 1, Atomics.load(w.header, 1), 1000);
      if (w.header[6]) throw new Error("internal: a kernel failed on a worker thread");
    }
  }
}
