// Layer: src/io. The safetensors format (Hugging Face's weight files), read as the reference implementation's
// `validate` reads it: an 8-byte little-endian header length (at most 100 MB, within the file) checked before
// anything is allocated, a UTF-8 JSON object, each entry exactly { dtype, shape, data_offsets } with a known
// dtype and integer sizes, no repeated key, `__metadata__` strings to strings (or null), and the entries' data tiling the
// data buffer exactly (sorted by offsets, no gap, no overlap, nothing after). Every refusal is a `FormatError`
// at a byte or field. `fromSafetensors` reads the tensors you name, giving each its dim names (sizes are run
// time values, typed `number`): F16/BF16/F32/F64 become float32, I8–I64 and U8–U64 int32 (range-checked), BOOL
// bool. `toSafetensors` writes F32, I32 and BOOL. Imports src/types, src/shape, the engine's upload, the top layer.
import { uploadNode } from "../backend/engine.js";
import { checkName, checkUnique } from "../shape/dims.js";
import { type AnyTensor, Tensor, wrap, tensorArg } from "../tensor.js";
import type { DType } from "../types/dims.js";
import * as say from "../types/errors.js";
import { ArgumentError, FormatError, ShapeError } from "../types/errors.js";
import { decodeElements, elementCount, elements } from "./elements.js";
import { JsonArray, JsonNumber, JsonObject, type JsonValue, parseJson } from "./json.js";
import type { NpyShape } from "./npy.js";
import type { MtxFormat, MtxNames, MtxShape } from "./mtx.js";
import { SPARSE_MEMBERS, sparseFromMembers } from "./sparse-members.js";
import { SparseTensor, sparseFromStorage } from "../sparse/tensor.js";
import type { FormatSpec } from "../types/sparse.js";

/** For each tensor to read, its dim names in the file's order. @example { "h.0.attn.weight": ["out", "in"] } */
export type SafetensorsSpec = { readonly [tensor: string]: readonly string[] };
/** The tensors `fromSafetensors` gives: each named as asked, with run-time sizes. */
export type SafetensorsResult<Spec extends SafetensorsSpec> = { -readonly [K in keyof Spec]: Tensor<NpyShape<Spec[K]>, DType> };

/** The reference's header limit (`MAX_HEADER_SIZE`). */
const MAX_HEADER = 100_000_000;
/** Bits per element of every dtype the format defines; those in `readable` can be read into a tensor. */
const bitsOf: Readonly<Record<string, number>> = {
  BOOL: 8, F4: 4, F6_E2M3: 6, F6_E3M2: 6, U8: 8, I8: 8, F8_E5M2: 8, F8_E4M3: 8, F8_E8M0: 8,
  I16: 16, U16: 16, F16: 16, BF16: 16, I32: 32, U32: 32, F32: 32, C64: 64, F64: 64, I64: 64, U64: 64,
};
const readable: Readonly<Record<string, string>> = {
  BOOL: "b1", U8: "u1", I8: "i1", I16: "i2", U16: "u2", F16: "f2", BF16: "bf2", I32: "i4", U32: "u4", F32: "f4", F64: "f8", I64: "i8", U64: "u8",
};

/** One validated header entry: its dtype, sizes and the byte range of its data (relative to the data start). */
interface Entry {
  readonly name: string;
  readonly dtype: string;
  readonly shape: readonly number[];
  readonly begin: number;
  readonly end: number;
}

const fail = (sentence: string, place: say.FormatPlace): never => {
  throw new FormatError("safetensors", sentence, place);
};
const kindOf = (v: JsonValue): string =>
  v instanceof JsonNumber ? `the number ${v.text}` : v instanceof JsonArray ? `an array of ${v.items.length}` : v instanceof JsonObject ? "an object" : v === null ? "null" : typeof v === "string" ? `the string ${JSON.stringify(v)}` : `${v}`;
