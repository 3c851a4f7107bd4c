// Layer: src/ops. Contraction over names: `a.dot(names, b)` and the n-operand `contract(tensors, names)`.
// Both are the product broadcast by name, summed over the contracted names, C(i,j) = Σ_k A(i,k)·B(k,j);
// there is no matmul primitive: the fuser turns the sum-of-products into a tiled contraction kernel.
import { binaryNode, castNode, reduceNode } from "../graph/build.js";
import type { Node } from "../graph/node.js";
import { broadcastAll } from "../shape/broadcast.js";
import { contractShape, dotShape } from "../shape/contract.js";
import { describeValue } from "../shape/dims.js";
import { arithmeticType } from "../shape/dtype.js";
import { type AnyTensor, Tensor, defineMethods, fromDims } from "../tensor.js";
import type { Contract, Dot } from "../types/contract.js";
import type { DType, NameArg, NameList, Ok, Shape } from "../types/dims.js";
import type { ArithmeticType, OkType } from "../types/dtype.js";
import type { FirstFail, GuardNames, OkNames } from "../types/guard.js";
import { ArgumentError } from "../types/errors.js";

type DotOf<S extends Shape, B extends Shape, Ns> = Dot<S, B, NameList<Ns>>;

declare module "../tensor.js" {
  interface Tensor<S extends Shape, D extends DType> {
    /**
     * Contracts `names` (each a dim of both operands) — the sum over them of the product; every other name
     * broadcasts, so names shared but not contracted act as batch dims.
     * @example
     * im.dot("height", im2);               // Tensor<[["width", 96], ["channels", 3]]>
     * ht.dot("inhid", Wh);                 // [batch, outhid]: a matrix product by name
     */
    dot<S extends Shape, D extends DType, const Ns extends NameArg<S> | readonly NameArg<S>[], B extends Shape, DB extends DType>(this: Tensor<S, D>, 
      names: GuardNames<FirstFail<[DotOf<S, B, Ns>, ArithmeticType<D, DB>]>, Ns, NameArg<S>>,
      other: Tensor<B, DB>,
    ): Tensor<OkNames<DotOf<S, B, Ns>, Ns>, OkType<ArithmeticType<D, DB>>>;
  }
}

type ShapesOf<Ts> = { [K in keyof Ts]: Ts[K] extends Tensor<infer S, DType> ? S : never };
type TypeOf<Ts extends readonly unknown[]> = Ts[number] extends Tensor<Shape, infer D> ? ("float32" extends D ? "float32" : [D] extends ["int32"] ? "int32" : ArithmeticType<D & DType, D & DType>) : never;

function product(operands: readonly AnyTensor[], dims: readonly { name: string; size: number }[], dtype: DType): Node {
  return operands.map((t) => castNode(t.node, dtype)).reduce((acc, n) => binaryNode("mul", acc, n, dims, dtype));
}

defineMethods({
  dot(this: AnyTensor, names: unknown, other: AnyTensor) {
    if (!(other instanceof Tensor)) throw new ArgumentError(`dot needs a tensor as its second argument, not ${describeValue(other)}`);
    const { dims, contracted } = dotShape(this.shapeDims, other.shapeDims, names);
    const dtype = arithmeticType(this.dtype, other.dtype);
    const all = broadcastAll([this.shapeDims, other.shapeDims]);
    return fromDims(reduceNode("sum", product([this, other], all, dtype), contracted), dims);
  },
});

/**
 * The n-operand contraction: multiply every operand (broadcasting by name) and sum over `names`, each a dim
 * of at least one operand. `contract([a, b], "k")` is `a.dot("k", b)`; three operands contract in one pass.
 * @example contract([q, k], "d") // scores over the shared names of q and k, without d
 */
export function contract<const Ts extends readonly Tensor<Shape, DType>[], const Ns extends NameArg<ShapesOf<Ts>[number]> | readonly NameArg<ShapesOf<Ts>[number]>[]>(
  tensors: Ts,
  names: GuardNames<FirstFail<[Contract<ShapesOf<Ts>, NameList<Ns>>]>, Ns, NameArg<ShapesOf<Ts>[number]>>,
): Tensor<OkNames<Contract<ShapesOf<Ts>, NameList<Ns>>, Ns>, OkType<TypeOf<Ts>>> {
  const operands = tensors as unknown as readonly AnyTensor[];
  if (!Array.isArray(operands)) throw new ArgumentError(`contract needs a list of tensors, not ${describeValue(operands)}`);
  if (operands.length === 0) throw new ArgumentError("contract needs at least one tensor");
  operands.forEach((t, i) => {
    if (!(t instanceof Tensor)) throw new ArgumentError(`contract needs a list of tensors, but entry ${i} is ${describeValue(t)}`);
  });
  const { dims, contracted } = contractShape(
    operands.map((t) => t.shapeDims),
    names,
  );
  const dtype = operands.map((t) => t.dtype).reduce(arithmeticType);
  const all = broadcastAll(operands.map((t) => t.shapeDims));
  return fromDims(reduceNode("sum", product(operands, all, dtype), contracted), dims);
}
