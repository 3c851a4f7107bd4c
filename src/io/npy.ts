// Layer: src/io. NumPy `.npy` files: `fromNpy` reads versions 1.0, 2.0 and 3.0 (C or Fortran order) into a
// named tensor, `toNpy` writes version 1.0, little-endian, in logical (row-major) order. The file's shape
// is known only at run time, so sizes are typed `number`; the names come from the caller. A Fortran-order
// file becomes a transposed view of its buffer (no copy). Imports src/types, src/shape, src/graph, the
// engine's upload and the top layer.
import { uploadNode } from "../backend/engine.js";
import { identityMap, viewNode } from "../graph/build.js";
import { checkShape } from "../shape/dims.js";
import { type AnyTensor, type Tensor, wrap } from "../tensor.js";
import type { CheckShape, DType, Shape } from "../types/dims.js";
import { ShapeError } from "../types/errors.js";
import type { Guard } from "../types/guard.js";

/** The shape `fromNpy` gives: the names in order, each with a run-time size. */
export type NpyShape<Ns extends readonly string[]> = { -readonly [K in keyof Ns]: [Ns[K], number] };

/** Options of `fromNpy`: `dtype` asserts the element type the file must map to (and types the result). */
export interface NpyOptions<Dt extends DType> {
  readonly dtype?: Dt;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // "\x93NUMPY"
const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** How each supported descr is read: bytes per element, the dtype it becomes, and a reader. */
interface Kind {
  readonly bytes: number;
  readonly dtype: DType;
  read(view: DataView, offset: number): number | bigint;
}
const kinds: Record<string, Kind> = {
  "<f4": { bytes: 4, dtype: "float32", read: (v, o) => v.getFloat32(o, true) },
  "<f8": { bytes: 8, dtype: "float32", read: (v, o) => v.getFloat64(o, true) },
  "<i4": { bytes: 4, dtype: "int32", read: (v, o) => v.getInt32(o, true) },
  "<i8": { bytes: 8, dtype: "int32", read: (v, o) => v.getBigInt64(o, true) },
  "|b1": { bytes: 1, dtype: "bool", read: (v, o) => (v.getUint8(o) ? 1 : 0) },
  "|u1": { bytes: 1, dtype: "int32", read: (v, o) => v.getUint8(o) },
  "|i1": { bytes: 1, dtype: "int32", read: (v, o) => v.getInt8(o) },
};

/** The header dict of a .npy file: `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`. */
function parseHeader(text: string): { descr: string; fortran: boolean; shape: number[] } {
  const field = (key: string, pattern: string): RegExpMatchArray => {
    const m = text.match(new RegExp(`['"]${key}['"]\\s*:\\s*${pattern}`));
    if (!m) throw new TypeError(`not a valid .npy header: no '${key}' in ${text.trim()}`);
    return m;
  };
  if (!/^\s*\{[\s\S]*\}\s*$/.test(text)) throw new TypeError(`not a valid .npy header: ${text.trim()}`);
  const descr = field("descr", `(?:'([^']*)'|"([^"]*)"|(\\[[\\s\\S]*?\\]))`);
  if (descr[3] !== undefined) throw new TypeError(`unsupported .npy dtype: structured arrays (${descr[3]}) are not supported`);
  const fortran = field("fortran_order", "(True|False)")[1] === "True";
  const tuple = field("shape", "\\(([^)]*)\\)")[1]!;
  const shape = tuple
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((s) => {
      const n = Number(s.replace(/L$/, ""));
      if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`not a valid .npy shape: (${tuple})`);
      return n;
    });
  return { descr: (descr[1] ?? descr[2])!, fortran, shape };
}

/** The supported descr for a descr string, with the one-byte types also accepted with `<` or `=`. */
function kindOf(descr: string): Kind {
  const key = /^[<=|][bui]1$/.test(descr) ? `|${descr.slice(1)}` : descr.replace(/^=/, "<");
  const kind = kinds[key];
  if (!kind) {
    const hint = descr.startsWith(">") ? " (big-endian data: convert with arr.astype(arr.dtype.newbyteorder('<')))" : "";
    throw new TypeError(`unsupported .npy dtype '${descr}'${hint}: use float32 (<f4), float64 (<f8), int32 (<i4), int64 (<i8), bool (|b1), uint8 (|u1) or int8 (|i1)`);
  }
  return kind;
}

function decodeValues(bytes: Uint8Array, offset: number, count: number, kind: Kind, descr: string): Float32Array | Int32Array | Uint8Array {
  const needed = count * kind.bytes;
  if (bytes.length - offset < needed) throw new TypeError(`the .npy file is truncated: its data needs ${needed} bytes but ${bytes.length - offset} are left`);
  // A fast path for the common case: copy the bytes and view them as the target type.
  if (littleEndianHost && (descr === "<f4" || descr === "<i4")) {
    const copy = bytes.slice(offset, offset + needed);
    return descr === "<f4" ? new Float32Array(copy.buffer) : new Int32Array(copy.buffer);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, needed);
  const out = kind.dtype === "float32" ? new Float32Array(count) : kind.dtype === "int32" ? new Int32Array(count) : new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const v = kind.read(view, i * kind.bytes);
    if (typeof v === "bigint") {
      if (v < -2147483648n || v > 2147483647n) throw new RangeError(`int64 value ${v} at element ${i} of the .npy data does not fit in int32`);
      out[i] = Number(v);
    } else out[i] = v;
  }
  return out;
}

