// Layer: src/types (type-only). How a failed algebra step becomes a compile error on the offending argument:
// the parameter's type is computed from the step's result, and on a Fail it becomes `ShapeError<"sentence">`,
// so tsc prints the sentence at the argument (research/typelevel.md §3). A `never` input (an earlier mistake)
// passes everything, so one mistake gives one error, and so does an `any` result (a `Tensor<any>` is the user
// opting out of the checks: it behaves like a tensor whose shape is only known at run time).
import type { AnyFail, Fail } from "./dims.js";
import type { ShapeError } from "./errors.js";

/** A tensor or object parameter: `T` when the step succeeds, `ShapeError<sentence>` when it fails. */
export type Guard<R, T> = [R] extends [never] ? T : 0 extends 1 & R ? T : [R] extends [Fail<infer M>] ? ShapeError<M> : T;

/**
 * A name parameter: `N` when the step succeeds, `N & ShapeError<sentence>` when it fails. Keeping `N` in the
 * failing type keeps the editor's completions working (the parameter's constraint stays the name union).
 */
export type GuardName<R, N> = [R] extends [never] ? N : 0 extends 1 & R ? N : [R] extends [Fail<infer M>] ? N & ShapeError<M> : N;

/** The first Fail among several step results, else "ok". */
export type FirstFail<Rs extends readonly unknown[]> = Rs extends readonly [infer R, ...infer Rest]
  ? R extends AnyFail
    ? R
    : FirstFail<Rest>
  : "ok";
