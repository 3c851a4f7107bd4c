// Layer: src/backend/cpu. The CPU device: buffers are typed arrays, values are computed by the reference
// interpreter (float64) and read back synchronously. Imports src/graph and src/backend.
import type { DType, Node } from "../../graph/node.js";
import { contiguousStrides } from "../../graph/node.js";
import type { Device, TypedArray } from "../engine.js";
import { CpuBuffer, typedArrayFor } from "./buffer.js";
import { evaluate, storeValues } from "./reference.js";

export class CpuDevice implements Device {
  readonly name = "cpu";

  upload(values: TypedArray, dtype: DType): CpuBuffer {
    const array = typedArrayFor(dtype, values.length);
    array.set(values);
    return new CpuBuffer(dtype, array);
  }

  realize(nodes: readonly Node[]): void {
    const memo = new Map<Node, Float64Array>();
    for (const node of nodes) {
      if (node.storage) continue;
      const values = evaluate(node, memo);
      const buffer = new CpuBuffer(node.dtype, typedArrayFor(node.dtype, node.numel));
      storeValues(values, node.dtype, buffer);
      node.materialize({ buffer, strides: contiguousStrides(node.dims), offset: 0 });
    }
  }

  readSync(node: Node): TypedArray {
    const { buffer, strides, offset } = node.storage!;
    const src = (buffer as CpuBuffer).array;
    const out = typedArrayFor(node.dtype, node.numel);
    const contiguous = contiguousStrides(node.dims);
    if (strides.every((s, i) => s === contiguous[i] || node.dims[i]!.size <= 1)) {
      out.set(src.subarray(offset, offset + out.length));
      return out;
    }
    const sizes = node.dims.map((d) => d.size);
    const idx = sizes.map(() => 0);
    let o = offset;
    for (let flat = 0; flat < out.length; flat++) {
      out[flat] = src[o]!;
      for (let d = sizes.length - 1; d >= 0; d--) {
        idx[d]!++;
        o += strides[d]!;
        if (idx[d]! < sizes[d]!) break;
        o -= strides[d]! * sizes[d]!;
        idx[d] = 0;
      }
    }
    return out;
  }

  async read(node: Node): Promise<TypedArray> {
    return this.readSync(node);
  }
}
