// Layer: src/optim (above src/ops). What every optimizer does around its update rule: stage one elementwise
// update expression per variable (and one per moment, kept in `persistent` tensors), then compute all of them
// together with the loss and swap them in. A step builds the same graph every time, so compiled kernels are
// reused from the second step on. Imports the top layer and src/ops; nothing from src/backend or src/graph.
import { realizeNodes, valueAndGrad, type VariableGrads } from "../autodiff/grad.js";
import { type SameType, type Stateful, type Variable, checkSameType, persistent, type Persistent } from "../state/kinds.js";
import { zeros } from "../ops/creation.js";
import type { AnyTensor, Tensor } from "../tensor.js";
import type { DType, Shape } from "../types/dims.js";
import type { Guard } from "../types/guard.js";

/** A scalar loss built from the current values of the variables. */
export type LossFn = () => Tensor<[], "float32">;

/**
 * Updates trainable variables from their gradients. `step(loss)` is a whole training step; `update` +
 * `commit` (or `apply`) are the pieces, for gradients computed by hand.
 */
export abstract class Optimizer {
  readonly #staged = new Map<Stateful<Shape, DType>, AnyTensor>();
  readonly #state = new Map<Variable<Shape, DType>, Map<string, Persistent<Shape, DType>>>();

  /** The new value of `v` given its gradient `g`; reads and stages state through `state`/`stage`. */
  protected abstract rule(v: Tensor<Shape, DType>, g: Tensor<Shape, DType>, variable: Variable<Shape, DType>): Tensor<Shape, DType>;

  /** Persistent state of one variable (a moment), created by `init` on first use. */
  protected state(variable: Variable<Shape, DType>, name: string, init: () => Tensor<Shape, DType>): Tensor<Shape, DType> {
    let slots = this.#state.get(variable);
    if (!slots) this.#state.set(variable, (slots = new Map()));
    let p = slots.get(name);
    if (!p) slots.set(name, (p = persistent(init()) as unknown as Persistent<Shape, DType>));
    return p as unknown as AnyTensor;
  }
  /** Stages the next value of a stateful tensor (a variable or a moment); `commit` swaps it in. */
  protected stage(target: Tensor<Shape, DType>, next: Tensor<Shape, DType>): void {
    this.#staged.set(target as unknown as Stateful<Shape, DType>, next as AnyTensor);
  }
  /** Whether anything is staged (an optimizer-wide counter advances once per commit). */
  protected get staging(): boolean {
    return this.#staged.size > 0;
  }

  /**
   * Stages the update of one variable by its gradient, which must have exactly the variable's type (a compile
   * error otherwise). Nothing is computed until `commit`.
   * @example opt.update(W, grads.get(W)); await opt.commit();
   */
  update<S extends Shape, D extends DType, B extends Shape, DB extends DType>(variable: Variable<S, D>, gradient: Guard<SameType<S, D, B, DB>, Tensor<B, DB>>): void {
    const v = variable as unknown as AnyTensor;
    const g = checkSameType(v, gradient);
    if (v.dtype !== "float32") throw new TypeError(`only float32 variables are trained, not ${v.dtype}`);
    this.stage(v, this.rule(v, g, variable as unknown as Variable<Shape, DType>));
  }

  /**
   * Computes every staged value (and `also`, e.g. the loss) together, then swaps them in.
   * @example await opt.commit([loss])
   */
  async commit(also: readonly Tensor<Shape, DType>[] = []): Promise<void> {
    this.beforeCommit();
    const staged = [...this.#staged];
    this.#staged.clear();
    await realizeNodes([...staged.map(([, v]) => v.node), ...also.map((t) => (t as AnyTensor).node)]);
    for (const [target, value] of staged) {
      const node = (target as unknown as AnyTensor).node;
      const same = node.dims.length === value.node.dims.length && node.dims.every((d, i) => d.name === value.node.dims[i]!.name && d.size === value.node.dims[i]!.size);
      if (!same || node.dtype !== value.node.dtype) throw new Error("internal: an optimizer staged a value whose dims or dtype differ from its target");
      node.materialize(value.node.storage!);
    }
  }
  /** Hook for optimizer-wide state staged once per step (after every variable's update). */
  protected beforeCommit(): void {}

  /**
   * Updates every variable in `grads` (from `valueAndGrad`) and commits.
   * @example const { variables } = valueAndGrad(lossFn)(); await opt.apply(variables)
   */
  async apply(grads: VariableGrads, also: readonly Tensor<Shape, DType>[] = []): Promise<void> {
    for (const v of grads.variables) this.update(v, grads.get(v) as never);
    await this.commit(also);
  }

  /**
   * One training step: builds the loss from the current variables, its gradient for every trainable variable
   * it reads (or only `variables`), and each update; computes them all together; returns the loss.
   * @example for (let i = 0; i < 100; i++) console.log(await opt.step(() => crossEntropy(model(x), y, "class")))
   */
  async step(loss: LossFn, variables?: readonly Variable<Shape, DType>[]): Promise<number> {
    const { value, variables: grads } = valueAndGrad(loss)();
    for (const v of variables ?? grads.variables) this.update(v, grads.get(v) as never);
    await this.commit([value]);
    return (await value.data())[0]!;
  }
}

/** @internal zeros shaped like a tensor, for new moments. */
export const zerosLike = (t: AnyTensor): AnyTensor =>
  (zeros(t.node.dims.map((d) => [d.name, d.size] as [string, number]) as never) as unknown as AnyTensor);
