// Layer: src/optim (above src/ops). What every optimizer does around its update rule: stage one elementwise
// update expression per variable (and one per moment, kept in `persistent` tensors), then compute all of them
// together with the loss and swap them in. A step builds the same graph every time, so compiled kernels are
// reused from the second step on. Imports the top layer and src/ops; nothing from src/backend or src/graph.
import { type LossCheck, valueAndGrad, type VariableGrads } from "../autodiff/grad.js";
import { type SameType, Variable, checkSameType, kindsReady, persistent, type Persistent } from "../state/kinds.js";
import { Traced, type TracedFunction, disposable, realizeReplacing } from "../state/trace.js";
import { zeros } from "../ops/creation.js";
import { describeValue, showAllDims } from "../shape/dims.js";
import { Tensor } from "../tensor.js";
import type { DType, Shape } from "../types/dims.js";
import { badOption, disposedVariable, InternalError, missingOptions, needsFloat, notALossFunction, notAVariable, noVariables, ShapeError, unknownOption } from "../types/errors.js";
import type { Guard } from "../types/guard.js";

/** A scalar loss built from the current values of the variables. */
export type LossFn = () => Tensor<[], "float32">;
/** What an update rule computes with: a float32 tensor of any shape (variables are float32). */
type Value = Tensor<Shape, "float32">;

/**
 * Updates trainable variables from their gradients. `step(loss)` is a whole training step; `update` +
 * `commit` (or `apply`) are the pieces, for gradients computed by hand.
 */
export abstract class Optimizer {
  readonly #staged = new Map<Tensor<Shape, DType>, Tensor<Shape, DType>>();
  readonly #state = new Map<Tensor<Shape, DType>, Map<string, Persistent<Shape, "float32">>>();

  /** The new value of `v` given its gradient `g`; reads and stages state through `state`/`stage`. */
  protected abstract rule(v: Value, g: Value, variable: Tensor<Shape, DType>): Value;

  /**
   * Persistent state of one variable (a moment), created on first use from `init`, a new tensor the state
   * takes over (disposed here, so its buffer has the state as its only holder, not a dropped tensor as well).
   */
  protected state(variable: Tensor<Shape, DType>, name: string, init: () => Value): Value {
    let slots = this.#state.get(variable);
    if (!slots) this.#state.set(variable, (slots = new Map()));
    let p = slots.get(name);
    if (!p) {
      using value = init();
      slots.set(name, (p = persistent(value)));
    }
    return p;
  }
  /** Stages the next value of a stateful tensor (a variable or a moment); `commit` swaps it in. */
  protected stage(target: Tensor<Shape, DType>, next: Tensor<Shape, DType>): void {
    this.#staged.set(target, next);
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
    if (!(variable instanceof Variable)) throw new ShapeError(notAVariable(describeValue(variable)));
    if (variable.isDisposed) throw new ShapeError(disposedVariable(showAllDims(variable.shapeDims)));
    const v = variable.dynamic();
    const g = checkSameType(v, gradient);
    if (!(isFloat(v) && isFloat(g))) throw new ShapeError(needsFloat("an optimizer", "the variable", v.dtype));
    this.stage(v, this.rule(v, g, variable));
  }

