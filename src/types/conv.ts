// Layer: src/types (type-only). The shapes of convolution, transposed convolution and pooling over named
// spatial dims, computed from literal sizes: `out = (size + before + after - dilation·(window - 1) - 1) / stride + 1`
// (`(96 + 2·1 - 3) / 2 + 1 = 48`), "same" giving `ceil(size / stride)`. A size typed `number` gives `number`
// (checked at run time). Runtime twin: src/shape/conv.ts, with the same sentences. Imports only src/types.
import type { Add, DivMod, IsNatural, Less, Mul, Sub } from "./arith.js";
import type { AnyFail, Dim, Fail, FindSize, IsDynamic, Lookup, NameArg, RemoveDims, Shape, ShowDims, VisibleNames } from "./dims.js";
import type { ChannelInWindow, Duplicate, EmptyTransposed, GroupedKernel, GroupsIndivisible, KernelChannels, NameTaken, NotInKernel, PadWidth, WindowParameter, WindowTooLarge } from "./errors.js";

/** A number for every spatial dim, or one per spatial name (absent names take the default). */
export type PerDim = number | { readonly [name: string]: number };
/** `"valid"` (none, the default), `"same"`, a number for every side, or per dim a number or `[before, after]`. */
export type Padding = "valid" | "same" | number | { readonly [name: string]: number | readonly [before: number, after: number] };

/** Stride, padding and dilation of a windowed op. */
export interface WindowOptions {
  readonly stride?: PerDim;
  readonly padding?: Padding;
  readonly dilation?: PerDim;
}
/** The options of `conv`: the contracted channel and, for each spatial dim of the input, the kernel's window dim. */
export interface ConvOptions extends WindowOptions {
  readonly channel: string;
  readonly window: { readonly [spatial: string]: string };
  readonly groups?: number;
}
/** The options of `convTranspose`; "same" padding is not defined for it. */
export interface ConvTransposeOptions extends ConvOptions {
  readonly padding?: Exclude<Padding, "same">;
  readonly outputPadding?: PerDim;
}
/**
 * What the editor offers in conv's options (src/types/guard.ts, GuardOptions): x's visible dims as the channel
 * and the window's keys, the kernel's as the window's values. It accepts any names (NameArg, an index
 * signature): failing options are checked against it too, and their error must stay the check's sentence.
 */
export type ConvCompletions<S extends Shape, K extends Shape> = Omit<ConvTransposeOptions, "channel" | "window" | WindowOption> & WindowCompletions<S> & {
  readonly channel: NameArg<S>;
  readonly window: { readonly [N in VisibleNames<S>]?: NameArg<K> } & { readonly [name: string]: string };
};
type WindowOption = "stride" | "padding" | "dilation";
/** The per-dim window options, keyed by x's visible names (any name accepted, as in ConvCompletions). */
type WindowCompletions<S extends Shape> = {
  readonly stride?: number | ({ readonly [N in VisibleNames<S>]?: number } & { readonly [name: string]: number });
  readonly padding?: Exclude<Padding, object> | ({ readonly [N in VisibleNames<S>]?: number | readonly [before: number, after: number] } & Extract<Padding, object>);
  readonly dilation?: number | ({ readonly [N in VisibleNames<S>]?: number } & { readonly [name: string]: number });
};
/** The options of `maxPool` / `avgPool`: the window size of each named dim; the stride defaults to the window. */
export interface PoolOptions extends WindowOptions {
  readonly window: { readonly [name: string]: number };
}
/** What the editor offers in a pool's options (GuardOptions): x's visible dims as the window's keys (any name accepted, as in ConvCompletions). */
export type PoolCompletions<S extends Shape> = WindowCompletions<S> & {
  readonly window: { readonly [N in VisibleNames<S>]?: number } & { readonly [name: string]: number };
  readonly countPadding?: boolean;
};

type Field<O, F extends string> = F extends keyof O ? O[F] : undefined;
/** The value of a PerDim option for dim N. */
type ValueFor<V, N, Default extends number> = V extends number ? V : V extends object ? (N extends keyof V ? (V[N] extends number ? V[N] : Default) : Default) : Default;
/** The [before, after] padding of dim N, or "same". */
type PadFor<P, N> = P extends "same"
  ? "same"
  : P extends number
    ? [P, P]
    : P extends object
      ? N extends keyof P
        ? P[N] extends readonly [infer B extends number, infer A extends number]
          ? [B, A]
          : P[N] extends number
            ? [P[N], P[N]]
            : [0, 0]
        : [0, 0]
      : [0, 0];
