// Layer: src/optim. Adam (Kingma & Ba) with optional decoupled weight decay (AdamW). The moments are
// `persistent` tensors and the step count a persistent scalar, so the bias corrections are computed in the
// graph and every step builds the same graph; each variable's update is one elementwise expression.
// Imports src/optim and src/ops.
import { full } from "../ops/creation.js";
import { persistent } from "../state/kinds.js";
import type { Tensor } from "../tensor.js";
import type { DType, Shape } from "../types/dims.js";
import { Optimizer, checkOptions, fraction, nonNegative, positive, zerosLike } from "./optimizer.js";

export interface AdamOptions {
  /** Learning rate (default 1e-3). */
  readonly lr?: number;
  /** Decay of the first moment (default 0.9). */
  readonly beta1?: number;
  /** Decay of the second moment (default 0.999). */
  readonly beta2?: number;
  /** Added to the root of the second moment (default 1e-8). */
  readonly eps?: number;
  /** Decoupled weight decay: v ← v - lr·weightDecay·v each step (AdamW; default 0). */
  readonly weightDecay?: number;
}

class Adam extends Optimizer {
  /** The step count (a persistent scalar, created on first use) and its next value while a step is staged. */
  #t: Tensor<Shape, "float32"> | undefined;
  #next: Tensor<Shape, "float32"> | undefined;
  constructor(readonly options: AdamOptions) {
    super();
    checkOptions("adam", options, { lr: positive, beta1: fraction, beta2: fraction, eps: nonNegative, weightDecay: nonNegative });
  }
  /** t + 1 for the step being staged (one per commit, shared by every variable). */
  #stepCount(): Tensor<Shape, "float32"> {
    if (!this.#t) {
      using zero = full([], 0);
      this.#t = persistent(zero).dynamic();
    }
    return (this.#next ??= this.#t.add(1));
  }
  protected override beforeCommit(): void {
    if (this.#t && this.#next) this.stage(this.#t, this.#next);
    this.#next = undefined;
  }
  protected rule(v: Tensor<Shape, "float32">, g: Tensor<Shape, "float32">, variable: Tensor<Shape, DType>): Tensor<Shape, "float32"> {
    const { lr = 1e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weightDecay = 0 } = this.options;
    const t = this.#stepCount();
    const m = this.state(variable, "m", () => zerosLike(v));
    const s = this.state(variable, "s", () => zerosLike(v));
    const m1 = m.mul(beta1).add(g.mul(1 - beta1));
    const s1 = s.mul(beta2).add(g.mul(g).mul(1 - beta2));
    this.stage(m, m1);
    this.stage(s, s1);
    // Bias corrections 1 - β^t: 0-d expressions of the step counter.
    const c1 = full([], beta1).dynamic().pow(t).neg().add(1);
    const c2 = full([], beta2).dynamic().pow(t).neg().add(1);
    const update = m1.div(c1).div(s1.div(c2).sqrt().add(eps));
    const decayed = weightDecay ? (v.sub(v.mul(lr * weightDecay))) : v;
    return decayed.sub(update.mul(lr));
  }
}

/**
 * Adam: moments m ← β1·m + (1-β1)·g and s ← β2·s + (1-β2)·g², then
 * v ← v - lr·(m / (1-β1^t)) / (sqrt(s / (1-β2^t)) + eps) (and AdamW's decay with `weightDecay`).
 * @example const opt = adam({ lr: 3e-3 }); const loss = await opt.step(() => model.loss(batch))
 */
export function adam(options: AdamOptions = {}): Optimizer {
  return new Adam(options);
}
