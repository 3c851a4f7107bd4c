// Layer: src/nn (above src/ops). A dense layer by name: x contracted with a weight over a named input dim,
// plus an optional bias that broadcasts by name — a `dot` and an `add`, no new primitive — and a helper that
// creates its trainable variables. Imports the top layer and src/ops.
import "../ops/contract.js";
import "../ops/elementwise.js";
import { randn, zeros } from "../ops/creation.js";
import { describeValue } from "../shape/dims.js";
import { ShapeError, badOption } from "../types/errors.js";
import { type Variable, variable } from "../state/kinds.js";
import type { Tensor } from "../tensor.js";
import type { Dot } from "../types/contract.js";
import type { CheckShape, NameArg, NameList, Ok, Shape } from "../types/dims.js";
import type { FirstFail, Guard, GuardNames, OkNames } from "../types/guard.js";
import { checkTensor, floatTensor, within } from "./checks.js";
import { checkedArg } from "./generic.js";
import type { Within } from "./types.js";

/**
 * `x · weight` contracted over `inName` (a dim of both), plus `bias` (whose dims must be among the result's).
 * Every other name broadcasts, so the weight's other dims become the output's.
 * @example
 * const h = linear(x, "inhid", W, b); // x [batch, inhid] · W [inhid, outhid] + b [outhid] -> [batch, outhid]
 */
export function linear<S extends Shape, const N extends NameArg<S>, W extends Shape, B extends Shape = []>(
  x: Tensor<S, "float32">,
  inName: GuardNames<FirstFail<[Dot<S, W, NameList<N>>, "float32"]>, N, NameArg<S>>,
  weight: Tensor<W, "float32">,
  bias?: Guard<Within<Ok<Dot<S, W, [N]>>, B>, Tensor<B, "float32">>,
): Tensor<OkNames<Dot<S, W, NameList<N>>, N>, "float32"> {
  checkTensor("linear", "x", x);
  checkTensor("linear", "the weight", weight);
  // The op's own signature, instantiated with this function's types: the result is the declared type.
  const y = x.dot<S, "float32", N, W, "float32">(inName, weight);
  if (bias === undefined) return y;
  const t = y.dynamic();
  return within(t, t.add(floatTensor("linear", "the bias", bias))).shapedLike(y);
}

/** A linear layer's variables: the weight over [input, output] and the bias over [output]. */
export interface LinearParams<I extends readonly [string, number], O extends readonly [string, number]> {
  readonly weight: Variable<[[I[0], I[1]], [O[0], O[1]]]>;
  readonly bias: Variable<[[O[0], O[1]]]>;
}

/**
 * Trainable variables for `linear`: a weight with normal entries of variance 1/fan-in (seeded) and a zero bias.
 * @example const { weight, bias } = linearParams(["inhid", 7], ["outhid", 5], { seed: 0 })
 */
export function linearParams<const I extends readonly [string, number], const O extends readonly [string, number]>(
  input: Guard<CheckShape<[I, O]>, I>,
  output: O,
  options: { readonly seed: number; readonly scale?: number },
): LinearParams<I, O> {
  const [i, o] = [checkDim("input", checkedArg(input)), checkDim("output", output)];
  // Names known only as type parameters: create with fixed names and `number` sizes, rename, then type.
  const ni: number = i[1];
  const no: number = o[1];
  const w = randn([["input", ni], ["output", no]], { seed: options.seed }).dynamic().rename({ input: i[0], output: o[0] });
  const b = zeros([["output", no]]).dynamic().rename({ output: o[0] });
  const scale = options.scale ?? 1 / Math.sqrt(Math.max(1, i[1]));
  return { weight: variable(w.mul(scale).shapedLike([[i[0], i[1]], [o[0], o[1]]])), bias: variable(b.shapedLike([[o[0], o[1]]])) };
}

/** A `[name, size]` pair, checked at run time to be one (its name and size are checked by the ops it reaches). */
function checkDim<const T extends readonly [string, number]>(what: string, dim: T): T {
  if (!(Array.isArray(dim) && dim.length === 2)) throw new ShapeError(badOption("linearParams", what, "a dimension [name, size]", describeValue(dim)));
  return dim;
}