  /**
   * Computes every staged value (and `also`, e.g. the loss) together, then swaps them in. A value whose kernel
   * reads its target's old value last, element by element, is written over the old buffer where the device
   * allows it and nothing else holds that buffer (see `trace`).
   * @example await opt.commit([loss])
   */
  async commit(also: readonly Tensor<Shape, DType>[] = []): Promise<void> {
    this.beforeCommit();
    const staged = [...this.#staged];
    this.#staged.clear();
    await kindsReady();
    realizeReplacing(
      staged.map(([, v]) => v.node),
      staged.map(([target]) => target.node),
      also.map((t) => t.node),
    );
    for (const [target, value] of staged) swapIn(target, value);
  }
  /** Hook for optimizer-wide state staged once per step (after every variable's update). */
  protected beforeCommit(): void {}

  /**
   * Updates every variable in `grads` (from `valueAndGrad`) and commits.
   * @example const { variables } = valueAndGrad(lossFn)(); await opt.apply(variables)
   */
  async apply(grads: VariableGrads, also: readonly Tensor<Shape, DType>[] = []): Promise<void> {
    for (const v of grads.variables) this.update(v, grads.get(v));
    await this.commit(also);
  }

  /**
   * One training step: builds the loss from the current variables, its gradient for every trainable variable
   * it reads (or only `variables`), and each update; computes them all together; returns the loss. A loss that
   * is not a float32 scalar is a compile error with the sentence `grad` gives.
   * @example for (let i = 0; i < 100; i++) console.log(await opt.step(() => crossEntropy(model(x), y, "class")))
   */
  async step<R>(loss: Guard<LossCheck<R>, () => R>, variables?: readonly Variable<Shape, DType>[]): Promise<number> {
    if (typeof loss !== "function") throw new ShapeError(notALossFunction(describeValue(loss)));
    for (const v of variables ?? []) if (v instanceof Variable && v.isDisposed) throw new ShapeError(disposedVariable(showAllDims(v.shapeDims)));
    const { value, variables: grads } = valueAndGrad(loss as LossFn)();
    const trained = variables ?? grads.variables;
    if (trained.length === 0) throw new ShapeError(noVariables());
    for (const v of trained) this.update(v, grads.get(v));
    await this.commit([value]);
    const lossValue = (await value.data())[0]!;
    value.dispose(); // the step's own tensor: its buffer is freed now, not by the garbage collector
    return lossValue;
  }
  /**
   * A training step traced once (see `trace`): `loss` builds the scalar loss from its tensor arguments; the
   * first call with arguments of given dims and dtypes runs it on placeholders, differentiates it and stages
   * every update (the trained variables it reads, or only `variables`), and binds all of it — forward,
   * backward, the update of each variable and moment, the swap — to one program; every later call feeds the
   * arguments, runs that program and swaps the new values in, with no graph built, differentiated or hashed.
   * Returns the loss. What `loss` reads besides its arguments is captured as `trace` says: variables are read
   * at their value at each call; a tensor that is not a variable, persistent or argument is a constant of the
   * trace (feed batches as arguments, not through a captured tensor). `step.dispose()` gives back the traces'
   * buffers (the variables keep their values).
   * @example
   * const step = opt.trace((x: Tensor<[["batch", 8], ["feature", 4]]>, y: Tensor<[["batch", 8]], "int32">) => crossEntropy(model(x), y, "class"));
   * for (const [x, y] of batches) console.log(await step(x, y));
   */
  trace<A extends readonly Tensor<any, any>[], R>(loss: Guard<LossCheck<R>, (...args: A) => R>, variables?: readonly Variable<Shape, DType>[]): TracedFunction<A, Promise<number>> {
    if (typeof loss !== "function") throw new ShapeError(notALossFunction(describeValue(loss)));
    const traced = new Traced<Promise<number>>("opt.trace", (inputs) => {
      for (const v of variables ?? []) if (v instanceof Variable && v.isDisposed) throw new ShapeError(disposedVariable(showAllDims(v.shapeDims)));
      const { value, variables: grads } = valueAndGrad(() => (loss as (...args: A) => Tensor<[], "float32">)(...(inputs as unknown as A)))();
      const trained = variables ?? grads.variables;
      if (trained.length === 0) throw new ShapeError(noVariables());
      for (const v of trained) this.update(v, grads.get(v));
      this.beforeCommit();
      const staged = [...this.#staged];
      this.#staged.clear();
      // The new values of the variables and moments are swapped in by the trace; the loss is read back.
      return { roots: [...staged.map(([, v]) => v), value], assigns: staged.map(([target]) => target), finish: (values) => readLoss(values[0]!) };
    });
    // Errors (a disposed tensor, an argument that is not a tensor) reject the promise, as opt.step's do.
    const step = (...args: A): Promise<number> => {
      try {
        return traced.call(args);
      } catch (e) {
        return Promise.reject(e);
      }
    };
    return disposable(step, traced);
  }
}

/** The loss as a number; its tensor is disposed once read. */
async function readLoss(t: Tensor<Shape, DType>): Promise<number> {
  try {
    return (await t.data())[0]! as number;
  } finally {
    t.dispose();
  }
}

/**
 * Puts a computed value's buffer under a stateful tensor's node (same dims and dtype, checked) and lets the
 * value go: the target holds the only reference, so the next swap frees the buffer at once.
 */
function swapIn(target: Tensor<Shape, DType>, value: Tensor<Shape, DType>): void {
  const node = target.node;
  const same = node.dims.length === value.node.dims.length && node.dims.every((d, i) => d.name === value.node.dims[i]!.name && d.size === value.node.dims[i]!.size);
  if (!same || node.dtype !== value.node.dtype) throw new InternalError("internal: an optimizer staged a value whose dims or dtype differ from its target");
  node.materialize(value.node.storage!);
  value.node.release();
}

/** @internal zeros shaped like a tensor (its private dims too), for new moments. */
export const zerosLike = (t: Value): Value => zeros([]).dynamic().add(t.mul(0)).shapedLike(t);

/** A float32 tensor (narrows the dtype for the update rules). */
const isFloat = (t: Tensor<Shape, DType>): t is Value => t.dtype === "float32";

/** @internal What one option must be: a test and the words for it in the sentence. */
export interface OptionRule {
  readonly test: (value: unknown) => boolean;
  readonly want: string;
}
/** @internal A finite number > 0 (learning rates). */
export const positive: OptionRule = { test: (v) => typeof v === "number" && v > 0 && Number.isFinite(v), want: "a positive number" };
/** @internal A finite number ≥ 0 (momentum, weight decay, eps). */
export const nonNegative: OptionRule = { test: (v) => typeof v === "number" && v >= 0 && Number.isFinite(v), want: "a non-negative number" };
/** @internal A number in [0, 1) (Adam's decay rates). */
export const fraction: OptionRule = { test: (v) => typeof v === "number" && v >= 0 && v < 1, want: "a number in [0, 1)" };
/** @internal A boolean. */
export const flag: OptionRule = { test: (v) => typeof v === "boolean", want: "true or false" };

/**
 * @internal Checks an optimizer's options at run time (callers from JavaScript or through `any`): an object,
 * the `required` ones present, every one known and of its kind; a ShapeError with a sentence otherwise.
 * @example checkOptions("sgd", options, { lr: positive, momentum: nonNegative, nesterov: flag, weightDecay: nonNegative }, ["lr"])
 */
export function checkOptions<O extends object>(fn: string, options: O, rules: { readonly [K in keyof O]-?: OptionRule }, required: readonly (keyof O & string)[] = []): O {
  const known = Object.keys(rules);
  if (typeof options !== "object" || options === null || (required.length > 0 && required.some((k) => !(k in options))))
    throw new ShapeError(missingOptions(fn, required.length ? `{ ${required.join(", ")} }` : "as an object", describeValue(options)));
  for (const [k, v] of Object.entries(options)) {
    const rule: OptionRule | undefined = known.includes(k) ? rules[k as keyof O] : undefined;
    if (!rule) throw new ShapeError(unknownOption(fn, k, known.join(", ")));
    if (v !== undefined && !rule.test(v)) throw new ShapeError(badOption(fn, k, rule.want, describeValue(v)));
  }
  return options;
}
