// Shared by the suites that check run-time mistakes: the error must be a ShapeError with this exact sentence
// (the same sentence the type checker shows, from src/types/errors.ts).
import { expect } from "vitest";
import { ShapeError } from "../../src/index.js";

/**
 * Asserts that `f` throws, or the promise it returns rejects, with an error of `kind` and exactly this sentence.
 * @example await expectError(() => variable(5 as never), ArgumentError, "variable takes a tensor (its initial value), not the number 5")
 */
export async function expectError(f: () => unknown, kind: abstract new (...args: never[]) => Error, sentence: string): Promise<void> {
  let thrown: unknown;
  try {
    await f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(kind);
  expect((thrown as Error).message).toBe(sentence);
}

/** Asserts that `f` throws a ShapeError with exactly this sentence. @example expectSentence(() => x.sum("q"), '"q" is not a dimension of { a: 2 }') */
export function expectSentence(f: () => unknown, sentence: string): void {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ShapeError);
  expect((thrown as Error).message).toBe(sentence);
}
