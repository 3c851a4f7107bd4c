// Layer: src/backend/webgpu. GPU buffers: reference counted by the storages that view them (as on the CPU);
// when the count drops to zero the GPUBuffer goes back to a pool that reuses it by size class (sizes rounded up
// to powers of two and 1.5× powers of two, at most a third wasted), so a training loop allocates nothing after
// its first step. Every element takes 4 bytes (bool is a u32 0/1). Imports only the device contract's types.
import type { DType, DeviceBuffer, LiveBuffers } from "../device-contract.js";

/** GPUBufferUsage and GPUMapMode values (the globals do not exist in Node without Dawn's `globals`). */
export const Usage = { MAP_READ: 0x1, COPY_SRC: 0x4, COPY_DST: 0x8, UNIFORM: 0x40, STORAGE: 0x80, QUERY_RESOLVE: 0x200 } as const;
export const MAP_READ_MODE = 0x1;

/** A pending check of a buffer's contents: a gather index error or an allocation/validation error. */
export interface Check {
  readonly promise: Promise<Error | undefined>;
  /** Set once the promise settled without an error (then the check can be dropped). */
  ok: boolean;
}

/** Bytes a size class holds: the smallest 2^k or 1.5·2^k ≥ bytes (at least 16). @example sizeClass(100) // 128 */
export function sizeClass(bytes: number): number {
  let c = 16;
  while (c < bytes) {
    if (c * 1.5 >= bytes && c >= 64) return c * 1.5;
    c *= 2;
  }
  return c;
}

/**
 * Reuses GPUBuffers by size class; keeps at most `maxPooledBytes` idle. Of the idle buffers of a class it hands
 * out the one created first, whatever order they came back in (releases follow GPU completion): a replayed
 * step then gets the same buffers each time, so its bind groups are found in the cache (reuse.ts).
 */
export class BufferPool {
  /** Idle buffers by size class, the one created first last (popped first). */
  readonly #free = new Map<number, GPUBuffer[]>();
  readonly #order = new WeakMap<GPUBuffer, number>();
  #created = 0;
  #pooled = 0;
  /** GPUBuffers created and not destroyed (in use or idle in the pool). */
  allocated = 0;

  constructor(
    readonly device: GPUDevice,
    readonly usage: number,
    readonly maxPooledBytes: number,
  ) {}

  acquire(bytes: number): GPUBuffer {
    const size = sizeClass(bytes);
    const list = this.#free.get(size);
    const reused = list?.pop();
    if (reused) {
      this.#pooled -= size;
      return reused;
    }
    this.allocated++;
    const buffer = this.device.createBuffer({ size, usage: this.usage });
    this.#order.set(buffer, this.#created++);
    return buffer;
  }

  give(buffer: GPUBuffer): void {
    const size = buffer.size;
    if (this.#pooled + size > this.maxPooledBytes) {
      buffer.destroy();
      this.allocated--;
      return;
    }
    let list = this.#free.get(size);
    if (!list) this.#free.set(size, (list = []));
    const order = this.#order.get(buffer)!;
    let at = list.length;
    while (at > 0 && this.#order.get(list[at - 1]!)! < order) at--;
    list.splice(at, 0, buffer);
    this.#pooled += size;
  }

  /** Destroys every idle buffer. */
  clear(): void {
    for (const list of this.#free.values()) for (const b of list) b.destroy();
    this.allocated -= [...this.#free.values()].reduce((n, l) => n + l.length, 0);
    this.#free.clear();
    this.#pooled = 0;
  }

  /** Bytes idle in the pool. */
  get pooledBytes(): number {
    return this.#pooled;
  }
}

/** What a GpuBuffer reports to: its pool, the live count, and whether it still belongs to a working device. */
export interface BufferOwner {
  readonly pool: BufferPool;
  readonly generation: number;
  live: number;
  /** Live buffers with their bytes and the peak (memoryStats()). */
  readonly tracked: LiveBuffers;
}

export class GpuBuffer implements DeviceBuffer {
  readonly device = "webgpu";
  #refs = 0;
  #freed = false;
  #checks: Check[] = [];
  readonly generation: number;

  constructor(
    readonly owner: BufferOwner,
    readonly dtype: DType,
    readonly length: number,
    readonly gpu: GPUBuffer,
    /** The application's GPUBuffer (fromGpuBuffer): never pooled or destroyed here. */
    readonly external = false,
  ) {
    this.generation = owner.generation;
    owner.live++;
    owner.tracked.add(length * 4);
  }

  /** The pending checks of the values (those already passed are dropped). */
  get checks(): readonly Check[] {
    this.#checks = this.#checks.filter((c) => !c.ok);
    return this.#checks;
  }
  addChecks(checks: readonly Check[]): void {
    for (const c of checks) if (!c.ok && !this.#checks.includes(c)) this.#checks.push(c);
  }

  get freed(): boolean {
    return this.#freed;
  }
  retain(): void {
    this.#refs++;
  }
  get references(): number {
    return this.#refs;
  }
  release(): void {
    if (--this.#refs > 0 || this.#freed) return;
    this.#freed = true;
    this.owner.live--;
    this.owner.tracked.remove(this.length * 4);
    // A buffer of a lost device is not reused: its device is gone.
    if (this.generation === this.owner.generation && !this.external) this.owner.pool.give(this.gpu);
  }
}