/** A literal that is not a positive integer (`number` passes: checked at run time). */
type NotPositive<Z> = Z extends number ? (number extends Z ? false : IsNatural<Z> extends true ? (Z extends 0 ? true : false) : true) : true;
type NotNatural<Z> = Z extends number ? (number extends Z ? false : IsNatural<Z> extends true ? false : true) : true;

/**
 * The output size of one windowed dim N of size Z under window KZ, or a Fail. Twin of `windowDim`.
 * @example type T = WindowOut<"height", 96, 3, 2, 1, [1, 1]>; // 48
 */
export type WindowOut<N extends string, Z extends number, KZ extends number, S extends number, D extends number, P> =
  NotPositive<S> extends true
    ? Fail<WindowParameter<"stride", N, `${S}`>>
    : NotPositive<D> extends true
      ? Fail<WindowParameter<"dilation", N, `${D}`>>
      : P extends "same"
        ? DivMod<Add<Z, Sub<S, 1>>, S>[0]
        : P extends [infer B extends number, infer A extends number]
          ? NotNatural<B> extends true
            ? Fail<PadWidth<N, `${B}`>>
            : NotNatural<A> extends true
              ? Fail<PadWidth<N, `${A}`>>
              : Add<Mul<D, Sub<KZ, 1>>, 1> extends infer Span extends number
                ? Add<Z, Add<B, A>> extends infer Padded extends number
                  ? Less<Padded, Span> extends true
                    ? Fail<WindowTooLarge<N, Span, Padded>>
                    : Add<DivMod<Sub<Padded, Span>, S>[0], 1>
                  : never
                : never
          : never;

/** The output size of spatial dim N in a conv: its window's size from the kernel and the options for N. */
type ConvOut<N extends string, Z extends number, KZ extends number, O> = WindowOut<N, Z, KZ, ValueFor<Field<O, "stride">, N, 1>, ValueFor<Field<O, "dilation">, N, 1>, PadFor<Field<O, "padding">, N>>;

/** `(Z - 1)·S - B - A + D·(KZ - 1) + 1 + E`, the grown size of a transposed conv's spatial dim. */
type TransposedOut<N extends string, Z extends number, KZ extends number, O> =
  ValueFor<Field<O, "stride">, N, 1> extends infer S extends number
    ? ValueFor<Field<O, "dilation">, N, 1> extends infer D extends number
      ? PadFor<Field<O, "padding">, N> extends [infer B extends number, infer A extends number]
        ? NotPositive<S> extends true
          ? Fail<WindowParameter<"stride", N, `${S}`>>
          : Add<Add<Mul<Sub<Z, 1>, S>, Add<Mul<D, Sub<KZ, 1>>, 1>>, ValueFor<Field<O, "outputPadding">, N, 0>> extends infer Full extends number
            ? Sub<Full, Add<B, A>> extends infer R extends number
              ? [R] extends [never]
                ? Fail<EmptyTransposed<N>>
                : R extends 0
                  ? Fail<EmptyTransposed<N>>
                  : R
              : Fail<EmptyTransposed<N>>
            : never
        : never
      : never
    : never;

/** The first window key that is not a dim of S, as a Fail, else "ok". */
type CheckSpatial<S extends Shape, W> = {
  [N in keyof W & string]-?: Lookup<S, N> extends infer Z ? (Z extends AnyFail ? Z : "ok") : never;
}[keyof W & string] extends infer R
  ? [Extract<R, AnyFail>] extends [never]
    ? "ok"
    : Extract<R, AnyFail>
  : never;
/** The first window dim that the kernel lacks, else "ok". */
type CheckWindows<K extends Shape, W> = {
  [N in keyof W & string]-?: [FindSize<K, W[N]>] extends [never] ? Fail<NotInKernel<W[N] & string, ShowDims<K>>> : "ok";
}[keyof W & string] extends infer R
  ? [Extract<R, AnyFail>] extends [never]
    ? "ok"
    : Extract<R, AnyFail>
  : never;
