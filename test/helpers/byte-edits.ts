// Damaged copies of a file for reader fuzzes: one to three edits (truncate, replace, insert or delete a byte)
// drawn by fast-check, and the bytes they give.
import fc from "fast-check";

/** One edit: its kind, where (taken modulo the length), and the byte it writes. */
export type ByteEdit = readonly ["truncate" | "replace" | "insert" | "delete", number, number];

/** One to three edits. */
export const byteEdits: fc.Arbitrary<ByteEdit[]> = fc.array(
  fc.tuple(fc.constantFrom("truncate" as const, "replace" as const, "insert" as const, "delete" as const), fc.nat(), fc.integer({ min: 0, max: 255 })),
  { minLength: 1, maxLength: 3 },
);

/** The bytes after the edits, in order. */
export function applyByteEdits(bytes: ArrayLike<number>, edits: readonly ByteEdit[]): Uint8Array {
  let b = Array.from(bytes);
  for (const [kind, at, value] of edits) {
    const i = at % Math.max(1, b.length);
    if (kind === "truncate") b = b.slice(0, i);
    else if (kind === "replace") b[i] = value;
    else if (kind === "insert") b.splice(i, 0, value);
    else b.splice(i, 1);
  }
  return Uint8Array.from(b);
}
