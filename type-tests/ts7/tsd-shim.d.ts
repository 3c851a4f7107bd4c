// Stand-in for the "tsd" module when scripts/check-tsd-ts7.mjs compiles type-tests/*.test-d.ts with TS 7 (tsd
// itself runs its bundled TS 5.9 through the JS API, which TS 7 lacks). The script rewrites
// `expectType<T>(e)` to `expectType<T>()(e)` so that the expression's type can be inferred and compared:
// a mismatch is a compile error here. `expectError(e)` compiles as is; the script checks that e has an error.

/** True when A and B are the same type (not merely mutually assignable). */
type Identical<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
/** Any type; a constraint with primitives keeps literal expressions literal, as tsd sees them. */
type Anything = string | number | bigint | boolean | symbol | object | null | undefined;

interface NotIdentical<Expected, Actual> {
  readonly expected: Expected;
  readonly actual: Actual;
}
interface UnexpectedlyIdentical<T> {
  readonly notExpected: T;
}
interface UnexpectedlyAssignable<T> {
  readonly notAssignableTo: T;
}

export declare function expectType<T>(): <V extends Anything>(value: V & (Identical<T, V> extends true ? unknown : NotIdentical<T, V>)) => void;
export declare function expectNotType<T>(): <V extends Anything>(value: V & (Identical<T, V> extends true ? UnexpectedlyIdentical<T> : unknown)) => void;
export declare function expectAssignable<T>(value: T): void;
export declare function expectNotAssignable<T>(): <V extends Anything>(value: V & ([V] extends [T] ? UnexpectedlyAssignable<T> : unknown)) => void;
export declare function expectError<T = unknown>(value: T): void;
export declare function expectDeprecated(value: unknown): void;
export declare function expectNotDeprecated(value: unknown): void;
export declare function expectNever(value: never): never;
export declare function printType(value: unknown): void;
export declare function expectDocCommentIncludes<T>(value: unknown): void;
