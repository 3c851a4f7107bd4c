// Layer: src/nn (above src/ops). A dense layer by name: x contracted with a weight over a named input dim,
// plus an optional bias that broadcasts by name — a `dot` and an `add`, no new primitive — and a helper that
// creates its trainable variables. Imports the top layer and src/ops.
import "../ops/contract.js";
import "../ops/elementwise.js";
import { randn, zeros } from "../ops/creation.js";
import { type Variable, variable } from "../state/kinds.js";
import type { AnyTensor, Tensor } from "../tensor.js";
import type { Dot } from "../types/contract.js";
import type { CheckShape, NameArg, Ok, Shape } from "../types/dims.js";
import type { Guard, GuardName } from "../types/guard.js";
import type { Within } from "./types.js";

/**
 * `x · weight` contracted over `inName` (a dim of both), plus `bias` (whose dims must be among the result's).
 * Every other name broadcasts, so the weight's other dims become the output's.
 * @example
 * const h = linear(x, "inhid", W, b); // x [batch, inhid] · W [inhid, outhid] + b [outhid] -> [batch, outhid]
 */
export function linear<S extends Shape, const N extends NameArg<S>, W extends Shape, B extends Shape = []>(
  x: Tensor<S, "float32">,
  inName: GuardName<Dot<S, W, [N]>, N>,
  weight: Tensor<W, "float32">,
  bias?: Guard<Within<Ok<Dot<S, W, [N]>>, B>, Tensor<B, "float32">>,
): Tensor<Ok<Dot<S, W, [N]>>, "float32"> {
  const y = (x as unknown as AnyTensor).dot(inName as never, weight as unknown as AnyTensor) as AnyTensor;
  if (bias === undefined) return y as never;
  const b = bias as unknown as AnyTensor;
  const out = y.add(b as never) as AnyTensor;
  if (out.rank !== y.rank) throw new TypeError(`the bias's dimensions must be among the output's`);
  return out as never;
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
  const [i, o] = [input as I, output];
  const w = randn([i, o] as never, { seed: options.seed }) as unknown as AnyTensor;
  const scale = options.scale ?? 1 / Math.sqrt(Math.max(1, i[1]));
  return {
    weight: variable(w.mul(scale) as AnyTensor) as never,
    bias: variable(zeros([o] as never) as AnyTensor) as never,
  };
}
