// The CPU heap's large blocks and a sparse product's output block: large blocks start at different offsets
// within a 4 KiB page (arrays streamed side by side must not share their low address bits: 4K aliasing) and
// free back to whole pages; disposing an SpMV's result frees its block at once, so the next product reuses it
// (already paged in) instead of touching fresh memory.
import { describe, expect, it } from "vitest";
import type { CpuDevice } from "../../src/backend/cpu/device.js";
import { WasmHeap } from "../../src/backend/cpu/heap.js";
import { csr, fromCoo, getDefaultDevice, tensor } from "../../src/index.js";
import { rng, testSeed } from "../helpers/random.js";

describe("the CPU heap's large blocks", () => {
  it("start at distinct cache-line offsets within a page, stay 64-byte aligned and hold their bytes", () => {
    const heap = new WasmHeap({ shared: false });
    const blocks = Array.from({ length: 8 }, (_, n) => heap.alloc(100_000 + 4096 * n));
    const offsets = new Set(blocks.map((a) => a % 4096));
    expect(offsets.size).toBe(blocks.length);
    for (const [n, a] of blocks.entries()) {
      expect(a % 64).toBe(0);
      heap.u8(a, 100_000 + 4096 * n).fill(n + 1); // the whole block is inside the memory and its own
    }
    for (const [n, a] of blocks.entries()) expect(heap.u8(a, 100_000 + 4096 * n).every((v) => v === n + 1)).toBe(true);
  });

  it("free back to their pages: the freed space serves the next blocks and the bump pointer comes back down", () => {
    const heap = new WasmHeap({ shared: false });
    const a = heap.alloc(300_000);
    const b = heap.alloc(300_000);
    const inUse = heap.bytesInUse;
    heap.free(a);
    heap.free(b);
    expect(heap.bytesInUse).toBe(0);
    const c = heap.alloc(600_000);
    // (the two freed blocks merged, and moved the top back: c starts in a's first page)
    expect(Math.floor(c / 65536)).toBe(Math.floor(a / 65536));
    expect(heap.bytesInUse).toBeLessThanOrEqual(inUse + 65536);
    heap.free(c);
    expect(() => heap.free(c)).toThrow(/freeing unknown block/);
  });
});

describe("an SpMV's output block", () => {
  it("is freed when the result is disposed: the next product writes the same block", () => {
    const next = rng(testSeed ^ 0x4a11);
    const n = 50_000;
    const rows = Int32Array.from({ length: 3 * n }, (_, e) => Math.floor(e / 3));
    const cols = Int32Array.from({ length: 3 * n }, (_, e) => (Math.floor(e / 3) + (e % 3) * 7) % n);
    const vals = Float32Array.from({ length: 3 * n }, () => next() * 2 - 1);
    const A = fromCoo([["row", n], ["col", n]], { coords: { row: rows, col: cols }, values: vals }, csr("row", "col"));
    const xs = Float32Array.from({ length: n }, () => next() * 2 - 1);
    const x = tensor(xs, [["col", n]]);
    const heap = (getDefaultDevice() as unknown as CpuDevice).heap;
    const first = A.dot("col", x);
    const got = first.dataSync() as Float32Array;
    const want = (i: number) => [0, 1, 2].reduce((s, j) => s + vals[3 * i + j]! * xs[(i + j * 7) % n]!, 0);
    for (const i of [0, 1, n - 1, Math.floor(n * next())]) expect(got[i]).toBeCloseTo(want(i), 4);
    const inUse = heap.bytesInUse;
    first.dispose();
    expect(heap.bytesInUse).toBeLessThan(inUse - 4 * n + 1);
    for (let r = 0; r < 3; r++) {
      const y = A.dot("col", x);
      expect(heap.bytesInUse).toBeLessThanOrEqual(inUse);
      y.dispose();
    }
  });
});