/** A non-negative integer written as one (no sign, fraction or exponent) and at most 2^53 − 1, or -1. */
const count = (v: JsonValue): number => (v instanceof JsonNumber && /^\d+$/.test(v.text) && Number.isSafeInteger(Number(v.text)) ? Number(v.text) : -1);
const listText = (a: JsonArray): string => `[${a.items.map((v) => (v instanceof JsonNumber ? v.text : kindOf(v))).join(", ")}]`;

/** One tensor entry of the header, checked field by field. */
function entryOf(name: string, v: JsonValue, at: (index: number) => number, start: number): Entry {
  if (!(v instanceof JsonObject)) return fail(say.entryNotObject(kindOf(v)), { field: `"${name}"`, offset: at(start) });
  const keys = [...v.members.keys()];
  if (keys.length !== 3 || !["dtype", "shape", "data_offsets"].every((k) => v.members.has(k)))
    fail(say.entryKeys(keys.join(", ") || "none"), { field: `"${name}"`, offset: at(v.at) });
  const place = (key: string): say.FormatPlace => ({ field: `"${name}".${key}`, offset: at(v.positions.get(key)!) });
  const dtype = v.members.get("dtype")!;
  if (typeof dtype !== "string" || bitsOf[dtype] === undefined) fail(say.unsupportedDtype(typeof dtype === "string" ? JSON.stringify(dtype) : kindOf(dtype), Object.keys(bitsOf).join(", ")), place("dtype"));
  const shape = v.members.get("shape")!;
  const sizes = shape instanceof JsonArray ? shape.items.map(count) : [-1];
  if (sizes.includes(-1)) fail(say.stShape(shape instanceof JsonArray ? listText(shape) : kindOf(shape)), place("shape"));
  const offsets = v.members.get("data_offsets")!;
  const range = offsets instanceof JsonArray && offsets.items.length === 2 ? offsets.items.map(count) : [-1];
  if (range.includes(-1) || range[0]! > range[1]!) fail(say.stOffsets(offsets instanceof JsonArray ? listText(offsets) : kindOf(offsets)), place("data_offsets"));
  // The span must hold exactly the elements (numel × bits / 8 bytes), refused before anything is allocated.
  const bits = bitsOf[dtype as string]!;
  let numel = 1;
  for (const s of sizes) numel *= s;
  const span = range[1]! - range[0]!;
  if (!Number.isSafeInteger(numel * bits)) fail(say.tooManyElements(listText(shape as JsonArray)), place("shape"));
  if ((numel * bits) % 8 !== 0 || (numel * bits) / 8 !== span) fail(say.offsetsSpan(span, numel, dtype as string, Math.ceil((numel * bits) / 8)), place("data_offsets"));
  return { name, dtype: dtype as string, shape: sizes, begin: range[0]!, end: range[1]! };
}

/** Reads and validates the whole header: the entries (in file order) and where the data starts. */
function readHeader(bytes: Uint8Array): { entries: Map<string, Entry>; dataStart: number; metadata: ReadonlyMap<string, string> } {
  if (bytes.length < 8) fail(say.endsInside("header length", 8, bytes.length), { offset: 0 });
  const length = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
  if (length > BigInt(MAX_HEADER)) fail(say.headerTooLong(Number(length), MAX_HEADER, "bytes"), { offset: 0 });
  const n = Number(length);
  if (bytes.length - 8 < n) fail(say.endsInside("header", n, bytes.length - 8), { offset: 0 });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.subarray(8, 8 + n));
  } catch {
    return fail(say.notUtf8("header"), { offset: 8 });
  }
  const encoder = new TextEncoder();
  const at = (i: number): number => 8 + encoder.encode(text.slice(0, i)).length;
  if (!text.startsWith("{")) fail(say.headerNotObject(), { offset: 8 });
  const header = parseJson(text, at) as JsonObject;
  const entries = new Map<string, Entry>();
  const metadata = new Map<string, string>();
  for (const [name, v] of header.members) {
    if (name !== "__metadata__") {
      entries.set(name, entryOf(name, v, at, header.positions.get(name)!));
      continue;
    }
    if (v === null) continue; // as the reference reads it (an Option): no metadata
    if (!(v instanceof JsonObject)) fail(say.metadataNotObject(kindOf(v)), { field: "__metadata__", offset: at(header.positions.get(name)!) });
    for (const [key, s] of (v as JsonObject).members) {
      if (typeof s !== "string") fail(say.metadataNotStrings(key, kindOf(s)), { field: `__metadata__."${key}"`, offset: at((v as JsonObject).positions.get(key)!) });
      metadata.set(key, s as string);
    }
  }
  // The data must be tiled exactly: sorted by offsets, each entry begins where the previous one ends.
  const data = bytes.length - 8 - n;
  let end = 0;
  let previous = "";
  for (const e of [...entries.values()].sort((a, b) => a.begin - b.begin || a.end - b.end)) {
    if (e.begin !== end) fail(say.offsetsGap(e.name, e.begin, previous, end), { field: `"${e.name}".data_offsets` });
    end = e.end;
    previous = e.name;
  }
  if (end !== data) fail(say.dataNotCovered(end, data), { offset: 8 + n + Math.min(end, data) });
  return { entries, dataStart: 8 + n, metadata };
}

