// Layer: src/io. NumPy `.npy` files. `fromNpy` reads versions 1.0, 2.0 and 3.0 as NumPy's `format.py` does
// (magic, version, header length, a Python-literal dict with exactly 'descr', 'fortran_order' and 'shape'),
// and more strictly in two places: the data must be exactly prod(shape) × itemsize bytes (a trailing byte is
// refused, since it means the payload was shifted), and only the plain numeric dtypes are read. Every refusal
// is a `FormatError` at a byte or field; nothing is allocated before the sizes are checked against the bytes
// present. `toNpy` writes version 1.0, little-endian, row-major. A Fortran-order file becomes a transposed
// view of its buffer (no copy). Imports src/types, src/shape, src/graph, the engine's upload and the top layer.
import { uploadNode } from "../backend/engine.js";
import { identityMap, viewNode } from "../graph/build.js";
import { checkShape } from "../shape/dims.js";
import { type AnyTensor, Tensor, wrap, tensorArg } from "../tensor.js";
import type { CheckShape, DType, Shape } from "../types/dims.js";
import * as say from "../types/errors.js";
import { ArgumentError, FormatError, ShapeError } from "../types/errors.js";
import type { Guard } from "../types/guard.js";
import { type Element, decodeElements, elementCount, elements } from "./elements.js";
import { type PyValue, parsePythonLiteral, pyRepr } from "./python-literal.js";

/** The shape `fromNpy` gives: the names in order, each with a run-time size. */
export type NpyShape<Ns extends readonly string[]> = { -readonly [K in keyof Ns]: [Ns[K], number] };

/** Options of `fromNpy`: `dtype` asserts the element type the file must map to (and types the result). */
export interface NpyOptions<Dt extends DType> {
  readonly dtype?: Dt;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // "\x93NUMPY"
/** NumPy's `_MAX_HEADER_SIZE`: longer headers are refused by `np.load` unless the file is trusted. */
const MAX_HEADER = 10000;
const SUPPORTED = "float16/32/64 (<f2, <f4, <f8), int8/16/32/64 (|i1, <i2, <i4, <i8), uint8/16/32/64 (|u1, <u2, <u4, <u8) or bool (|b1), either byte order";
const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** What a .npy header says: the element type and byte order, the order of the data, the sizes, where data starts. */
interface NpyHeader {
  readonly descr: string;
  readonly element: Element;
  readonly little: boolean;
  readonly fortran: boolean;
  readonly shape: readonly number[];
  readonly dataStart: number;
}

const fail = (sentence: string, place: say.FormatPlace): never => {
  throw new FormatError("npy", sentence, place);
};

/** The element type of a descr string: an optional byte order (`<`, `>`, `=`, `|`) and a kind with its size. */
function elementOf(descr: PyValue, place: say.FormatPlace): { descr: string; element: Element; little: boolean } {
  const m = descr.type === "str" ? /^([<>=|]?)(f[248]|[iu][1248]|b1)$/.exec(descr.value) : null;
  const element = m ? elements[m[2]!] : undefined;
  if (!m || !element) return fail(say.unsupportedDtype(pyRepr(descr), SUPPORTED), place);
  return { descr: m[0], element, little: m[1] === ">" ? false : m[1] === "<" ? true : littleEndianHost };
}

/** Reads and checks the magic, version, header length and header dict of a .npy file. */
function readHeader(bytes: Uint8Array): NpyHeader {
  if (MAGIC.some((b, i) => i < bytes.length && bytes[i] !== b)) fail(say.badMagic("\\x93NUMPY"), { offset: 0 });
  if (bytes.length < 8) fail(say.endsInside("magic string", 8, bytes.length), { offset: 0 });
  const [major, minor] = [bytes[6]!, bytes[7]!];
  if (!(major >= 1 && major <= 3 && minor === 0)) fail(say.badVersion(major, minor), { offset: 6 });
  const lengthBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lengthBytes) fail(say.endsInside("header length", lengthBytes, bytes.length - 8), { offset: 8 });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = 8 + lengthBytes;
  if (bytes.length - start < headerLength) fail(say.endsInside("header", headerLength, bytes.length - start), { offset: 8 });
  const raw = bytes.subarray(start, start + headerLength);
  let text: string;
  let offsetOf = (i: number): number => i;
  if (major === 3) {
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(raw);
    } catch {
      return fail(say.notUtf8("header"), { offset: start });
    }
    const encoder = new TextEncoder();
    offsetOf = (i) => encoder.encode(text.slice(0, i)).length;
  } else text = Array.from(raw, (b) => String.fromCharCode(b)).join(""); // latin-1, byte for character
  if (text.length > MAX_HEADER) fail(say.headerTooLong(text.length, MAX_HEADER, "characters"), { offset: 8 });

  const dict = parsePythonLiteral(text, start, major < 3, offsetOf);
  const at = { offset: start };
  if (dict.type !== "dict") return fail(say.headerNotDict(pyRepr(dict)), at);
  const keys = [...dict.entries.keys()];
  if (dict.other > 0 || keys.length !== 3 || !["descr", "fortran_order", "shape"].every((k) => dict.entries.has(k)))
    fail(say.headerKeys(`${keys.sort().map((k) => `'${k}'`).join(", ") || "none"}${dict.other ? ` and ${dict.other} non-string keys` : ""}`), at);
  const shape = dict.entries.get("shape")!;
  const sizes = shape.type === "tuple" ? shape.items.map((v) => (v.type === "int" && v.value >= 0n && v.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v.value) : -1)) : [-1];
  if (sizes.includes(-1)) fail(say.npyShape(pyRepr(shape)), { ...at, field: "'shape'" });
  const fortran = dict.entries.get("fortran_order")!;
  if (fortran.type !== "bool") fail(say.npyFortran(pyRepr(fortran)), { ...at, field: "'fortran_order'" });
  const { descr, element, little } = elementOf(dict.entries.get("descr")!, { ...at, field: "'descr'" });
  return { descr, element, little, fortran: (fortran as { value: boolean }).value, shape: sizes, dataStart: start + headerLength };
}

