// Layer: src/types (type-only). How a failed algebra step becomes a compile error on the offending argument:
// the parameter's type is computed from the step's result, and on a Fail it becomes `ShapeError<"sentence">`,
// so tsc prints the sentence at the argument (research/typelevel.md §3). A `never` input (an earlier mistake)
// passes everything, so one mistake gives one error, and so does an `any` result (a `Tensor<any>` is the user
// opting out of the checks: it behaves like a tensor whose shape is only known at run time).
import type { AnyFail, Fail, IsUnion, Shape } from "./dims.js";
import type { ShapeError as ShapeErrorClass } from "./errors.js";

/** A tensor or object parameter: `T` when the step succeeds, `ShapeError<sentence>` when it fails. */
export type Guard<R, T> = [R] extends [never] ? T : 0 extends 1 & R ? T : [R] extends [Fail<infer M>] ? ShapeErrorClass<M> : T;

/**
 * A name parameter: `N` when the step succeeds, `N & ShapeError<sentence>` when it fails. Keeping `N` in the
 * failing type keeps the editor's completions working (the parameter's constraint stays the name union).
 */
export type GuardName<R, N> = [R] extends [never] ? N : 0 extends 1 & R ? N : [R] extends [Fail<infer M>] ? N & ShapeErrorClass<M> : N;

/** The first Fail among several step results, else "ok". */
export type FirstFail<Rs extends readonly unknown[]> = Rs extends readonly [infer R, ...infer Rest]
  ? R extends AnyFail
    ? R
    : FirstFail<Rest>
  : "ok";

/** True when a list of names holds an `any` (not when the whole argument is `any`). */
type HasAny<Ns> = Ns extends readonly unknown[] ? (0 extends 1 & Ns ? false : 0 extends 1 & Ns[number] ? true : false) : false;

/**
 * A list-of-names parameter (a rest list, or a list argument): `GuardName` for the list, and the editor's
 * completions. While the editor completes a string in the list, TypeScript types that string as `any` (its
 * "blocked" string) in the list it infers; the check then fails (an `any` is not a literal name) and would
 * leave the editor nothing to offer, so a failing list holding `any` gets C (the names to offer: the visible
 * ones) at each `any` place instead. A list a caller wrote with an `any` in it is likewise accepted, and its
 * result is dynamic (`OkNames`).
 * @example ...names: GuardNames<Transpose<S, Ns>, Ns, NameArg<S>>
 */
export type GuardNames<R, Ns, C> = [R] extends [never]
  ? Ns
  : 0 extends 1 & R
    ? Ns
    : [R] extends [Fail<infer M>]
      ? HasAny<Ns> extends true
        ? { readonly [I in keyof Ns]: 0 extends 1 & Ns[I] ? C : Ns[I] }
        : Ns & ShapeError<M>
      : Ns;

/**
 * The `ShapeError<sentence>` of a failing list, name-keyed object or options, shaped for the editor. The
 * editor's second completion pass instantiates a list with the text typed so far (`["seq", "se"]`), and would
 * offer that text (`"se"`) as a name; here each position reads as the element and `Named`, which is no string
 * literal, so it does not (positions past 16 would). Its call signature makes the editor leave it out of an
 * object's key completions (it skips callable types there), so a half-written object that fails offers the
 * names and not the error's `message`, `name`, `stack`, `cause`. Named like the class, so diagnostics print
 * `ShapeError<"sentence">` as they do for one name.
 */
interface ShapeError<M extends string> extends ShapeErrorClass<M> {
  (sentence: M): never;
  readonly 0?: Named; readonly 1?: Named; readonly 2?: Named; readonly 3?: Named; readonly 4?: Named; readonly 5?: Named; readonly 6?: Named; readonly 7?: Named;
  readonly 8?: Named; readonly 9?: Named; readonly 10?: Named; readonly 11?: Named; readonly 12?: Named; readonly 13?: Named; readonly 14?: Named; readonly 15?: Named;
}
interface Named {
  readonly " named"?: true;
}

/**
 * A name property whose check is on another argument (attention's `key`, checked on the keys): the editor's
 * second completion pass would offer the text typed so far (one literal) as a name; `N & Named` is no string
 * literal. The first pass's N is every name (a union, see NameArg), which stays offered.
 */