/**
 * The channel is neither a spatial dim nor a window dim, and no window dim serves two spatial dims, else a Fail.
 * A widened window (`{ [spatial: string]: string }`) is checked at run time.
 */
type CheckWindowNames<C, W> = string extends keyof W
  ? "ok"
  : C extends keyof W | W[keyof W]
    ? Fail<ChannelInWindow<C & string>>
    : {
          [N in keyof W]-?: string extends W[N] ? "ok" : W[N] extends W[Exclude<keyof W, N>] ? Fail<Duplicate<W[N] & string>> : "ok";
        }[keyof W] extends infer R
      ? [Extract<R, AnyFail>] extends [never]
        ? "ok"
        : Extract<R, AnyFail>
      : never;
/** The first output dim of the kernel that the input already has, else "ok". */
type CheckFresh<S extends Shape, Outs extends Shape, C> = Outs extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? [FindSize<S, H[0]>] extends [never]
    ? CheckFresh<S, T, C>
    : H[0] extends C
      ? CheckFresh<S, T, C>
      : Fail<NameTaken<H[0]>>
  : "ok";

/** S with the channel replaced in place by Outs and each spatial dim at its new size, or the first Fail. */
type ConvWalk<S extends Shape, K extends Shape, O, C, W, Outs extends Shape, Transposed extends boolean, Acc extends Dim[] = []> = S extends readonly [
  infer H extends Dim,
  ...infer T extends Shape,
]
  ? H[0] extends C
    ? ConvWalk<T, K, O, C, W, Outs, Transposed, [...Acc, ...Outs]>
    : H[0] extends keyof W
      ? (Transposed extends true ? TransposedOut<H[0], H[1], FindSize<K, W[H[0]]>, O> : ConvOut<H[0], H[1], FindSize<K, W[H[0]]>, O>) extends infer Z
        ? Z extends AnyFail
          ? Z
          : ConvWalk<T, K, O, C, W, Outs, Transposed, [...Acc, [H[0], Z & number]]>
        : never
      : ConvWalk<T, K, O, C, W, Outs, Transposed, [...Acc, H]>
  : Acc;

/** Outs with every size multiplied by G (a grouped transposed conv's kernel has the outputs per group). */
type Grown<Outs extends Shape, G extends number> = { [I in keyof Outs]: Outs[I] extends readonly [infer N, infer Z extends number] ? [N, Mul<Z, G>] : Outs[I] };

type ConvCommon<S extends Shape, K extends Shape, O, Transposed extends boolean> = Field<O, "channel"> extends infer C
  ? Field<O, "window"> extends infer W
    ? Lookup<S, C> extends infer CZ
      ? CZ extends AnyFail
        ? CZ
        : CheckSpatial<S, W> extends infer E1
          ? E1 extends AnyFail
            ? E1
            : CheckWindows<K, W> extends infer E2
              ? E2 extends AnyFail
                ? E2
                : CheckWindowNames<C, W> extends infer E3 extends AnyFail
                  ? E3
                  : [FindSize<K, C>] extends [never]
                  ? Fail<NotInKernel<C & string, ShowDims<K>>>
                  : ValueFor<Field<O, "groups">, "", 1> extends infer G extends number
                    ? NotPositive<G> extends true
                      ? Fail<WindowParameter<"group count", C & string, `${G}`>>
                      : DivMod<CZ & number, G> extends [infer PerGroup extends number, infer Rest extends number]
                        ? Rest extends 0 | (number extends Rest ? number : never)
                          ? (Transposed extends true ? CZ : PerGroup) extends infer Want extends number
                            ? FindSize<K, C> extends infer Got extends number
                              ? number extends Want | Got
                                ? ConvResult<S, K, O, C, W, G, Transposed>
                                : Want extends Got
                                  ? ConvResult<S, K, O, C, W, G, Transposed>
                                  : Fail<KernelChannels<C & string, Want, Got>>
                              : never
                            : never
                          : Fail<GroupsIndivisible<C & string, CZ & number, G>>
                        : never
                    : never
              : never
          : never
      : never
    : never
  : never;

