// Layer: src/nn (above src/ops). Softmax cross-entropy by name, with the fused backward that pays: the
// gradient of the logits is softmax(logits) − onehot(labels), scaled, in one elementwise expression (Alea TK's
// fused softmax + cross-entropy), instead of differentiating logsumexp and the label pick separately.
// Imports the top layer and src/ops.
import "../ops/elementwise.js";
import "../ops/reduce.js";
import { customGradient } from "../autodiff/grad.js";
import { arange } from "../ops/creation.js";
import { showAllDims } from "../shape/dims.js";
import type { Tensor } from "../tensor.js";
import type { AnyFail, DType, Fail, Lookup, NameArg, Ok, Shape, ShowAllDims } from "../types/dims.js";
import { type LabelsMismatch, type NeedsInt, ShapeError, labelsMismatch, needsInt } from "../types/errors.js";
import type { FirstFail, Guard, GuardName } from "../types/guard.js";
import type { Reduce } from "../types/reduce.js";
import { anyTensor, floatTensor } from "./checks.js";
import { privateLike } from "./generic.js";
import type { KeepMasked, SameSet } from "./types.js";

/** "ok" when the labels have exactly the logits' dims other than N (any order) and are int32. */
export type LabelsCheck<S extends Shape, N, L extends Shape, DL extends DType> =
  Lookup<S, N> extends AnyFail
    ? "ok"
    : FirstFail<[
        SameSet<Ok<Reduce<S, [N]>>, L> extends true ? "ok" : Fail<LabelsMismatch<N & string, ShowAllDims<Ok<Reduce<S, [N]>>>, ShowAllDims<L>>>,
        [DL] extends ["int32"] ? "ok" : Fail<NeedsInt<"the labels", DL>>,
      ]>;

/**
 * The mean over every visible dim of `-log softmax(logits)[label]` along `classDim`: `labels` are int32 class
 * positions with the logits' other dims (in any order). Private dims are kept (they pass through untouched).
 * Its gradient is `(softmax(logits) − onehot(labels)) / count`, fused. A label outside [0, classes) is an
 * error naming its position and the number of classes, when the loss is computed.
 * @example const loss = crossEntropy(logits, targets, "vocab") // logits [batch, seq, vocab], targets [batch, seq]
 */
export function crossEntropy<S extends Shape, L extends Shape, DL extends DType, const N extends NameArg<S>>(
  logits: Tensor<S, "float32">,
  labels: Guard<LabelsCheck<S, N, L, DL>, Tensor<L, DL>>,
  classDim: GuardName<Lookup<S, N>, N>,
): Tensor<KeepMasked<S>, "float32"> {
  const x = floatTensor("crossEntropy", "the logits", logits);
  const y = anyTensor("crossEntropy", "the labels", labels);
  const cls = x.shapeDims.find((d) => d.name === classDim && !d.masked);
  if (!cls) x.sum(classDim); // throws the lookup's sentence
  const others = x.shapeDims.filter((d) => d.name !== classDim);
  const sameSet = others.length === y.rank && others.every((d) => y.shapeDims.some((e) => e.name === d.name && e.size === d.size));
  if (!sameSet) throw new ShapeError(labelsMismatch(classDim, showAllDims(others), showAllDims(y.shapeDims)));
  if (y.dtype !== "int32") throw new ShapeError(needsInt("the labels", y.dtype));

  const name: string = classDim;
  const positions = arange("cls", cls!.size, { dtype: "int32" }).dynamic().rename({ cls: name });
  const onehot = y.eq(positions);
  const lse = x.logsumexp(classDim);
  // The label's logit by gather: O(N) rather than a comparison with every class, and a label outside
  // [0, classes) is the gather's error (naming the position and the bound) on every device, not a silent loss.
  const picked = x.dynamic().gather(name, y.dynamic());
  const visible = others.filter((d) => !d.masked);
  const count = visible.reduce((n, d) => n * d.size, 1);
  const perPosition = lse.sub(picked);
  const loss = visible.length ? perPosition.sum(visible.map((d) => d.name)) : perPosition;
  const mean = privateLike(loss.mul(1 / count), logits);
  return customGradient(mean, [x], (g) => [x.sub(lse).exp().sub(onehot.cast("float32")).mul(g.dynamic()).mul(1 / count)]);
}