export type Unoffered<N extends string> = true extends IsUnion<N> ? N : N & Named;

/** The result shape of a step over a list of names: `Ok<R>`, or a dynamic `Shape` for a list holding `any` (see GuardNames). */
export type OkNames<R, Ns> = R extends Shape ? R : HasAny<Ns> extends true ? Shape : never;

/**
 * An object parameter keyed by names (`{ old: "new" }`, `{ name: [before, after] }`, `{ merged: [names] }`):
 * `Guard<R, Spec>`, and the editor's completions. While the editor completes a key, or a value inside the
 * object, TypeScript infers nothing from the object, so Spec is its default `{}` (the signature gives Spec
 * the default `{}`): an object with no keys (also a caller's `{}`, which changes nothing at run time) is
 * checked against C (the keys and values to offer) instead. A widened `Record<string, …>` has keys (`string`)
 * and stays checked. A failing object is checked against the `ShapeError` below (one the editor offers no keys of).
 * (A key being typed fails as not a dim, so the compiler's error `any` of GuardOptions does not reach R here;
 * stack's keys are new names, offered nothing.)
 * @example widths: GuardSpec<Pad<S, M>, M, { readonly [K in VisibleNames<S>]?: readonly [number, number] }>
 */
export type GuardSpec<R, Spec, C> = [keyof Spec] extends [never]
  ? C
  : [R] extends [never]
    ? Spec
    : 0 extends 1 & R
      ? Spec
      : [R] extends [Fail<infer M>]
        ? ShapeError<M>
        : Spec;

/** The values of an object's properties (none for a primitive). */
type Values<T> = T extends object ? T[keyof T] : never;
/** True when an object holds an `any` one or two levels down (wrapped in an object: see GuardOptions). */
type HoldsAny<O> = { v: 0 } extends { v: 1 & (Values<O> | Values<Values<O>>) } ? true : false;
/**
 * C with the values of its object-valued options unknown: the keys to offer while a key is being typed (the
 * typed key, `h`, is also read as a value there, and a literal value type would be offered as a value too).
 */
type KeysOf<C> = { [P in keyof C]: C[P] extends infer V ? (V extends object ? { readonly [Q in keyof V]?: unknown } : V) : never };

/** The default of an options type parameter (given with the options' own type: `ConvOptions & Unfilled`); see GuardOptions. */
export interface Unfilled {
  readonly " unfilled": true;
}

/**
 * An options parameter that names dims (`{ channel, window: { spatial: kernelDim } }`): `Guard<R, O>`, and
 * the editor's completions. While the editor completes inside the options, TypeScript infers nothing from
 * them, so O is its default, marked `Unfilled`; the options are then checked against C (the names to offer)
 * instead. A caller's options are never `Unfilled` (the marker is no option). Failing options are checked
 * against `ShapeError<sentence> & C`. A key the editor is typing (`window: { h| }`) reads as an unknown
 * variable, typed with the compiler's error `any`, and so is the check's result R; a conditional type whose
 * check or extends type is that very type is the error type itself (TypeScript's getConditionalType), so R
 * is tested wrapped in an object, and options holding an `any` whose R is `any` are checked against C's keys.
 * @example options: GuardOptions<Pool<S, O>, O, PoolCompletions<S>>
 */
export type GuardOptions<R, O, C> = [O] extends [Unfilled]
  ? C
  : { r: R } extends { r: never } // R wrapped in an object: the compiler's error `any` must not be a check or extends type
    ? O
    : { r: 0 } extends { r: 1 & R }
      ? HoldsAny<O> extends true
        ? KeysOf<C> // a key being typed
        : O
      : { r: R } extends { r: Fail<infer M> }
        ? ShapeError<M> & C // C too: the options the editor has half written fail, and it still offers the names inside
        : O;

/**
 * `T`, not inferred from where the result goes (a creator inside `concat`'s list keeps its own dtype): TypeScript
 * 5.4's intrinsic `NoInfer`, written so that 5.1–5.3 (the package's floor) read it too — there an unknown
 * `NoInfer` made every such result's dtype `DType`.
 */
export type NoInferred<T> = [T][T extends unknown ? 0 : never];
