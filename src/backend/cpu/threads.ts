// Layer: src/backend/cpu. A pool of worker threads that share the Wasm heap. A launch splits a kernel's
// parallel loop into chunks that the calling thread and the woken workers take from a shared counter until none
// is left; the calling thread waits (Atomics) only for chunks already taken, so computing stays synchronous
// (`dataSync()` works) and a worker the system has not scheduled yet (the other core busy) costs a launch no
// wait: the calling thread takes its chunks. Two kinds of worker, one protocol (a slot of control words per
// worker in a SharedArrayBuffer: seq, done, kernel id, nargs, start, end, failed, mode; and one launch block:
// next chunk, chunks, chunks finished, extent):
//   - Node (worker_threads): the worker blocks in Atomics.wait and takes new compiled modules synchronously
//     (receiveMessageOnPort) when woken.
//   - Browsers (Web Workers, in a cross-origin isolated page, where SharedArrayBuffer exists): the worker spins,
//     then waits with Atomics.waitAsync so that module messages can arrive, and a share whose module has not arrived yet
//     waits for it. The page's main thread may not block, so it spins on the done word; a worker joins the pool
//     only once it said it is ready, so the main thread never spins on a worker that has not started.
// Elsewhere (no SharedArrayBuffer, or a page that is not cross-origin isolated) kernels run on one thread.
import type { CompiledKernel } from "./executor.js";
import { InternalError } from "../../types/errors.js";

const HEADER = 8; // int32 words per worker: seq, done, kernel id, nargs, start, end, failed, mode (1: take chunks)
const MAX_ARGS = 96;
const SLOT_BYTES = HEADER * 4 + MAX_ARGS * 8;
const LAUNCH = 4; // int32 words of the launch block after the slots: next chunk, chunks, chunks finished, extent

type WorkerThreads = typeof import("node:worker_threads");

/**
 * Checks of a control word before a thread sleeps on it (tens of microseconds): a worker's wake-up from
 * Atomics.wait and the main thread's from its wait for the worker cost about 50 µs a split launch here, more
 * than a small kernel's whole run.
 */
const SPINS = 20000;

/** One worker as the pool drives it: its control words, and how a compiled module reaches it. */
interface PoolWorker {
  readonly header: Int32Array;
  readonly args: Float64Array;
  /** Modules this worker has. */
  readonly sent: WeakSet<WebAssembly.Module>;
  /** It waits for work (a Web Worker says so once started; the main thread never waits on one that has not). */
  ready: boolean;
  send(id: number, module: WebAssembly.Module): void;
}

/**
 * The share a worker runs: the same in both kinds of worker (`kernels`, `header`, `args`, `launch` in scope):
 * its range [start, end), or (mode 1) chunks of [0, extent) taken from the launch block until none is left.
 */
const runShare = `
  const run = kernels.get(header[2]);
  const n = header[3];
  const a = new Array(n + 2);
  for (let i = 0; i < n; i++) a[i] = args[i];
  if (header[7] === 1) {
    const chunks = launch[1], extent = launch[3];
    for (let c; (c = Atomics.add(launch, 0, 1)) < chunks; ) {
      a[n] = Math.floor((extent * c) / chunks);
      a[n + 1] = Math.floor((extent * (c + 1)) / chunks);
      try { run(...a); } catch (e) { header[6] = 1; }
      Atomics.add(launch, 2, 1);
      Atomics.notify(launch, 2);
    }
  } else {
    a[n] = header[4];
    a[n + 1] = header[5];
    try { run(...a); } catch (e) { header[6] = 1; }
  }
  Atomics.store(header, 1, seen);
  Atomics.notify(header, 1);
`;

