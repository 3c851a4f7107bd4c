// Layer: src/backend/cpu. CPU buffers: blocks of the Wasm heap (so generated kernels and worker threads read
// them in place), reference counted by the storages that view them and freed when the count drops to zero.
// Imports only the device contract's types and the heap.
import type { DType, DeviceBuffer, LiveBuffers } from "../device-contract.js";
import type { WasmHeap } from "./heap.js";
import { StateError } from "../../types/errors.js";

export type CpuArray = Float32Array | Int32Array | Uint8Array;

/** A new zeroed typed array for a dtype (bool is one byte of 0 or 1). */
export function typedArrayFor(dtype: DType, length: number): CpuArray {
  return dtype === "float32" ? new Float32Array(length) : dtype === "int32" ? new Int32Array(length) : new Uint8Array(length);
}

export const bytesPer = (dtype: DType): number => (dtype === "bool" ? 1 : 4);

export class CpuBuffer implements DeviceBuffer {
  readonly device = "cpu";
  readonly address: number;
  #refs = 0;
  #freed = false;

  constructor(
    readonly heap: WasmHeap,
    readonly dtype: DType,
    readonly length: number,
    readonly live?: LiveBuffers,
  ) {
    this.address = heap.alloc(Math.max(1, length) * bytesPer(dtype));
    live?.add(length * bytesPer(dtype));
  }

  /** A view of the values (take it again after other allocations: the heap may have grown). */
  get array(): CpuArray {
    if (this.#freed) throw new StateError("this tensor was disposed; its values are gone");
    const { heap, address, length } = this;
    return this.dtype === "float32" ? heap.f32(address, length) : this.dtype === "int32" ? heap.i32(address, length) : heap.u8(address, length);
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
    this.heap.free(this.address);
    this.live?.remove(this.length * bytesPer(this.dtype));
  }
}
