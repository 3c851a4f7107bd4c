// Layer: src/optim. Stochastic gradient descent with optional momentum (heavy ball or Nesterov) and L2 weight
// decay. Each variable's update is one elementwise expression of (value, gradient, velocity), so it fuses
// into one kernel; the velocity is a `persistent` tensor. Imports src/optim and src/ops.
import type { Variable } from "../state/kinds.js";
import type { AnyTensor } from "../tensor.js";
import type { DType, Shape } from "../types/dims.js";
import { Optimizer, zerosLike } from "./optimizer.js";

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
    for (const [k, v] of Object.entries(options)) if (typeof v === "number" && !(v >= 0)) throw new RangeError(`sgd option ${k} must be a non-negative number, not ${v}`);
  }
  protected rule(v: AnyTensor, g0: AnyTensor, variable: Variable<Shape, DType>): AnyTensor {
    const { lr, momentum = 0, nesterov = false, weightDecay = 0 } = this.options;
    const g = (weightDecay ? g0.add(v.mul(weightDecay) as never) : g0) as AnyTensor;
    if (momentum === 0) return v.sub(g.mul(lr) as never) as AnyTensor;
    // buf' = μ·buf + g;  v' = v - lr·buf'  (Nesterov: v' = v - lr·(g + μ·buf')).
    const buf = this.state(variable, "velocity", () => zerosLike(v));
    const next = buf.mul(momentum).add(g as never) as AnyTensor;
    this.stage(buf, next);
    const step = nesterov ? (g.add(next.mul(momentum) as never) as AnyTensor) : next;
    return v.sub(step.mul(lr) as never) as AnyTensor;
  }
}

/**
 * Stochastic gradient descent: `v ← v - lr·g`, or with momentum `buf ← μ·buf + g; v ← v - lr·buf`.
 * @example const opt = sgd({ lr: 0.1, momentum: 0.9 }); await opt.step(() => loss())
 */
export function sgd(options: SgdOptions): Optimizer {
  return new Sgd(options);
}
