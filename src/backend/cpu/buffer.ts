// Layer: src/backend/cpu. CPU buffers: typed arrays with a reference count shared by the storages that view
// them. Imports only src/graph types.
import type { DType, DeviceBuffer } from "../../graph/node.js";

export type CpuArray = Float32Array | Int32Array | Uint8Array;

/** A new zeroed typed array for a dtype (bool is one byte of 0 or 1). */
export function typedArrayFor(dtype: DType, length: number): CpuArray {
  return dtype === "float32" ? new Float32Array(length) : dtype === "int32" ? new Int32Array(length) : new Uint8Array(length);
}

export class CpuBuffer implements DeviceBuffer {
  readonly device = "cpu";
  #refs = 0;
  constructor(
    readonly dtype: DType,
    readonly array: CpuArray,
  ) {}
  get length(): number {
    return this.array.length;
  }
  retain(): void {
    this.#refs++;
  }
  release(): void {
    this.#refs--;
  }
}
