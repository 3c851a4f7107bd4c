// Layer: src/autodiff. User-facing differentiation: `grad(f)` and `valueAndGrad(f)` for functions of named tensors
// (or of objects and arrays of them) that return a float32 scalar; each gradient has exactly its tensor's
// type. The gradients of the trainable variables the value reads come along (for training). Results are lazy
// tensors over the backward graph. Imports src/types, src/shape, src/graph, src/backend/engine, top layer.
import { realizeTogether } from "../backend/engine.js";
import { conform } from "../graph/autodiff-build.js";
import { defineGradient, gradients } from "../graph/autodiff.js";
import { fillNode } from "../graph/build.js";
import { Node, withRetainedGraph } from "../graph/node.js";
import { showAllDims } from "../shape/dims.js";
import { type AnyTensor, Tensor, tensorArg, tensorsArg, wrap } from "../tensor.js";
import type { DType, Fail, IsDynamic, Shape } from "../types/dims.js";
import { ArgumentError, type NotScalarLoss, ShapeError, notScalarLoss, takesNot } from "../types/errors.js";
import type { Guard } from "../types/guard.js";
import { type ShowType, type Variable, checkFed, kindsReady, variablesOf } from "../state/kinds.js";

/** The gradient of a tensor, or of an object or array of tensors: the same structure and types. */
export type GradOf<T> =
  T extends Tensor<infer S, infer D>
    ? Tensor<S, D>
    : T extends readonly unknown[]
      ? { -readonly [K in keyof T]: GradOf<T[K]> }
      : T extends object
        ? { -readonly [K in keyof T]: GradOf<T[K]> }
        : undefined;

/** "ok" when R is a float32 scalar tensor, else the sentence (shapes not known statically pass to run time). */
export type LossCheck<R> =
  R extends Tensor<infer S, infer D>
    ? IsDynamic<S> extends true
      ? "ok"
      : [S, D] extends [readonly [], "float32"]
        ? "ok"
        : Fail<NotScalarLoss<ShowType<S, D>>>
    : Fail<NotScalarLoss<"a value that is not a tensor">>;

/** The gradients of the trainable variables a value read, each typed like its variable. */
export class VariableGrads {
  readonly #grads: Map<Variable<Shape, DType>, AnyTensor>;
  /** @internal */
  constructor(grads: Map<Variable<Shape, DType>, AnyTensor>) {
    this.#grads = grads;
  }
  /** The variables, in the order they were created. @example grads.variables.length */
  get variables(): Variable<Shape, DType>[] {
    return [...this.#grads.keys()];
  }
  /**
   * The gradient of one variable, with exactly its type (zeros if the value does not read it).
   * @example const dW = grads.get(W) // Tensor<[["inhid", 7], ["outhid", 5]]>
   */
  get<S extends Shape, D extends DType>(v: Variable<S, D>): Tensor<S, D> {
    const g = this.#grads.get(v as unknown as Variable<Shape, DType>);
    if (g) return g as unknown as Tensor<S, D>;
    const t = v as unknown as AnyTensor;
    return wrap(fillNode(0, t.dtype, t.node.dims), t.masked);
  }
}

/** A value with the gradients of the function's arguments and of the variables it read. */
export interface ValueAndGrad<A> {
  readonly value: Tensor<[], "float32">;
  readonly grads: GradOf<A>;
  readonly variables: VariableGrads;
}

const isPlain = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null);

/** Rebuilds a tree of arrays and plain objects with every tensor leaf mapped (other leaves give `other`). */
function mapTree(x: unknown, leaf: (t: AnyTensor) => unknown, other: (v: unknown) => unknown): unknown {
  if (x instanceof Tensor) return leaf(x as AnyTensor);
  if (Array.isArray(x)) return x.map((v) => mapTree(v, leaf, other));
  if (isPlain(x)) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, mapTree(v, leaf, other)]));
  return other(x);
}

/**
 * A distinct node with t's value (sharing its storage when t is computed), so each argument gets its own
 * gradient. An identity cast rather than a view: later views must not compose through it.
 */
function leafCopy(t: AnyTensor): AnyTensor {
  const n = t.node;
  return wrap(new Node({ kind: "cast" }, [n], n.dtype, n.dims, n.storage), t.masked);
}

function checkLoss(out: unknown): AnyTensor {
  if (!(out instanceof Tensor)) throw new ShapeError(notScalarLoss("a value that is not a tensor"));
  const t = out as AnyTensor;
  if (t.rank !== 0 || t.dtype !== "float32") throw new ShapeError(notScalarLoss(`${showAllDims(t.shapeDims)} ${t.dtype}`));
  return t;
}