/**
 * Reads the named tensors of a safetensors file, giving each its dim names. The whole header is validated
 * first, as the reference implementation does; a file that is not exactly what its header says is refused
 * with a `FormatError` naming the byte or field, names that do not match a tensor's rank with a `ShapeError`.
 * @example
 * const { "wte.weight": wte } = fromSafetensors(bytes, { "wte.weight": ["vocab", "hidden"] });
 * wte.shape; // { vocab: 50257, hidden: 768 } (sizes from the file)
 */
export function fromSafetensors<const Spec extends SafetensorsSpec>(bytes: Uint8Array, spec: Spec): SafetensorsResult<Spec> {
  if (!(bytes instanceof Uint8Array)) throw new ArgumentError(say.notBytes("fromSafetensors", bytes));
  const asked: unknown = spec;
  if (typeof asked !== "object" || asked === null || Array.isArray(asked))
    throw new ArgumentError(say.notAnObject("fromSafetensors", "the dim names of each tensor", '{ w: ["out", "in"] }', asked));
  for (const [name, names] of Object.entries(asked))
    if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) throw new ArgumentError(say.namesNotList("fromSafetensors", name, names));
  const { entries, dataStart } = readHeader(bytes);
  const out: Record<string, AnyTensor> = {};
  for (const [name, names] of Object.entries(spec)) {
    const entry = entries.get(name) ?? fail(say.noSuchTensor(name, [...entries.keys()].join(", ") || "none"), { field: `"${name}"` });
    const { dtype, shape, begin, end } = entry;
    const kind = elements[readable[dtype] ?? ""] ?? fail(say.unsupportedDtype(dtype, Object.keys(readable).join(", ")), { field: `"${name}".dtype` });
    if (names.length !== shape.length) throw new ShapeError(say.namesForRank(`tensor "${name}"`, shape.length, shape.join(", "), names.length));
    const dims = names.map((n, i) => ({ name: checkName(n), size: shape[i]! }));
    checkUnique(dims.map((d) => d.name));
    const n = elementCount("safetensors", shape, kind.bytes, end - begin, { field: `"${name}".data_offsets` });
    out[name] = wrap(uploadNode(decodeElements("safetensors", bytes, dataStart + begin, n, kind, true), kind.dtype, dims));
  }
  return out as SafetensorsResult<Spec>;
}

/** A sparse matrix's component arrays: CSR or CSC as stored, any other format as COO in storage order. */
function sparseParts(t: SparseTensor<any>): { kind: string; arrays: Record<string, Int32Array | Float32Array> } {
  const { levels, vals } = t.storage;
  const shape = Int32Array.from(t.shapeDims.map((d) => d.size));
  if (levels[0]!.kind === "dense" && levels[1]!.kind === "compressed")
    return { kind: levels[0]!.name === t.dims[0] ? "csr" : "csc", arrays: { shape, data: vals, indptr: levels[1]!.pos!, indices: levels[1]!.idx! } };
  const { coords, values } = t.entries();
  return { kind: "coo", arrays: { shape, data: values, row: coords[t.dims[0]!]!, col: coords[t.dims[1]!]! } };
}

