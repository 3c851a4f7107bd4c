// Layer: src/types (type-only). Size arithmetic on numeric literal types, the only place it lives.
// Contract: exact for non-negative integers whose results stay within Number.MAX_SAFE_INTEGER (2^53 - 1);
// `number` in gives `number` out, and a result past 2^53 widens to `number` (checked at run time instead).
// Numbers become little-endian digit tuples ("4096" -> [6, 9, 0, 4]) and are combined with lookup tables,
// because tuple-length arithmetic stops at 1,000 (recursion) and 10,000 (tuple size): research/typelevel.md §2.3.
import type { AddTable, MulTable, SubTable } from "./arith-tables.js";

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Digits = Digit[];

/** True for a literal non-negative integer (not `number`, not negative, not fractional). */
export type IsNatural<N extends number> = number extends N
  ? false
  : `${N}` extends `${Digit}${string}`
    ? `${N}` extends `${string}.${string}` | `${string}e${string}`
      ? false
      : true
    : false;

type ToDigits<S extends string, Acc extends Digits = []> = S extends `${infer C extends Digit}${infer Rest}`
  ? ToDigits<Rest, [C, ...Acc]>
  : Acc;
type DigitsText<L extends Digits, Acc extends string = ""> = L extends [infer H extends Digit, ...infer T extends Digits]
  ? DigitsText<T, `${H}${Acc}`>
  : Acc;
type TrimZeros<L extends Digits> = L extends [...infer H extends Digits, 0] ? TrimZeros<H> : L;
/** Back to a literal; TypeScript itself refuses texts that do not round-trip (past 2^53), giving `number`. */
type FromDigits<L extends Digits> = TrimZeros<L> extends []
  ? 0
  : DigitsText<TrimZeros<L>> extends `${infer N extends number}`
    ? N
    : number;
type DigitsOf<N extends number> = ToDigits<`${N}`>;

type AddDigits<A extends Digits, B extends Digits, Carry extends 0 | 1 = 0, Acc extends Digits = []> = A extends [
  infer a extends Digit,
  ...infer AR extends Digits,
]
  ? B extends [infer b extends Digit, ...infer BR extends Digits]
    ? AddTable[Carry][a][b] extends [infer d extends Digit, infer c extends 0 | 1]
      ? AddDigits<AR, BR, c, [...Acc, d]>
      : never
    : AddTable[Carry][a][0] extends [infer d extends Digit, infer c extends 0 | 1]
      ? AddDigits<AR, [], c, [...Acc, d]>
      : never
  : B extends [infer b extends Digit, ...infer BR extends Digits]
    ? AddTable[Carry][0][b] extends [infer d extends Digit, infer c extends 0 | 1]
      ? AddDigits<[], BR, c, [...Acc, d]>
      : never
    : Carry extends 1
      ? [...Acc, 1]
      : Acc;

/** A - B for A >= B. */
type SubDigits<A extends Digits, B extends Digits, Borrow extends 0 | 1 = 0, Acc extends Digits = []> = A extends [
  infer a extends Digit,
  ...infer AR extends Digits,
]
  ? B extends [infer b extends Digit, ...infer BR extends Digits]
    ? SubTable[Borrow][a][b] extends [infer d extends Digit, infer o extends 0 | 1]
      ? SubDigits<AR, BR, o, [...Acc, d]>
      : never
    : SubTable[Borrow][a][0] extends [infer d extends Digit, infer o extends 0 | 1]
      ? SubDigits<AR, [], o, [...Acc, d]>
      : never
  : TrimZeros<Acc>;

type MulByDigit<A extends Digits, M extends Digit, Carry extends Digit = 0, Acc extends Digits = []> = A extends [
  infer a extends Digit,
  ...infer AR extends Digits,
]
  ? MulTable[Carry][a][M] extends [infer d extends Digit, infer c extends Digit]
    ? MulByDigit<AR, M, c, [...Acc, d]>
    : never
  : Carry extends 0
    ? Acc
    : [...Acc, Carry];

type MulDigits<A extends Digits, B extends Digits, Shift extends 0[] = [], Acc extends Digits = []> = B extends [
  infer b extends Digit,
  ...infer BR extends Digits,
]
  ? MulDigits<A, BR, [...Shift, 0], AddDigits<Acc, [...Shift, ...MulByDigit<A, b>]>>
  : Acc;

/** Compares two trimmed digit tuples: 1 when A > B, 0 when equal, -1 when A < B. */
type CompareDigits<A extends Digits, B extends Digits> = A["length"] extends B["length"]
  ? CompareSameLength<A, B>
  : LongerThan<A, B> extends true
    ? 1
    : -1;