/**
 * Reads a NumPy `.npy` file (versions 1.0–3.0, C or Fortran order, either byte order) into a tensor with the
 * given names, one per axis in order. float16/32/64 become float32; int8/16/32/64 and uint8/16/32/64 become
 * int32 (64-bit and uint32 values range-checked); bool stays bool. Pass `{ dtype }` to assert the element type
 * (the result is then typed with it). A file that is not exactly what its header says is refused with a
 * `FormatError` naming the byte or field; names that do not match the file's rank with a `ShapeError`.
 * @example
 * const x = fromNpy(readFileSync("x.npy"), ["batch", "feat"], { dtype: "float32" });
 * x.shape.batch; // the file's first axis
 */
export function fromNpy<const Ns extends readonly string[], const Dt extends DType = DType>(
  bytes: Uint8Array,
  names: Guard<CheckShape<NpyShape<Ns>>, Ns>,
  options: NpyOptions<Dt> = {},
): Tensor<NpyShape<Ns>, NoInfer<Dt>> {
  if (!(bytes instanceof Uint8Array)) throw new ArgumentError(say.notBytes("fromNpy", bytes));
  const list: unknown = names;
  if (!Array.isArray(list) || !list.every((n) => typeof n === "string")) throw new ArgumentError(say.namesNotList("fromNpy", "", list));
  if (typeof options !== "object" || options === null) throw new ArgumentError(say.notAnObject("fromNpy", "its options", '{ dtype: "float32" }', options));
  const { descr, element, little, fortran, shape, dataStart } = readHeader(bytes);
  if (options.dtype !== undefined && options.dtype !== element.dtype)
    fail(say.dtypeOption(descr, element.dtype, options.dtype), { field: "'descr'" });
  const count = elementCount("npy", shape, element.bytes, bytes.length - dataStart, { offset: dataStart });
  if (list.length !== shape.length) throw new ShapeError(say.namesForRank("the .npy array", shape.length, shape.join(", "), list.length));
  const dims = checkShape(list.map((n, i) => [n, shape[i]!])).map((d) => ({ name: d.name, size: d.size }));
  const values = decodeElements("npy", bytes, dataStart, count, element, little);
  if (!fortran) return wrap(uploadNode(values, element.dtype, dims));
  // Fortran order is row-major over the reversed axes: upload it so and read it back through a transposed view.
  const stored = uploadNode(values, element.dtype, [...dims].reverse());
  return wrap(viewNode(stored, dims, { index: identityMap(stored), bounds: [], fill: 0 }));
}

/**
 * @internal A .npy file's header and decoded values, refused exactly as `fromNpy` refuses (the `.npz` reader's
 * members). Floats become float32, integers int32 (range-checked), bool 0/1.
 * @example npyArray(member).values // Int32Array of scipy's indices
 */
export function npyArray(bytes: Uint8Array): { descr: string; dtype: DType; shape: readonly number[]; fortran: boolean; values: Float32Array | Int32Array | Uint8Array } {
  const { descr, element, little, fortran, shape, dataStart } = readHeader(bytes);
  const count = elementCount("npy", shape, element.bytes, bytes.length - dataStart, { offset: dataStart });
  return { descr, dtype: element.dtype, shape, fortran, values: decodeElements("npy", bytes, dataStart, count, element, little) };
}

const descrOf: Record<DType, string> = { float32: "<f4", int32: "<i4", bool: "|b1" };

/**
 * Writes a tensor as a NumPy `.npy` file (version 1.0, little-endian `<f4`, `<i4` or `|b1`), its values in
 * logical row-major order; the names are not stored.
 * @example writeFileSync("x.npy", await toNpy(x)); // np.load("x.npy").shape == (2, 3)
 */
export async function toNpy(t: Tensor<Shape, DType>): Promise<Uint8Array> {
  tensorArg("toNpy", t);
  const x = t as unknown as AnyTensor;
  const values = await x.data();
  const sizes = x.node.dims.map((d) => d.size);
  const shape = sizes.length === 1 ? `(${sizes[0]},)` : `(${sizes.join(", ")})`;
  const dict = `{'descr': '${descrOf[x.dtype]}', 'fortran_order': False, 'shape': ${shape}, }`;
  // Pad with spaces so that magic + length + header + "\n" is a multiple of 64 (NumPy's alignment).
  const unpadded = 10 + dict.length + 1;
  const header = dict + " ".repeat((64 - (unpadded % 64)) % 64) + "\n";
  if (header.length > 0xffff) throw new ArgumentError(say.npyHeaderTooLong(sizes.length));
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
