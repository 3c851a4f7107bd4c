// Layer: src/sparse. explainSparse: what a sparse op's result was computed by — its assignment, iteration graph,
// merge lattices and generated code, recorded per result by assignment.ts when the kernels run. Imports this folder.
import { SparseTensor } from "./tensor.js";

/** What explainSparse shows for a result: the assignment's derivation and the conversions made. */
export const explanations = new WeakMap<object, () => string>();

/**
 * The iteration graph, merge lattices and generated code of the kernel that computed a sparse op's result.
 * @example explainSparse(A.dot("col", x)) // the index notation out(row) = Σ_col (A(row,col) * B(col)), its iteration graph, merge lattices and code
 */
export function explainSparse(result: object): string {
  const origin = result instanceof SparseTensor ? result.origin : undefined;
  return (explanations.get(result) ?? (origin && explanations.get(origin)))?.() ?? "(not the result of a sparse expression)";
}
