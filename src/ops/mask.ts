// Layer: src/ops. Private dimensions (the named-tensor essay's `mask_to`): `mask` hides dims from every
// name-taking op, which then cannot reduce, index or contract them; they still travel through every op,
// broadcast and size-check by name. `unmask` shows them again where they are. No graph node: masking only
// changes what the front end lets a program name.
import { maskShape } from "../shape/mask.js";
import { type AnyTensor, defineMethods, fromDims, wrap } from "../tensor.js";
import type { DType, NameArg, Shape } from "../types/dims.js";
import type { GuardNames, OkNames } from "../types/guard.js";
import type { Mask, Unmask } from "../types/mask.js";

declare module "../tensor.js" {
  interface Tensor<S extends Shape, D extends DType> {
    /**
     * Makes dims private: any op that names them is a compile error (and a runtime ShapeError).
     * @example
     * const Y = ys.mask("batch");   // Tensor<[["batch", 3, "masked"], ["seqlen", 5], ["inhid", 7]]>
     * Y.sum("batch");               // error: "batch" is private (masked)
     */
    mask<S extends Shape, D extends DType, const Ns extends readonly NameArg<S>[]>(this: Tensor<S, D>, ...names: GuardNames<Mask<S, Ns>, Ns, NameArg<S>>): Tensor<OkNames<Mask<S, Ns>, Ns>, D>;
    /** Makes every private dim visible again, in place. @example Y.unmask().mean("batch") */
    unmask<S extends Shape, D extends DType>(this: Tensor<S, D>): Tensor<Unmask<S>, D>;
  }
}

defineMethods({
  mask(this: AnyTensor, ...names: unknown[]) {
    return fromDims(this.node, maskShape(this.shapeDims, names));
  },
  unmask(this: AnyTensor) {
    return wrap(this.node);
  },
});
