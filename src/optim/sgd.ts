// Layer: src/optim. Stochastic gradient descent with optional momentum (heavy ball or Nesterov) and L2 weight
// decay. Each variable's update is one elementwise expression of (value, gradient, velocity), so it fuses
// into one kernel; the velocity is a `persistent` tensor. Imports src/optim and src/ops.
import type { Tensor } from "../tensor.js";
import type { DType, Shape } from "../types/dims.js";
import { Optimizer, checkOptions, flag, nonNegative, positive, zerosLike } from "./optimizer.js";

export interface SgdOptions {
  /** Learning rate. */
  readonly lr: number;
  /** Momentum factor μ (default 0: plain SGD). */
  readonly momentum?: number;
  /** Nesterov momentum (default false). */
  readonly nesterov?: boolean;
  /** L2 penalty added to the gradient: g + weightDecay·v (default 0). */
  readonly weightDecay?: number;
}

class Sgd extends Optimizer {
  constructor(readonly options: SgdOptions) {
    super();
    checkOptions("sgd", options, { lr: positive, momentum: nonNegative, nesterov: flag, weightDecay: nonNegative }, ["lr"]);
  }
  protected rule(v: Tensor<Shape, "float32">, g0: Tensor<Shape, "float32">, variable: Tensor<Shape, DType>): Tensor<Shape, "float32"> {
    const { lr, momentum = 0, nesterov = false, weightDecay = 0 } = this.options;
    const g = (weightDecay ? g0.add(v.mul(weightDecay)) : g0);
    if (momentum === 0) return v.sub(g.mul(lr));
    // buf' = μ·buf + g;  v' = v - lr·buf'  (Nesterov: v' = v - lr·(g + μ·buf')).
    const buf = this.state(variable, "velocity", () => zerosLike(v));
    const next = buf.mul(momentum).add(g);
    this.stage(buf, next);
    const step = nesterov ? (g.add(next.mul(momentum))) : next;
    return v.sub(step.mul(lr));
  }
}

/**
 * Stochastic gradient descent: `v ← v - lr·g`, or with momentum `buf ← μ·buf + g; v ← v - lr·buf`.
 * @example const opt = sgd({ lr: 0.1, momentum: 0.9 }); await opt.step(() => loss())
 */
export function sgd(options: SgdOptions): Optimizer {
  return new Sgd(options);
}
