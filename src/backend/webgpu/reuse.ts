// Layer: src/backend/webgpu. What a submit needs, kept from one submit to the next so that a replayed training
// step allocates nothing: the uniform buffer of all launches' params and the status words (grown, never shrunk:
// queue.writeBuffer and clearBuffer are ordered on the queue after earlier submits, so one buffer serves every
// submit), mappable staging buffers (back in the pool once read), and bind groups (cached by the identity of
// the buffers they bind: a replayed step takes the same pooled GPUBuffers in the same order, so it finds them).
// LaunchTimer: GPU time per kernel from timestamp queries, when timing is on. Imports the contract's timing type
// and this device's buffer constants.
import type { KernelTiming } from "../device-contract.js";
import { MAP_READ_MODE, Usage } from "./buffer.js";

/** One GPUBuffer that grows to the next power of two when a submit needs more; its contents are per submit. */
export class GrowingBuffer {
  #buffer: GPUBuffer | undefined;

  constructor(
    readonly device: GPUDevice,
    readonly usage: number,
  ) {}

  /** A buffer of at least `bytes`. A new one when it grows (destroying the old one waits for work using it). */
  take(bytes: number): GPUBuffer {
    if (!this.#buffer || this.#buffer.size < bytes) {
      this.#buffer?.destroy();
      let size = 256;
      while (size < bytes) size *= 2;
      this.#buffer = this.device.createBuffer({ size, usage: this.usage });
    }
    return this.#buffer;
  }

  destroy(): void {
    this.#buffer?.destroy();
    this.#buffer = undefined;
  }
}

/** Mappable buffers for reading results back: taken for one read, returned when it is done. */
export class StagingPool {
  readonly #free: GPUBuffer[] = [];

  constructor(readonly device: GPUDevice) {}

  take(bytes: number): GPUBuffer {
    const i = this.#free.findIndex((b) => b.size >= bytes && b.size <= Math.max(2 * bytes, 4096));
    if (i >= 0) return this.#free.splice(i, 1)[0]!;
    return this.device.createBuffer({ size: Math.max(256, Math.ceil(bytes / 16) * 16), usage: Usage.MAP_READ | Usage.COPY_DST });
  }

  /**
   * Maps `bytes` of a taken buffer (after the work submitted so far), hands them to `read` (valid only during the
   * call), and returns the buffer to the pool.
   */
  async read<T>(buffer: GPUBuffer, bytes: number, read: (mapped: ArrayBuffer) => T): Promise<T> {
    try {
      await buffer.mapAsync(MAP_READ_MODE, 0, bytes);
    } catch (e) {
      buffer.destroy();
      throw e;
    }
    try {
      return read(buffer.getMappedRange(0, bytes));
    } finally {
      buffer.unmap();
      if (this.#free.length < 8) this.#free.push(buffer);
      else buffer.destroy();
    }
  }

  destroy(): void {
    for (const b of this.#free) b.destroy();
    this.#free.length = 0;
  }
}

/** Bind groups by layout and bound buffer ranges; cleared when it holds `limit` (a bound on what it keeps alive). */
export class BindGroupCache {
  readonly #groups = new Map<string, GPUBindGroup>();
  readonly #ids = new WeakMap<object, number>();
  #next = 0;
  hits = 0;
  created = 0;

  constructor(
    readonly device: GPUDevice,
    readonly limit = 4096,
  ) {}

  /** A small number naming an object (a buffer or layout) for the cache key. */
  id(o: object): number {
    let id = this.#ids.get(o);
    if (id === undefined) this.#ids.set(o, (id = this.#next++));
    return id;
  }

  get(layout: GPUBindGroupLayout, entries: readonly GPUBindGroupEntry[]): GPUBindGroup {
    let key = String(this.id(layout));
    for (const e of entries) {
      const r = e.resource as GPUBufferBinding;
      key += `|${e.binding}:${this.id(r.buffer)}:${r.offset ?? 0}:${r.size ?? -1}`;
    }
    const known = this.#groups.get(key);
    if (known) {
      this.hits++;
      return known;
    }
    if (this.#groups.size >= this.limit) this.#groups.clear();
    const group = this.device.createBindGroup({ layout, entries: [...entries] });
    this.#groups.set(key, group);
    this.created++;
    return group;
  }

  clear(): void {
    this.#groups.clear();
  }
}

/** The timestamp writes of one timed launch, and how a submit's timestamps become kernel timings. */
export interface TimedSubmit {
  /** The pass's timestampWrites for launch i (undefined past the query set's capacity: that launch is not timed). */
  writes(i: number): GPUComputePassTimestampWrites | undefined;
  /**
   * Encodes resolving the timestamps into a mappable buffer. Call what it returns after the submit: it reads
   * them and settles once they are added to the timings.
   */
  resolve(encoder: GPUCommandEncoder, launches: readonly { readonly name: string; readonly describe: () => string }[]): () => Promise<void>;
}

/** GPU time per kernel from timestamp queries (the device has the "timestamp-query" feature and timing is on). */
export class LaunchTimer {
  /** By kernel hash (or routine step name). */
  readonly timings = new Map<string, KernelTiming>();
  readonly #resolved: GrowingBuffer;
  readonly #staging: StagingPool;
  #queries: GPUQuerySet | undefined;

  constructor(readonly device: GPUDevice) {
    this.#resolved = new GrowingBuffer(device, Usage.QUERY_RESOLVE | Usage.COPY_SRC);
    this.#staging = new StagingPool(device);
  }

  begin(launches: number): TimedSubmit {
    // Two timestamps per launch; a query set holds at most 4096 (WebGPU's limit).
    const count = Math.min(4096, 2 * Math.max(1, launches));
    if (!this.#queries || this.#queries.count < count) {
      this.#queries?.destroy();
      this.#queries = this.device.createQuerySet({ type: "timestamp", count: Math.max(count, 256) });
    }
    const querySet = this.#queries;
    const timed = Math.min(launches, querySet.count / 2);
    return {
      writes: (i) => (i < timed ? { querySet, beginningOfPassWriteIndex: 2 * i, endOfPassWriteIndex: 2 * i + 1 } : undefined),
      resolve: (encoder, named) => {
        if (timed === 0) return () => Promise.resolve();
        const bytes = 16 * timed;
        const resolved = this.#resolved.take(bytes);
        encoder.resolveQuerySet(querySet, 0, 2 * timed, resolved, 0);
        const staging = this.#staging.take(bytes);
        encoder.copyBufferToBuffer(resolved, 0, staging, 0, bytes);
        return () => this.#staging.read(staging, bytes, (mapped) => {
          const stamps = new BigInt64Array(mapped);
          for (let i = 0; i < timed; i++) {
            const { name, describe } = named[i]!;
            let t = this.timings.get(name);
            if (!t) this.timings.set(name, (t = { kernel: name, label: describe(), launches: 0, nanoseconds: 0 }));
            t.launches++;
            // A driver may report an end before its begin across a clock adjustment: count it as zero.
            t.nanoseconds += Math.max(0, Number(stamps[2 * i + 1]! - stamps[2 * i]!));
          }
        });
      },
    };
  }

  destroy(): void {
    this.#queries?.destroy();
    this.#resolved.destroy();
    this.#staging.destroy();
  }
}
