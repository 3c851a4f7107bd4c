import { DeviceError, InternalError } from "../../types/errors.js";
// Layer: src/backend/cpu. The CPU heap: one WebAssembly.Memory that every CPU buffer lives in, so generated
// kernels (and worker threads, when the memory is shared) read tensors in place. A small allocator on top:
// power-of-two size classes for small blocks, a coalescing first-fit list for large ones, growth on demand.
// The first page is reserved: word 0..3 report a kernel's gather-index error (see codegen). Imports nothing.

const PAGE = 65536;
/** Blocks are aligned to cache lines (and so to v128). */
const ALIGN = 64;
/** Largest size served from the small classes (64 B … 64 KiB). */
const SMALL = 65536;
/**
 * Large blocks start at one of 64 cache-line offsets within 4 KiB (a different one for each block in turn),
 * not all on a page boundary: arrays streamed side by side at the same index (a sparse matrix's row pointers,
 * the output, the dense operand) would otherwise share their low 12 address bits, and the core takes a load
 * after a store to such an address for a possible conflict (4K aliasing) — the same SpMV ran 15% slower.
 */
const COLOURS = 4096 / ALIGN;
export const MAX_PAGES = 65536;

const roundUp = (n: number, to: number): number => Math.ceil(n / to) * to;

export class WasmHeap {
  readonly memory: WebAssembly.Memory;
  readonly shared: boolean;
  #top = PAGE;
  readonly #small = new Map<number, number[]>();
  /** Free large blocks, sorted by address: [address, bytes]. */
  #large: [number, number][] = [];
  readonly #sizes = new Map<number, number>();
  /** A large block's offset from the start of its pages (its colour). */
  readonly #offsets = new Map<number, number>();
  #colour = 0;
  #inUse = 0;
  /** Blocks and bytes handed out since the heap was made (never decreases; tests count temporaries with it). */
  allocations = 0;
  bytesAllocated = 0;

  constructor(options: { shared?: boolean } = {}) {
    const shared = options.shared ?? WasmHeap.canShare();
    this.memory = new WebAssembly.Memory({ initial: 16, maximum: MAX_PAGES, ...(shared ? { shared: true } : {}) });
    this.shared = shared;
  }

  /** Shared memory needs SharedArrayBuffer (in browsers: a cross-origin isolated page). */
  static canShare(): boolean {
    const g = globalThis as { SharedArrayBuffer?: unknown; crossOriginIsolated?: boolean };
    return typeof g.SharedArrayBuffer === "function" && g.crossOriginIsolated !== false;
  }

  /** Bytes currently allocated. */
  get bytesInUse(): number {
    return this.#inUse;
  }

  /** A new block of at least `bytes` bytes, 64-byte aligned. @example heap.alloc(4 * 1024) */
  alloc(bytes: number): number {
    // (consecutive large blocks' colours are 23 lines apart: 23 is prime to 64, so all 64 come round)
    const offset = bytes <= SMALL ? 0 : ALIGN * ((this.#colour = (this.#colour + 23) % COLOURS));
    const size = bytes <= ALIGN ? ALIGN : bytes <= SMALL ? 1 << (32 - Math.clz32(bytes - 1)) : roundUp(bytes + offset, PAGE);
    let address: number | undefined;
    if (size <= SMALL) address = this.#small.get(size)?.pop();
    else {
      const i = this.#large.findIndex(([, n]) => n >= size);
      if (i >= 0) {
        const [a, n] = this.#large[i]!;
        address = a;
        if (n === size) this.#large.splice(i, 1);
        else this.#large[i] = [a + size, n - size];
      }
    }
    if (address === undefined) address = this.#bump(size);
    if (offset) {
      address += offset;
      this.#offsets.set(address, offset);
    }
    this.#sizes.set(address, size);
    this.#inUse += size;
    this.allocations++;
    this.bytesAllocated += size;
    return address;
  }

  /** Returns a block to the allocator. */
  free(address: number): void {
    const size = this.#sizes.get(address);
    if (size === undefined) throw new InternalError(`internal: freeing unknown block ${address}`);
    this.#sizes.delete(address);
    this.#inUse -= size;
    const offset = this.#offsets.get(address);
    if (offset !== undefined) {
      this.#offsets.delete(address);
      address -= offset;
    }
    if (size <= SMALL) {
      let list = this.#small.get(size);
      if (!list) this.#small.set(size, (list = []));
      list.push(address);
      return;
    }
    this.#large.push([address, size]);
    this.#large.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [a, n] of this.#large) {
      const last = merged[merged.length - 1];
      if (last && last[0] + last[1] === a) last[1] += n;
      else merged.push([a, n]);
    }
    // A free block at the top shrinks the bump pointer instead.
    const last = merged[merged.length - 1];
    if (last && last[0] + last[1] === this.#top) {
      this.#top = last[0];
      merged.pop();
    }
    this.#large = merged;
  }

  #bump(size: number): number {
    const address = roundUp(this.#top, ALIGN);
    const end = address + size;
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      const pages = Math.ceil((end - have) / PAGE);
      if (have / PAGE + pages > MAX_PAGES) throw new DeviceError(`out of memory: the CPU heap cannot grow to ${(end / 2 ** 30).toFixed(2)} GiB`);
      this.memory.grow(Math.max(pages, Math.min(MAX_PAGES - have / PAGE, have / PAGE / 4)));
    }
    this.#top = end;
    return address;
  }

  /** A typed view of a block (valid until the memory grows when not shared: take it again after allocating). */
  f32(address: number, length: number): Float32Array {
    return new Float32Array(this.memory.buffer, address, length);
  }
  i32(address: number, length: number): Int32Array {
    return new Int32Array(this.memory.buffer, address, length);
  }
  u8(address: number, length: number): Uint8Array {
    return new Uint8Array(this.memory.buffer, address, length);
  }
}
