// Layer: src/backend/kernel, part of pass 1 (plan). The graph nodes that cannot be fused (argsort, scatterAdd)
// become routines: plain descriptions (../routine.ts) over contiguous buffers, which each device implements once.
// Which nodes are routines is a property of the primitive, asked here and nowhere else.
// Imports src/graph and the routine descriptions.
import { viewNode } from "../../../graph/build.js";
import { idxVar } from "../../../graph/index-expr.js";
import { type NodeDim, type Node, contiguousStrides } from "../../../graph/node.js";
import { scalarType } from "../ir.js";
import type { Routine, SparseRoutine } from "../routine.js";
import { InternalError } from "../../../types/errors.js";

/** A routine bound to the nodes it reads (contiguous, row-major over their dims). */
export interface PlannedRoutine {
  readonly kind: "routine";
  readonly node: Node;
  readonly routine: Routine;
  readonly inputs: readonly Node[];
}

/** Primitives whose outputs are not a fixed function of a fixed set of input elements. @example isRoutineNode(argsortNode(x, "c", false)) // true */
export const isRoutineNode = (n: Node): boolean => !n.storage && (n.op.kind === "argsort" || n.op.kind === "scatterAdd" || n.op.kind === "sparse");

/**
 * `x` itself when a routine can read it as a contiguous row-major buffer (stored so, or to be computed by a
 * kernel, whose output is), else a copy of it (an identity view, lowered to a copying kernel).
 * @example contiguousInput(x.transpose().node) // a copy node
 */
export function contiguousInput(x: Node): Node {
  const s = x.storage;
  if (!s) return x;
  const dense = contiguousStrides(x.dims);
  if (s.offset === 0 && s.strides.every((v, i) => v === dense[i] || x.dims[i]!.size <= 1)) return x;
  const index = Object.fromEntries(x.dims.map((d) => [d.name, idxVar(d.name)]));
  return viewNode(x, x.dims, { index, bounds: [], fill: 0 }, { copy: true });
}

/** Each of `of`'s dims' contiguous stride in `within` (0 where `within` lacks the dim). */
function stridesIn(within: readonly NodeDim[], of: readonly NodeDim[]): number[] {
  const dense = contiguousStrides(within);
  return of.map((d) => {
    const i = within.findIndex((w) => w.name === d.name);
    return i < 0 ? 0 : dense[i]!;
  });
}

/** The routine computing a routine node from its (contiguous) inputs. @example planRoutine(node, node.inputs).routine.kind // "sort" */
export function planRoutine(node: Node, inputs: readonly Node[]): PlannedRoutine {
  const op = node.op;
  if (op.kind === "argsort") {
    const keys = inputs[0]!;
    const axis = node.dims.findIndex((d) => d.name === op.dim);
    const routine: Routine = {
      kind: "sort",
      descending: op.descending,
      keyType: scalarType(keys.dtype),
      n: node.dims[axis]!.size,
      stride: contiguousStrides(node.dims)[axis]!,
      total: node.numel,
    };
    return { kind: "routine", node, routine, inputs };
  }
  if (op.kind === "scatterAdd") {
    const [values, index] = [inputs[0]!, inputs[1]!];
    const axis = node.dims.findIndex((d) => d.name === op.dim);
    const routine: Routine = {
      kind: "scatterAdd",
      sizes: values.dims.map((d) => d.size),
      indexStrides: stridesIn(index.dims, values.dims),
      // Along the scattered dim the index gives the position (a values dim of that name only iterates).
      outStrides: stridesIn(node.dims, values.dims).map((v, d) => (values.dims[d]!.name === op.dim ? 0 : v)),
      axisStride: contiguousStrides(node.dims)[axis]!,
      limit: node.dims[axis]!.size,
      dim: op.dim,
      outLength: node.numel,
    };
    return { kind: "routine", node, routine, inputs };
  }
  // (the graph carries a sparse node's kernels opaquely; the sparse front end made them as this routine)
  if (op.kind === "sparse") return { kind: "routine", node, routine: op.kernels as SparseRoutine, inputs };
  throw new InternalError(`internal: node ${node.id} (${op.kind}) is not a routine`);
}