/** The Node worker's program (run with `eval`): wait, take new modules, run its share, report done. */
const nodeWorkerSource = `
const { workerData, receiveMessageOnPort } = require("node:worker_threads");
const { memory, control, slot, block, port } = workerData;
const header = new Int32Array(control, slot, ${HEADER});
const args = new Float64Array(control, slot + ${HEADER * 4}, ${MAX_ARGS});
const launch = new Int32Array(control, block, ${LAUNCH});
const kernels = new Map();
let seen = 0;
for (;;) {
  // Spins a while before sleeping: a launch that follows soon (a step's next kernel) finds it awake.
  for (let i = 0; i < ${SPINS} && Atomics.load(header, 0) === seen; i++);
  Atomics.wait(header, 0, seen);
  seen = Atomics.load(header, 0);
  for (let m; (m = receiveMessageOnPort(port)); ) {
    const { id, module } = m.message;
    kernels.set(id, new WebAssembly.Instance(module, { env: { memory } }).exports.run);
  }
  ${runShare}
}
`;

/** The Web Worker's program: the first message gives the memory and its slot; later ones compiled modules. */
const webWorkerSource = `
let memory, header, args, launch;
const kernels = new Map();
const arriving = new Map();
onmessage = ({ data }) => {
  if (data.memory) {
    ({ memory } = data);
    header = new Int32Array(data.control, data.slot, ${HEADER});
    args = new Float64Array(data.control, data.slot + ${HEADER * 4}, ${MAX_ARGS});
    launch = new Int32Array(data.control, data.block, ${LAUNCH});
    loop();
    postMessage("ready");
    return;
  }
  kernels.set(data.id, new WebAssembly.Instance(data.module, { env: { memory } }).exports.run);
  arriving.get(data.id)?.();
};
async function loop() {
  let seen = 0;
  for (;;) {
    // Spins a while first, as the Node worker does (a module message that arrives meanwhile is taken below).
    for (let i = 0; i < ${SPINS} && Atomics.load(header, 0) === seen; i++);
    const waited = Atomics.waitAsync(header, 0, seen);
    if (waited.async) await waited.value;
    seen = Atomics.load(header, 0);
    if (!kernels.has(header[2])) await new Promise((resolve) => arriving.set(header[2], resolve));
    ${runShare}
  }
}
`;

/**
 * A launch that can tell when all its work is done (a sparse kernel's chunk table counts finished chunks) and
 * what to free once no worker can touch it any more.
 */
export interface Finished {
  done(): boolean;
  release(): void;
}

export class ThreadPool {
  readonly #workers: PoolWorker[];
  /** The launch block: next chunk, chunks, chunks finished, extent. */
  readonly #launch: Int32Array;
  /** Ids by module (not by hash: a measurement may compile one hash again with other work units). */
  readonly #ids = new WeakMap<WebAssembly.Module, number>();
  #nextId = 0;
  #seq = 0;
  /** Launches split across threads so far. */
  splits = 0;

  private constructor(workers: PoolWorker[], launch: Int32Array) {
    this.#workers = workers;
    this.#launch = launch;
  }

  /**
   * A pool of `count` workers over a shared memory: worker_threads in Node, Web Workers in a browser page or
   * worker with SharedArrayBuffer and Atomics.waitAsync; else undefined (kernels run on the calling thread).
   */
  static create(memory: WebAssembly.Memory, count: number): ThreadPool | undefined {
    if (count < 1 || typeof SharedArrayBuffer !== "function" || !(memory.buffer instanceof SharedArrayBuffer)) return undefined;
    const control = new SharedArrayBuffer(SLOT_BYTES * count + LAUNCH * 4);
    const launch = new Int32Array(control, SLOT_BYTES * count, LAUNCH);
    const proc = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
    const threads = proc?.getBuiltinModule?.("node:worker_threads") as WorkerThreads | undefined;
    if (threads) return new ThreadPool(nodeWorkers(threads, memory, control, count), launch);
    const web = globalThis as { Worker?: typeof Worker; Blob?: typeof Blob; URL?: typeof URL };
    const waitAsync = (Atomics as { waitAsync?: unknown }).waitAsync;
    if (!web.Worker || !web.Blob || !web.URL || typeof waitAsync !== "function") return undefined;
    return new ThreadPool(webWorkers(memory, control, count), launch);
  }