/**
 * Reads a sparse matrix stored in a safetensors file as scipy's component arrays (the convention of this
 * library, which `toSafetensors` writes for a sparse tensor): `__metadata__` maps the matrix's `name` to its
 * layout ("csr", "csc" or "coo"), and the tensors `<name>.shape` (two integers), `<name>.data` (the values)
 * and `<name>.indptr` + `<name>.indices` (CSR, CSC) or `<name>.row` + `<name>.col` (COO), all one-dimensional.
 * Rows are called `names[0]`, columns `names[1]`; stored in `format` (the file's layout unless given). The
 * header is validated whole first; every refusal is a `FormatError` naming the tensor.
 * @example
 * const M = fromSafetensorsSparse(await toSafetensors({ adj: S }), "adj", ["row", "col"]);
 * M.nnz; // 3
 */
export function fromSafetensorsSparse<const R extends string, const C extends string, const F extends FormatSpec = [[R, "dense"], [C, "compressed"]]>(
  bytes: Uint8Array,
  name: string,
  names: MtxNames<R, C>,
  format?: MtxFormat<R, C, F>,
): SparseTensor<MtxShape<NoInfer<R>, NoInfer<C>>> {
  if (!(bytes instanceof Uint8Array)) throw new ArgumentError(say.notBytes("fromSafetensorsSparse", bytes));
  if (typeof name !== "string") throw new ArgumentError(say.takesNot("fromSafetensorsSparse", "the matrix's name as a string", name));
  if (!Array.isArray(names) || names.length !== 2 || !names.every((n) => typeof n === "string")) throw new ArgumentError(say.mtxNames("fromSafetensorsSparse", names));
  const [rowName, colName] = [checkName(names[0]), checkName(names[1])];
  checkUnique([rowName, colName]);
  const { entries, dataStart, metadata } = readHeader(bytes);
  const kind = metadata.get(name) ?? fail(`__metadata__ gives no layout for the sparse matrix "${name}" (its value must be "csr", "csc" or "coo")`, { field: `__metadata__."${name}"` });
  const parts = SPARSE_MEMBERS[kind] ?? fail(`the layout of "${name}" is "${kind}": use "csr", "csc" or "coo"`, { field: `__metadata__."${name}"` });
  const read = (part: string, integer: boolean): Float32Array | Int32Array | Uint8Array => {
    const key = `${name}.${part}`;
    const entry = entries.get(key) ?? fail(`the ${kind} matrix "${name}" has no tensor "${key}" (it needs ${["shape", "data", ...parts].map((p) => `"${name}.${p}"`).join(", ")})`, { field: `"${key}"` });
    const kindOfEntry = elements[readable[entry.dtype] ?? ""] ?? fail(say.unsupportedDtype(entry.dtype, Object.keys(readable).join(", ")), { field: `"${key}".dtype` });
    if (entry.shape.length !== 1) fail(`"${key}" must be one-dimensional, not of shape [${entry.shape.join(", ")}]`, { field: `"${key}".shape` });
    if (integer && kindOfEntry.dtype !== "int32") fail(`"${key}" must hold integers, not ${entry.dtype}`, { field: `"${key}".dtype` });
    const n = elementCount("safetensors", entry.shape, kindOfEntry.bytes, entry.end - entry.begin, { field: `"${key}".data_offsets` });
    return decodeElements("safetensors", bytes, dataStart + entry.begin, n, kindOfEntry, true);
  };
  const shape = read("shape", true);
  if (shape.length !== 2 || shape[0]! < 0 || shape[1]! < 0) fail(`"${name}.shape" must be two non-negative sizes, not [${Array.from(shape).join(", ")}]`, { field: `"${name}.shape"` });
  const dims = [
    { name: rowName, size: shape[0]!, masked: false },
    { name: colName, size: shape[1]!, masked: false },
  ];
  const members: Record<string, ArrayLike<number>> = { data: read("data", false) };
  for (const p of parts) members[p] = read(p, true);
  return sparseFromStorage(dims, sparseFromMembers(kind, dims, members, format, (sentence, member) => fail(sentence.replace(/^(row|col|indptr|indices) has /, `"${name}.$1" has `).replace(/but data has/, `but "${name}.data" has`), { field: `"${name}.${member}"` })));
}