type CompareSameLength<A extends Digits, B extends Digits> = A extends [...infer AH extends Digits, infer a extends Digit]
  ? B extends [...infer BH extends Digits, infer b extends Digit]
    ? a extends b
      ? CompareSameLength<AH, BH>
      : SubTable[0][a][b][1] extends 0
        ? 1
        : -1
    : 0
  : 0;
type LongerThan<A extends Digits, B extends Digits> = B extends [unknown, ...infer BR extends Digits]
  ? A extends [unknown, ...infer AR extends Digits]
    ? LongerThan<AR, BR>
    : false
  : A extends []
    ? false
    : true;

// Long division: walk A's digits from the most significant, picking each quotient digit from B·0 … B·9.
type Multiples<B extends Digits> = [
  [],
  B,
  MulByDigit<B, 2>,
  MulByDigit<B, 3>,
  MulByDigit<B, 4>,
  MulByDigit<B, 5>,
  MulByDigit<B, 6>,
  MulByDigit<B, 7>,
  MulByDigit<B, 8>,
  MulByDigit<B, 9>,
];
type PickQuotientDigit<R extends Digits, M extends Digits[], Q extends Digit[] = [9, 8, 7, 6, 5, 4, 3, 2, 1]> = Q extends [
  infer q extends Digit,
  ...infer QR extends Digit[],
]
  ? CompareDigits<R, M[q]> extends -1
    ? PickQuotientDigit<R, M, QR>
    : [q, SubDigits<R, M[q]>]
  : [0, R];
type LongDivide<A extends string, M extends Digits[], R extends Digits = [], Q extends string = ""> = A extends `${infer c extends Digit}${infer Rest}`
  ? PickQuotientDigit<TrimZeros<[c, ...R]>, M> extends [infer q extends Digit, infer R2 extends Digits]
    ? LongDivide<Rest, M, R2, `${Q}${q}`>
    : never
  : [Q, R];
type StripLeadingZeros<S extends string> = S extends `0${infer R}` ? (R extends "" ? "0" : StripLeadingZeros<R>) : S;
type TextToNumber<S extends string> = S extends `${infer N extends number}` ? N : number;

/** `A + B`. @example type T = Add<4096, 4096>; // 8192 */
export type Add<A extends number, B extends number> = number extends A | B ? number : FromDigits<AddDigits<DigitsOf<A>, DigitsOf<B>>>;

/** `A - B`, or `never` when B > A. @example type T = Sub<96, 90>; // 6 */
export type Sub<A extends number, B extends number> = number extends A | B
  ? number
  : CompareDigits<DigitsOf<A>, DigitsOf<B>> extends -1
    ? never
    : FromDigits<SubDigits<DigitsOf<A>, DigitsOf<B>>>;

/** `A * B`. @example type T = Mul<50257, 768>; // 38597376 */
export type Mul<A extends number, B extends number> = number extends A | B ? number : FromDigits<MulDigits<DigitsOf<A>, DigitsOf<B>>>;

/** `[A / B, A % B]` for B > 0. @example type T = DivMod<96, 7>; // [13, 5] */
export type DivMod<A extends number, B extends number> = number extends A | B
  ? [number, number]
  : B extends 0
    ? never
    : LongDivide<`${A}`, Multiples<DigitsOf<B>>> extends [infer Q extends string, infer R extends Digits]
      ? [TextToNumber<StripLeadingZeros<Q>>, FromDigits<R>]
      : never;

/** `A / B` when B divides A exactly, else `never`. @example type T = DivExact<38597376, 768>; // 50257 */
export type DivExact<A extends number, B extends number> = number extends A | B
  ? number
  : B extends 0
    ? never // DivMod by 0 is never, which would match any pattern below
    : DivMod<A, B> extends [infer Q extends number, 0]
      ? Q
      : never;

/** `A < B` as `true`/`false`, or `boolean` when either is `number`. @example type T = Less<31, 32>; // true */
export type Less<A extends number, B extends number> = number extends A | B
  ? boolean
  : CompareDigits<DigitsOf<A>, DigitsOf<B>> extends -1
    ? true
    : false;

/** The product of a list of sizes. @example type T = Product<[6, 96]>; // 576 */
export type Product<L extends readonly number[], Acc extends number = 1> = L extends readonly [
  infer H extends number,
  ...infer T extends readonly number[],
]
  ? Product<T, Mul<Acc, H>>
  : Acc;
