// The assertions that scripts/check-examples.mjs writes into the extracted @examples: a value comment
// (`// [6, 15]`), a type comment (`// Tensor<[["width", 64], ["height", 96]]>`), an `// error:` line.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

interface TensorLike {
  dims: readonly string[];
  shape: Record<string, number>;
  dtype: string;
  array(): Promise<unknown>;
}
const isTensor = (v: unknown): v is TensorLike => typeof v === "object" && v !== null && "dims" in v && "array" in v && typeof (v as TensorLike).array === "function";

function same(got: unknown, want: unknown): boolean {
  if (got === want) return true;
  if (typeof got === "number" && typeof want === "number") {
    if (Number.isNaN(got) && Number.isNaN(want)) return true;
    return Math.abs(got - want) <= 1e-6 * Math.max(1, Math.abs(want));
  }
  if (ArrayBuffer.isView(want)) {
    if (!ArrayBuffer.isView(got) || got.constructor !== want.constructor) return false;
    return same(Array.from(got as unknown as ArrayLike<number>), Array.from(want as unknown as ArrayLike<number>));
  }
  if (Array.isArray(want)) return Array.isArray(got) && got.length === want.length && want.every((w, i) => same(got[i], w));
  if (typeof want === "object" && want !== null && typeof got === "object" && got !== null) {
    const keys = Object.keys(want);
    return keys.length === Object.keys(got).length && keys.every((k) => same((got as Record<string, unknown>)[k], (want as Record<string, unknown>)[k]));
  }
  return false;
}
const show = (v: unknown): string => (ArrayBuffer.isView(v) ? `${v.constructor.name} ${JSON.stringify(Array.from(v as unknown as ArrayLike<number>))}` : JSON.stringify(v));

/** The value of the example's line equals its comment's (a tensor is compared by its values). */
export async function __equal(got: unknown, want: unknown, line: string): Promise<void> {
  let value = await got;
  if (isTensor(value) && !isTensor(want) && !(Array.isArray(want) && want.some(isTensor))) value = await value.array();
  if (!same(value, want)) throw new Error(`${line}: the value is ${show(value)}, not ${show(want)} as the comment says`);
}

/** The static type is exactly T (a compile error otherwise). */
export function __exactly<T>() {
  return <U>(value: U, ..._typeDiffers: Equal<T, U> extends true ? [] : ["the type differs from the comment's", U]): U => value;
}

/** The tensor has the comment's dims, in order, with those sizes (and dtype when the comment gives one). */
export function __dims(t: unknown, dims: readonly (readonly [string, number, ...unknown[]])[], dtype: string | undefined, line: string): void {
  if (!isTensor(t)) throw new Error(`${line}: not a tensor`);
  const got = t.dims.map((n) => [n, t.shape[n]]);
  const want = dims.map(([n, s]) => [n, s]);
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${line}: the dims are ${JSON.stringify(got)}, not ${JSON.stringify(want)} as the comment says`);
  if (dtype !== undefined && t.dtype !== dtype) throw new Error(`${line}: the dtype is ${t.dtype}, not ${dtype}`);
}

/** The line (a compile error by its `// error:` comment) also throws at run time. */
export async function __throws(f: () => Promise<unknown>, line: string): Promise<void> {
  try {
    await f();
  } catch {
    return;
  }
  throw new Error(`${line}: did not throw, though its comment says it is an error`);
}