/**
 * Writes tensors to a safetensors file (F32, I32 or BOOL), in logical row-major order, with optional string
 * metadata. The data starts 8-byte aligned (the header is padded with spaces). A sparse matrix `name` is
 * written as scipy's component arrays `name.shape`, `name.data` and `name.indptr` + `name.indices` (CSR, CSC)
 * or `name.row` + `name.col` (any other format, as COO), with `__metadata__.name` its layout: what
 * `fromSafetensorsSparse` reads.
 * @example const bytes = await toSafetensors({ "head.weight": W, "head.bias": b }, { format: "pt" });
 */
export async function toSafetensors(given0: { readonly [name: string]: Tensor<any, DType> | SparseTensor<any> }, metadata0: Record<string, string> = {}): Promise<Uint8Array> {
  const given: unknown = given0;
  if (typeof given !== "object" || given === null || Array.isArray(given) || given instanceof Tensor)
    throw new ArgumentError(say.notAnObject("toSafetensors", "its tensors", "{ w: W, b: b }", given));
  const meta0: unknown = metadata0;
  if (typeof meta0 !== "object" || meta0 === null || Array.isArray(meta0)) throw new ArgumentError(say.notAnObject("toSafetensors", "its metadata", '{ format: "pt" }', meta0));
  // A sparse matrix is written as scipy's component arrays (fromSafetensorsSparse's convention).
  const tensors: Record<string, Tensor<any, DType>> = {};
  const metadata: Record<string, string> = { ...metadata0 };
  for (const [n, t] of Object.entries(given0)) {
    if (!(t instanceof SparseTensor)) {
      tensors[n] = t;
      continue;
    }
    if (t.dims.length !== 2) throw new ArgumentError(say.mtxNotMatrix("toSafetensors", t.dims.length));
    const parts = sparseParts(t);
    for (const [part, values] of Object.entries(parts.arrays)) tensors[`${n}.${part}`] = wrap(uploadNode(values, values instanceof Int32Array ? "int32" : "float32", [{ name: "n", size: values.length }])) as never;
    metadata[n] = parts.kind;
  }
  const names = Object.keys(tensors);
  for (const n of names) {
    tensorArg("toSafetensors", tensors[n], `a tensor for "${n}"`);
    if (n === "__metadata__") throw new ArgumentError(say.takesNot("toSafetensors", "the metadata as its second argument", "a tensor named __metadata__"));
  }
  for (const [k, v] of Object.entries(metadata)) if (typeof v !== "string") throw new ArgumentError(say.metadataNotString(k, v));
  const datas = await Promise.all(names.map((n) => (tensors[n] as AnyTensor).data()));
  const header: Record<string, unknown> = Object.keys(metadata).length ? { __metadata__: metadata } : {};
  let offset = 0;
  names.forEach((n, i) => {
    const t = tensors[n] as AnyTensor;
    const bytes = datas[i]!.byteLength;
    header[n] = { dtype: t.dtype === "float32" ? "F32" : t.dtype === "int32" ? "I32" : "BOOL", shape: t.node.dims.map((d) => d.size), data_offsets: [offset, offset + bytes] };
    offset += bytes;
  });
  const head0 = new TextEncoder().encode(JSON.stringify(header));
  const head = new TextEncoder().encode(JSON.stringify(header) + " ".repeat((8 - (head0.length % 8)) % 8)); // the data starts 8-byte aligned
  const out = new Uint8Array(8 + head.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(head.length), true);
  out.set(head, 8);
  let at = 8 + head.length;
  for (const d of datas) {
    out.set(new Uint8Array(d.buffer, d.byteOffset, d.byteLength), at);
    at += d.byteLength;
  }
  return out;
}
