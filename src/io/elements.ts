// Layer: src/io. What the file readers share: the element types a file may store (bytes per element, the
// dtype each becomes, how one is read in either byte order), the element count of a file's shape (bounded
// by 2^53 and by the bytes present, checked before anything is allocated), and the decoding of a payload.
// Imports src/types only.
import type { DType } from "../types/dims.js";
import { FormatError, type FormatPlace, dataLengthMismatch, elementRange, tooManyElements } from "../types/errors.js";

/** An element type a file may store: its size, the dtype it is read as, and a reader of one element. */
export interface Element {
  readonly bytes: number;
  readonly dtype: DType;
  /** True when some stored values do not fit int32 (each is range-checked). */
  readonly narrows: boolean;
  read(view: DataView, offset: number, little: boolean): number;
}

const f16 = (h: number): number => {
  const e = (h >> 10) & 0x1f;
  const m = h & 0x3ff;
  const s = h & 0x8000 ? -1 : 1;
  return e === 0 ? s * m * 2 ** -24 : e === 31 ? (m ? NaN : s * Infinity) : s * (1 + m / 1024) * 2 ** (e - 15);
};
const bits = new DataView(new ArrayBuffer(4));
const bf16 = (h: number): number => (bits.setUint32(0, h << 16), bits.getFloat32(0));

const element = (bytes: number, dtype: DType, read: Element["read"], narrows = false): Element => ({ bytes, dtype, narrows, read });
/** The element types, keyed by NumPy's kind letter and size (`f4`, `u1`, `b1`) and `bf2` for bfloat16. */
export const elements: Readonly<Record<string, Element>> = {
  f2: element(2, "float32", (v, o, le) => f16(v.getUint16(o, le))),
  bf2: element(2, "float32", (v, o, le) => bf16(v.getUint16(o, le))),
  f4: element(4, "float32", (v, o, le) => v.getFloat32(o, le)),
  f8: element(8, "float32", (v, o, le) => v.getFloat64(o, le)),
  i1: element(1, "int32", (v, o) => v.getInt8(o)),
  i2: element(2, "int32", (v, o, le) => v.getInt16(o, le)),
  i4: element(4, "int32", (v, o, le) => v.getInt32(o, le)),
  i8: element(8, "int32", (v, o, le) => Number(v.getBigInt64(o, le)), true),
  u1: element(1, "int32", (v, o) => v.getUint8(o)),
  u2: element(2, "int32", (v, o, le) => v.getUint16(o, le)),
  u4: element(4, "int32", (v, o, le) => v.getUint32(o, le), true),
  u8: element(8, "int32", (v, o, le) => Number(v.getBigUint64(o, le)), true),
  b1: element(1, "bool", (v, o) => (v.getUint8(o) ? 1 : 0)),
};

/**
 * The number of elements of a shape whose data must occupy exactly `present` bytes; refuses (before any
 * allocation) a product over 2^53 and a byte count other than `present`.
 * @example elementCount("npy", [2, 3], 4, 24, { offset: 128 }); // 6
 */
export function elementCount(format: "npy" | "safetensors", sizes: readonly number[], bytes: number, present: number, place: FormatPlace): number {
  const text = `[${sizes.join(", ")}]`;
  let count = 1;
  for (const size of sizes) count *= size;
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(count * bytes)) throw new FormatError(format, tooManyElements(text), place);
  if (count * bytes !== present) throw new FormatError(format, dataLengthMismatch(count * bytes, text, present), place);
  return count;
}

const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Reads `count` elements from `bytes` at `offset` into a new typed array of the element's dtype; a stored
 * value that does not fit int32 is refused, naming the element and its byte.
 * @example decodeElements("npy", bytes, 128, 6, elements.f4!, true); // Float32Array(6)
 */
export function decodeElements(
  format: "npy" | "safetensors",
  bytes: Uint8Array,
  offset: number,
  count: number,
  kind: Element,
  little: boolean,
): Float32Array | Int32Array | Uint8Array {
  // The common case, native float32 or int32, is a copy of the bytes.
  if (little === littleEndianHost && kind.bytes === 4 && (kind === elements.f4 || kind === elements.i4)) {
    // Uint8Array's own slice: a Node Buffer's slice is a view into its shared pool (byteOffset > 0), not a copy.
    const copy = Uint8Array.prototype.slice.call(bytes, offset, offset + count * 4);
    return kind.dtype === "float32" ? new Float32Array(copy.buffer) : new Int32Array(copy.buffer);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, count * kind.bytes);
  const out = kind.dtype === "float32" ? new Float32Array(count) : kind.dtype === "int32" ? new Int32Array(count) : new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const v = kind.read(view, i * kind.bytes, little);
    if (kind.narrows && !(v >= -2147483648 && v <= 2147483647)) {
      const exact = kind.bytes === 8 ? (kind === elements.i8 ? view.getBigInt64(i * 8, little) : view.getBigUint64(i * 8, little)) : v;
      throw new FormatError(format, elementRange(i, String(exact)), { offset: offset + i * kind.bytes });
    }
    out[i] = v;
  }
  return out;
}
