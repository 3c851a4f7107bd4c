// Layer: src/ops. Indexing by name: get, narrow, unbind (views with constant or shifted indices) and
// indexSelect, gather (the gather primitive reading positions from an int32 tensor). Bounds are checked at
// the call: literal ones at compile time, the rest at run time, and an index tensor already materialised on
// the CPU is range-checked eagerly (the reference interpreter checks again when it runs). Imports src/types,
// src/shape, src/graph and the top layer; nothing from src/backend.
import { gatherNode, identityMap, viewNode } from "../graph/build.js";
import { type IndexExpr, idxAdd, idxConst, idxVar } from "../graph/index-expr.js";
import { type ShapeDim, lookup } from "../shape/dims.js";
import { gatherShape, getShape, indexSelectShape, narrowShape } from "../shape/indexing.js";
import { type AnyTensor, type Tensor, defineMethods, fromDims, tensorArg } from "../tensor.js";
import type { DType, Lookup, NameArg, Ok, Shape } from "../types/dims.js";
import { ShapeError, indexRange } from "../types/errors.js";
import type { Guard, GuardName } from "../types/guard.js";
import type { Gather, GatherIndex, Get, GetIndex, IndexSelect, NarrowLength, NarrowName, NarrowStart, Narrow, SelectIndex, Unbind } from "../types/indexing.js";

declare module "../tensor.js" {
  interface Tensor<S extends Shape, D extends DType> {
    /**
     * The slice at position `index` of a dim, which is removed (`0 <= index < size`). A free view.
     * @example x.get("batch", 0) // Tensor without "batch"
     */
    get<S extends Shape, D extends DType, const N extends NameArg<S>, const I extends number>(
      this: Tensor<S, D>,
      name: GuardName<Lookup<S, N>, N>,
      index: Guard<GetIndex<S, N, I>, I>,
    ): Tensor<Ok<Get<S, N, I>>, D>;
    /**
     * `length` consecutive positions of a dim from `start`, under a new name (a narrowed dim is a different
     * dim). A free view.
     * @example x.narrow("seq", 0, 64, "prefix") // seq: 128 becomes prefix: 64, in place
     */
    narrow<S extends Shape, D extends DType, const N extends NameArg<S>, const St extends number, const L extends number, const New extends string>(
      this: Tensor<S, D>,
      name: GuardName<Lookup<S, N>, N>,
      start: Guard<NarrowStart<S, N, St, L>, St>,
      length: Guard<NarrowLength<S, N, St, L>, L>,
      newName: GuardName<NarrowName<S, N, New>, New>,
    ): Tensor<Ok<Narrow<S, N, St, L, New>>, D>;
    /**
     * The slices along a dim, one tensor per position, each without the dim.
     * @example const [first, second] = pair.unbind("side")
     */
    unbind<S extends Shape, D extends DType, const N extends NameArg<S>>(this: Tensor<S, D>, name: GuardName<Lookup<S, N>, N>): Tensor<Ok<Unbind<S, N>>, D>[];
    /**
     * Reads a dim at the positions held in an int32 tensor, whose dims replace it in place (in the index's
     * order); the index's names must not be x's other names.
     * @example embedding.indexSelect("vocab", ids) // [vocab, embed] with ids [batch, seq] -> [batch, seq, embed]
     */
    indexSelect<S extends Shape, D extends DType, const N extends NameArg<S>, I extends Shape, DI extends DType>(
      this: Tensor<S, D>,
      name: GuardName<Lookup<S, N>, N>,
      index: Guard<SelectIndex<S, N, I, DI>, Tensor<I, DI>>,
    ): Tensor<Ok<IndexSelect<S, N, I, DI>>, D>;
    /**
     * Reads a dim at the positions held in an int32 tensor: the index's dims that are also x's other dims are
     * matched pointwise (same sizes); its other dims replace the read dim in place, in the index's order.
     * @example logits.gather("class", labels) // logits [batch, class], labels [batch] -> [batch]
     */
    gather<S extends Shape, D extends DType, const N extends NameArg<S>, I extends Shape, DI extends DType>(
      this: Tensor<S, D>,
      name: GuardName<Lookup<S, N>, N>,
      index: Guard<GatherIndex<S, N, I, DI>, Tensor<I, DI>>,
    ): Tensor<Ok<Gather<S, N, I, DI>>, D>;
  }
}

const graphDims = (dims: readonly ShapeDim[]): { name: string; size: number }[] => dims.map((d) => ({ name: d.name, size: d.size }));

/** x with one dim read at `expr` (in terms of the result's dims). */
function reading(x: AnyTensor, dims: readonly ShapeDim[], name: string, expr: IndexExpr): AnyTensor {
  const index = { ...identityMap(x.node), [name]: expr };
  return fromDims(viewNode(x.node, graphDims(dims), { index, bounds: [], fill: 0 }), dims);
}

/** When the index values are already on the CPU, reports the first one out of range at the call. */
function checkEagerly(index: AnyTensor, dim: ShapeDim): void {
  if (index.node.storage?.buffer.device !== "cpu") return;
  const values = index.dataSync();
  for (let k = 0; k < values.length; k++) {
    const i = values[k]!;
    if (!(i >= 0 && i < dim.size)) throw new ShapeError(indexRange(i, dim.name, dim.size));
  }
}

defineMethods({
  get(this: AnyTensor, name: unknown, index: unknown) {
    const { dim, dims } = getShape(this.shapeDims, name, index);
    return reading(this, dims, dim.name, idxConst(index as number));
  },
  narrow(this: AnyTensor, name: unknown, start: unknown, length: unknown, newName: unknown) {
    const { dim, fresh, dims } = narrowShape(this.shapeDims, name, start, length, newName);
    return reading(this, dims, dim.name, idxAdd(idxVar(fresh.name), idxConst(start as number)));
  },
  unbind(this: AnyTensor, name: unknown) {
    const dim = lookup(this.shapeDims, name);
    const dims = this.shapeDims.filter((d) => d.name !== dim.name);
    return Array.from({ length: dim.size }, (_, i) => reading(this, dims, dim.name, idxConst(i)));
  },
  indexSelect(this: AnyTensor, name: unknown, indices: AnyTensor) {
    const index = tensorArg("indexSelect", indices, "a tensor of int32 indices second");
    const { dim, dims } = indexSelectShape(this.shapeDims, name, index.shapeDims, index.dtype);
    checkEagerly(index, dim);
    return fromDims(gatherNode(this.node, dim.name, index.node, graphDims(dims)), dims);
  },
  gather(this: AnyTensor, name: unknown, indices: AnyTensor) {
    const index = tensorArg("gather", indices, "a tensor of int32 indices second");
    const { dim, dims } = gatherShape(this.shapeDims, name, index.shapeDims, index.dtype);
    checkEagerly(index, dim);
    return fromDims(gatherNode(this.node, dim.name, index.node, graphDims(dims)), dims);
  },
});