/**
 * Reads a NumPy `.npy` file (versions 1.0–3.0, C or Fortran order) into a tensor with the given names, one per
 * axis in order. float32/float64 become float32; int32/int64 (range-checked), uint8 and int8 become int32;
 * bool stays bool. Pass `{ dtype }` to assert the element type (the result is then typed with it).
 * @example
 * const x = fromNpy(readFileSync("x.npy"), ["batch", "feat"], { dtype: "float32" });
 * x.shape.batch; // the file's first axis
 */
export function fromNpy<const Ns extends readonly string[], const Dt extends DType = DType>(
  bytes: Uint8Array,
  names: Guard<CheckShape<NpyShape<Ns>>, Ns>,
  options: NpyOptions<Dt> = {},
): Tensor<NpyShape<Ns>, Dt> {
  if (!(bytes instanceof Uint8Array)) throw new TypeError("fromNpy takes the file's bytes as a Uint8Array");
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) throw new TypeError("not a .npy file: it does not start with \\x93NUMPY");
  const [major, minor] = [bytes[6]!, bytes[7]!];
  if (!(major >= 1 && major <= 3 && minor === 0)) throw new TypeError(`unsupported .npy version ${major}.${minor}: use 1.0, 2.0 or 3.0`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const lengthBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lengthBytes) throw new TypeError("the .npy file is truncated in its header");
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = 8 + lengthBytes;
  if (bytes.length < start + headerLength) throw new TypeError("the .npy file is truncated in its header");
  const text = new TextDecoder(major === 3 ? "utf-8" : "latin1").decode(bytes.subarray(start, start + headerLength));
  const { descr, fortran, shape } = parseHeader(text);
  const kind = kindOf(descr);
  if (options.dtype !== undefined && options.dtype !== kind.dtype)
    throw new TypeError(`the .npy data is ${descr}, which reads as ${kind.dtype}, not ${options.dtype}`);
  const list = names as readonly string[];
  const given = Array.isArray(list) ? list.length : 0;
  if (given !== shape.length)
    throw new ShapeError(`the .npy array has ${shape.length} ${shape.length === 1 ? "axis" : "axes"} (${shape.join(", ")}) but ${given} ${given === 1 ? "name was" : "names were"} given`);
  const dims = checkShape(list.map((n, i) => [n, shape[i]!])).map((d) => ({ name: d.name, size: d.size }));
  const values = decodeValues(bytes, start + headerLength, dims.reduce((n, d) => n * d.size, 1), kind, descr);
  if (!fortran) return wrap(uploadNode(values, kind.dtype, dims));
  // Fortran order is row-major over the reversed axes: upload it so and read it back through a transposed view.
  const stored = uploadNode(values, kind.dtype, [...dims].reverse());
  return wrap(viewNode(stored, dims, { index: identityMap(stored), bounds: [], fill: 0 }));
}

const descrOf: Record<DType, string> = { float32: "<f4", int32: "<i4", bool: "|b1" };

/**
 * Writes a tensor as a NumPy `.npy` file (version 1.0, little-endian `<f4`, `<i4` or `|b1`), its values in
 * logical row-major order; the names are not stored.
 * @example writeFileSync("x.npy", await toNpy(x)); // np.load("x.npy").shape == (2, 3)
 */
export async function toNpy(t: Tensor<Shape, DType>): Promise<Uint8Array> {
  const x = t as unknown as AnyTensor;
  const values = await x.data();
  const sizes = x.node.dims.map((d) => d.size);
  const shape = sizes.length === 1 ? `(${sizes[0]},)` : `(${sizes.join(", ")})`;
  const dict = `{'descr': '${descrOf[x.dtype]}', 'fortran_order': False, 'shape': ${shape}, }`;
  // Pad with spaces so that magic + length + header + "\n" is a multiple of 64 (NumPy's alignment).
  const unpadded = 10 + dict.length + 1;
  const header = dict + " ".repeat((64 - (unpadded % 64)) % 64) + "\n";
  if (header.length > 0xffff) throw new RangeError("the .npy header is too long for version 1.0");
  const itemBytes = x.dtype === "bool" ? 1 : 4;
  const out = new Uint8Array(10 + header.length + values.length * itemBytes);
  out.set(MAGIC);
  out[6] = 1;
  out[7] = 0;
  new DataView(out.buffer).setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  const data = new DataView(out.buffer, 10 + header.length);
  if (littleEndianHost) out.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), 10 + header.length);
  else if (x.dtype === "bool") out.set(values, 10 + header.length);
  else for (let i = 0; i < values.length; i++) (x.dtype === "float32" ? data.setFloat32 : data.setInt32).call(data, i * 4, values[i]!, true);
  return out;
}