/** Runs f under tracing (values computed inside keep their inputs) and differentiates its result. */
function trace(f: (...args: never[]) => unknown, args: readonly unknown[], withVariables: boolean): { value: AnyTensor; grads: unknown; variables: VariableGrads } {
  return withRetainedGraph(() => {
    const leaves: AnyTensor[] = [];
    const inputs = mapTree(
      args,
      (t) => {
        const c = leafCopy(t);
        leaves.push(c);
        return c;
      },
      (v) => v,
    ) as never[];
    const value = checkLoss(f(...inputs));
    const vars = withVariables ? variablesOf(value) : [];
    const all = gradients(value.node, [...leaves.map((l) => l.node), ...vars.map((v) => (v as unknown as AnyTensor).node)]);
    let k = 0;
    const grads = mapTree(args, (t) => wrap(all[k++]!, t.masked), () => undefined);
    const byVariable = new Map(vars.map((v) => [v, wrap(all[k++]!, (v as unknown as AnyTensor).masked)]));
    return { value, grads, variables: new VariableGrads(byVariable) };
  });
}

/**
 * The gradient of `f` (a function of tensors, or of objects and arrays of tensors, that returns a float32
 * scalar) with respect to each argument: the same structure, each gradient typed exactly like its tensor
 * (names, sizes, order, private dims, dtype; an int32 or bool argument gets zeros). Other arguments give
 * undefined. Values computed inside f (even materialised) keep their inputs; build the computation inside f,
 * since a value computed before the call no longer remembers how. Conventions where the derivative is not
 * unique: max/min reductions share g equally among every position that attains the extreme; maximum/minimum
 * give each operand half on a tie; relu's is 0 at 0, clamp passes g on its bounds, std's is 0 where std is 0,
 * atan2's is 0 at the origin, and pow passes none to a base with exponent 0 or to an exponent over base 0 (PyTorch's choices); round, floor, ceil, sign, comparisons, casts to int32/bool, argmax/argsort
 * and random values pass no gradient.
 * @example
 * const loss = (W: Tensor<[["inhid", 7], ["outhid", 5]]>) => x.dot("inhid", W).pow(2).sum(["batch", "outhid"]);
 * const [dW] = grad(loss)(W);   // Tensor<[["inhid", 7], ["outhid", 5]]>
 */
export function grad<A extends readonly unknown[], R>(f: Guard<LossCheck<R>, (...args: A) => R>): (...args: A) => GradOf<A> {
  if (typeof f !== "function") throw new ArgumentError(takesNot("grad", "a function returning a scalar tensor", f));
  return (...args: A) => trace(f as (...a: never[]) => unknown, args, false).grads as GradOf<A>;
}

/**
 * Like `grad`, and also the value, and the gradients of every trainable variable the value reads — so
 * `valueAndGrad(() => loss(model))()` gives what a training step needs.
 * @example
 * const { value, variables } = valueAndGrad(() => crossEntropy(model(x), labels, "class"))();
 * const dW = variables.get(W);
 */
export function valueAndGrad<A extends readonly unknown[], R>(f: Guard<LossCheck<R>, (...args: A) => R>): (...args: A) => ValueAndGrad<A> {
  if (typeof f !== "function") throw new ArgumentError(takesNot("valueAndGrad", "a function returning a scalar tensor", f));
  return (...args: A) => {
    const r = trace(f as (...a: never[]) => unknown, args, true);
    return { value: r.value as unknown as Tensor<[], "float32">, grads: r.grads as GradOf<A>, variables: r.variables };
  };
}

/**
 * `output` with a hand-written backward: autodiff calls `backward(g)` (g typed like the output) for the
 * gradients of `inputs` instead of differentiating how the output was computed. For fused rules that pay
 * (softmax + cross-entropy) or numerically better ones.
 * @example const e = x.exp(); const y = customGradient(e, [x], (g) => [g.mul(e)])
 */
export function customGradient<S extends Shape, D extends DType>(
  output: Tensor<S, D>,
  inputs: readonly Tensor<Shape, DType>[],
  backward: (g: Tensor<S, "float32">) => readonly (Tensor<Shape, DType> | undefined)[],
): Tensor<S, D> {
  const out = leafCopy(tensorArg("customGradient", output, "the output tensor first"));
  if (typeof backward !== "function") throw new ArgumentError(takesNot("customGradient", "a backward function third", backward));
  defineGradient(
    out.node,
    tensorsArg("customGradient", inputs).map((t) => t.node),
    (g) => backward(wrap(conform(g, out.node.dims), out.masked)).map((t) => (t as AnyTensor | undefined)?.node),
  );
  return out as unknown as Tensor<S, D>;
}

/**
 * Computes several lazy tensors together, sharing the work they have in common (a loss and its gradients),
 * on any device.
 * @example await materializeAll([value, dW, db])
 */
export async function materializeAll(tensors: readonly Tensor<Shape, DType>[]): Promise<void> {
  await realizeNodes(tensorsArg("materializeAll", tensors).map((t) => t.node));
}

/** @internal Computes nodes together, device by device, once every stateful tensor holds its value. */
export async function realizeNodes(all: readonly Node[]): Promise<void> {
  await kindsReady();
  const nodes = all.filter((n) => !n.storage);
  checkFed(nodes);
  realizeTogether(nodes);
}