  /** Threads a launch can split across now: this one and the workers that are ready. */
  get size(): number {
    let n = 1;
    for (const w of this.#workers) if (w.ready) n++;
    return n;
  }

  /**
   * Runs `kernel` over [0, extent) of its parallel loop across this thread and up to `parts` − 1 workers;
   * `argsFor(part)` gives each thread's arguments (before start, end; part 0 is this thread). Without `split`
   * the loop is cut into `chunks` (at least `parts`) that the threads take until none is left, so a worker
   * the system runs late leaves its chunks to the others. `split` (parts + 1 nondecreasing bounds from 0 to
   * extent) gives each thread one fixed range instead (a sparse kernel's rows balanced by entries); `finished`
   * tells when such a launch's work is all done without its workers (a sparse kernel's own chunk table).
   * While a worker of an earlier launch has not said done, launches run on this thread alone: the launch block
   * and that worker's slot are not reused under it.
   */
  run(kernel: CompiledKernel, argsFor: (part: number) => readonly number[], extent: number, parts = Math.min(this.size, extent), split?: readonly number[], finished?: Finished, chunks = parts): void {
    this.#collectLate();
    const used = this.#late.length ? [] : this.#workers.filter((w) => w.ready).slice(0, parts - 1);
    if (argsFor(0).length > MAX_ARGS || used.length === 0) {
      kernel.run(...argsFor(0), 0, extent);
      finished?.release();
      return;
    }
    let id = this.#ids.get(kernel.module);
    if (id === undefined) this.#ids.set(kernel.module, (id = this.#nextId++));
    const seq = ++this.#seq;
    const bounds = split ?? [];
    const count = Math.max(used.length + 1, Math.min(extent, chunks));
    const launch = this.#launch;
    if (!split) {
      launch[1] = count;
      launch[2] = 0;
      launch[3] = extent;
      Atomics.store(launch, 0, 0);
    }
    this.splits++;
    used.forEach((w, i) => {
      if (!w.sent.has(kernel.module)) {
        w.send(id!, kernel.module);
        w.sent.add(kernel.module);
      }
      const args = argsFor(i + 1);
      w.args.set(args);
      w.header[2] = id!;
      w.header[3] = args.length;
      w.header[4] = bounds[i + 1] ?? 0;
      w.header[5] = bounds[i + 2] ?? 0;
      w.header[6] = 0;
      w.header[7] = split ? 0 : 1;
      Atomics.store(w.header, 0, seq);
      Atomics.notify(w.header, 0);
    });
    if (split) {
      kernel.run(...argsFor(0), bounds[0]!, bounds[1]!);
      for (const w of used) this.#waitDone(w, seq, finished);
    } else {
      const own = argsFor(0);
      for (let c; (c = Atomics.add(launch, 0, 1)) < count; ) {
        kernel.run(...own, Math.floor((extent * c) / count), Math.floor((extent * (c + 1)) / count));
        Atomics.add(launch, 2, 1);
      }
      // Only chunks a worker has taken are waited for; a worker that took none may say done later. (A worker that
      // finished the last chunk says done a moment after counting it: a short spin spares the next launch.)
      this.#waitWord(launch, 2, count);
      for (const w of used) {
        for (let i = 0; i < 1000 && Atomics.load(w.header, 1) !== seq; i++);
        if (Atomics.load(w.header, 1) !== seq) this.#late.push({ worker: w, seq });
        else checkShare(w);
      }
    }
    if (finished) {
      if (this.#late.some((l) => l.seq === seq)) this.#releases.push(finished.release);
      else finished.release();
    }
  }

  /** Waits for worker w's share of launch seq (a fixed range), unless `finished` says the work is all done. */
  #waitDone(w: PoolWorker, seq: number, finished?: Finished): void {
    let spun = 0;
    for (let word = Atomics.load(w.header, 1); word !== seq; word = Atomics.load(w.header, 1)) {
      // A launch whose work is all done (`finished`) does not wait for a worker the system has not run yet.
      if (finished?.done()) {
        this.#late.push({ worker: w, seq });
        return;
      }
      // Waits while the done word still holds the value read above: a worker that says done in between makes
      // the wait return at once (waiting on a value read again here slept out the timeout in that race).
      // A page's main thread may not block (Atomics.wait throws there): it spins on the done word.
      // A chunked launch (`finished`) waits here only for the threads' last, short chunks: a brief spin, then
      // sleep, so that on a busy machine it does not hold the core a delayed worker needs.
      if (spun < (finished ? SPINS / 10 : SPINS)) spun++;
      else if (canBlock) Atomics.wait(w.header, 1, word, finished ? 0.05 : 1000);
    }
    checkShare(w);
  }

  /** Waits until words[index] reaches `value` (spinning first; a page's main thread only spins). */
  #waitWord(words: Int32Array, index: number, value: number): void {
    let spun = 0;
    for (let word = Atomics.load(words, index); word !== value; word = Atomics.load(words, index)) {
      if (spun < SPINS) spun++;
      else if (canBlock) Atomics.wait(words, index, word, 1000);
    }
  }