/** A grouped conv's kernel has exactly one output dim, whose size (conv) divides into the groups; else a Fail. */
type CheckGroupedOut<Outs extends Shape, G extends number, Transposed extends boolean> = G extends 1
  ? "ok"
  : number extends G
    ? "ok"
    : Outs extends readonly [infer D extends Dim]
      ? Transposed extends true
        ? "ok"
        : DivMod<D[1], G>[1] extends 0 | (number extends D[1] ? number : never)
          ? "ok"
          : Fail<GroupsIndivisible<D[0], D[1], G>>
      : Fail<GroupedKernel<ShowDims<Outs>>>;

type ConvResult<S extends Shape, K extends Shape, O, C, W, G extends number, Transposed extends boolean> = RemoveDims<K, C | W[keyof W]> extends infer Outs extends Shape
  ? CheckFresh<S, Outs, C> extends infer F
    ? F extends AnyFail
      ? F
      : CheckGroupedOut<Outs, G, Transposed> extends infer E
        ? E extends AnyFail
          ? E
          : ConvWalk<S, K, O, C, W, Transposed extends true ? Grown<Outs, G> : Outs, Transposed>
        : never
    : never
  : never;

/**
 * The shape of `conv(x, kernel, O)`, or a Fail: the input's dims with the channel replaced in place by the
 * kernel's output dims and each spatial dim (a key of `O["window"]`) at its output size. Twin of `convShape`.
 * @example type R = Conv<[["b", 8], ["c", 3], ["h", 96]], [["o", 16], ["c", 3], ["kh", 3]], { channel: "c"; window: { h: "kh" }; stride: 2; padding: 1 }>; // [["b", 8], ["o", 16], ["h", 48]]
 */
export type Conv<S extends Shape, K extends Shape, O> = true extends IsDynamic<S> | IsDynamic<K> ? Shape : ConvCommon<S, K, O, false>;

/**
 * The shape of `convTranspose(x, kernel, O)`, or a Fail: each spatial dim grows to
 * `(size - 1)·stride - before - after + dilation·(window - 1) + 1 + outputPadding`. Twin of `convTransposeShape`.
 * @example type R = ConvTranspose<[["c", 8], ["h", 12]], [["c", 8], ["o", 4], ["kh", 4]], { channel: "c"; window: { h: "kh" }; stride: 2; padding: 1 }>; // [["o", 4], ["h", 24]]
 */
export type ConvTranspose<S extends Shape, K extends Shape, O> = true extends IsDynamic<S> | IsDynamic<K> ? Shape : ConvCommon<S, K, O, true>;

type PoolWalk<S extends Shape, O, W, Acc extends Dim[] = []> = S extends readonly [infer H extends Dim, ...infer T extends Shape]
  ? H[0] extends keyof W
    ? WindowOut<H[0], H[1], W[H[0]] & number, ValueFor<Field<O, "stride">, H[0], W[H[0]] & number>, ValueFor<Field<O, "dilation">, H[0], 1>, PadFor<Field<O, "padding">, H[0]>> extends infer Z
      ? Z extends AnyFail
        ? Z
        : PoolWalk<T, O, W, [...Acc, H extends readonly [string, number, "masked"] ? [H[0], Z & number, "masked"] : [H[0], Z & number]]>
      : never
    : PoolWalk<T, O, W, [...Acc, H]>
  : Acc;

/**
 * The shape of `maxPool`/`avgPool(x, O)`, or a Fail: each dim named in `O["window"]` at its output size (the
 * stride defaults to the window). Twin of `poolShape`.
 * @example type R = Pool<[["c", 8], ["h", 28], ["w", 28]], { window: { h: 2; w: 2 } }>; // [["c", 8], ["h", 14], ["w", 14]]
 */
export type Pool<S extends Shape, O> = IsDynamic<S> extends true
  ? Shape
  : Field<O, "window"> extends infer W
    ? CheckSpatial<S, W> extends infer E
      ? E extends AnyFail
        ? E
        : {
              [N in keyof W & string]-?: NotPositive<W[N]> extends true ? Fail<WindowParameter<"window", N, `${W[N] & number}`>> : "ok";
            }[keyof W & string] extends infer R
          ? [Extract<R, AnyFail>] extends [never]
            ? PoolWalk<S, O, W>
            : Extract<R, AnyFail>
          : never
      : never
    : never;