  /** Workers a launch returned without (its work was done) and what to free once they have said done. */
  readonly #late: { worker: PoolWorker; seq: number }[] = [];
  readonly #releases: (() => void)[] = [];

  /**
   * Waits until every worker a launch returned without has said done, then frees what those launches kept.
   * @example pool.settle() // the next launch may split across every worker
   */
  settle(): void {
    for (const { worker: w, seq } of this.#late) this.#waitWord(w.header, 1, seq);
    this.#collectLate();
  }

  /** Drops the late workers that have said done by now; once none is left, frees what their launches kept. */
  #collectLate(): void {
    for (let i = this.#late.length - 1; i >= 0; i--) {
      const { worker: w, seq } = this.#late[i]!;
      if (Atomics.load(w.header, 1) !== seq) continue;
      this.#late.splice(i, 1);
      checkShare(w);
    }
    if (this.#late.length === 0) for (const release of this.#releases.splice(0)) release();
  }
}

/** Throws when worker w's share of its last launch failed (its failed word, set by the worker's catch). */
function checkShare(w: PoolWorker): void {
  if (w.header[6]) throw new InternalError("internal: a kernel failed on a worker thread");
}

/** Whether this thread may block in Atomics.wait (not a browser page's main thread). */
const canBlock = typeof (globalThis as { document?: unknown }).document === "undefined";

/** The control words of worker w in the shared control block. */
const slotOf = (control: SharedArrayBuffer, w: number) => ({
  header: new Int32Array(control, w * SLOT_BYTES, HEADER),
  args: new Float64Array(control, w * SLOT_BYTES + HEADER * 4, MAX_ARGS),
  sent: new WeakSet<WebAssembly.Module>(),
  ready: false,
});

/** Node workers (worker_threads), unreferenced so they never keep the process alive. */
function nodeWorkers(threads: WorkerThreads, memory: WebAssembly.Memory, control: SharedArrayBuffer, count: number): PoolWorker[] {
  return Array.from({ length: count }, (_, w) => {
    const { port1, port2 } = new threads.MessageChannel();
    const worker = new threads.Worker(nodeWorkerSource, {
      eval: true,
      workerData: { memory, control, slot: w * SLOT_BYTES, block: SLOT_BYTES * count, port: port2 },
      transferList: [port2 as unknown as Transferable],
    } as never);
    worker.unref();
    port1.unref();
    return { ...slotOf(control, w), ready: true, send: (id, module) => port1.postMessage({ id, module }) };
  });
}

/** Web Workers from a blob URL; each joins the pool when it says it waits for work. */
function webWorkers(memory: WebAssembly.Memory, control: SharedArrayBuffer, count: number): PoolWorker[] {
  const url = URL.createObjectURL(new Blob([webWorkerSource], { type: "text/javascript" }));
  return Array.from({ length: count }, (_, w) => {
    const worker = new Worker(url);
    const entry: PoolWorker = { ...slotOf(control, w), send: (id, module) => worker.postMessage({ id, module }) };
    worker.onmessage = () => void (entry.ready = true);
    worker.postMessage({ memory, control, slot: w * SLOT_BYTES, block: SLOT_BYTES * count });
    return entry;
  });
}
